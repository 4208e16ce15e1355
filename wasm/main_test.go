//go:build !(js && wasm)

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

var update = flag.Bool("update", false, "rewrite testdata/text/*.txt from the command's -o text output")

// runCommand runs the command line with stdin and returns its exit status, stdout and stderr.
func runCommand(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errOut)
	return status, out.String(), errOut.String()
}

// TestExitStatus: 0 when the merge goes through, 1 when the answer holds errors in the inputs
// or conflicts, 2 when the command line or the request is wrong; stderr says why.
func TestExitStatus(t *testing.T) {
	tests := []struct {
		name       string
		stdin      string
		args       []string
		status     int
		wantStderr string
	}{
		{"merged", "", []string{"../examples/apply-containers"}, exitMerged, ""},
		{"conflict", "", []string{"../examples/ssa-autoscaler-conflict"}, exitRefused, `mergeplay: conflict: apps/v1/Deployment/shop/web .spec.replicas: kube-controller-manager (update, scale) owns this field`},
		{"invalid config", "", []string{"../examples/apply-validate-strict"}, exitRefused, `mergeplay: updated, line `},
		{"unknown mode", `{"mode":"nope"}`, nil, exitRequest, `mergeplay: request: unknown mode "nope": choose one of apply, merge3, ssa, patch, twoway, scale, label, annotate, create, replace, controller, edit, helm3, helm4, mergepatch, jsonpatch, kpt, or history (see -h`},
		{"not JSON", "not json\n", nil, exitRequest, `mergeplay: request: reading the request: line 1, column 1: want an object, found the character "n" (invalid character 'o' in literal null (expecting 'u'); see -h`},
		{"cut short", `{"mode":"apply",`, nil, exitRequest, `line 1, column 17: want a string, found the end of the text`},
		{"unknown option", `{"mode":"apply","options":{"overwrit":true}}`, nil, exitRequest, `unknown field "overwrit" in options`},
		{"bad option value", `{"mode":"apply","options":{"validate":"loose"}}`, nil, exitRequest, `options.validate must be "strict", "warn" or "ignore", not "loose"`},
		{"two files", "", []string{"a", "b"}, exitRequest, "expected at most one request file, got 2 arguments"},
		{"missing file", "", []string{"no-such-request.json"}, exitRequest, "reading the request: stat no-such-request.json"},
		{"unknown output", "", []string{"-o", "xml", "../examples/apply-containers"}, exitRequest, `-o "xml": want json, text or yaml`},
		{"unknown limits", "", []string{"-limits", "huge", "../examples/apply-containers"}, exitRequest, `-limits "huge": want page or bench`},
		{"unknown flag", "", []string{"-x"}, exitRequest, "flag provided but not defined: -x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, output := range []string{"json", "text", "yaml"} {
				status, _, stderr := runCommand(t, tt.stdin, append([]string{"-o", output}, tt.args...)...)
				if status != tt.status {
					t.Errorf("-o %s: exit status %d, want %d (stderr %q)", output, status, tt.status, stderr)
				}
				if output != "text" && !strings.Contains(stderr, tt.wantStderr) {
					t.Errorf("-o %s: stderr %q, want it to hold %q", output, stderr, tt.wantStderr)
				}
				if tt.wantStderr == "" && stderr != "" {
					t.Errorf("-o %s: stderr %q, want none", output, stderr)
				}
			}
		})
	}
}

// TestJSONOutput: -o json (the default) writes the response, one line of JSON, as the handler
// answers it, whatever the exit status; a request's JSON error names its line and column.
func TestJSONOutput(t *testing.T) {
	for _, stdin := range []string{`{"mode":"nope"}`, "not json", `{"mode":"patch","updated":"a: 1\n","live":"a: 2\n"}`} {
		_, stdout, _ := runCommand(t, stdin)
		want := string(handler.Default().HandleJSON(t.Context(), []byte(stdin))) + "\n"
		if stdout != want {
			t.Errorf("%s: stdout\n%s\nwant the handler's\n%s", stdin, stdout, want)
		}
	}
	_, stdout, _ := runCommand(t, "\n  nul")
	var resp contract.Response
	if err := json.Unmarshal([]byte(stdout), &resp); err != nil {
		t.Fatalf("not JSON: %s", stdout)
	}
	if len(resp.Errors) != 1 || resp.Errors[0].Input != "request" || !strings.Contains(resp.Errors[0].Message, "line 2, column 3: want an object, found the character \"n\"") {
		t.Errorf("errors %+v, want one of the request at line 2, column 3", resp.Errors)
	}
}

// TestYAMLOutput: -o yaml writes the result alone.
func TestYAMLOutput(t *testing.T) {
	status, stdout, _ := runCommand(t, "", "-o", "yaml", "../examples/apply-containers")
	want, err := os.ReadFile("../examples/apply-containers/expected.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if status != exitMerged || stdout != string(want) {
		t.Errorf("exit status %d, stdout\n%s\nwant the example's expected.yaml\n%s", status, stdout, want)
	}
}

// TestHelp: -h exits 0 and lists every request key, every option with its default, every mode,
// every key of the response, the exit statuses and the flags.
func TestHelp(t *testing.T) {
	status, stdout, stderr := runCommand(t, "", "-h")
	if status != exitMerged || stdout != "" {
		t.Fatalf("exit status %d, stdout %q", status, stdout)
	}
	var want []string
	for _, k := range append(contract.RequestKeys(), contract.OptionKeys()...) {
		want = append(want, "\n  "+k+" ")
	}
	for _, m := range handler.Default().Modes() {
		want = append(want, "\n  "+m.Name+" ", m.Summary)
	}
	want = append(want, "\n  client ", "\n  validate ", `(default "strict")`, `(default true) apply replaces`,
		"Exit status: 0", "-o string", "-limits string", "-cpuprofile", "-memprofile")
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("-h lacks %q:\n%s", w, stderr)
		}
	}
	if keys := strings.Join(responseKeys(), ", "); !strings.Contains(strings.Join(strings.Fields(stderr), " "), "each): "+keys+" ") {
		t.Errorf("-h lacks the response's keys %q (wrapped):\n%s", keys, stderr)
	}
	for _, k := range append(contract.RequestKeys(), contract.OptionKeys()...) {
		if keyAbout[k] == "" {
			t.Errorf("key %s has no sentence in keyAbout", k)
		}
	}
	if defaults := optionDefaults(); len(defaults) != len(contract.OptionKeys()) {
		t.Errorf("EncodeJSON writes %d options, the contract reads %d", len(defaults), len(contract.OptionKeys()))
	}
	if len(keyAbout) != len(contract.RequestKeys())+len(contract.OptionKeys()) {
		t.Errorf("keyAbout holds %d sentences for %d keys", len(keyAbout), len(contract.RequestKeys())+len(contract.OptionKeys()))
	}
	if keys := strings.Join(responseKeys(), " "); keys != "version result patch fields names conflicts errors extra commands reproduce layout steps" {
		t.Errorf("response keys %q", keys)
	}
}

// TestTextOutput: -o text of a few examples (an addition and a deletion drawn between their
// neighbours, conflicts, errors, a dropped item, a pruned resource) equals its golden file under
// testdata/text; -update rewrites them.
func TestTextOutput(t *testing.T) {
	for _, name := range []string{"apply-containers", "ssa-autoscaler-conflict", "apply-validate-strict", "apply-overwrite-false", "apply-container-ports-53", "apply-prune"} {
		t.Run(name, func(t *testing.T) {
			status, stdout, stderr := runCommand(t, "", "-o", "text", "../examples/"+name)
			if stderr != "" || status == exitRequest {
				t.Fatalf("exit status %d, stderr %s", status, stderr)
			}
			golden := filepath.Join("testdata", "text", name+".txt")
			if *update {
				if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if stdout != string(want) {
				t.Errorf("-o text differs from %s (go test ./wasm -run TestTextOutput -update rewrites it):\n%s", golden, stdout)
			}
		})
	}
}

// TestBenchLimitsReadLargerInputs: -limits=bench reads an input the page's limits refuse.
func TestBenchLimitsReadLargerInputs(t *testing.T) {
	big := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: " + strings.Repeat("x", 5<<20) + "\n"
	req, err := json.Marshal(map[string]string{"mode": "patch", "updated": big, "live": big})
	if err != nil {
		t.Fatal(err)
	}
	for limits, wantStatus := range map[string]int{"page": exitRefused, "bench": exitMerged} {
		status, stdout, _ := runCommand(t, string(req), "-limits", limits)
		if status != wantStatus {
			t.Errorf("-limits=%s: exit status %d, want %d: %.300s", limits, status, wantStatus, stdout)
		}
	}
}

// TestBinaryExitStatus builds the command and runs it as a shell would: main passes run's status
// to the process (go run itself would print it and exit 1).
func TestBinaryExitStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "mergeplay")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tt := range []struct {
		stdin  string
		args   []string
		status int
	}{
		{"not json", nil, exitRequest},
		{"", []string{"-o", "text", "../examples/ssa-autoscaler-conflict"}, exitRefused},
		{"", []string{"-o", "yaml", "../examples/apply-containers"}, exitMerged},
	} {
		cmd := exec.Command(bin, tt.args...)
		cmd.Stdin = strings.NewReader(tt.stdin)
		err := cmd.Run()
		status := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			status = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if status != tt.status {
			t.Errorf("%v < %q: exit status %d, want %d", tt.args, tt.stdin, status, tt.status)
		}
	}
}

// TestAddedFieldInKeyOrder (issue 27, item 10): a field apply adds to a map whose fields are in
// key order, as kubectl get -o yaml prints them, stands in its place: replicas before selector.
func TestAddedFieldInKeyOrder(t *testing.T) {
	deployment := func(spec string) string {
		return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\nspec:\n" + spec +
			"  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: a, image: x}]}\n"
	}
	req := (&contract.Request{Mode: "apply", Updated: deployment("  replicas: 3\n"), Live: deployment(""), Options: contract.DefaultOptions()}).EncodeJSON()
	status, stdout, stderr := runCommand(t, string(req), "-o", "yaml")
	want := "spec:\n  replicas: 3\n  selector:"
	if status != exitMerged || !strings.Contains(stdout, want) {
		t.Errorf("exit status %d (%s), result\n%s\nwant it to hold %q", status, stderr, stdout, want)
	}
}
