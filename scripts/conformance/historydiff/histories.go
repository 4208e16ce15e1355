package historydiff

import (
	"encoding/json"
	"math/rand"
	"strings"

	k8sschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
)

// now fixes managedFields' times (the differential compares ssa's objects without them).
const now = "2026-01-01T00:00:00Z"

// writers are the modes a config may be sent by to the cluster, beside its example's own: each
// reads updated as a config (a patch's updated is a patch, which only its own example sends).
// merge3 is not one: kpt's update writes the local copy of a package, which a later apply sends,
// never the cluster's object.
var writers = []string{"apply", "ssa", "twoway", "create", "replace", "edit", "controller", "helm3", "helm4"}

// edits are the words of the kubectl label and annotate steps.
var edits = []string{"tier=front", "tier=back", "tier=back --overwrite", "tier-", "app=web --overwrite", "note=hello other-"}

// patches are the kubectl patch --type merge (mergepatch) and --type json (jsonpatch) steps, on
// any object: labels and annotations set, changed and deleted, tests that pass or fail, copies
// and moves within metadata, paths that do not exist.
var patches = [][2]string{
	{"mergepatch", `{"metadata":{"labels":{"patched":"merge"}}}`},
	{"mergepatch", `{"metadata":{"labels":{"tier":null,"app":"web"},"annotations":{"note":"merged"}}}`},
	{"mergepatch", "metadata:\n  annotations: null\n"},
	{"jsonpatch", `[{"op":"add","path":"/metadata/labels","value":{"patched":"json"}}]`},
	{"jsonpatch", `[{"op":"add","path":"/metadata/labels/patched","value":"json"}]`},
	{"jsonpatch", `[{"op":"test","path":"/metadata/labels/tier","value":"front"},{"op":"replace","path":"/metadata/labels/tier","value":"json"}]`},
	{"jsonpatch", `[{"op":"copy","from":"/metadata/name","path":"/metadata/labels/copied"}]`},
	{"jsonpatch", `[{"op":"add","path":"/metadata/annotations","value":{}},{"op":"copy","from":"/metadata/name","path":"/metadata/annotations/copied"},{"op":"move","from":"/metadata/annotations/copied","path":"/metadata/annotations/moved"}]`},
	{"jsonpatch", "- {op: remove, path: /metadata/labels/absent}\n"},
	{"jsonpatch", "- {op: remove, path: /metadata/annotations}\n"},
}

// Histories returns n random histories of three to eight steps around the objects of the
// examples of one merge the reference pipelines can answer (no refusal, no option they do not
// model); the examples that are histories are compared as they are (TestExampleHistories).
func Histories(all []*examples.Example, seed int64, n int) []*contract.Request {
	var bases []*examples.Example
	for _, ex := range all {
		o := ex.Request.Options
		if !ex.Refused() && !o.Prune && !o.MultiKeys && o.Schema == "" && o.SchemaType == "" && ex.Mode != "patch" && ex.Mode != "merge3" && ex.Mode != contract.History {
			bases = append(bases, ex)
		}
	}
	r := rand.New(rand.NewSource(seed))
	out := make([]*contract.Request, 0, n)
	for range n {
		ex := bases[r.Intn(len(bases))]
		h := &contract.Request{Mode: contract.History, Live: ex.Request.Live, Options: contract.DefaultOptions()}
		h.Options.Now = now
		h.Options.APIServer = contract.APIServerOff // the libraries' answer: no API server stores or validates it
		for range 3 + r.Intn(6) {
			h.Steps = append(h.Steps, step(r, ex))
		}
		out = append(out, h)
	}
	return out
}

// step is one writer's step on an example's object: the example's own request, now and then
// with last-applied taken from live (original empty), or its config sent by another writer.
func step(r *rand.Rand, ex *examples.Example) *contract.Request {
	s := *ex.Request
	s.Live = ""
	s.Options.APIServer = contract.APIServerOff
	switch r.Intn(7) {
	case 6:
		s.Mode, s.Original, s.Updated = "kpt", ex.Request.Updated, upstreamAfter(ex.Request.Updated, r)
		s.Options = contract.DefaultOptions()
		s.Options.APIServer = contract.APIServerOff
	case 5:
		p := patches[r.Intn(len(patches))]
		s.Mode, s.Original, s.Updated = p[0], "", p[1]
		s.Options = contract.DefaultOptions()
		s.Options.APIServer = contract.APIServerOff
	case 0:
		s.Mode = writers[r.Intn(len(writers))]
		s.Options = contract.DefaultOptions()
		s.Options.APIServer = contract.APIServerOff
		if s.Mode == "controller" {
			s.Options.Manager = "rollout-bot"
		}
		if s.Mode == "helm3" || s.Mode == "helm4" {
			helmStep(r, &s, ex)
		}
	case 4:
		s.Mode, s.Original, s.Updated = []string{"label", "annotate"}[r.Intn(2)], "", ""
		s.Options = contract.DefaultOptions()
		s.Options.APIServer = contract.APIServerOff
		s.Options.Args = edits[r.Intn(len(edits))]
	case 1:
		if s.Mode == "apply" {
			s.Original = ""
		}
	}
	if s.Mode == "ssa" && s.Options.Manager == "" {
		s.Options.Manager = "kubectl"
	}
	return &s
}

// helmStep makes s a helm install (no previous render) or upgrade (the previous render the
// example's original or its config), under Helm 4 with a random --server-side and
// --force-conflicts.
func helmStep(r *rand.Rand, s *contract.Request, ex *examples.Example) {
	s.Original = []string{"", ex.Request.Original, ex.Request.Updated}[r.Intn(3)]
	if s.Mode == "helm4" {
		s.Options.ServerSide = []string{contract.ServerSideAuto, contract.ServerSideTrue, contract.ServerSideFalse}[r.Intn(3)]
		s.Options.Force = r.Intn(2) == 0
	}
}

// upstreamAfter is a package's next version, for a kpt step whose upstream before is config: a
// label added to every object, and now and then its replicas changed.
func upstreamAfter(config string, r *rand.Rand) string {
	docs, err := applydiff.SplitDocuments(config)
	if err != nil {
		return config
	}
	out := make([]string, 0, len(docs))
	for _, d := range docs {
		var obj map[string]any
		if json.Unmarshal(d, &obj) != nil {
			return config
		}
		meta, _ := obj["metadata"].(map[string]any)
		if meta == nil {
			return config
		}
		labels, _ := meta["labels"].(map[string]any)
		if labels == nil {
			labels = map[string]any{}
		}
		labels["upstream"] = "v2"
		meta["labels"] = labels
		if spec, ok := obj["spec"].(map[string]any); ok && spec["replicas"] != nil && r.Intn(2) == 0 {
			spec["replicas"] = 4
		}
		y, err := yaml.Marshal(obj)
		if err != nil {
			return config
		}
		out = append(out, string(y))
	}
	return strings.Join(out, "---\n")
}

// extras are the ConfigMaps a helm step's render may hold beside its example's config: none, one
// Helm deletes when a later render drops it, one that keeps (helm.sh/resource-policy: keep),
// and one whose label tier a kubectl label step may own, so that Helm 4's apply conflicts (twice
// as often as the others: the conflicts of a first server-side upgrade are rare otherwise).
var extras = []string{
	"",
	"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\ndata:\n  k: v\n",
	"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  annotations:\n    helm.sh/resource-policy: keep\ndata:\n  k: v\n",
	"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  labels:\n    tier: chart\ndata:\n  k: v\n",
	"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  labels:\n    tier: chart\ndata:\n  k: v\n",
}

// HelmHistories returns n random histories of three to eight steps of one release around the
// objects of an example each: helm install, then helm upgrades under Helm 3 and Helm 4 (a random
// --server-side and --force-conflicts), each render the example's config with one of extras
// beside it, the previous render the last step's (so that a render dropping the ConfigMap has
// Helm delete it, or keep it), and now and then kubectl label tier=front --overwrite. The first
// history is firstServerSide's story.
func HelmHistories(all []*examples.Example, seed int64, n int) []*contract.Request {
	var bases []*examples.Example
	for _, ex := range all {
		o := ex.Request.Options
		if !ex.Refused() && o.Schema == "" && o.SchemaType == "" && (ex.Mode == "apply" || ex.Mode == "ssa") && builtinKinds(ex.Request.Updated) {
			bases = append(bases, ex)
		}
	}
	r := rand.New(rand.NewSource(seed))
	out := make([]*contract.Request, 0, n)
	for i := range n {
		ex := bases[r.Intn(len(bases))]
		h := &contract.Request{Mode: contract.History, Options: contract.DefaultOptions()}
		h.Options.Now = now
		h.Options.APIServer = contract.APIServerOff
		if i == 0 {
			out = append(out, firstServerSide(h, ex))
			continue
		}
		last := ""
		for i := range 3 + r.Intn(6) {
			s := &contract.Request{Mode: "label", Options: contract.DefaultOptions()}
			s.Options.APIServer = contract.APIServerOff
			if i > 0 && r.Intn(4) == 0 {
				s.Options.Args = "tier=front --overwrite"
				h.Steps = append(h.Steps, s)
				continue
			}
			s.Mode, s.Original, s.Options.Release = []string{"helm3", "helm4"}[r.Intn(2)], last, "rel"
			s.Updated = strings.TrimSuffix(ex.Request.Updated, "\n") + "\n"
			if extra := extras[r.Intn(len(extras))]; extra != "" {
				s.Updated += "---\n" + extra
			}
			if s.Mode == "helm4" {
				s.Options.ServerSide = []string{contract.ServerSideAuto, contract.ServerSideTrue, contract.ServerSideFalse}[r.Intn(3)]
				s.Options.Force = r.Intn(4) == 0
			}
			last = s.Updated
			h.Steps = append(h.Steps, s)
		}
		out = append(out, h)
	}
	return out
}

// firstServerSide is h as the story of Helm 4's refused first server-side upgrade: Helm 3 installs
// ex's config beside a ConfigMap whose label tier kubectl label then takes, Helm 4's
// --server-side=true upgrade conflicts on it (leaving its move of helm's entry), and
// --force-conflicts takes it.
func firstServerSide(h *contract.Request, ex *examples.Example) *contract.Request {
	render := strings.TrimSuffix(ex.Request.Updated, "\n") + "\n---\n" + extras[3]
	step := func(mode, original string, set func(*contract.Options)) {
		s := &contract.Request{Mode: mode, Original: original, Options: contract.DefaultOptions()}
		s.Options.APIServer, s.Options.Release = contract.APIServerOff, "rel"
		if mode != "label" {
			s.Updated = render
		}
		set(&s.Options)
		h.Steps = append(h.Steps, s)
	}
	step("helm3", "", func(*contract.Options) {})
	step("label", "", func(o *contract.Options) { o.Release, o.Args = "", "tier=front --overwrite" })
	step("helm4", render, func(o *contract.Options) { o.ServerSide = contract.ServerSideTrue })
	step("helm4", render, func(o *contract.Options) { o.ServerSide, o.Force = contract.ServerSideTrue, true })
	return h
}

// builtinKinds reports whether every object of a config is of a kind client-go's scheme knows:
// Helm 4's server-side apply of a custom resource needs its CRD, which a history does not give
// the reference's field manager.
func builtinKinds(config string) bool {
	docs, err := applydiff.SplitDocuments(config)
	if err != nil {
		return false
	}
	for _, d := range docs {
		var obj struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
		}
		if yaml.Unmarshal(d, &obj) != nil {
			return false
		}
		gv, err := k8sschema.ParseGroupVersion(obj.APIVersion)
		if err != nil || !scheme.Scheme.Recognizes(gv.WithKind(obj.Kind)) {
			return false
		}
	}
	return true
}
