package apply_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/modes/apply"
)

func run(t *testing.T, original, updated, live string, opts ...func(*contract.Options)) *contract.Response {
	t.Helper()
	req := &contract.Request{Mode: "apply", Original: original, Updated: updated, Live: live, Options: contract.DefaultOptions()}
	for _, o := range opts {
		o(&req.Options)
	}
	return handler.Default().Handle(context.Background(), req)
}

func TestLastAppliedAnnotationIsWrittenAsKubectlWritesIt(t *testing.T) {
	tests := []struct {
		config, want string
	}{
		{"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  z: \"1\"\n  b: <&>\n",
			`{"apiVersion":"v1","data":{"b":"\u003c\u0026\u003e","z":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"a","namespace":"default"}}` + "\n"},
		{"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  annotations:\n    note: x\n    kubectl.kubernetes.io/last-applied-configuration: old\n",
			`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"annotations":{"note":"x"},"name":"a","namespace":"default"}}` + "\n"},
		{"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {num: 0x10, on: yes}\n",
			`{"apiVersion":"v1","data":{"num":16,"true":true},"kind":"ConfigMap","metadata":{"annotations":{},"name":"a","namespace":"default"}}` + "\n"},
	}
	for _, tt := range tests {
		// not validated: the API server would refuse numbers and booleans in a ConfigMap's data
		resp := run(t, "", tt.config, "", func(o *contract.Options) { o.Validate = contract.ValidateIgnore })
		if len(resp.Errors) > 0 {
			t.Fatal(resp.Errors)
		}
		infos := resp.Extra["patches"].(apply.PatchInfos)
		if infos[0].Action != apply.Create {
			t.Fatalf("action %s", infos[0].Action)
		}
		if !strings.Contains(resp.Result, quoteBlock(tt.want)) {
			t.Errorf("annotation %q not in the result:\n%s", tt.want, resp.Result)
		}
	}
}

// quoteBlock is how the result writes a one-line annotation ending in a newline.
func quoteBlock(s string) string {
	return "kubectl.kubernetes.io/last-applied-configuration: |\n      " + strings.TrimSuffix(s, "\n") + "\n"
}

func TestBrokenAnnotationNamesItsLine(t *testing.T) {
	live := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: '{\"broken\": '\n"
	resp := run(t, "", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n", live)
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "live" || resp.Errors[0].Line != 6 ||
		!strings.Contains(resp.Errors[0].Message, "last-applied-configuration annotation is not valid JSON") {
		t.Errorf("errors: %+v", resp.Errors)
	}
	if resp.Result != "" {
		t.Errorf("a result despite the error")
	}
}

func TestActions(t *testing.T) {
	cm := func(name string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: " + name + "}\ndata: {k: v}\n"
	}
	tests := []struct {
		name                    string
		original, updated, live string
		prune                   bool
		want                    []apply.Action
	}{
		{"create", "", cm("a"), "", false, []apply.Action{apply.Create}},
		{"patch", cm("a"), cm("a"), cm("a"), false, []apply.Action{apply.Patch}},
		{"leave live-only", "", cm("a"), cm("a") + "---\n" + cm("b"), false, []apply.Action{apply.Patch, apply.Leave}},
		{"prune what last-applied had", cm("a") + "---\n" + cm("b"), cm("a"), cm("a") + "---\n" + cm("b"), true, []apply.Action{apply.Patch, apply.Prune}},
		{"prune spares what last-applied lacked", cm("a"), cm("a"), cm("a") + "---\n" + cm("b"), true, []apply.Action{apply.Patch, apply.Leave}},
	}
	for _, tt := range tests {
		resp := run(t, tt.original, tt.updated, tt.live, func(o *contract.Options) { o.Prune = tt.prune })
		if len(resp.Errors) > 0 {
			t.Fatalf("%s: %+v", tt.name, resp.Errors)
		}
		infos := resp.Extra["patches"].(apply.PatchInfos)
		var got []apply.Action
		for _, p := range infos {
			got = append(got, p.Action)
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: actions %v, want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: actions %v, want %v", tt.name, got, tt.want)
			}
		}
	}
}

func TestPatchIsWhatKubectlSends(t *testing.T) {
	original := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: v, gone: x}\n"
	updated := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {k: w}\n"
	live := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: default}\ndata: {k: v, gone: x, extra: y}\n"
	resp := run(t, original, updated, live)
	want := `{"data":{"gone":null,"k":"w"},"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"data\":{\"k\":\"w\"},\"kind\":\"ConfigMap\",\"metadata\":{\"annotations\":{},\"name\":\"a\",\"namespace\":\"default\"}}\n"}}}`
	if resp.Patch != want {
		t.Errorf("patch:\n got  %s\n want %s", resp.Patch, want)
	}
}

func TestCustomResourceIgnoresOverwrite(t *testing.T) {
	doc := func(size string) string {
		return "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: " + size + "}\n"
	}
	resp := run(t, doc("1"), doc("3"), doc("2"), func(o *contract.Options) { o.Overwrite = false })
	if len(resp.Conflicts) != 0 || !strings.Contains(resp.Result, "size: 3") {
		t.Errorf("custom resource: conflicts %+v, result %s", resp.Conflicts, resp.Result)
	}
	infos := resp.Extra["patches"].(apply.PatchInfos)
	if infos[0].Type != apply.Merge {
		t.Errorf("patch type %s, want merge", infos[0].Type)
	}
}

// TestAnnotationsReadAsStrings checks the marks of kubectl's reading of the config's annotations
// (annotations.go): every mark of an annotation the config names, and of last-applied, under the
// rule that says why; and that a config whose annotation is not a string is refused as kubectl
// refuses it, before any merge (package objectmeta).
func TestAnnotationsReadAsStrings(t *testing.T) {
	cm := func(annotations string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  annotations: " + annotations + "\ndata: {k: v}\n"
	}
	tests := []struct {
		name                    string
		original, updated, live string
		want                    map[string]string // path: mark rule
	}{
		{"a null is sent as empty", cm("{a: x}"), cm("{a: ~, b: ~}"), cm("{a: x, b: ''}"), map[string]string{
			".metadata.annotations.a": "changed apply/annotation-null-as-empty",
			".metadata.annotations.b": "retained apply/annotation-null-as-empty",
			".metadata.annotations.kubectl.kubernetes.io/last-applied-configuration": "added apply/last-applied-annotation",
		}},
	}
	refused := run(t, cm("{a: x, b: y2}"), cm("{a: x, b: true, c: z}"), cm("{a: x, b: y2, c: z, d: w}"))
	const decode = `unable to decode "config.yaml": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string`
	if len(refused.Errors) != 1 || refused.Errors[0].Message != decode || refused.Errors[0].Input != "updated" || refused.Result != "" {
		t.Errorf("a boolean annotation in the config: %+v, want kubectl's refusal", refused.Errors)
	}
	for _, tt := range tests {
		resp := run(t, tt.original, tt.updated, tt.live)
		if len(resp.Errors) > 0 {
			t.Fatalf("%s: %+v", tt.name, resp.Errors)
		}
		got := map[string]string{}
		for _, f := range resp.Fields {
			if strings.HasPrefix(f.Path, ".metadata.annotations") {
				got[f.Path] = string(f.Mark) + " " + string(f.Rule)
			}
		}
		for path, want := range tt.want {
			if got[path] != want {
				t.Errorf("%s: %s is %q, want %q", tt.name, path, got[path], want)
			}
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: marks %v", tt.name, got)
		}
	}
}

// TestLiveAnnotationNotAStringIsRefused: the patch leaves live's annotations it does not name as
// they are, and the API server cannot decode one that is not a string (a live editor can hold
// one, a cluster cannot); under validate=ignore the result is given as written.
func TestLiveAnnotationNotAStringIsRefused(t *testing.T) {
	config := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata: {k: v}\n"
	live := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  annotations:\n    note: 1\ndata: {k: v}\n"
	resp := run(t, config, config, live)
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "live" || resp.Errors[0].Line != 6 ||
		!strings.Contains(resp.Errors[0].Message, "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.annotations of type string") {
		t.Errorf("errors: %+v", resp.Errors)
	}
	resp = run(t, config, config, live, func(o *contract.Options) { o.Validate = contract.ValidateIgnore })
	if len(resp.Errors) > 0 || !strings.Contains(resp.Result, "note: 1") {
		t.Errorf("validate=ignore: %+v\n%s", resp.Errors, resp.Result)
	}
}

// TestDirectiveInConfigIsNotData: a config's map holding "$patch" is not sent (kubectl's
// three-way patch drops it, whether live holds the map or not: smpfacts "a config's $patch map
// is not sent"), so live keeps its map and the result holds no directive as data. The case of
// issue 30, item 1: before, the engine wrote "$patch: replace" and "disktype: nvme" into the
// result and the patch.
func TestDirectiveInConfigIsNotData(t *testing.T) {
	pod := func(nodeSelector string) string {
		return "apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\nspec:\n  containers: [{name: a, image: x}]\n" + nodeSelector
	}
	config := pod("  nodeSelector:\n    $patch: replace\n    disktype: nvme\n")
	for _, c := range []struct{ name, live, nodeSelector, specPatch string }{
		{"live holds the map", pod("  nodeSelector: {os: linux}\n"), "nodeSelector: {os: linux}", `"spec":{}`},
		{"live lacks the map", pod(""), "", `"spec":{}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp := run(t, pod(""), config, c.live)
			if len(resp.Errors) > 0 {
				t.Fatalf("errors: %+v", resp.Errors)
			}
			_, spec, _ := strings.Cut(resp.Result, "\nspec:")
			if strings.Contains(spec, "disktype") || strings.Contains(spec, "$patch") {
				t.Errorf("the result holds the directive's map as data:\n%s", resp.Result)
			}
			if c.nodeSelector != "" && !strings.Contains(resp.Result, c.nodeSelector) {
				t.Errorf("live's %s is lost:\n%s", c.nodeSelector, resp.Result)
			}
			if !strings.HasSuffix(resp.Patch, c.specPatch+"}") || strings.Contains(resp.Patch, `"nodeSelector"`) {
				t.Errorf("patch %s, want no nodeSelector and %s", resp.Patch, c.specPatch)
			}
		})
	}
}
