package historydiff

import (
	"math/rand"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
)

// now fixes managedFields' times (the differential compares ssa's objects without them).
const now = "2026-01-01T00:00:00Z"

// writers are the modes a config may be sent by to the cluster, beside its example's own: each
// reads updated as a config (a patch's updated is a patch, which only its own example sends).
// merge3 is not one: kpt's update writes the local copy of a package, which a later apply sends,
// never the cluster's object.
var writers = []string{"apply", "ssa", "twoway", "create", "replace", "edit", "controller"}

// edits are the words of the kubectl label and annotate steps.
var edits = []string{"tier=front", "tier=back", "tier=back --overwrite", "tier-", "app=web --overwrite", "note=hello other-"}

// Histories returns n random histories of three to eight steps around the objects of the
// examples of one merge the reference pipelines can answer (no refusal, no option they do not
// model); the examples that are histories are compared as they are (TestExampleHistories).
func Histories(all []*examples.Example, seed int64, n int) []*contract.Request {
	var bases []*examples.Example
	for _, ex := range all {
		o := ex.Request.Options
		if !ex.Refused() && !o.Prune && !o.MultiKeys && o.Schema == "" && o.SchemaType == "" && ex.Mode != "patch" && ex.Mode != "merge3" && ex.Mode != contract.History {
			bases = append(bases, ex)
		}
	}
	r := rand.New(rand.NewSource(seed))
	out := make([]*contract.Request, 0, n)
	for range n {
		ex := bases[r.Intn(len(bases))]
		h := &contract.Request{Mode: contract.History, Live: ex.Request.Live, Options: contract.DefaultOptions()}
		h.Options.Now = now
		h.Options.APIServer = contract.APIServerOff // the libraries' answer: no API server stores or validates it
		for range 3 + r.Intn(6) {
			h.Steps = append(h.Steps, step(r, ex))
		}
		out = append(out, h)
	}
	return out
}

// step is one writer's step on an example's object: the example's own request, now and then
// with last-applied taken from live (original empty), or its config sent by another writer.
func step(r *rand.Rand, ex *examples.Example) *contract.Request {
	s := *ex.Request
	s.Live = ""
	s.Options.APIServer = contract.APIServerOff
	switch r.Intn(5) {
	case 0:
		s.Mode = writers[r.Intn(len(writers))]
		s.Options = contract.DefaultOptions()
		s.Options.APIServer = contract.APIServerOff
		if s.Mode == "controller" {
			s.Options.Manager = "rollout-bot"
		}
	case 4:
		s.Mode, s.Original, s.Updated = []string{"label", "annotate"}[r.Intn(2)], "", ""
		s.Options = contract.DefaultOptions()
		s.Options.APIServer = contract.APIServerOff
		s.Options.Args = edits[r.Intn(len(edits))]
	case 1:
		if s.Mode == "apply" {
			s.Original = ""
		}
	}
	if s.Mode == "ssa" && s.Options.Manager == "" {
		s.Options.Manager = "kubectl"
	}
	return &s
}
