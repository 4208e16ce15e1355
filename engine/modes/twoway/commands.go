package twoway

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
)

// commands is helm upgrade, under Helm 2 (the result) and under Helm 3 (extra.threeWay) (modes.Mode.Commands).
func commands(*modes.Input, *contract.Response) []contract.Command {
	line := shell.Join("helm", "upgrade", "RELEASE", "CHART")
	return []contract.Command{
		{Tool: "helm", Line: line, About: "Helm 2: Tiller sends the two-way patch from the previous render to the new one (the result); live edits outside it stay"},
		{Tool: "helm", Line: line, About: "Helm 3: a three-way patch from the previous render, the new one and live, as kubectl apply sends (the Helm 3 side of the Helm 2 | Helm 3 tab)"},
	}
}
