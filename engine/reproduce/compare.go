package reproduce

import (
	"errors"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// compare prints each object of the result as the cluster holds it and compares its fields; the
// live objects the result lacks must be gone.
func (s *script) compare() error {
	s.line("echo '== 3. what the cluster holds, compared with the playground'")
	if s.resp.Result != "" {
		docs, err := yamltree.Parse(yamltree.Input("result"), s.resp.Result, yamltree.Options{Rules: yamltree.YAML11})
		if err != nil {
			return err
		}
		if len(docs) != len(s.resp.ResultResources) {
			return errors.New("the result holds " + strconv.Itoa(len(docs)) + " documents for " + strconv.Itoa(len(s.resp.ResultResources)) + " resources")
		}
		for i, d := range docs {
			s.compareObject(i+1, s.resp.ResultResources[i], d.Root)
		}
		s.gone()
	}
	if s.resp.RefusedOnly() {
		s.notCreated()
	}
	s.line(`if [ "$failed" = 0 ]; then`)
	s.line("	echo 'mergeplay: the cluster agrees with the playground.'")
	s.line("else")
	s.line("	echo 'mergeplay: the cluster differs from the playground (the diffs above: - the playground, + the cluster).' >&2")
	s.line("fi")
	s.line(`exit "$failed"`)
	return nil
}

// compareObject prints one object of the cluster and diffs its fields with the result's.
func (s *script) compareObject(n int, resource string, root *yamltree.Node) {
	id := s.ids[resource]
	check := checkObject(root)
	name := command.TypeArg(id) + "/" + id.Name
	s.line("kubectl get " + target(id) + " -o yaml")
	if len(check.skipped) > 0 {
		s.line("# not compared (set by the API server, or a key jsonpath cannot name): " + oneLine(strings.Join(check.skipped, ", ")))
	}
	fields, want, got := "fields-"+strconv.Itoa(n)+".jsonpath", "want-"+strconv.Itoa(n)+".txt", "got-"+strconv.Itoa(n)+".txt"
	s.b.WriteString(heredoc(fields, check.template.String()))
	s.b.WriteString(heredoc(want, check.want.String()))
	s.line("kubectl get " + target(id) + " -o jsonpath-file=" + fields + " >" + got)
	s.line("if diff -u " + want + " " + got + "; then")
	s.line("	echo " + shell.Quote("mergeplay: "+name+": every field compared agrees"))
	s.line("else")
	s.line("	failed=1")
	s.line("fi")
}

// gone checks that the live objects the result lacks are deleted.
func (s *script) gone() {
	s.absent(s.resp.ResultResources, s.in.Live, "is still there; the playground deletes it.")
}

// notCreated checks that the objects the config names and live lacks were not created: the API
// server refused them.
func (s *script) notCreated() {
	var inLive []string
	for _, r := range s.in.Live {
		inLive = append(inLive, r.ID.String())
	}
	s.absent(inLive, s.in.Updated, "was created; the playground says the API server refuses it.")
}

// absent checks that the cluster lacks each of objects but those kept names, saying why when it
// holds one.
func (s *script) absent(kept []string, objects []*stream.Resource, why string) {
	keep := map[string]bool{}
	for _, r := range kept {
		keep[r] = true
	}
	for _, r := range objects {
		if keep[r.ID.String()] {
			continue
		}
		s.line("if kubectl get " + target(r.ID) + " >/dev/null 2>&1; then")
		s.line("	echo " + shell.Quote("mergeplay: "+command.TypeArg(r.ID)+"/"+r.ID.Name+" "+why) + " >&2")
		s.line("	failed=1")
		s.line("fi")
	}
}

// oneLine keeps a text on one comment line.
func oneLine(text string) string {
	return strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(text)
}
