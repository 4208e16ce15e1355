package reference

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/util/csaupgrade"
	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/ssadiff"
)

// helmManager is the field manager Helm 3 and 4 write as (engine/modes/helm's doc: observed).
const helmManager = "helm"

// helmStep is one helm3 or helm4 step read as the reference reads it: the objects of the two
// renders and of live by identity, in order, and the release.
type helmStep struct {
	req                 *contract.Request
	prev, next, live    map[string]map[string]any
	nextOrder, liveDocs []string
	name, namespace     string
}

// helm answers helm install or upgrade (modes helm3 and helm4) by composing the libraries Helm
// itself calls: strategicpatch's three-way patch from the previous render, the new one (with
// Helm's ownership label and annotations) and live, applied to live (a custom resource: the
// two-way JSON merge patch between the renders), recorded by the field manager as an update by
// helm; or, for Helm 4's server-side apply, the field manager's apply by helm, after client-go's
// csaupgrade moved helm's client-side fields into its Apply entry on the first server-side
// upgrade of a release applied client-side. The objects of the previous render that the new one
// drops are deleted, unless live's carries helm.sh/resource-policy: keep (as Helm's kube client
// does; observed in engine/modes/helm). Helm's refusal (an object live holds that the release
// does not own) is an error.
func (p *Pipelines) helm(req *contract.Request) (string, error) {
	s, err := readHelmStep(req)
	if err != nil {
		return "", err
	}
	if err = s.refusals(); err != nil {
		return "", err
	}
	if req.Mode == "helm4" && s.serverSide() {
		return p.helmApply(s)
	}
	var sent []map[string]any
	for _, id := range s.nextOrder {
		out, changed, sendErr := s.clientSide(id)
		if sendErr != nil {
			return "", fmt.Errorf("%s: %w", id, sendErr)
		}
		if changed {
			sent = append(sent, out)
		}
	}
	text, err := stream(sent)
	if err != nil {
		return "", err
	}
	out, err := p.recorded(req.Live, text, helmManager)
	if err != nil {
		return "", err
	}
	return withUnsent(out, text, docsOf(s.survivors()))
}

// readHelmStep reads the three inputs and stamps the new render with Helm's ownership metadata.
func readHelmStep(req *contract.Request) (*helmStep, error) {
	s := &helmStep{req: req}
	var err error
	if s.prev, _, err = objects(req.Original); err != nil {
		return nil, fmt.Errorf("original: %w", err)
	}
	if s.live, s.liveDocs, err = objects(req.Live); err != nil {
		return nil, fmt.Errorf("live: %w", err)
	}
	if s.next, s.nextOrder, err = objects(req.Updated); err != nil {
		return nil, fmt.Errorf("updated: %w", err)
	}
	s.name, s.namespace = req.Options.Release, "default"
	first := ""
	for _, order := range [][]string{s.nextOrder, s.liveDocs} {
		if first == "" && len(order) > 0 {
			first = order[0]
		}
	}
	if obj := s.next[first]; obj != nil || s.live[first] != nil {
		if obj == nil {
			obj = s.live[first]
		}
		md, _ := obj["metadata"].(map[string]any)
		if n, _ := md["name"].(string); s.name == "" {
			s.name = n
		}
		if ns, _ := md["namespace"].(string); ns != "" {
			s.namespace = ns
		}
	}
	for _, obj := range s.next {
		stamp(obj, s.name, s.namespace)
	}
	return s, nil
}

// stamp sets Helm's ownership label and annotations on obj.
func stamp(obj map[string]any, name, namespace string) {
	md, _ := obj["metadata"].(map[string]any)
	if md == nil {
		md = map[string]any{}
		obj["metadata"] = md
	}
	set := func(field, key, value string) {
		m, _ := md[field].(map[string]any)
		if m == nil {
			m = map[string]any{}
			md[field] = m
		}
		m[key] = value
	}
	set("labels", "app.kubernetes.io/managed-by", "Helm")
	set("annotations", "meta.helm.sh/release-name", name)
	set("annotations", "meta.helm.sh/release-namespace", namespace)
}

// refusals are Helm's: an object live holds that the previous render lacks and whose metadata
// does not name the release.
func (s *helmStep) refusals() error {
	for _, id := range s.nextOrder {
		l, inLive := s.live[id]
		if _, inPrev := s.prev[id]; inLive && !inPrev && !s.owned(l) {
			return fmt.Errorf("%s exists and cannot be imported into the current release: invalid ownership metadata", id)
		}
	}
	return nil
}

// deleted reports whether the upgrade deletes live's object id: the previous render holds it, the
// new one does not, and it does not carry helm.sh/resource-policy: keep.
func (s *helmStep) deleted(id string) bool {
	_, inPrev := s.prev[id]
	_, inNext := s.next[id]
	md, _ := s.live[id]["metadata"].(map[string]any)
	annotations, _ := md["annotations"].(map[string]any)
	return inPrev && !inNext && annotations["helm.sh/resource-policy"] != "keep"
}

// survivors are live's objects in order, but those the upgrade deletes.
func (s *helmStep) survivors() []map[string]any {
	var out []map[string]any
	for _, id := range s.liveDocs {
		if !s.deleted(id) {
			out = append(out, s.live[id])
		}
	}
	return out
}

// owned reports whether an object's metadata names the release as Helm checks it.
func (s *helmStep) owned(obj map[string]any) bool {
	md, _ := obj["metadata"].(map[string]any)
	labels, _ := md["labels"].(map[string]any)
	annotations, _ := md["annotations"].(map[string]any)
	return labels["app.kubernetes.io/managed-by"] == "Helm" && annotations["meta.helm.sh/release-name"] == s.name &&
		annotations["meta.helm.sh/release-namespace"] == s.namespace
}

// serverSide reports whether a Helm 4 step applies server-side: --server-side=true, or auto on
// an install or on a release whose objects carry an Apply entry of helm.
func (s *helmStep) serverSide() bool {
	switch s.req.Options.ServerSide {
	case contract.ServerSideTrue:
		return true
	case contract.ServerSideFalse:
		return false
	}
	return s.req.Original == "" || s.applied()
}

// applied reports whether an object of live carries an Apply entry of helm.
func (s *helmStep) applied() bool {
	for _, l := range s.live {
		for _, e := range (&unstructured.Unstructured{Object: l}).GetManagedFields() {
			if e.Manager == helmManager && e.Operation == "Apply" {
				return true
			}
		}
	}
	return false
}

// clientSide is Helm 3's write of one object of the new render: the object itself for one live
// lacks, else the three-way patch applied to live; changed is false when the patch is empty
// (Helm sends nothing).
func (s *helmStep) clientSide(id string) (map[string]any, bool, error) {
	next, live := s.next[id], s.live[id]
	if live == nil {
		return next, true, nil
	}
	prev := s.prev[id]
	if prev == nil {
		prev = next // an object the release adopts: Helm's previous object is the new render's
	}
	prevJSON, nextJSON, liveJSON, err := marshal3(prev, next, live)
	if err != nil {
		return nil, false, err
	}
	var patch, result []byte
	if obj, ok := typedObject(next); ok {
		meta, metaErr := strategicpatch.NewPatchMetaFromStruct(obj)
		if metaErr != nil {
			return nil, false, metaErr
		}
		if patch, err = strategicpatch.CreateThreeWayMergePatch(prevJSON, nextJSON, liveJSON, meta, true); err != nil {
			return nil, false, err
		}
		if string(patch) == "{}" {
			return live, false, nil
		}
		result, err = strategicpatch.StrategicMergePatch(liveJSON, patch, obj)
		if err != nil {
			return nil, false, err
		}
	} else {
		if reflect.DeepEqual(prev, next) {
			return live, false, nil
		}
		if patch, err = jsonpatch.CreateMergePatch(prevJSON, nextJSON); err == nil {
			result, err = jsonpatch.MergePatch(liveJSON, patch)
		}
		if err != nil {
			return nil, false, err
		}
	}
	var out map[string]any
	return out, true, json.Unmarshal(result, &out)
}

// helmApply is Helm 4's server-side apply of the stamped render by helm.
func (p *Pipelines) helmApply(s *helmStep) (string, error) {
	lives, err := s.upgradedLives()
	if err != nil {
		return "", err
	}
	configs := make([]map[string]any, 0, len(s.nextOrder))
	for _, id := range s.nextOrder {
		configs = append(configs, s.next[id])
	}
	liveText, err := stream(lives)
	if err != nil {
		return "", err
	}
	configText, err := stream(configs)
	if err != nil {
		return "", err
	}
	ref, err := p.ssa()
	if err != nil {
		return "", err
	}
	opts := contract.DefaultOptions()
	opts.Manager, opts.Client, opts.Force = helmManager, contract.ClientServer, s.req.Options.Force
	out, err := ssadiff.ReferenceText(ref, &contract.Request{Mode: "ssa", Live: liveText, Updated: configText, Options: opts})
	if err != nil {
		return "", err
	}
	return withUnsent(out, configText, docsOf(lives))
}

// upgradedLives are the objects live keeps (survivors) as Helm 4's apply meets them (upgraded).
func (s *helmStep) upgradedLives() ([]map[string]any, error) {
	var lives []map[string]any
	for _, id := range s.liveDocs {
		if s.deleted(id) {
			continue
		}
		l, err := s.upgraded(id)
		if err != nil {
			return nil, err
		}
		lives = append(lives, l)
	}
	return lives, nil
}

// upgraded is live's object id as Helm 4's apply meets it: on its first server-side upgrade of a
// release applied client-side, client-go's csaupgrade moves helm's client-side fields into its
// Apply entry on each object of the new render.
func (s *helmStep) upgraded(id string) (map[string]any, error) {
	l := s.live[id]
	if _, rendered := s.next[id]; !rendered || s.req.Original == "" || s.applied() {
		return l, nil
	}
	u := &unstructured.Unstructured{Object: runtime.DeepCopyJSON(l)}
	if err := csaupgrade.UpgradeManagedFields(u, sets.New(helmManager), helmManager); err != nil {
		return nil, fmt.Errorf("%s: csaupgrade: %w", id, err)
	}
	return u.Object, nil
}

// HelmMoved is what a refused Helm 4 server-side upgrade leaves on live when it is the first of a
// release applied client-side (csaupgrade's move, a request of its own), as a stream; false
// when the step moves nothing (another mode, client-side, a release already applied, Helm's
// refusal before it sends anything, no entry of helm to move).
func (p *Pipelines) HelmMoved(req *contract.Request) (string, bool, error) {
	if req.Mode != "helm4" {
		return "", false, nil
	}
	s, err := readHelmStep(req)
	if err != nil || s.refusals() != nil || !s.serverSide() || req.Original == "" || s.applied() {
		return "", false, err
	}
	lives := make([]map[string]any, 0, len(s.liveDocs))
	moved := false
	for _, id := range s.liveDocs {
		l, upErr := s.upgraded(id)
		if upErr != nil {
			return "", false, upErr
		}
		moved = moved || !reflect.DeepEqual(l, s.live[id])
		lives = append(lives, l)
	}
	if !moved {
		return "", false, nil
	}
	text, err := stream(lives)
	return text, err == nil, err
}

// typedObject is the Go type client-go's scheme gives obj's kind (a strategic merge patch's
// metadata), false for a kind it lacks (a custom resource: Helm sends a JSON merge patch).
func typedObject(obj map[string]any) (runtime.Object, bool) {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	gv, err := schema.ParseGroupVersion(apiVersion)
	if err != nil {
		return nil, false
	}
	o, err := scheme.Scheme.New(gv.WithKind(kind))
	return o, err == nil
}

func marshal3(a, b, c map[string]any) ([]byte, []byte, []byte, error) {
	aj, err := json.Marshal(a)
	if err != nil {
		return nil, nil, nil, err
	}
	bj, err := json.Marshal(b)
	if err != nil {
		return nil, nil, nil, err
	}
	cj, err := json.Marshal(c)
	return aj, bj, cj, err
}

// objects reads a stream into objects by identity, and the identities in order.
func objects(text string) (map[string]map[string]any, []string, error) {
	docs, err := applydiff.SplitDocuments(text)
	if err != nil {
		return nil, nil, err
	}
	out := map[string]map[string]any{}
	var order []string
	for _, d := range docs {
		var obj map[string]any
		if err := yaml.Unmarshal(d, &obj); err != nil {
			return nil, nil, err
		}
		if obj == nil {
			continue
		}
		id := applydiff.IdentityOfData(obj)
		out[id] = obj
		order = append(order, id)
	}
	return out, order, nil
}

// stream writes objects as a YAML stream.
func stream(objs []map[string]any) (string, error) {
	docs := make([]string, len(objs))
	for i, o := range objs {
		y, err := yaml.Marshal(o)
		if err != nil {
			return "", err
		}
		docs[i] = string(y)
	}
	return strings.Join(docs, "---\n"), nil
}

// docsOf writes objects as the documents withUnsent reads.
func docsOf(objs []map[string]any) [][]byte {
	out := make([][]byte, 0, len(objs))
	for _, o := range objs {
		if y, err := yaml.Marshal(o); err == nil {
			out = append(out, y)
		}
	}
	return out
}
