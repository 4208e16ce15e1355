package reproduce_test

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/examples"
)

var update = flag.Bool("update", false, "rewrite testdata/<example>.sh")

// scriptOf answers a request with its reproduce script.
func scriptOf(t *testing.T, req *contract.Request) (string, *contract.Response) {
	t.Helper()
	script, resp := answerWithScript(req)
	if e, ok := resp.Extra["reproduceError"]; ok {
		t.Fatalf("no script: %v", e)
	}
	return script, resp
}

// answerWithScript answers a request that asks for its reproduce script.
func answerWithScript(req *contract.Request) (string, *contract.Response) {
	r := *req
	r.Reproduce = true
	resp := handler.Default().Handle(context.Background(), &r)
	return resp.Reproduce, resp
}

// unreproducible are the examples no cluster can replay, and what extra.reproduceError says.
var unreproducible = map[string]string{
	"apply-container-ports-53-multikeys": "options.multiKeys",
	"patch-multikey-proposal-1":          "without apiVersion, kind or metadata.name",
	"patch-multikey-proposal-2":          "without apiVersion, kind or metadata.name",
}

// TestGoldenScripts checks every example's script against testdata/<example>.sh (-update rewrites
// them), and that sh reads each one (sh -n).
func TestGoldenScripts(t *testing.T) {
	all, err := examples.Load(os.DirFS("../../examples"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range all {
		t.Run(ex.Name, func(t *testing.T) {
			if why, ok := unreproducible[ex.Name]; ok {
				script, resp := answerWithScript(ex.Request)
				if e, _ := resp.Extra["reproduceError"].(string); script != "" || !strings.Contains(e, why) {
					t.Errorf("a script of %d bytes, reproduceError %q; want none, and a reason naming %s", len(script), e, why)
				}
				return
			}
			script, resp := scriptOf(t, ex.Request)
			golden := filepath.Join("testdata", ex.Name+".sh")
			wantScript := map[string]bool{"apply": true, "ssa": true, "patch": true, contract.History: true}[ex.Mode] && (len(resp.Errors) == 0 || resp.RefusedOnly() || ex.Mode == contract.History)
			if (script != "") != wantScript {
				t.Fatalf("script written: %v, want %v", script != "", wantScript)
			}
			if script == "" {
				return
			}
			if *update {
				if err := os.WriteFile(golden, []byte(script), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if string(want) != script {
				t.Errorf("the script differs from %s (go test ./engine/reproduce -update rewrites it)", golden)
			}
			shellReads(t, script)
		})
	}
}

// shellReads fails when sh -n refuses the script.
func shellReads(t *testing.T, script string) {
	t.Helper()
	cmd := exec.Command("sh", "-n")
	cmd.Stdin = strings.NewReader(script)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("sh -n: %v\n%s", err, out)
	}
}
