package reproduce_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// fakeKubectl records each call's arguments (one file per call, NUL-separated) and copies every
// file given with -f or --patch-file; it says the context is kind-test and succeeds.
const fakeKubectl = `#!/bin/sh
n=$(ls "$RECORD" | grep -c '^call-' || true)
n=$((n + 1))
printf '%s\0' "$@" > "$RECORD/call-$n"
prev=
for a in "$@"; do
	case "$prev" in
	-f|--patch-file) cp "$a" "$RECORD/file-$n-$(basename "$a")" ;;
	esac
	prev=$a
done
case "$1 $2" in
"config current-context") echo kind-test ;;
esac
exit 0
`

// hostile is text that would run something, or end its quotes, if the script let it out.
const hostile = "it's \"$(touch PWNED)\" `touch PWNED` ${HOME} \\ $HOME\nMERGEPLAY_EOF\n'\nEOF"

func TestHostileTextStaysQuoted(t *testing.T) {
	// A ConfigMap the API server refuses (its name, its namespace, its label): the script
	// replays the refusal.
	refused := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: \"web'$(touch PWNED)`touch PWNED`\"\n  namespace: \"ns'x\\\"$(touch PWNED)\"\n" +
		"  labels: {\"a$(touch PWNED)\": \"b'`touch PWNED`\"}\ndata:\n  key: " + yamlQuote(hostile) + "\n"
	// A Role, whose name need only be a path segment, which the server takes: the script
	// compares what the cluster holds.
	taken := "apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: \"web'$(touch PWNED)`touch PWNED`\"\n  namespace: default\n" +
		"  annotations:\n    key: " + yamlQuote(hostile) + "\nrules: []\n"
	for live, indent := range map[string]string{refused: "\n  ", taken: "\n    "} {
		updated := strings.Replace(live, indent+"key:", indent+"other: "+yamlQuote(hostile+"2")+indent+"key:", 1)
		for _, mode := range []string{"apply", "ssa", "patch"} {
			t.Run(mode, func(t *testing.T) { hostileStaysQuoted(t, mode, live, updated) })
		}
	}
}

// hostileStaysQuoted runs the script of a request whose inputs hold hostile text with a fake
// kubectl, and checks that nothing ran and that kubectl received the names, the patch and the
// config whole.
func hostileStaysQuoted(t *testing.T, mode, live, updated string) {
	req := &contract.Request{Mode: mode, Original: live, Updated: updated, Live: live, Options: contract.DefaultOptions()}
	req.Options.Now = "2026-01-01T00:00:00Z"
	if mode != "apply" {
		req.Original = ""
	}
	script, resp := scriptOf(t, req)
	if script == "" {
		t.Fatalf("no script: %+v", resp.Errors)
	}
	if refused := strings.Contains(live, "ns'x"); resp.RefusedOnly() != refused || strings.Contains(script, "jsonpath-file") == refused {
		t.Errorf("refused by the API server: %v, want %v; the script compares fields only when not", resp.RefusedOnly(), refused)
	}
	shellReads(t, script)
	calls, dir := runWithFakeKubectl(t, script)
	if _, err := os.Stat(filepath.Join(dir, "PWNED")); err == nil {
		t.Fatal("the script ran text from an input")
	}
	wantArgs := map[string]bool{"web'$(touch PWNED)`touch PWNED`": false}
	if strings.Contains(live, "ns'x") {
		wantArgs["ns'x\"$(touch PWNED)"] = false
	}
	for _, call := range calls {
		for _, a := range call {
			if _, ok := wantArgs[a]; ok {
				wantArgs[a] = true
			}
		}
	}
	for a, seen := range wantArgs {
		if !seen {
			t.Errorf("no kubectl call received the argument %q whole", a)
		}
	}
	if mode == "patch" {
		if !patchArgHolds(calls, "`touch PWNED` ${HOME}") {
			t.Error("no kubectl patch received the patch whole")
		}
		return
	}
	config, err := os.ReadFile(filepath.Join(dir, "record", "file-"+callOf(t, calls, "config.yaml")+"-config.yaml"))
	if err != nil || string(config) != withNewline(updated) {
		t.Errorf("config.yaml reached kubectl as %q (%v), want %q", config, err, updated)
	}
}

// runWithFakeKubectl runs the script with the fake kubectl first on PATH, in a folder of its
// own (env: more of its environment), and returns each call's arguments and the folder.
func runWithFakeKubectl(t *testing.T, script string, env ...string) ([][]string, string) {
	t.Helper()
	dir := t.TempDir()
	bin, record := filepath.Join(dir, "bin"), filepath.Join(dir, "record")
	for _, d := range []string{bin, record} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(bin, "kubectl"), []byte(fakeKubectl), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sh", "-s")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(script)
	cmd.Env = append(append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "RECORD="+record, "TMPDIR="+dir), env...)
	out, _ := cmd.CombinedOutput() // the fake prints no field, so the comparison fails: exit 1
	if _, err := os.Stat(filepath.Join(dir, "PWNED")); err == nil {
		t.Fatalf("the script ran text from an input:\n%s", out)
	}
	var calls [][]string
	for n := 1; ; n++ {
		data, err := os.ReadFile(filepath.Join(record, "call-"+itoa(n)))
		if err != nil {
			break
		}
		calls = append(calls, strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00"))
	}
	if len(calls) < 4 {
		t.Fatalf("only %d kubectl calls:\n%s", len(calls), out)
	}
	return calls, dir
}

// patchArgHolds reports whether a call's -p argument holds text.
func patchArgHolds(calls [][]string, text string) bool {
	for _, call := range calls {
		for j := 1; j < len(call); j++ {
			if call[j-1] == "-p" && strings.Contains(call[j], text) {
				return true
			}
		}
	}
	return false
}

// callOf returns the number of the first call that reads file with -f.
func callOf(t *testing.T, calls [][]string, file string) string {
	t.Helper()
	for i, call := range calls {
		for j := 1; j < len(call); j++ {
			if call[j-1] == "-f" && call[j] == file {
				return itoa(i + 1)
			}
		}
	}
	t.Fatalf("no call reads %s", file)
	return ""
}

func itoa(n int) string { return strconv.Itoa(n) }

// yamlQuote writes text as a YAML double-quoted scalar.
func yamlQuote(text string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(text) + `"`
}

// withNewline ends text with a newline.
func withNewline(text string) string {
	if strings.HasSuffix(text, "\n") {
		return text
	}
	return text + "\n"
}
