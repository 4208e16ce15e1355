package yamldiff

import "github.com/mergeplay/mergeplay/engine/contract"

// The modes every class may run in.
var allModes = []string{"apply", "patch", "twoway", "ssa", "merge3"}

// Case is one request: a mode and its three texts, made by a class.
type Case struct {
	Class string
	Mode  string
	Index int
	// Original, Updated and Live are the request's texts; a mode that does not read one leaves
	// it empty.
	Original, Updated, Live string
	// Story says what the class did, for a reader of a difference.
	Story string
}

// Request is the case as a contract request, with kubectl's defaults.
func (c *Case) Request() *contract.Request {
	opts := contract.DefaultOptions()
	opts.APIServer = contract.APIServerOff // the libraries' answer: no API server stores or validates it
	return &contract.Request{Mode: c.Mode, Original: c.Original, Updated: c.Updated, Live: c.Live, Options: opts}
}

// placement says which of a mode's inputs carry a class's trick; the others carry the plain
// version of the same object.
type placement uint8

const (
	inUpdated placement = iota // the config, the patch, the new render, upstream now
	inLive                     // the object in the cluster, the local copy
	inAll                      // every input the mode reads
	placements
)

// String names a placement for a story.
func (p placement) String() string {
	return [...]string{"in updated", "in live", "in every input"}[p]
}

// assemble makes a mode's case from the trick and plain texts of one object: original and live
// plain (or tricked, by placement), updated tricked (or plain). The original of apply is the
// last-applied configuration, of twoway the previous render, of merge3 upstream as it was.
func assemble(mode string, trick, plain string, p placement) (original, updated, live string) {
	pick := func(tricked bool) string {
		if tricked {
			return trick
		}
		return plain
	}
	updated = pick(p != inLive)
	live = pick(p != inUpdated)
	switch mode {
	case "apply", "twoway", "merge3":
		original = pick(p == inAll)
	}
	if mode == "merge3" && p == inLive {
		updated = plain + "  # upstream changed a comment only\n"
	}
	return original, updated, live
}
