package yamldiff

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/merge3diff"
	"github.com/mergeplay/mergeplay/scripts/conformance/patchdiff"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/scheme"
	apiregistrationv1 "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"
	kubectlscheme "k8s.io/kubectl/pkg/scheme"
)

func init() {
	// The reference's kubectl has the API server's OpenAPI, which describes the kinds the server
	// itself serves; without a server, the kinds kubectl's scheme lacks are added to it, so that
	// they take strategic merge patches as they do against a cluster.
	for _, s := range []*runtime.Scheme{scheme.Scheme, kubectlscheme.Scheme} {
		if err := errors.Join(apiextensionsv1.AddToScheme(s), apiregistrationv1.AddToScheme(s)); err != nil {
			panic(err)
		}
	}
}

// differ runs one case on both sides and lists how they differ.
type differ struct {
	ctx context.Context
	h   *handler.Handler
	ssa *ssaReference
}

// run answers c with the reference and the engine.
func (d *differ) run(c *Case) []string {
	if c.Mode == "merge3" {
		return d.merge3(c)
	}
	if c.Mode == "apply" || c.Mode == "ssa" {
		if kept, refusals, broken := leftOut(c.Updated); (len(refusals) > 0 || broken != nil) && fileRefusal(kept) == nil && holdsObject(kept) && d.othersRead(c) {
			return d.runLeftOut(c, kept, refusals, broken)
		}
	}
	if r := d.refusal(c); r != nil {
		resp := d.h.Handle(d.ctx, c.Request())
		if strings.HasPrefix(r.message, "unable to decode ") {
			return append(refusedByEngine(r, resp), sameWording(r, resp)...)
		}
		return refusedByEngine(r, resp)
	}
	if r := d.validation(c); r != nil {
		resp := d.h.Handle(d.ctx, c.Request())
		return append(refusedByEngine(r, resp), sameWording(r, resp)...)
	}
	switch c.Mode {
	case "apply":
		ac := &applydiff.Case{Original: c.Original, Updated: c.Updated, Live: c.Live, Overwrite: true, ClusterScoped: clusterScoped(c.Updated)}
		eng := applydiff.Engine(d.ctx, d.h, ac)
		ref := applydiff.Reference(ac)
		if ac.ClusterScoped {
			rekeyClusterScoped(ref, eng)
		}
		diffs := applydiff.Compare(ref, eng)
		return append(diffs, readsAlike(eng.Response)...)
	case "patch":
		pc := &patchdiff.PatchCase{Patch: c.Updated, Live: c.Live}
		eng := patchdiff.Engine(d.ctx, d.h, pc.Request())
		return append(patchdiff.ComparePatch(patchdiff.ReferencePatch(pc), eng), readsAlike(eng.Response)...)
	case "twoway":
		tc := &patchdiff.TwoWayCase{Previous: c.Original, Next: c.Updated, Live: c.Live}
		eng := patchdiff.Engine(d.ctx, d.h, tc.Request())
		return append(patchdiff.CompareTwoWay(patchdiff.ReferenceTwoWay(tc), eng), readsAlike(eng.Response)...)
	case "ssa":
		return d.ssa.compare(c, d.h.Handle(d.ctx, c.Request()))
	}
	return []string{"unknown mode " + c.Mode}
}

// builtinScopes are the engine's generated scopes (from client-go's, apiextensions-apiserver's,
// kube-aggregator's and k8s.io/metrics' typed clients, never typed by hand): kubectl asks the
// cluster, which the reference has not.
var builtinScopes = sync.OnceValue(func() *schema.Set {
	set, err := schema.Builtin()
	if err != nil {
		panic(err)
	}
	return set
})

// clusterScoped reports whether the first resource of a config is of a cluster-scoped kind.
func clusterScoped(text string) bool {
	docs, _ := readAsFile("updated", text)
	obj := firstObject(docs)
	if obj == nil {
		return false
	}
	namespaced, known := builtinScopes().Namespaced(obj.GetAPIVersion(), obj.GetKind())
	return known && !namespaced
}

// rekeyClusterScoped files the engine's patches of cluster-scoped resources (named without a
// namespace) under the reference's names, which always hold one.
func rekeyClusterScoped(ref *applydiff.Answer, eng *applydiff.EngineAnswer) {
	for _, o := range ref.Outcomes {
		bare := strings.Replace(o.Resource, "/default/", "/", 1)
		if p, ok := eng.Patches[bare]; ok {
			eng.Patches[o.Resource] = p
			delete(eng.Patches, bare)
		}
	}
}

// validation answers whether the API server refuses the case's config with strict field
// validation: the config as kubectl sends it for apply and twoway (what the server creates, or
// decodes a patch's result into), the patched objects for patch. ssa's field manager refuses on
// its own (compared as any refusal); merge3 does not validate.
func (d *differ) validation(c *Case) *refusal {
	switch c.Mode {
	case "apply":
		return applyRefusal(applydiff.Reference(&applydiff.Case{Original: c.Original, Updated: c.Updated, Live: c.Live, Overwrite: true, ClusterScoped: clusterScoped(c.Updated)}))
	case "twoway":
		return strictRefusal(configObjects(c.Updated))
	case "patch":
		ref := patchdiff.ReferencePatch(&patchdiff.PatchCase{Patch: c.Updated, Live: c.Live})
		var results []map[string]any
		for _, o := range ref.Outcomes {
			if o.Patch != "" && len(o.Results) > 0 {
				results = append(results, o.Results[0])
			}
		}
		return strictRefusal(results)
	}
	return nil
}

// refusal reads a case's inputs as the mode's reference reads them and returns the first
// refusal: the config (or patch) first, then live, then original; then, for apply and ssa
// (kubectl apply -f, client-side or server-side), the refusals of the file it reads
// (fileRefusal); then a live object whose kind cannot be decoded (liveRefusal).
func (d *differ) refusal(c *Case) *refusal {
	if c.Mode == "patch" {
		if r := readAsPatch("updated", c.Updated); r != nil {
			return r
		}
	} else if _, r := readAsFile("updated", c.Updated); r != nil {
		return r
	}
	if _, r := readAsFile("live", c.Live); r != nil {
		return r
	}
	if c.Original != "" {
		if _, r := readAsFile("original", c.Original); r != nil {
			return r
		}
	}
	if c.Mode == "apply" || c.Mode == "ssa" {
		if r := fileRefusal(c.Updated); r != nil {
			return r
		}
	}
	return liveRefusal(c)
}

// liveRefusal is the refusal of a live object without a kind, or whose kind is not a string, when
// the config names kinds: kubectl decodes the live object it reads through the unstructured
// decoder (apply's reference, package applydiff, does so), which refuses it ("Object 'Kind' is
// missing in '...'"). twoway reads live as kubectl does too (Helm sends its patch to the server,
// where no object lacks a kind). Fragments without a kind in every input pair by position.
func liveRefusal(c *Case) *refusal {
	configs, _ := readAsFile("updated", c.Updated)
	if c.Mode == "merge3" || !namesKind(configs) {
		return nil
	}
	lives, _ := readAsFile("live", c.Live)
	for _, doc := range lives {
		if doc == nil {
			continue
		}
		if _, _, err := unstructured.UnstructuredJSONScheme.Decode(doc, nil, nil); err != nil && strings.Contains(err.Error(), "Object 'Kind' is missing") {
			return &refusal{input: "live", message: err.Error()}
		}
	}
	return nil
}

// othersRead reports whether kubectl reads a case's live and original.
func (d *differ) othersRead(c *Case) bool {
	_, live := readAsFile("live", c.Live)
	_, original := readAsFile("original", c.Original)
	return live == nil && original == nil
}

// holdsObject reports whether kubectl reads an object in text.
func holdsObject(text string) bool {
	docs, r := readAsFile("updated", text)
	for _, doc := range docs {
		if r == nil && doc != nil {
			return true
		}
	}
	return false
}

// namesKind reports whether a document of docs (JSON) names a kind.
func namesKind(docs [][]byte) bool {
	for _, doc := range docs {
		var m map[string]any
		if doc != nil && json.Unmarshal(doc, &m) == nil && m["kind"] != nil && m["kind"] != "" {
			return true
		}
	}
	return false
}

// kindNotString is kubectl's schema check's refusal of a document whose kind is not a string,
// under --validate=strict (the differential's default) or warn; it stops the file there, the
// documents before it applied (observed with kubectl and kube-apiserver v1.37.2, 2026-12-06;
// with --validate=false kubectl says "unable to decode ...: Object 'Kind' is missing in '...'"
// and applies the others).
const kindNotString = `error validating "config.yaml": error validating data: kind isn't string type; if you choose to ignore these errors, turn validation off with --validate=false`

// fileRefusal is kubectl apply -f's refusal of a config it read (client-side or server-side): a
// document whose metadata does not decode as ObjectMeta (applydiff.MetadataRefusal), whose kind
// is not a string (kindNotString) or that the unstructured decoder refuses (`unable to decode
// "config.yaml": ...`), or a file holding documents but no object ("no objects passed to apply";
// a blank config is the page's empty editor, merged as no config).
func fileRefusal(text string) *refusal {
	if message := applydiff.MetadataRefusal(text); message != "" {
		return &refusal{input: "updated", message: message}
	}
	docs, _ := readAsFile("updated", text)
	objects := 0
	for _, doc := range docs {
		if doc == nil {
			continue
		}
		objects++
		var m map[string]any
		if json.Unmarshal(doc, &m) != nil || m["kind"] == nil {
			continue // a fragment without a kind: the engine pairs it by position (the contract)
		}
		if _, isString := m["kind"].(string); !isString {
			return &refusal{input: "updated", message: kindNotString}
		}
		if _, _, err := unstructured.UnstructuredJSONScheme.Decode(doc, nil, nil); err != nil {
			return &refusal{input: "updated", message: fmt.Sprintf("unable to decode %q: %v", applydiff.ConfigFile, err)}
		}
	}
	if objects == 0 && strings.TrimSpace(text) != "" {
		return &refusal{input: "updated", message: "no objects passed to apply"}
	}
	return nil
}

// refusedByEngine checks that the engine refuses what the reference refused: an error naming
// the same input, at the line the reference names when it names one (for an unterminated quote
// or flow collection, where it gave up: the end of the document), and no result.
func refusedByEngine(r *refusal, resp *contract.Response) []string {
	if len(resp.Errors) == 0 {
		return []string{fmt.Sprintf("the reference refuses %s (%s) but the engine answers", r.input, r.message)}
	}
	var diffs []string
	if resp.Result != "" {
		diffs = append(diffs, "the engine refuses but returns a result")
	}
	for _, e := range resp.Errors {
		if e.Input == r.input && (r.line == 0 || e.Line == r.line) {
			return diffs
		}
	}
	return append(diffs, fmt.Sprintf("the reference refuses %s at line %d (%s); the engine: %s", r.input, r.line, r.message, errorsText(resp)))
}

// errorsText writes a response's errors on one line.
func errorsText(resp *contract.Response) string {
	var msgs []string
	for _, e := range resp.Errors {
		msgs = append(msgs, fmt.Sprintf("%s:%d:%d %s", e.Input, e.Line, e.Column, e.Message))
	}
	return strings.Join(msgs, "; ")
}

// merge3 compares the engine's text with kyaml's, byte for byte; a refusal on both sides agrees
// when it names the same input.
func (d *differ) merge3(c *Case) []string {
	mc := &merge3diff.Case{Original: c.Original, Updated: c.Updated, Live: c.Live}
	ref := merge3diff.Reference(mc)
	eng, resp := merge3diff.Engine(d.ctx, d.h, mc)
	if diff := merge3diff.Compare(ref, eng); diff != "" {
		if !ref.Failed() && !eng.Failed() {
			diff += fmt.Sprintf(":\n      kyaml:\n%s\n      engine:\n%s", indentText(ref.Result), indentText(eng.Result))
		}
		return []string{diff}
	}
	if ref.Failed() {
		input := map[string]string{"dest": "live", "original": "original", "updated": "updated"}[kyamlInput(ref.Err)]
		for _, e := range resp.Errors {
			if input == "" || e.Input == input {
				return nil
			}
		}
		return []string{fmt.Sprintf("kyaml refuses %s (%s); the engine: %s", input, ref.Err, errorsText(resp))}
	}
	return nil
}

// kyamlInput names the source of a kyaml reading error ("reading dest: ...").
func kyamlInput(err string) string {
	rest, ok := strings.CutPrefix(err, "reading ")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, ":")
	return name
}

// indentText indents a text for a report.
func indentText(s string) string {
	return "        " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n        ")
}
