package command

import (
	"slices"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/stream"
)

// ConfigFile is the name the commands give the config (the updated input) on disk.
const ConfigFile = "config.yaml"

// NewFile is the name the commands give the objects an update creates (kubectl create -f).
const NewFile = "new.yaml"

// Answer is a request, its parsed inputs and the mode's response, with the resources'
// identities by their contract names: what a mode's command writer (modes.Mode.Commands) reads.
type Answer struct {
	In   *modes.Input
	Resp *contract.Response
	ids  map[string]stream.ID // by name, found at the first call of IDs
}

// For returns the commands a request stands for and what they print, written by the mode from
// its response; when the API server refuses the objects (resp.Refused), the commands print
// nothing and fail with kubectl's text for each; none when the response carries other errors or
// the mode writes no commands.
func For(m modes.Mode, in *modes.Input, resp *contract.Response) []contract.Command {
	switch {
	case m.Commands == nil:
		return []contract.Command{}
	case resp.RefusedOnly():
		printed := make([]string, len(resp.Refused))
		for i, r := range resp.Refused {
			printed[i] = r.Printed
		}
		// Without the mode's answer: each mode writes its command, a patch one for each live
		// object a patch targets.
		sent := contract.NewResponse()
		for _, r := range in.Live {
			sent.ResultResources = append(sent.ResultResources, r.Identity())
		}
		cmds := m.Commands(in, sent)
		if own, ok := ownRefusals(m, in, resp, cmds); ok {
			return own
		}
		return failing(cmds, strings.Join(printed, "\n"))
	case len(resp.Errors) > 0:
		return []contract.Command{}
	case resp.PartlyRefused() && m.GoesOn:
		return withRefusals(m, in, resp)
	}
	cmds := m.Commands(in, resp)
	withWarnings(in, resp, cmds)
	return cmds
}

// withRefusals is the commands of an answer whose refused objects were left out (the API server
// accepted the others; package handler): what each prints of the accepted objects, and the
// refusals on standard error after it, as kubectl prints them at the end (observed with kubectl
// v1.37.2: `configmap/a configured`, `configmap/c configured`, then `The Secret "b" is invalid:
// ...`, exit status 1). The commands are the whole config's; each refused object's command,
// written from it alone, fails with its refusal and prints nothing of it: the file's command
// (kubectl apply -f config.yaml, found by its line, or as the one command of its kind when the
// line names the config's labels) after printing the others, its own (its kubectl patch) alone.
func withRefusals(m modes.Mode, in *modes.Input, resp *contract.Response) []contract.Command {
	cmds := m.Commands(in, resp)
	for _, r := range resp.Refused {
		id := in.Updated[slices.IndexFunc(in.Updated, func(u *stream.Resource) bool { return u.ID.String() == r.Resource })].ID
		for _, c := range commandsOf(m, in, r.Resource) {
			i := slices.IndexFunc(cmds, func(x contract.Command) bool { return x.Line == c.Line })
			if i < 0 && len(cmds) == 1 && cmds[0].About == c.About {
				i = 0
			}
			if i < 0 {
				cmds, i = append(cmds, c), len(cmds)
			}
			cmds[i].Output = slices.DeleteFunc(cmds[i].Output, func(line string) bool { return strings.HasPrefix(line, Printed(id, "")) })
			cmds[i].Error = strings.TrimPrefix(cmds[i].Error+"\n"+r.Printed, "\n")
		}
	}
	withWarnings(in, resp, cmds)
	return cmds
}

// withWarnings gives each command the warnings of the objects it wrote (resp.Warned), in their
// order: kubectl prints them on its standard error as each request comes back (Command.Warnings,
// before what it prints of the objects), and a failing command's refusals at the end, after them
// (observed with kubectl v1.37.2: make apiserver-diff seed 1, apply-2; a Deployment holding a
// port defined twice, created, applied and replaced).
func withWarnings(in *modes.Input, resp *contract.Response, cmds []contract.Command) {
	if len(resp.Warned) == 0 {
		return
	}
	ids := NewAnswer(in, resp)
	for i := range cmds {
		var lines []string
		for _, w := range resp.Warned {
			id := ids.ID(w.Resource)
			if id.Kind != "" && slices.ContainsFunc(cmds[i].Output, func(line string) bool { return strings.HasPrefix(line, Printed(id, "")) }) {
				lines = append(lines, w.Lines...)
			}
		}
		switch {
		case len(lines) == 0:
		case cmds[i].Error != "":
			cmds[i].Error = strings.Join(lines, "\n") + "\n" + cmds[i].Error
		default:
			cmds[i].Warnings = lines
		}
	}
}

// commandsOf is the commands the mode writes for one resource of the config alone.
func commandsOf(m modes.Mode, in *modes.Input, resource string) []contract.Command {
	return m.Commands(only(in, resource), &contract.Response{ResultResources: []string{resource}, Extra: map[string]any{}})
}

// only is in with the config's document of one resource alone.
func only(in *modes.Input, resource string) *modes.Input {
	one := *in
	one.Updated = nil
	for _, r := range in.Updated {
		if r.ID.String() == resource {
			one.Updated = append(one.Updated, r)
		}
	}
	return &one
}

// ownRefusals gives each of several commands, each written for one object (a kubectl patch
// each), its own object's refusal and no output, and reports whether every command got one: a
// command prints only its own object's refusal (make apiserver-diff seed 9, patch-11: two
// patches refused, kubectl v1.37.2).
func ownRefusals(m modes.Mode, in *modes.Input, resp *contract.Response, cmds []contract.Command) ([]contract.Command, bool) {
	if len(cmds) < 2 {
		return cmds, false
	}
	errs := make([]string, len(cmds))
	for _, r := range resp.Refused {
		for _, c := range commandsOf(m, in, r.Resource) {
			i := slices.IndexFunc(cmds, func(x contract.Command) bool { return x.Line == c.Line })
			if i < 0 {
				return cmds, false
			}
			errs[i] = strings.TrimPrefix(errs[i]+"\n"+r.Printed, "\n")
		}
	}
	if slices.Contains(errs, "") {
		return cmds, false
	}
	for i := range cmds {
		cmds[i].Output, cmds[i].Error = nil, errs[i]
	}
	return cmds, true
}

// failing gives each command the error it prints, and no output.
func failing(cmds []contract.Command, message string) []contract.Command {
	for i := range cmds {
		cmds[i].Output, cmds[i].Error = nil, message
	}
	return cmds
}

// NewAnswer is a request's inputs and a response, with the resources' identities by name.
func NewAnswer(in *modes.Input, resp *contract.Response) *Answer {
	return &Answer{In: in, Resp: resp}
}

// ID returns the identity of a resource named as the contract names it.
func (a *Answer) ID(resource string) stream.ID {
	return a.IDs()[resource]
}

// IDs returns the identities of every resource of the three inputs, by name. They are found at
// the first call: a mode whose commands know their resources' identities otherwise (apply's)
// never names the 12,600 resources of a large stream again at every key.
func (a *Answer) IDs() map[string]stream.ID {
	if a.ids != nil {
		return a.ids
	}
	in := a.In
	a.ids = make(map[string]stream.ID, len(in.Original)+len(in.Updated)+len(in.Live))
	for _, rs := range [][]*stream.Resource{in.Original, in.Updated, in.Live} {
		for _, r := range rs {
			a.ids[r.Identity()] = r.ID
		}
	}
	return a.ids
}

// Refused returns the commands a request stands for when kubectl refuses every document of its
// config before it sends anything (their metadata does not decode: package objectmeta), each
// with kubectl's refusals as its error (refusalText), and nothing printed.
func Refused(m modes.Mode, in *modes.Input, refusals []contract.Error) []contract.Command {
	if m.Commands == nil || len(refusals) == 0 {
		return []contract.Command{}
	}
	// Without the mode's answer, each mode writes its one command, printing nothing.
	cmds := m.Commands(in, contract.NewResponse())
	AddRefusals(cmds, refusals)
	return cmds
}

// AddRefusals gives each command the error kubectl prints for the documents of its file it could
// not decode and left out, having applied the others (observed with kubectl v1.37.2: the applied
// resources' lines on standard output, then on standard error `error: unable to decode
// "config.yaml": json: cannot unmarshal bool into Go struct field
// ObjectMeta.metadata.annotations of type string` for one such document, and for several one
// line each without "error: " before it).
func AddRefusals(cmds []contract.Command, refusals []contract.Error) {
	text := refusalText(refusals)
	for i := range cmds {
		cmds[i].Error = text
	}
}

// refusalText is what kubectl prints for its refusals: "error: " and the message for one, the
// messages one a line for several.
func refusalText(refusals []contract.Error) string {
	if len(refusals) == 1 {
		return "error: " + refusals[0].Message
	}
	lines := make([]string, len(refusals))
	for i, e := range refusals {
		lines[i] = e.Message
	}
	return strings.Join(lines, "\n")
}
