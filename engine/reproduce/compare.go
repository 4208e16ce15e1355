package reproduce

import (
	"errors"
	"slices"
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
		if err := s.eachResult(s.compareObject); err != nil {
			return err
		}
		s.gone()
	}
	if s.resp.RefusedOnly() || s.resp.PartlyRefused() {
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

// eachResult calls check on each object of the result, numbered from 1, with its identity.
func (s *script) eachResult(check func(n int, id stream.ID, root *yamltree.Node) error) error {
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
		if err := check(i+1, id, d.Root); err != nil {
			return err
		}
	}
	return nil
}

// compareObject prints one object of the cluster and diffs its fields with the result's. An
// object the operation leaves as live gives it is compared as the cluster stored it when the
// script created it (modes.Input.LiveAsStored: a template's creationTimestamp: null is not
// stored; observed on kube-apiserver v1.37.2, make apiserver-diff seed 1, patch-13).
func (s *script) compareObject(n int, id stream.ID, root *yamltree.Node) error {
	if live := s.liveOf(id); live != nil && yamltree.Equal(live, root) {
		root = s.in.LiveAsStored(id, live)
	}
	s.writeCheck(n, id, checkObject(root), nil)
	return nil
}

// liveOf is live's object of a resource, nil for none.
func (s *script) liveOf(id stream.ID) *yamltree.Node {
	for _, r := range s.in.Live {
		if r.ID == id {
			return r.Root
		}
	}
	return nil
}

// writeCheck prints object n of the cluster and diffs its fields with values and, when owners is
// given (a history's step), who owns each field with owners; a history's script goes on when the
// object cannot be read (the diffs then fail).
func (s *script) writeCheck(n int, id stream.ID, values *fieldCheck, owners *entriesCheck) {
	k := strconv.Itoa(n)
	get, show, goOn, agrees := "kubectl get "+target(id), " -o yaml", "", "every field compared agrees"
	if owners != nil {
		show, goOn, agrees = " -o yaml --show-managed-fields", " || true", "every field and owner compared agrees"
	}
	s.line(get + show + goOn)
	if len(values.skipped) > 0 {
		s.line("# not compared (set by the API server, or a key jsonpath cannot name): " + oneLine(strings.Join(values.skipped, ", ")))
	}
	fields, want, got := "fields-"+k+".jsonpath", "want-"+k+".txt", "got-"+k+".txt"
	s.b.WriteString(heredoc(fields, values.template.String()))
	s.b.WriteString(heredoc(want, values.want.String()))
	diff := "diff -u " + want + " " + got
	if owners != nil {
		s.b.WriteString(heredoc("owners-"+k+".tmpl", owners.template))
		s.b.WriteString(heredoc("want-owners-"+k+".txt", owners.want))
	}
	s.line(get + " -o jsonpath-file=" + fields + " >" + got + goOn)
	if owners != nil {
		s.line("{ " + get + " -o go-template-file=owners-" + k + ".tmpl || true; } | sed '/^$/d' | LC_ALL=C sort >got-owners-" + k + ".txt")
		diff += " && diff -u want-owners-" + k + ".txt got-owners-" + k + ".txt"
	}
	s.line("if " + diff + "; then")
	s.line("	echo " + shell.Quote("mergeplay: "+command.TypeArg(id)+"/"+id.Name+": "+agrees))
	s.line("else")
	s.line("	failed=1")
	s.line("fi")
}

// gone checks that the live objects the result lacks are deleted.
func (s *script) gone() {
	s.absent(s.resp.ResultResources, s.in.Live, "is still there; the playground deletes it.")
}

// notCreated checks that the objects the config names and live lacks were not created: the API
// server refused them (all of them, or those extra.refused lists when it accepted the others).
func (s *script) notCreated() {
	var inLive []string
	for _, r := range s.in.Live {
		inLive = append(inLive, r.ID.String())
	}
	objects := s.in.Updated
	if s.resp.PartlyRefused() {
		refused := map[string]bool{}
		for _, r := range s.resp.Refused {
			refused[r.Resource] = true
		}
		objects = slices.DeleteFunc(slices.Clone(objects), func(r *stream.Resource) bool { return !refused[r.ID.String()] })
	}
	s.absent(inLive, objects, "was created; the playground says the API server refuses it.")
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
	return replaceBytes(text, "\n", `\n`, "\r", `\r`)
}

// replaceBytes replaces in text each byte of pairs (a byte, then what replaces it) with its
// replacement, as strings.NewReplacer(pairs...).Replace(text) does for single bytes, without
// linking the Replacer's algorithms into the wasm (about 20 KB of code).
func replaceBytes(text string, pairs ...string) string {
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); i++ {
		b.WriteString(replacementOf(text[i:i+1], pairs))
	}
	return b.String()
}

// replacementOf is what replaces one byte (as a string of it) in replaceBytes: its pair's
// replacement, or itself.
func replacementOf(c string, pairs []string) string {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i] == c {
			return pairs[i+1]
		}
	}
	return c
}
