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
		s.run(i+1, c, line, failed)
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
	s.b.WriteString(heredoc(command.NewFile, strings.Join(created, "\n---\n")+"\n"))
	return nil
}

// run runs one command, by line (c's own, or the shell line that replays it), and checks what it
// prints; failed writes what follows an unexpected failure.
func (s *script) run(n int, c contract.Command, line string, failed func()) {
	out, errs := "printed-"+strconv.Itoa(n)+".txt", "error-"+strconv.Itoa(n)+".txt"
	s.say("$ " + c.Line)
	refused := len(s.resp.Conflicts) > 0 || s.resp.RefusedOnly()
	s.line("if " + line + " >" + out + " 2>" + errs + "; then")
	s.line("	cat " + out)
	if refused {
		s.line("	echo " + shell.Quote("mergeplay: the command succeeded; the playground says it is refused ("+refusal(s.resp)+")."))
		s.line("	failed=1")
	}
	s.line("else")
	s.line("	cat " + errs + " >&2")
	if !refused {
		s.line("	echo " + shell.Quote("mergeplay: the command failed; the playground says it succeeds.") + " >&2")
		failed()
	}
	s.line("fi")
	if len(c.Output) > 0 {
		s.b.WriteString(heredoc("want-"+out, strings.Join(c.Output, "\n")+"\n"))
		s.line("diff -u want-" + out + " " + out + " || failed=1")
	}
	if c.Error != "" {
		s.b.WriteString(heredoc("want-"+errs, c.Error+"\n"))
		s.line("diff -u want-" + errs + " " + errs + " || failed=1")
	}
}

// refusal names why the playground says a command is refused.
func refusal(resp *contract.Response) string {
	if len(resp.Conflicts) > 0 {
		return "conflicts"
	}
	return "the API server refuses the object"
}
