package reproduce

import (
	"errors"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Step is one step of a history as the handler answered it: its mode, its inputs as the mode
// read them (live: the object before the step) and its response.
type Step struct {
	Mode modes.Mode
	In   *modes.Input
	Resp *contract.Response
}

// History returns the reproduce script of a whole history: on one cluster, the initial live as
// the history gives it (its fields, its last-applied annotation, its managedFields, or none),
// then every step's commands in order, each as its mode runs it (modes.Reproduction), and after
// each step the object compared with the playground's answer for that step: its values, the
// fields the step removed, and who owns each field (checkEntries). A step the playground says is
// refused must be refused by the cluster too; the script goes on either way, as a shell running
// the commands one after another would. An error says why a cluster cannot replay the history:
// a step whose mode has no script (merge3 changes files, Helm 2's Tiller cannot run here), one
// the playground refuses for a reason a cluster does not give, or one unreproducible says.
func History(steps []Step) (string, error) {
	if len(steps) == 0 {
		return "", errors.New("a history without steps has no script")
	}
	for i, st := range steps {
		if reason := unreplayable(st); reason != "" {
			return "", errors.New("step " + strconv.Itoa(i+1) + " (" + st.Mode.Name + "): " + reason)
		}
	}
	if err := keptAlong(steps); err != nil {
		return "", err
	}
	b := &strings.Builder{}
	setup := newScript(b, steps[0].Mode, allInputs(steps), steps[0].Resp)
	setup.historyPreamble(len(steps))
	if err := setup.schema(); err != nil {
		return "", err
	}
	if err := setup.customDefinitions(); err != nil {
		return "", err
	}
	if err := setup.initialLive(); err != nil {
		return "", err
	}
	for i, st := range steps {
		s := newScript(b, st.Mode, st.In, st.Resp)
		if err := s.historyStep(i+1, len(steps)); err != nil {
			return "", err
		}
	}
	setup.verdict()
	return b.String(), nil
}

// unreplayable says why a cluster cannot replay a step, "" when it can.
func unreplayable(st Step) string {
	switch {
	case !st.Mode.Reproduce.Replays:
		return "the mode does not run against a cluster, so the history has no reproduce script"
	case len(st.Resp.Errors) > 0 && !st.Resp.RefusedOnly():
		return "the playground refuses the step for a reason an API server does not give (" + st.Resp.Errors[0].Message + ")"
	case len(st.Resp.Commands) == 0:
		return "the step stands for no command"
	}
	return unreproducible(st.Mode, st.In)
}

// allInputs is what the script's setup reads of a whole history: the history's options (the
// first step's), the initial live, and every step's configs (for the namespaces and the custom
// kinds to create).
func allInputs(steps []Step) *modes.Input {
	first := steps[0].In
	req := *first.Request
	req.Mode = contract.History
	in := &modes.Input{Request: &req, Original: first.Original, Live: first.Live, Schema: first.Schema, User: first.User}
	for _, st := range steps {
		in.Updated = append(in.Updated, st.In.Updated...)
		in.Original = append(in.Original, st.In.Original...)
	}
	return in
}

// historyPreamble is preamble, said of a history.
func (s *script) historyPreamble(steps int) {
	s.preamble()
	s.line("# A history of " + strconv.Itoa(steps) + " steps: after each step the object is compared with the playground's")
	s.line("# answer for that step (its values, the fields the step removed, who owns each field), and")
	s.line("# the script goes on to the next step whatever it found.")
}

// initialLive creates the history's live objects, then gives them what the first step reads:
// the last-applied annotation the first step's original holds (an apply), and live's
// managedFields, or none (every later step meets the managedFields the steps before it left).
func (s *script) initialLive() error {
	return s.createLive("== the initial live, as the playground read it", func(n int, r *stream.Resource) error {
		if s.mode.Reproduce.LiveState == modes.LiveLastApplied {
			if err := s.lastAppliedOf(n, r); err != nil {
				return err
			}
		}
		return s.managedFieldsOf(n, r)
	})
}

// historyStep runs step n of a history in a folder of its own (its files are config.yaml and
// the others its commands name) and compares the object after it.
func (s *script) historyStep(n, of int) error {
	dir := "step-" + strconv.Itoa(n)
	s.line("echo " + shell.Quote("== step "+strconv.Itoa(n)+" of "+strconv.Itoa(of)+": "+s.mode.Title))
	s.line(`mkdir "$work/` + dir + `" && cd "$work/` + dir + `"`)
	if n > 1 && s.mode.Reproduce.LiveState == modes.LiveLastApplied && len(s.in.Original) > 0 {
		// an apply given its own original: live's annotation holds it (else the cluster's
		// object already holds the annotation the steps before left)
		for i, r := range s.in.Live {
			if err := s.lastAppliedOf(i+1, r); err != nil {
				return err
			}
		}
	}
	if err := s.commands(func() { s.line("	failed=1") }); err != nil {
		return err
	}
	if err := s.compareStep(n); err != nil {
		return err
	}
	s.line(`cd "$work"`)
	return nil
}

// compareStep compares what the cluster holds after a step with the playground's object after
// it: the step's result when the real tool carried it out (an object it deleted must be gone),
// else the object before it, or what the tool wrote before it was refused
// (contract.AfterRefusal).
func (s *script) compareStep(n int) error {
	s.say("-- after step " + strconv.Itoa(n) + ": what the cluster holds, compared with the playground")
	before := map[string]*yamltree.Node{}
	for _, r := range s.in.Live {
		before[r.ID.String()] = r.Root
	}
	if len(s.resp.Errors) > 0 || len(s.resp.Conflicts) > 0 {
		left, err := s.leftAfterRefusal()
		if err != nil {
			return err
		}
		for i, r := range left {
			if err := s.compareState(i+1, r.ID, r.Root, nil); err != nil {
				return err
			}
		}
		s.notCreated()
		return nil
	}
	if s.resp.Result != "" {
		err := s.eachResult(func(k int, id stream.ID, root *yamltree.Node) error {
			return s.compareState(k, id, root, before[id.String()])
		})
		if err != nil {
			return err
		}
	}
	s.gone()
	return nil
}

// leftAfterRefusal is what a refused step leaves: live as it was, or the objects its
// contract.AfterRefusal holds.
func (s *script) leftAfterRefusal() ([]*stream.Resource, error) {
	left, ok := s.resp.LeftAfterRefusal()
	if !ok {
		return s.in.Live, nil
	}
	docs, err := yamltree.Parse(yamltree.Live, left.Result, yamltree.Options{Rules: yamltree.YAML11})
	if err != nil {
		return nil, err
	}
	return stream.SplitKnown(docs, s.in.Schema)
}

// compareState compares one object of the cluster with the playground's: every value (but
// managedFields), nothing where before held a field the object lacks, and its managedFields'
// owners (checkEntries).
func (s *script) compareState(k int, id stream.ID, root, before *yamltree.Node) error {
	values := checkObject(managed.ViewWithoutManagedFields(root))
	if before != nil {
		values.absentSince(checkObject(managed.ViewWithoutManagedFields(before)))
	}
	owners, err := checkEntries(s.in.Schema.Root(id.APIVersion, id.Kind), root)
	if err != nil {
		return err
	}
	s.writeCheck(k, id, values, owners)
	return nil
}

// verdict ends a history's script: what it found, and its exit status.
func (s *script) verdict() {
	s.line(`if [ "$failed" = 0 ]; then`)
	s.line("	echo 'mergeplay: after every step, the cluster agrees with the playground.'")
	s.line("else")
	s.line("	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2")
	s.line("fi")
	s.line(`exit "$failed"`)
}
