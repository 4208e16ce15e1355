package reproduce

import (
	"errors"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
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
	s.line("echo '== the initial live, as the playground read it'")
	for _, ns := range s.namespaces() {
		s.line("kubectl get namespace " + shell.Quote(ns) + " >/dev/null 2>&1 || kubectl create namespace " + shell.Quote(ns))
	}
	for i, r := range s.in.Live {
		file := "live-" + strconv.Itoa(i+1) + ".json"
		text, err := yamltree.SortedJSON(creatable(r.Root))
		if err != nil {
			return err
		}
		s.b.WriteString(heredoc(file, text+"\n"))
		s.setup("kubectl create -f "+file, "the live object of "+file)
		if s.mode.Reproduce.LiveState == modes.LiveLastApplied {
			if err := s.lastAppliedOf(i+1, r); err != nil {
				return err
			}
		}
		if err := s.managedFieldsOf(i+1, r); err != nil {
			return err
		}
	}
	return nil
}

// historyStep runs step n of a history in a folder of its own (its files are config.yaml and
// the others its commands name) and compares the object after it.
func (s *script) historyStep(n, of int) error {
	dir := "step-" + strconv.Itoa(n)
	s.line("echo " + shell.Quote("== step "+strconv.Itoa(n)+" of "+strconv.Itoa(of)+": "+s.mode.Title))
	s.line(`mkdir "$work/` + dir + `" && cd "$work/` + dir + `"`)
	if n > 1 && s.mode.Reproduce.LiveState == modes.LiveLastApplied {
		for i, r := range s.in.Live { // an apply given its own original: live's annotation holds it
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
// it: the step's result when the real tool carried it out, else the object before it.
func (s *script) compareStep(n int) error {
	s.say("-- after step " + strconv.Itoa(n) + ": what the cluster holds, compared with the playground")
	before := map[string]*yamltree.Node{}
	for _, r := range s.in.Live {
		before[r.ID.String()] = r.Root
	}
	if len(s.resp.Errors) > 0 || len(s.resp.Conflicts) > 0 {
		for i, r := range s.in.Live {
			if err := s.compareState(i+1, r.ID, r.Root, nil); err != nil {
				return err
			}
		}
		s.notCreated()
		return nil
	}
	if s.resp.Result != "" {
		docs, err := yamltree.Parse(yamltree.Input("result"), s.resp.Result, yamltree.Options{Rules: yamltree.YAML11})
		if err != nil {
			return err
		}
		if len(docs) != len(s.resp.ResultResources) {
			return errors.New("the result holds " + strconv.Itoa(len(docs)) + " documents for " + strconv.Itoa(len(s.resp.ResultResources)) + " resources")
		}
		for i, d := range docs {
			id, ok := s.ids[s.resp.ResultResources[i]]
			if !ok {
				return errors.New("the result's resource " + s.resp.ResultResources[i] + " is in no input")
			}
			if err := s.compareState(i+1, id, d.Root, before[id.String()]); err != nil {
				return err
			}
		}
	}
	s.gone()
	return nil
}

// compareState compares one object of the cluster with the playground's: every value (but
// managedFields), nothing where before held a field the object lacks, and its managedFields'
// owners (checkEntries).
func (s *script) compareState(k int, id stream.ID, root, before *yamltree.Node) error {
	values := checkObject(managed.WithoutManagedFields(root))
	if before != nil {
		values.absentSince(checkObject(managed.WithoutManagedFields(before)))
	}
	owners, err := checkEntries(s.in.Schema.Root(id.APIVersion, id.Kind), root)
	if err != nil {
		return err
	}
	n := strconv.Itoa(k)
	name := command.TypeArg(id) + "/" + id.Name
	s.line("kubectl get " + target(id) + " -o yaml --show-managed-fields || true")
	if len(values.skipped) > 0 {
		s.line("# not compared (set by the API server, or a key jsonpath cannot name): " + oneLine(strings.Join(values.skipped, ", ")))
	}
	s.b.WriteString(heredoc("fields-"+n+".jsonpath", values.template.String()))
	s.b.WriteString(heredoc("want-"+n+".txt", values.want.String()))
	s.b.WriteString(heredoc("owners-"+n+".tmpl", owners.template))
	s.b.WriteString(heredoc("want-owners-"+n+".txt", owners.want))
	s.line("kubectl get " + target(id) + " -o jsonpath-file=fields-" + n + ".jsonpath >got-" + n + ".txt || true")
	s.line("{ kubectl get " + target(id) + " -o go-template-file=owners-" + n + ".tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-" + n + ".txt")
	s.line("if diff -u want-" + n + ".txt got-" + n + ".txt && diff -u want-owners-" + n + ".txt got-owners-" + n + ".txt; then")
	s.line("	echo " + shell.Quote("mergeplay: "+name+": every field and owner compared agrees"))
	s.line("else")
	s.line("	failed=1")
	s.line("fi")
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
