package reproduce

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// operation writes the config and runs the response's commands: each one's standard output is
// diffed with the lines the playground says kubectl prints and, when the playground says the
// command fails, its standard error with kubectl's message.
func (s *script) operation() error {
	s.line("echo '== 2. the operation'")
	return s.commands(s.stopOnFailure)
}

// commands writes the config files and runs the response's commands, each as its mode replays
// it (modes.Reproduction.Replay) or as written; failed is what the script does when a command
// the playground says succeeds fails.
func (s *script) commands(failed func()) error {
	if err := s.configFiles(); err != nil {
		return err
	}
	var replayed []modes.Replayed
	if s.mode.Reproduce.Replay != nil {
		var err error
		if replayed, err = s.mode.Reproduce.Replay(s.in, s.resp); err != nil {
			return err
		}
	}
	for i, c := range s.resp.Commands {
		line := c.Line
		if i < len(replayed) {
			s.replayedFiles(replayed[i])
			line = replayed[i].Line
		}
		s.run(i+1, c, s.lineWithClusterUIDs(line), failed)
	}
	return nil
}

// stopOnFailure stops a single answer's script when a command fails that the playground says
// succeeds: nothing after it can agree.
func (s *script) stopOnFailure() {
	s.line("	exit 1")
}

// configFiles writes config.yaml, the updated input as written; when an update also creates
// objects (kubectl create -f new.yaml), config.yaml holds the objects live has and new.yaml the
// others, each as JSON documents.
func (s *script) configFiles() error {
	creates := false
	for _, c := range s.resp.Commands {
		creates = creates || strings.HasSuffix(c.Line, " "+command.NewFile)
	}
	if !creates {
		s.b.WriteString(heredoc(command.ConfigFile, withNewline(s.in.Request.Updated)))
		s.withClusterUIDs(command.ConfigFile, s.in.Request.Updated)
		return nil
	}
	inLive := map[string]bool{}
	for _, r := range s.in.Live {
		inLive[r.ID.String()] = true
	}
	var existing, created []string
	for _, u := range s.in.Updated {
		text, err := yamltree.SortedJSON(u.Root)
		if err != nil {
			return err
		}
		if inLive[u.ID.String()] {
			existing = append(existing, text)
		} else {
			created = append(created, text)
		}
	}
	s.b.WriteString(heredoc(command.ConfigFile, strings.Join(existing, "\n---\n")+"\n"))
	s.withClusterUIDs(command.ConfigFile, strings.Join(existing, "\n"))
	s.b.WriteString(heredoc(command.NewFile, strings.Join(created, "\n---\n")+"\n"))
	return nil
}

// run runs one command, by line (c's own, or the shell line that replays it), and checks what it
// prints; failed writes what follows an unexpected failure.
func (s *script) run(n int, c contract.Command, line string, failed func()) {
	out, errs := "printed-"+strconv.Itoa(n)+".txt", "error-"+strconv.Itoa(n)+".txt"
	s.say("$ " + c.Line)
	refused := len(s.resp.Conflicts) > 0 || s.resp.RefusedOnly() || s.resp.PartlyRefused() && c.Error != ""
	s.line("if " + line + " >" + out + " 2>" + errs + "; then")
	s.line("	cat " + out)
	if refused {
		s.line("	echo " + shell.Quote("mergeplay: the command succeeded; the playground says it is refused ("+refusal(s.resp)+")."))
		s.line("	failed=1")
	}
	s.line("else")
	s.line("	cat " + errs + " >&2")
	s.undecodable(errs)
	if !refused {
		s.line("	echo " + shell.Quote("mergeplay: the command failed; the playground says it succeeds.") + " >&2")
		failed()
	}
	s.line("fi")
	if len(c.Output) > 0 {
		s.b.WriteString(heredoc("want-"+out, strings.Join(c.Output, "\n")+"\n"))
		s.withClusterUIDs("want-"+out, strings.Join(c.Output, "\n"))
		s.line("diff -u want-" + out + " " + out + " || failed=1")
	}
	if c.Error != "" {
		s.b.WriteString(heredoc("want-"+errs, c.Error+"\n"))
		s.withClusterUIDs("want-"+errs, c.Error) // a refusal quotes the uid the operation sent
		got := errs
		if strings.Contains(c.Error, elidedPatch) {
			got = "elided-" + errs
			s.line(`sed 's/Invalid value: "map\[.*\]": strict decoding error: /` + elidedPatch + `/' ` + errs + " >" + got)
		}
		s.line("diff -u want-" + errs + " " + got + " || failed=1")
	}
}

// elidedPatch is how the playground writes the patch the API server prints as a Go map in a
// strict decoding refusal (apiserver.StrictDecoding); the script elides kubectl's map alike
// before it compares the messages.
const elidedPatch = `Invalid value: "map[…]": strict decoding error: `

// refusal names why the playground says a command is refused.
func refusal(resp *contract.Response) string {
	if len(resp.Conflicts) > 0 {
		return "conflicts"
	}
	return "the API server refuses the object"
}

// undecodable stops the script with status 3 when a patch mode's command failed because the API
// server cannot decode the patched object into its kind's Go type: a value of another type than
// the field's (a string where a map or struct is, a number where a map is), a
// metadata.creationTimestamp that is not an RFC 3339 time, a resourceVersion that is not a
// number. The patch, an input, is then refused as given: the playground does not decode objects
// into their Go types. kubectl prints `The request is invalid: patch: Invalid value: "map[...]":
// cannot restore struct from: string` (or `parsing time ...`), and `Error from server:
// strconv.ParseUint: ...` for the resourceVersion (observed on kube-apiserver v1.37.2, make
// apiserver-diff). A strict decoding error (an unknown field) is not one of them: directives a
// merge leaves in the object are the merge's, not the input's.
func (s *script) undecodable(errs string) {
	if !s.mode.Reproduce.PatchesObjects {
		return
	}
	s.line("	if grep -q -e '^The request is invalid: patch: Invalid value: ' -e '^Error from server: strconv.Parse' " + errs +
		" && ! grep -q 'strict decoding error' " + errs + "; then")
	s.line("		echo 'mergeplay: the cluster cannot decode the patched object (the message above): the patch is refused as given. Nothing compared.' >&2")
	s.line("		exit 3")
	s.line("	fi")
}
