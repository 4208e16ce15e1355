package helm

import (
	"errors"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// binary is the shell word that names a Helm's binary in a reproduce script: the environment
// variable HELM3 or HELM4, defaulting to the build of scripts/reproduce/build-helm.sh.
func (v version) binary() (word, variable, build string) {
	variable, build = "HELM3", "helm-v3.21.4"
	if v == helm4 {
		variable, build = "HELM4", "helm-v4.3.2"
	}
	return `"${` + variable + `:-${MERGEPLAY_CACHE:-$HOME/.cache/mergeplay}/` + build + `/helm}"`, variable, build
}

// replay runs the step's helm command on a chart whose one template is the new render verbatim
// (chart/Chart.yaml, chart/templates/render.yaml), with the binary HELM3 or HELM4 names, and
// prints what the engine prints of Helm's output: not LAST DEPLOYED, REVISION and TEST SUITE
// on the standard output, nor Helm 4's log lines (level=...) and Helm's warnings (WARNING: ...)
// on the standard error (modes.Reproduction.Replay).
func (v version) replay(in *modes.Input, resp *contract.Response) ([]modes.Replayed, error) {
	if strings.Contains(in.Request.Updated, "{{") {
		return nil, errors.New("the new render holds {{, which helm would read as a template: the chart's template cannot be the render verbatim")
	}
	word, variable, build := v.binary()
	out := make([]modes.Replayed, len(resp.Commands))
	for i, c := range resp.Commands {
		helm := word + strings.TrimPrefix(c.Line, "helm")
		out[i] = modes.Replayed{
			Note: "helm runs as " + variable + " says (default: the " + build + " that mergeplay's scripts/reproduce/build-helm.sh builds);\n" +
				"the chart is one template, the new render verbatim; Helm's lines the playground does not\n" +
				"print (LAST DEPLOYED, REVISION, TEST SUITE, level=..., WARNING: ...) are left out.",
			Files: []modes.File{
				{Name: strings.TrimPrefix(ChartDir, "./") + "/Chart.yaml", Text: "apiVersion: v2\nname: mergeplay\nversion: 0.1.0\n"},
				{Name: strings.TrimPrefix(ChartDir, "./") + "/templates/render.yaml", Text: in.Request.Updated},
			},
			Line: "( " + helm + " >helm-out.txt 2>helm-err.txt; status=$?; " +
				"grep -v -E '^(LAST DEPLOYED|REVISION|TEST SUITE):' helm-out.txt; " +
				"grep -v -E '^(level=|WARNING: )' helm-err.txt >&2; exit $status )",
		}
	}
	return out, nil
}

// kept checks a step against the releases the steps before it installed (kept: the release's
// key, its last render): helm upgrade reads the release from the cluster, so an upgrade of a
// release no earlier step installed, or whose previous render (original) is not the render the
// release last took, cannot be replayed; nor can an install of a release an earlier step
// installed (helm refuses a name in use). A step carried out records its render
// (modes.Reproduction.Kept).
func (v version) kept(in *modes.Input, resp *contract.Response, kept map[string]string) error {
	rel := releaseOf(in)
	key := "helm release " + rel.name + " in namespace " + rel.namespace
	last, installed := kept[key]
	switch {
	case !upgrading(in) && installed:
		return errors.New("helm install of the release " + rel.name + ", which an earlier step installed: helm refuses a name still in use " +
			"(make the step an upgrade, the earlier render its previous one), so no cluster replays it")
	case upgrading(in) && !installed:
		return errors.New("helm upgrade of the release " + rel.name + ", which no earlier step installed: a cluster holds no such release " +
			"(helm upgrade reads the previous render from it), so no cluster replays it; begin the history with its helm install")
	case upgrading(in):
		prev, err := renderKey(in.Original)
		if err != nil {
			return err
		}
		if prev != last {
			return errors.New("the previous render (original) is not the render the release " + rel.name + " last took (helm upgrade reads " +
				"that one from the cluster), so no cluster replays this step: give the earlier step's new render")
		}
	}
	if len(resp.Errors) == 0 && len(resp.Conflicts) == 0 {
		next, err := renderKey(in.Updated)
		if err != nil {
			return err
		}
		kept[key] = next
	}
	return nil
}

// renderKey is a render as kept compares it: each object's sorted JSON, in order.
func renderKey(rs []*stream.Resource) (string, error) {
	out := make([]string, len(rs))
	for i, r := range rs {
		text, err := yamltree.SortedJSON(r.Root)
		if err != nil {
			return "", err
		}
		out[i] = text
	}
	return strings.Join(out, "\n"), nil
}
