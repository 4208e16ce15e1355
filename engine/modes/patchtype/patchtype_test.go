package patchtype_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

const web = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:replicas: {}
        f:template:
          f:spec:
            f:containers:
              k:{"name":"web"}:
                .: {}
                f:image: {}
                f:name: {}
    manager: kubectl-create
    operation: Update
    time: "2026-01-01T00:00:00Z"
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
`

func ask(t *testing.T, mode, patch, live string) *contract.Response {
	t.Helper()
	opts := contract.DefaultOptions()
	opts.Now = "2026-02-01T00:00:00Z"
	return handler.Default().Handle(context.Background(), &contract.Request{Mode: mode, Updated: patch, Live: live, Options: opts})
}

// TestPatchTypes: each row is a patch of web, the result's lines it must hold and lack, and
// the command line kubectl prints it with, or the error (line, words) and what kubectl prints.
func TestPatchTypes(t *testing.T) {
	tests := []struct {
		mode, patch          string
		holds, lacks         []string
		line, printed        string
		errLine              int
		errWords, errPrinted string
	}{
		{mode: "mergepatch", patch: "spec:\n  replicas: 5\n", holds: []string{"replicas: 5", "manager: kubectl-patch", "f:replicas: {}"},
			line: `kubectl patch deployment.apps/web -n default --type merge -p '{"spec":{"replicas":5}}'`, printed: "deployment.apps/web patched"},
		{mode: "mergepatch", patch: "spec:\n  template:\n    spec:\n      containers: [{name: web, image: nginx:1.28}]\n", holds: []string{"nginx:1.28"}, printed: "deployment.apps/web patched"},
		// the null removes replicas, which the API server defaults to 1 (engine/apiserver/defaults.go)
		{mode: "mergepatch", patch: "spec:\n  replicas: null\n", holds: []string{"replicas: 1"}, printed: "deployment.apps/web patched"},
		{mode: "mergepatch", patch: "spec:\n  replicas: 2\n", lacks: []string{"kubectl-patch"}, printed: "deployment.apps/web patched (no change)"},
		{mode: "mergepatch", patch: "metadata:\n  name: other\n", errLine: 1, errWords: "renames the object", errPrinted: "the name of the object (other) does not match the name on the URL (web)"},
		{mode: "jsonpatch", patch: "- op: replace\n  path: /spec/replicas\n  value: 7\n", holds: []string{"replicas: 7", "manager: kubectl-patch"},
			line: `kubectl patch deployment.apps/web -n default --type json -p '[{"op":"replace","path":"/spec/replicas","value":7}]'`, printed: "deployment.apps/web patched"},
		{mode: "jsonpatch", patch: "- op: add\n  path: /spec/template/spec/containers/-\n  value: {name: side, image: busybox}\n", holds: []string{"name: side"}, printed: "deployment.apps/web patched"},
		{mode: "jsonpatch", patch: "- op: test\n  path: /spec/replicas\n  value: 3\n- op: remove\n  path: /spec/replicas\n", errLine: 2,
			errWords: "operation 1 (test /spec/replicas): the test fails: /spec/replicas holds 2, not 3", errPrinted: "The request is invalid: the server rejected our request due to an error in our request"},
		{mode: "jsonpatch", patch: "- op: remove\n  path: /spec/paused\n", errLine: 2, errWords: "nothing to remove", errPrinted: "The request is invalid"},
		{mode: "jsonpatch", patch: "- op: bogus\n  path: /spec\n", errLine: 1, errWords: "unknown op \"bogus\"", errPrinted: "The request is invalid"},
		{mode: "jsonpatch", patch: "op: add\n", errLine: 1, errWords: "found a JSON object", errPrinted: "error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp"},
		{mode: "jsonpatch", patch: "- {op: test, path: /spec/template/spec/containers, value: [null]}\n", errLine: 1, errWords: "lists holding a null", errPrinted: "INTERNAL_ERROR"},
		{mode: "jsonpatch", patch: "null\n", lacks: []string{"kubectl-patch"}, printed: "deployment.apps/web patched (no change)"},
	}
	for _, tt := range tests {
		resp := ask(t, tt.mode, tt.patch, web)
		if tt.errWords != "" {
			if len(resp.Errors) != 1 || resp.Errors[0].Line != tt.errLine || resp.Errors[0].Input != "updated" || !strings.Contains(resp.Errors[0].Message, tt.errWords) {
				t.Errorf("%s %q: errors %+v, want one at line %d saying %q", tt.mode, tt.patch, resp.Errors, tt.errLine, tt.errWords)
			}
			if len(resp.Commands) != 1 || !strings.Contains(resp.Commands[0].Error, tt.errPrinted) {
				t.Errorf("%s %q: commands %+v, want kubectl printing %q", tt.mode, tt.patch, resp.Commands, tt.errPrinted)
			}
			continue
		}
		if len(resp.Errors) > 0 {
			t.Errorf("%s %q: %+v", tt.mode, tt.patch, resp.Errors)
			continue
		}
		for _, s := range tt.holds {
			if !strings.Contains(resp.Result, s) {
				t.Errorf("%s %q: result lacks %q:\n%s", tt.mode, tt.patch, s, resp.Result)
			}
		}
		for _, s := range tt.lacks {
			if strings.Contains(resp.Result, s) {
				t.Errorf("%s %q: result holds %q:\n%s", tt.mode, tt.patch, s, resp.Result)
			}
		}
		if len(resp.Commands) != 1 || (tt.line != "" && resp.Commands[0].Line != tt.line) || strings.Join(resp.Commands[0].Output, "\n") != tt.printed {
			t.Errorf("%s %q: commands %+v, want %q printing %q", tt.mode, tt.patch, resp.Commands, tt.line, tt.printed)
		}
		if len(resp.Fields) == 0 {
			t.Errorf("%s %q: no marks", tt.mode, tt.patch)
		}
	}
}

// TestMergePatchOnACustomResource: the API server applies a merge patch to a custom resource
// (a strategic one it refuses), dropping the nulls of a value it adds (observed on
// kube-apiserver v1.37.2: engine/modes/writer/testdata/observed.txt).
func TestMergePatchOnACustomResource(t *testing.T) {
	live := "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: steps}\nspec: {size: 1, tags: [a, b], keep: x}\n"
	resp := ask(t, "mergepatch", `{"spec":{"size":2,"tags":["c"],"keep":null,"new":{"a":null,"b":1}}}`, live)
	if len(resp.Errors) > 0 {
		t.Fatalf("%+v", resp.Errors)
	}
	for _, s := range []string{"size: 2", `tags: ["c"]`, "new: {b: 1}"} {
		if !strings.Contains(resp.Result, s) {
			t.Errorf("result lacks %q:\n%s", s, resp.Result)
		}
	}
	if strings.Contains(resp.Result, "keep") || strings.Contains(resp.Result, "a: null") {
		t.Errorf("result:\n%s", resp.Result)
	}
}
