package reproduce_test

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

const deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  replicas: 2\n  selector:\n    matchLabels: {app: web}\n" +
	"  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - {name: web, image: nginx:1.27}\n"

// historyOf is a history of steps, each a mode, its config and its options.
func historyOf(steps ...*contract.Request) *contract.Request {
	req := &contract.Request{Mode: contract.History, Options: contract.DefaultOptions(), Steps: steps}
	req.Options.Now = "2026-01-01T00:00:00Z"
	return req
}

func stepOf(mode, updated string, set func(*contract.Options)) *contract.Request {
	opts := contract.DefaultOptions()
	if set != nil {
		set(&opts)
	}
	return &contract.Request{Mode: mode, Updated: updated, Options: opts}
}

// TestHistoryScriptRunsEveryStep runs the whole script of a history of every writer, two of its
// steps refused (a conflict, an object that exists), with a fake kubectl: every step's command
// runs, in order, each as its mode replays it (kubectl edit with its editor, a controller's
// request as a raw PUT), and the script goes on after the refused ones.
func TestHistoryScriptRunsEveryStep(t *testing.T) {
	edited := strings.Replace(deployment, "nginx:1.27", "nginx:1.29", 1)
	req := historyOf(
		stepOf("create", deployment, nil),
		stepOf("scale", "", func(o *contract.Options) { o.Replicas = "5" }),
		stepOf("ssa", deployment, nil),
		stepOf("label", "", func(o *contract.Options) { o.Args = "tier=front" }),
		stepOf("edit", edited, nil),
		stepOf("controller", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\nspec: {replicas: 4}\n", func(o *contract.Options) {
			o.Manager, o.Subresource = "kube-controller-manager", contract.SubresourceScale
		}),
		stepOf("create", deployment, nil),
	)
	script, resp := scriptOf(t, req)
	if len(resp.Steps[2].Conflicts) == 0 || len(resp.Steps[6].Errors) == 0 {
		t.Fatalf("steps 3 and 7 are not refused: %+v %+v", resp.Steps[2].Conflicts, resp.Steps[6].Errors)
	}
	shellReads(t, script)
	if !strings.Contains(script, "EDITOR='sh editor-1.sh' kubectl edit deployment.apps/web -n default") {
		t.Error("kubectl edit does not run with the editor that makes the edit")
	}
	calls, _ := runWithFakeKubectl(t, script)
	want := []string{
		"create -f config.yaml",
		"scale deployment.apps/web -n default --replicas=5",
		"apply --server-side --field-manager=kubectl -f config.yaml",
		"label deployment.apps/web -n default tier=front",
		"edit deployment.apps/web -n default",
		"replace --raw /apis/apps/v1/namespaces/default/deployments/web/scale?fieldManager=kube-controller-manager -f controller-1.json",
		"create -f config.yaml",
	}
	next := 0
	for _, call := range calls {
		if next < len(want) && strings.Join(call, " ") == want[next] {
			next++
		}
	}
	if next < len(want) {
		t.Errorf("the script ran the steps' commands up to %d of %d; missing %q in the calls %q", next, len(want), want[next], calls)
	}
	for _, check := range []string{"-o go-template-file=owners-1.tmpl", "-o jsonpath-file=fields-1.jsonpath"} {
		if n := strings.Count(script, check); n != len(want) {
			t.Errorf("%q is run %d times, want once after each of the %d steps", check, n, len(want))
		}
	}
}

// TestHistoryScriptComparesOwnersAndRemovedFields checks what the script compares after a step:
// a field the step removed must be gone, and each field's owners are the playground's.
func TestHistoryScriptComparesOwnersAndRemovedFields(t *testing.T) {
	withMin := strings.Replace(deployment, "  replicas: 2\n", "  replicas: 2\n  minReadySeconds: 10\n", 1)
	script, _ := scriptOf(t, historyOf(stepOf("apply", withMin, nil), stepOf("ssa", withMin, nil), stepOf("ssa", deployment, nil)))
	for _, want := range []string{
		"\n.spec.minReadySeconds = \n", // step 3 removed it: jsonpath prints nothing
		"\n.spec.minReadySeconds: kubectl Apply - time\n",
		"\n.spec.replicas: kubectl Apply - time\n",
		`{{with .fieldsV1}}{{with index . "f:spec"}}{{range $k, $v := .}}{{if eq $k "f:replicas"}}{{".spec.replicas: "}}{{$id}} {{$t}}`,
	} {
		if !strings.Contains(script, want) {
			t.Errorf("the script holds no %q", want)
		}
	}
}

// TestHistoryWithoutAScript: a step no cluster replays leaves the history without a script, and
// extra.reproduceError names it.
func TestHistoryWithoutAScript(t *testing.T) {
	for _, tt := range []struct {
		name string
		step *contract.Request
		want string
	}{
		{"kpt's update", &contract.Request{Mode: "merge3", Original: deployment, Updated: deployment, Options: contract.DefaultOptions()}, "step 2 (merge3): the mode does not run against a cluster"},
		{"Helm 2", &contract.Request{Mode: "twoway", Original: deployment, Updated: deployment, Options: contract.DefaultOptions()}, "step 2 (twoway): the mode does not run against a cluster"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			script, resp := answerWithScript(historyOf(stepOf("create", deployment, nil), tt.step))
			if e, _ := resp.Extra["reproduceError"].(string); script != "" || !strings.Contains(e, tt.want) {
				t.Errorf("a script of %d bytes, reproduceError %q; want none, and %q", len(script), e, tt.want)
			}
			if len(resp.Steps) != 2 || resp.Steps[1].Reproduce != "" {
				t.Errorf("the history's answer changed: %d steps", len(resp.Steps))
			}
		})
	}
}
