package reproduce

import (
	"errors"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
)

// keptAlong checks every step against what the steps before it left on the cluster beside the
// objects (modes.Reproduction.Kept: a Helm release and its last render), in order; the error
// names the first step no cluster can replay.
func keptAlong(steps []Step) error {
	kept := map[string]string{}
	for i, st := range steps {
		if st.Mode.Reproduce.Kept == nil {
			continue
		}
		if err := st.Mode.Reproduce.Kept(st.In, st.Resp, kept); err != nil {
			return errors.New("step " + strconv.Itoa(i+1) + " (" + st.Mode.Name + "): " + err.Error())
		}
	}
	return nil
}

// keptAlone checks a single answer as a history's first step: nothing is kept before it.
func keptAlone(m modes.Mode, in *modes.Input, resp *contract.Response) error {
	if m.Reproduce.Kept == nil {
		return nil
	}
	return m.Reproduce.Kept(in, resp, map[string]string{})
}

// replayedFiles writes what a replayed command says before it runs: its note, as comment lines,
// then its files, each folder made first.
func (s *script) replayedFiles(r modes.Replayed) {
	for _, l := range strings.Split(strings.TrimSpace(r.Note), "\n") {
		if l != "" {
			s.line("# " + l)
		}
	}
	made := map[string]bool{}
	for _, f := range r.Files {
		if i := strings.LastIndexByte(f.Name, '/'); i > 0 && !made[f.Name[:i]] {
			dir := f.Name[:i]
			made[dir] = true
			s.line("mkdir -p " + shell.Quote(dir))
		}
		s.b.WriteString(heredoc(shell.Quote(f.Name), withNewline(f.Text)))
		s.withClusterUIDs(f.Name, f.Text)
	}
}
