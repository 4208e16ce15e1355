package reference

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/merge3diff"
	"github.com/mergeplay/mergeplay/scripts/conformance/patchdiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/ssadiff"
)

// SpeedRequest returns the request of a mode's speed benchmark on n resources: the stream
// Benchmark<Mode>Speed times in its differential package (applydiff.SpeedStream,
// merge3diff.SpeedStream, ssadiff.NewSpeedStream, patchdiff.SpeedPatchStream and
// SpeedTwoWayStream), the same for the same n.
func (p *Pipelines) SpeedRequest(mode string, n int) (*contract.Request, error) {
	switch mode {
	case "apply":
		c, err := applydiff.SpeedStream(n)
		if err != nil {
			return nil, err
		}
		return c.Request(), nil
	case "merge3":
		c, err := merge3diff.SpeedStream(n)
		if err != nil {
			return nil, err
		}
		return c.Request(), nil
	case "ssa":
		ref, err := p.ssa()
		if err != nil {
			return nil, err
		}
		s, err := ssadiff.NewSpeedStream(ref, n)
		if err != nil {
			return nil, err
		}
		return s.Request(), nil
	case "patch":
		c, err := patchdiff.SpeedPatchStream(n)
		if err != nil {
			return nil, err
		}
		return c.Request(), nil
	case "twoway":
		c, err := patchdiff.SpeedTwoWayStream(n)
		if err != nil {
			return nil, err
		}
		return c.Request(), nil
	}
	return nil, fmt.Errorf("unknown mode %q (want one of %v)", mode, Modes())
}
