package reproduce_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// fakeHelm is a helm that the fake kubectl records: its first word says which Helm ran, and
// the chart's template is copied as a file the call read.
const fakeHelm = "#!/bin/sh\nkubectl \"$(basename \"$0\")\" \"$@\" -f chart/templates/render.yaml\n"

// helmStep is a Helm step of a history: original, the previous render ("" for helm install).
func helmStep(mode, original, updated string, set func(*contract.Options)) *contract.Request {
	req := stepOf(mode, updated, set)
	req.Original = original
	return req
}

// TestHistoryScriptRunsHelmAndKpt runs the whole script of a history of Helm's and kpt's steps
// with a fake kubectl and fake helm binaries named by HELM3 and HELM4: each helm command runs
// on a chart whose template is the step's render verbatim, by the binary of its Helm, and kpt's
// step writes the merged local copy into pkg/ for kubectl apply -f pkg/.
func TestHistoryScriptRunsHelmAndKpt(t *testing.T) {
	v2 := strings.Replace(deployment, "nginx:1.27", "nginx:1.28", 1)
	req := historyOf(
		helmStep("helm3", "", deployment, nil),
		stepOf("scale", "", func(o *contract.Options) { o.Replicas = "5" }),
		helmStep("helm4", deployment, v2, nil),
		helmStep("helm4", v2, v2, func(o *contract.Options) { o.ServerSide, o.Force = "true", true }),
	)
	script, _ := scriptOf(t, req)
	shellReads(t, script)
	bin := t.TempDir()
	for _, name := range []string{"helm3", "helm4"} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte(fakeHelm), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	calls, dir := runWithFakeKubectl(t, script, "HELM3="+filepath.Join(bin, "helm3"), "HELM4="+filepath.Join(bin, "helm4"))
	want := []string{
		"helm3 install web ./chart -n default -f chart/templates/render.yaml",
		"scale deployment.apps/web -n default --replicas=5",
		"helm4 upgrade web ./chart -n default -f chart/templates/render.yaml",
		"helm4 upgrade web ./chart -n default --server-side=true --force-conflicts -f chart/templates/render.yaml",
	}
	renders := map[int]string{0: deployment, 2: v2, 3: v2}
	next := 0
	for i, call := range calls {
		if next < len(want) && strings.Join(call, " ") == want[next] {
			if render, ok := renders[next]; ok {
				got, err := os.ReadFile(filepath.Join(dir, "record", "file-"+itoa(i+1)+"-render.yaml"))
				if err != nil || string(got) != render {
					t.Errorf("%s: the chart's template is %q (%v), want the render %q", want[next], got, err, render)
				}
			}
			next++
		}
	}
	if next < len(want) {
		t.Errorf("the script ran the steps' commands up to %d of %d; missing %q in the calls %q", next, len(want), want[next], calls)
	}
	for _, note := range []string{"# helm runs as HELM3 says", "# helm runs as HELM4 says", "cat > chart/Chart.yaml"} {
		if !strings.Contains(script, note) {
			t.Errorf("the script holds no %q", note)
		}
	}
}

// TestKptStepAppliesTheMergedCopy: a kpt step is replayed as the local copy the playground's
// merge leaves (extra.localCopy) written to pkg/, then kubectl apply -f pkg/; kpt is not run.
func TestKptStepAppliesTheMergedCopy(t *testing.T) {
	edited := strings.Replace(deployment, "replicas: 2", "replicas: 3", 1)
	upstream := strings.Replace(deployment, "nginx:1.27", "nginx:1.28", 1)
	kpt := helmStep("kpt", deployment, upstream, nil)
	script, resp := scriptOf(t, historyOf(stepOf("apply", deployment, nil), stepOf("apply", edited, nil), kpt))
	local, _ := resp.Steps[2].Extra["localCopy"].(string)
	if !strings.Contains(local, "replicas: 3") || !strings.Contains(local, "nginx:1.28") {
		t.Fatalf("the merged local copy keeps the edit and takes upstream's change: %s", local)
	}
	if !strings.Contains(script, "cat > pkg/resources.yaml <<'MERGEPLAY_EOF'\n"+local) {
		t.Error("the script does not write the merged local copy to pkg/resources.yaml")
	}
	if !strings.Contains(script, "# kpt is not run:") || strings.Contains(script, "if kpt ") {
		t.Error("the script runs kpt, or does not say that it does not")
	}
	calls, _ := runWithFakeKubectl(t, script)
	applied := false
	for _, call := range calls {
		applied = applied || strings.Join(call, " ") == "apply -f pkg/"
	}
	if !applied {
		t.Errorf("kubectl apply -f pkg/ is not run: %q", calls)
	}
}

// TestHelmAndKptStepsWithoutAScript: the Helm and kpt steps a cluster cannot replay leave the
// history without a script, and extra.reproduceError says why.
func TestHelmAndKptStepsWithoutAScript(t *testing.T) {
	v2 := strings.Replace(deployment, "nginx:1.27", "nginx:1.28", 1)
	install := helmStep("helm3", "", deployment, nil)
	for _, tt := range []struct {
		name  string
		steps []*contract.Request
		want  string
	}{
		{"an upgrade of a release no step installed", []*contract.Request{stepOf("create", deployment, nil), helmStep("helm3", deployment, v2, nil)},
			"step 2 (helm3): helm upgrade of the release web, which no earlier step installed"},
		{"an install of a release installed", []*contract.Request{install, helmStep("helm4", "", deployment, nil)},
			"step 2 (helm4): helm install of the release web, which an earlier step installed"},
		{"a previous render the release did not take", []*contract.Request{install, helmStep("helm3", v2, v2, nil)},
			"step 2 (helm3): the previous render (original) is not the render the release web last took"},
		{"a render helm reads as a template", []*contract.Request{helmStep("helm3", "", strings.Replace(deployment, "nginx:1.27", `"nginx:{{ .Values.tag }}"`, 1), nil)},
			"the new render holds {{"},
		{"kpt's merge refused", []*contract.Request{stepOf("apply", deployment, nil),
			helmStep("kpt", deployment, "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\nspec: [1]\n", nil)},
			"kpt pkg update fails in the playground"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			script, resp := answerWithScript(historyOf(tt.steps...))
			if e, _ := resp.Extra["reproduceError"].(string); script != "" || !strings.Contains(e, tt.want) {
				t.Errorf("a script of %d bytes, reproduceError %q; want none, and %q", len(script), e, tt.want)
			}
		})
	}
}

// TestHelmUpgradeAloneHasNoScript: a single helm upgrade has no release on a cluster to
// upgrade; a single helm install has its script.
func TestHelmUpgradeAloneHasNoScript(t *testing.T) {
	upgrade := helmStep("helm3", deployment, deployment, nil)
	upgrade.Live = deployment
	script, resp := answerWithScript(upgrade)
	if e, _ := resp.Extra["reproduceError"].(string); script != "" || !strings.Contains(e, "which no earlier step installed") {
		t.Errorf("a script of %d bytes, reproduceError %q", len(script), e)
	}
	if script, _ := scriptOf(t, helmStep("helm4", "", deployment, nil)); !strings.Contains(script, `"${HELM4:-`) {
		t.Error("helm install's script does not run the binary HELM4 names")
	}
}
