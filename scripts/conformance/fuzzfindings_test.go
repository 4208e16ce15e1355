package conformance

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/conformance/reference"
)

// fuzzFinding is an input a fuzz target of engine/modes once failed on, whose answer is the
// reference's behaviour rather than an engine bug: the target's invariant allows it, and this
// test keeps the fact checked. The first request is answered, then the next one (built from the
// first result as the target builds it), each by the engine and by the reference; both must
// agree at each step (the same objects, or both refusing), and the second step must do what
// want says.
type fuzzFinding struct {
	name  string
	first *contract.Request
	// next builds the second request from the first and its result (nil: the first step only).
	next func(first *contract.Request, result string) *contract.Request
	// want is what the second step does: "refused", "changes the result" or "keeps the result".
	want string
}

// again is the same merge run on its result (live := the result); for apply, last-applied is then
// read from the result's annotation, as FuzzApply's idempotence check does.
func again(first *contract.Request, result string) *contract.Request {
	next := *first
	next.Live = result
	if first.Mode == "apply" {
		next.Original = ""
	}
	return &next
}

// itself is a result merged with itself (original, updated and live), as FuzzMerge3 checks.
func itself(first *contract.Request, result string) *contract.Request {
	next := *first
	next.Original, next.Updated, next.Live = result, result, result
	return &next
}

func request(mode, original, updated, live string, inferKeys bool) *contract.Request {
	opts := contract.DefaultOptions()
	opts.APIServer = contract.APIServerOff // the libraries' answer: no API server stores or validates it
	opts.Validate = contract.ValidateIgnore
	opts.InferKeys = inferKeys
	return &contract.Request{Mode: mode, Original: original, Updated: updated, Live: live, Options: opts}
}

const (
	configMap  = "apiVersion: v1\nkind: ConfigMap\n"
	custom     = "apiVersion: example.com/v1\nkind: Foo\n"
	deployment = "apiVersion: apps/v1\nkind: Deployment\n"
	// pdbSelectorNull is a PodDisruptionBudget whose selector holds a null field.
	pdbSelectorNull = "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: p}\nspec:\n  selector:\n   0:\n"
	// twoPorts lists two container ports with one key (containerPort 0, spelt twice).
	twoPorts = deployment + "metadata: {name: web}\nspec:\n  template:\n    spec:\n      containers:\n      - name: a\n        ports:\n        - containerPort: 0\n          protocol: \"0\"\n        - containerPort: 0000000000000000000000000000000000000000000000000000000000\n          protocol: \"0\"\n          hostPort: 1\n"
)

var fuzzFindings = []fuzzFinding{
	// FuzzApply (metadata-null-multikeys): kubectl writes nothing into a null metadata, neither
	// its annotation nor the namespace, and sends an empty patch; the next apply, without
	// last-applied, sends nothing either for a strategic merge patch, but the null for a JSON
	// merge patch (a custom resource), which deletes live's.
	{"apply: metadata null (strategic)", request("apply", configMap+"metadata:\n", configMap+"metadata:\n", configMap+"metadata:\n", false), again, "keeps the result"},
	{"apply: metadata null (merge patch)", request("apply", custom+"metadata:\n", custom+"metadata:\n", custom+"metadata:\n", false), again, "changes the result"},
	// FuzzApply (annotations-null): annotations that are null are replaced by a map holding
	// kubectl's annotation. (The findings metadata-a-list, annotations-a-scalar and
	// mixed-set-created, finalizers [0, "0"], held configs kubectl refuses since it decodes
	// metadata as ObjectMeta: applydiff and yamldiff compare those refusals word for word.)
	{"apply: annotations null", request("apply", configMap+"metadata: {annotations: }\n", configMap+"metadata: {annotations: }\n", configMap+"metadata: {annotations: }\n", false), again, "keeps the result"},
	// FuzzMerge3 (empty-list-no-key-*): with inferKeys, kyaml refuses to walk an empty list no
	// schema describes ("no merge key found for field"); a resource only the local copy has,
	// or only upstream added, is copied without a walk.
	{"merge3: local-only resource with an empty list, merged with itself", request("merge3", "", "", deployment+"0:00:000:000: []\n", true), itself, "refused"},
	{"merge3: upstream adds a resource with an empty list, rebased again", request("merge3", "", deployment+"foo: []\n", "", true), again, "refused"},
	// FuzzMerge3 (path-annotation-sets-apart): kio's path annotation is part of its identity, so
	// the local copy annotated with a path and upstream's without one are two resources of one
	// name: upstream deleted the first and added the second.
	{"merge3: a path annotation sets two resources of one name apart", request("merge3", pathAnnotated, deployment+"metadata:\n  name: web\n", pathAnnotated, false), again, "keeps the result"},
	// FuzzMerge3 (legacy-path-copied): with two resources or more, kio copies its path
	// annotation between the legacy and the current name: a resource upstream added alone comes
	// out as written, and rebased beside the local copy gains internal.config.kubernetes.io/path.
	{"merge3: kio copies the path annotation once two resources meet", request("merge3", "", deployment+"metadata:\n  name: web\n  annotations:\n    config.kubernetes.io/path: 0\n", "", false), again, "changes the result"},
	// FuzzPatch (repeated-multikey): a patch listing two items with one key keeps both where
	// live lacks the list (taken whole), and merges both into the first once live holds them.
	{"patch: a list repeating a key, applied twice", request("patch", "", twoPorts, deployment+"metadata: {name: web}\n", false), again, "changes the result"},
	// FuzzPatch (patch-null-directive): "$patch: null" in a map live holds as null is taken
	// whole, unchecked, and refused ("unknown patch type") once live holds the map.
	{"patch: a null $patch where live holds a null", request("patch", "", deployment+"metadata: {name: web}\nspec:\n strategy:\n  $patch:\n", deployment+"metadata: {name: web}\nspec:\n  strategy:\n", false), again, "refused"},
	// FuzzMerge3 (comment-before-emptied-list): kyaml's writer puts the empty flow list the merge
	// leaves (its one item lacks the comment schema's key) after the line comment of its key, at
	// column 0, where it does not read back; the engine writes the same text.
	{"merge3: an emptied list after a line comment", request("merge3", widget+" parts:\n", widget+" parts: #"+mergeOnZero+"\n", widget+" parts:\n  -\n", false), nil, ""},
	// FuzzMerge3 (comment-before-emptied-map): the same for the empty map a merge leaves once
	// it clears the map's one null field.
	{"merge3: an emptied map after a line comment", request("merge3", emptiedMap, emptiedMap, emptiedMap, false), nil, ""},
	// FuzzMerge3 (keyless-item-moved-first): kyaml moves a keyed list's items without the key
	// before the others, even merging three equal copies.
	{"merge3: an item without its key moves first", request("merge3", keylessSecond, keylessSecond, keylessSecond, false), itself, "changes the result"},
	// FuzzMerge3 (keyless-rebase-drops): a list holding an item without the comment schema's
	// key; the rebase drops the local item e: 1 the first merge kept.
	{"merge3: a rebase drops a local item beside one without the key", request("merge3", widget+" parts:", widget+" parts: #"+mergeOnE+"\n  - e: 0", widget+" parts: #\n  - e: 1\n  - z: 0", false), again, "changes the result"},
	// FuzzTwoWay (map-for-list-taken-whole): a render holding a map where the schema wants a
	// list is taken whole where live lacks it, and refused once live holds it.
	{"twoway: a map where a list belongs, taken whole", request("twoway", deployment+"metadata: {name: web}\n", deployment+"metadata: {name: web}\nspec:\n template:\n  spec:\n   containers:\n    \"0\":\n     \"0\": 0\n", deployment+"metadata: {name: web}\n", false), again, "refused"},
	// FuzzMerge3 (upstream-null-in-keyed-item): with inferKeys, upstream adds an item whose only
	// field, its key, is null: kyaml writes it as {} (the null cleared), and the rebase drops
	// that item, which now lacks the key.
	{"merge3: an upstream item whose key is null", request("merge3", "", "foo:\n- containerPort:\n", "", true), again, "changes the result"},
	// FuzzMerge3 (keyless-list-rebuilt): merging three equal copies of a list of containers
	// where one item lacks the key, kyaml rebuilds the item holding it: name 0 becomes "0",
	// after ports.
	{"merge3: a keyed item beside one without the key, rebuilt", request("merge3", "", deployment+"spec:\n template:\n  spec:\n   containers:\n      - name: 0\n        ports:\n        -", deployment+"spec:\n template:\n  spec:\n   containers:\n   - 0:", true), itself, "changes the result"},
	// FuzzPatch (scalar-item-in-map-list): a patch's list of scalars where the schema wants a
	// list of maps merged by key (the fuzz input: example.Thing's list; here containers) is
	// taken whole where live lacks the list, and refused once live
	// holds it ("expected a map[string]interface {}, but received a int64").
	{"patch: a scalar item in a list of maps, applied twice", request("patch", "", deployment+"metadata: {name: web}\nspec: {template: {spec: {containers: [0]}}}\n", deployment+"metadata: {name: web}\n", false), again, "refused"},
	// FuzzMerge3 (conflicting-inferred-keys): with inferKeys, the original's list holds a null
	// item and upstream's a map with name; the local copy lacks the resource, so the first merge
	// copies upstream's without a walk, and the rebase walks the list and is refused: kyaml
	// infers no key from the null item and "name" from the other ("conflicting merge keys").
	{"merge3: inferred keys that differ between versions, rebased again", request("merge3", configMap+"metadata:\n name: c\nl:\n-", configMap+"metadata:\n name: c\nl:\n- name: 0", "", true), again, "refused"},
	// FuzzMerge3 (repeated-inferred-key): with inferKeys, upstream adds a resource whose list
	// repeats a key value (two items with containerPort 8080); it is copied as written, and the
	// rebase matches both items to the first, which gives the second the first's fields.
	{"merge3: upstream adds a list repeating a key, rebased again", request("merge3", "", "0:\n- containerPort: 8080\n  0: 0\n- containerPort: 8080\n", "", true), again, "changes the result"},
	// FuzzMerge3 (keyless-live-item-reorders): the original is another kind, so the local
	// copy and upstream each added the Deployment; the local copy's containers hold an item
	// without name. kyaml puts upstream's new item first, and the rebase (the result now
	// the local copy) puts the items it keeps from the local copy first again.
	{"merge3: a rebase reorders items beside one without the key", request("merge3", "apiVersion: apps/v1\nkind: Deploymemt\nmetadata: {name: web}\n", containers("{name: app, image: a2}, {name: new}"), containers("{name: app}, {nam: old}"), false), again, "changes the result"},
	// FuzzMerge3 (scalar-item-reorders): with inferKeys, a list of ports holding a scalar item
	// beside maps keyed by containerPort; upstream added the resource the local copy also has
	// (no original), and the rebase moves the local copy's keyed item after upstream's.
	{"merge3: a rebase reorders items beside a scalar item", request("merge3", "", deployment+"metadata:\n name: test-deployment\nspec:\n template:\n  spec:\n   containers:\n      - name: test-deployment\n        ports:\n        - protocol: 0\n        - containerPort: 8080\n          protocol: 0", deployment+"metadata:\n name: test-deployment\nspec:\n template:\n  spec:\n   containers:\n      - name: test-deployment\n        ports:\n        - containerPort: 0\n        - 0", true), again, "changes the result"},
	// FuzzMerge3 (flow-null-written-empty): upstream adds {0}, a flow map whose field holds an
	// empty null; kyaml copies it and writes the null as '' (an empty string once read back), and
	// the rebase, where upstream's null clears the local field, drops it.
	{"merge3: an empty null in a flow map, written as ''", request("merge3", "", "{0}", "", false), again, "changes the result"},
	// FuzzMerge3 (keyless-rebase-rebuilds): both added the Deployment (no original); the local
	// copy's containers hold an item without name, and the rebase rebuilds the keyed item,
	// dropping its field "0", and moves it after the keyless one.
	{"merge3: a rebase rebuilds the keyed item beside one without the key", request("merge3", "", deployment+"metadata:\n name: web\nspec:\n template:\n  spec:\n   containers:\n      - name: app", deployment+"metadata:\n name: web\nspec:\n template:\n  spec:\n   containers:\n      - name: app\n        0: 0\n      - 0: 1", false), again, "changes the result"},
	// FuzzMerge3 (empty-key-quoted): kyaml writes an empty key ("?" alone) as '', which the
	// engine wrote as nothing (":" does not read back). Rebased again, kyaml refuses to walk a
	// map holding an empty key ("wrong node kind: expected ScalarNode but got MappingNode"), and
	// so does the engine (merge3's factEmptyKeyStops).
	{"merge3: an empty key", request("merge3", "", "a: 1\n?\nx:\n  ?\n  : b\n", "", false), again, "refused"},
	// FuzzApply (repeated-key-live-lacks): the config lists two ports with containerPort 53;
	// live lacks spec, so kubectl's patch is taken whole, its $setElementOrder directives
	// included, and the next apply merges both items into the one live holds.
	{"apply: a list repeating a key where live lacks it, applied twice", request("apply", deployment+"metadata:\n  name: web\nspec:\n  template:\n    spec:\n     containers:\n      - name: dns\n        ports:\n        - containerPort: 53\n          0:", deployment+"metadata:\n  name: web\nspec:\n  template:\n    spec:\n     containers:\n      - name: dns\n        ports:\n        - containerPort: 53\n          protocol: \"0\"\n        - containerPort: 53\n          protocol: \"1\"", deployment+"metadata:\n  name: web\n", false), again, "changes the result"},
	// FuzzApply (null-in-map-created): a config holding a null in a map (selector: {0: }). The
	// create writes the object without the null (selector: {}); the next apply's patch sends
	// the null again, and kubectl's patch leaves it in the map. Where live holds the object
	// without the map, the first apply's patch does the same.
	{"apply: a null in a map, created, applied again", request("apply", "", pdbSelectorNull, "", false), again, "changes the result"},
	{"apply: a null in a map live lacks, applied twice", request("apply", "", pdbSelectorNull, "apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata: {name: p}\n", false), again, "changes the result"},
	// FuzzTwoWay (emptied-merging-list): finalizers (a list of scalars merged as a set) go from
	// [a, b, c, d] to [a] between the renders while live holds [b]: the upgrade leaves the list
	// empty, and running it again on that result is refused ("no elements in any of the given
	// slices": the patch orders a list whose elements are all gone).
	{"twoway: a merging list of scalars emptied, upgraded again", request("twoway", configMap+"metadata: {name: c, finalizers: [a, b, c, d]}\n", configMap+"metadata: {name: c, finalizers: [a]}\n", configMap+"metadata: {name: c, finalizers: [b]}\n", false), again, "refused"},
	// FuzzTwoWay (repeated-key-live-lacks): the new render lists two ports with containerPort
	// 53, the second with one more field; live lacks the containers, so the patch's list is taken
	// whole, and the next upgrade merges the second item's fields into both items live holds.
	{"twoway: a list repeating a key where live lacks it, upgraded again", request("twoway", deployment+"metadata: {name: web}\n", deployment+"metadata: {name: web}\nspec:\n template:\n  spec:\n   containers:\n      - name: a\n        ports:\n        - containerPort: 53\n        - containerPort: 53\n          protocol: UDP\n", deployment+"metadata: {name: web}\n", false), again, "changes the result"},
	// FuzzApply (retainkeys-taken-whole): strategy (retainKeys) changes its fields between
	// last-applied and the config while live lacks it: kubectl's patch carries $retainKeys, the
	// map is taken whole where live lacks it, directive included, and the next apply clears it.
	{"apply: a $retainKeys map live lacks, applied twice", request("apply", deployment+"metadata: {name: web}\nspec:\n  strategy:\n   0:\n", deployment+"metadata: {name: web}\nspec:\n  strategy:\n   1: 0\n", deployment+"metadata: {name: web}\n", false), again, "changes the result"},
	// FuzzTwoWay (null-in-list-live-lacks): an item keeps its key and loses a field between the
	// renders, so the two-way patch sets that field to null inside the list; where live lacks
	// the list, it is taken whole, null kept, and the next upgrade's patch deletes it.
	{"twoway: a null inside a list live lacks", request("twoway", containers("{name: b}, {name: a, image: x}"), containers("{name: a}"), deployment+"metadata: {name: web}\nspec: {template: {spec: {}}}\n", false), again, "changes the result"},
}

// TestTagBeforeKeyAsKyaml checks FuzzMerge3's tag-before-key inputs, and the non-specific tag
// "!" in every place, against kyaml's text: a tag or anchor before a map's first key belongs to
// the key, the map's entries standing at its column (kubectl's reader and kyaml read
// "0:\n      ! 0: \n        1:" with 1 under the inner 0), and kyaml writes no "!" again.
func TestTagBeforeKeyAsKyaml(t *testing.T) {
	tagged := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  ! k: ! v\n  b: !<!> x\n  c: !\n" +
		"  d: ! 12\n  e: ! |\n    lit\n  f: {! x: ! 1}\n  g: [! 1, ! a]\n  h: !\n    i: 1\n  j: !\n  - 1\n  ! 010: x\n"
	for name, req := range map[string]*contract.Request{
		"tag-before-key":   request("merge3", "", "", widget+"  parts:\n  ! 0:000000:\n   000\n  000000:000000:000000:0000000: 000", false),
		"tag-before-key-2": request("merge3", "", "", "0:\n      ! 0: \n        1:", false),
		"every place":      request("merge3", tagged, tagged, tagged, false),
		"changed upstream": request("merge3", tagged, strings.ReplaceAll(tagged, "! v", "w"), tagged, false),
	} {
		t.Run(name, func(t *testing.T) {
			want, err := reference.New().Text(req)
			if err != nil {
				t.Fatal(err)
			}
			if got := handler.Default().Handle(context.Background(), req); len(got.Errors) > 0 || got.Result != want {
				t.Errorf("engine %q (%v), kyaml %q", got.Result, got.Errors, want)
			}
		})
	}
}

// widget is a custom resource up to its spec; mergeOnZero and mergeOnE kyaml comment schemas
// making a list merge on the field "0", "e".
const (
	widget      = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n name: gadget\nspec:\n"
	mergeOnZero = `{"type":"array","x-kubernetes-patch-strategy":"merge","x-kubernetes-patch-merge-key":"0"}`
	mergeOnE    = `{"x-kubernetes-patch-strategy":"merge","x-kubernetes-patch-merge-key":"e"}`
)

// keylessSecond is a Deployment whose second container lacks its name (the merge key).
const keylessSecond = deployment + "spec:\n  template:\n    spec:\n      containers:\n      - name: 0\n      - \"0\":\n"

// emptiedMap holds a map whose one field is null, after a line comment.
const emptiedMap = "\"0\": #000000000\n  \"00000000000\":\n"

// pathAnnotated is a Deployment web with kio's path annotation.
const pathAnnotated = deployment + "metadata:\n  name: web\n  annotations:\n    config.kubernetes.io/path: 'temp.yaml'\n"

// containers is a Deployment web whose pod template holds the containers listed (flow style).
func containers(list string) string {
	return deployment + "metadata: {name: web}\nspec: {template: {spec: {containers: [" + list + "]}}}\n"
}

// TestFuzzFindingsAsTheReferences checks each fuzz finding allowed as reference behaviour.
func TestFuzzFindingsAsTheReferences(t *testing.T) {
	h := handler.Default()
	ref := reference.New()
	for _, f := range fuzzFindings {
		t.Run(f.name, func(t *testing.T) {
			first, err := bothAnswer(h, ref, f.first)
			if err != nil || first == "" {
				t.Fatalf("first step: %v (result %q)", err, first)
			}
			if f.next == nil {
				return
			}
			next, err := bothAnswer(h, ref, f.next(f.first, first))
			got := "refused"
			switch {
			case err != nil && !strings.HasPrefix(err.Error(), "both refuse"):
				t.Fatalf("second step: %v", err)
			case err == nil && reference.Same(f.first.Mode, first, next) == nil:
				got = "keeps the result"
			case err == nil:
				got = "changes the result"
			}
			if got != f.want {
				t.Errorf("the second step %s, want %s\nfirst result:\n%s\nsecond:\n%s", got, f.want, first, next)
			}
		})
	}
}

// bothAnswer answers req with the engine and the reference and returns the engine's result when
// they agree; an error starting "both refuse" when both refuse, another when they disagree.
func bothAnswer(h *handler.Handler, ref *reference.Pipelines, req *contract.Request) (string, error) {
	resp := h.Handle(context.Background(), req)
	want, refErr := ref.Text(req)
	switch {
	case len(resp.Errors) > 0 && refErr != nil:
		return "", fmt.Errorf("both refuse: engine %s; reference %v", resp.Errors[0].Message, refErr)
	case len(resp.Errors) > 0:
		return "", fmt.Errorf("the engine refuses (%s), the reference answers:\n%s", resp.Errors[0].Message, want)
	case refErr != nil:
		return "", fmt.Errorf("the reference refuses (%v), the engine answers:\n%s", refErr, resp.Result)
	}
	if err := reference.Same(req.Mode, want, resp.Result); err != nil {
		return "", fmt.Errorf("they differ: %v\nreference:\n%s\nengine:\n%s", err, want, resp.Result)
	}
	return resp.Result, nil
}
