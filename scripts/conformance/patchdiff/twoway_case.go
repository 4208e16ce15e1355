package patchdiff

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// TwoWayCase is one Helm 2 upgrade: the previous release's render, the new render and the
// objects in the cluster.
type TwoWayCase struct {
	Seed     uint64 `json:"seed"`
	Index    int    `json:"index"`
	Previous string `json:"previous"`
	Next     string `json:"next"`
	Live     string `json:"live"`
	// WantError is set when the generator broke the upgrade on purpose (a container without its
	// merge key, so the two-way patch must fail; or an object new in the render created in live
	// first, which Helm 2 refuses to patch without a previous release of it).
	WantError bool     `json:"wantError"`
	Story     []string `json:"story"`

	// prevDocs and nextDocs are Previous and Next read as kubectl reads them, kept from
	// generating the case (the reference reads them with the same function).
	prevDocs, nextDocs [][]byte
}

// Request returns the engine's request for the case.
func (c *TwoWayCase) Request() *contract.Request {
	opts := contract.DefaultOptions()
	opts.APIServer = contract.APIServerOff // the libraries' answer: no API server stores or validates it
	return &contract.Request{Mode: "twoway", Original: c.Previous, Updated: c.Next, Live: c.Live, Options: opts}
}

// NewTwoWayCase builds case index of seed from applydiff's case index: its config0 is the
// previous render (Generator.Previous), its edited config the new render (resources dropped,
// added, reordered; now and then a finalizer replaced or a merge key dropped, see editNext), its
// live the cluster (objects created from config0, then drifted; now and then one of the new
// render's objects created by hand too).
func NewTwoWayCase(seed uint64, index int) (*TwoWayCase, error) {
	g := applydiff.Generator{Seed: seed}
	base, err := g.Case(index)
	if err != nil {
		return nil, err
	}
	previous := base.Original // config0 when the case gives it (TestPreviousIsConfig0)
	if previous == "" {
		previous = g.Previous(index)
	}
	c := &TwoWayCase{Seed: seed, Index: index, Previous: previous, Next: base.Updated, Live: base.Live,
		WantError: base.WantError, Story: base.Story}
	return c, editNext(c)
}
