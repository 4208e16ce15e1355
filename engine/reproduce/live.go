package reproduce

import (
	"sort"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/modes/apply"
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// serverMetadata are the metadata fields the API server sets on create: a create must not carry
// them (resourceVersion is refused), and managedFields is given afterwards.
var serverMetadata = []string{"uid", "resourceVersion", "creationTimestamp", "generation", "selfLink", "managedFields"}

// live creates the namespaces and the live objects, then gives them what the merge reads.
func (s *script) live() error {
	return s.createLive("== 1. live, as the playground read it", s.readByMerge)
}

// createLive creates the namespaces and the live objects under a heading, then gives each what
// state says.
func (s *script) createLive(heading string, state func(n int, r *stream.Resource) error) error {
	s.say(heading)
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
		s.readUID(strconv.Itoa(i+1), r)
		if err := state(i+1, r); err != nil {
			return err
		}
	}
	return nil
}

// namespaces lists the namespaces the objects live in, but default, sorted.
func (s *script) namespaces() []string {
	seen := map[string]bool{}
	for _, id := range s.ids {
		if id.Namespace != "" && id.Namespace != "default" {
			seen[id.Namespace] = true
		}
	}
	out := make([]string, 0, len(seen))
	for ns := range seen {
		out = append(out, ns)
	}
	sort.Strings(out)
	return out
}

// creatable is a live object as a create sends it: without the fields the server sets and
// without status.
func creatable(root *yamltree.Node) *yamltree.Node {
	c := root.Clone()
	c.Delete("status")
	if meta := c.Get("metadata"); meta.IsMap() {
		for _, f := range serverMetadata {
			meta.Delete(f)
		}
	}
	return c
}

// readByMerge gives a created object what the mode reads from live besides its fields
// (modes.Mode.Reproduce.LiveState): the last-applied annotation (apply), the managedFields (ssa).
// In every mode live's own last-applied annotation is given back first (see lastAppliedOf).
func (s *script) readByMerge(n int, r *stream.Resource) error {
	if err := s.lastAppliedOf(n, r); err != nil {
		return err
	}
	if s.mode.Reproduce.LiveState == modes.LiveManagedFields {
		return s.managedFieldsOf(n, r)
	}
	return nil
}

// lastAppliedOf sets live's last-applied annotation to what the merge read: under apply, the
// original editor's config as kubectl stores it; when the editor is empty, and in the other
// modes, live's own annotation. The latter must be given back too: kubectl create rewrites an annotation the object holds with the
// whole object it creates (observed on kube-apiserver and kubectl v1.37.2: a ConfigMap created
// with the annotation {"metadata":{"name":"lat"}} holds its data and namespace in it), so the
// next apply would compute its patch from a last-applied holding every field of live.
func (s *script) lastAppliedOf(n int, r *stream.Resource) error {
	value, err := s.lastAppliedValue(r)
	if value == nil || err != nil {
		return err
	}
	patch := yamltree.NewMap()
	annotations := yamltree.NewMap()
	annotations.Set(apply.LastAppliedAnnotation, value)
	meta := yamltree.NewMap()
	meta.Set("annotations", annotations)
	patch.Set("metadata", meta)
	text, err := yamltree.SortedJSON(patch)
	if err != nil {
		return err
	}
	file := "last-applied-" + strconv.Itoa(n) + ".json"
	s.b.WriteString(heredoc(file, text+"\n"))
	s.setup("kubectl patch "+target(r.ID)+" --type merge --patch-file "+file, "the last-applied annotation of "+file)
	return nil
}

// managedFieldsOf gives the object live's managedFields: a JSON patch replacing
// /metadata/managedFields (the API server keeps managedFields a request sets), or, when live has
// none, a merge patch of managedFields: [{}], which clears them. Not a kubectl replace of the
// object with them: kubectl replace rewrites a last-applied annotation the object holds (with
// the replaced body, managedFields and all, then owned by kubectl-replace), which a JSON patch
// leaves as it is (observed with kubectl and kube-apiserver v1.37.2, run-apiserver.sh,
// 2026-11-26).
func (s *script) managedFieldsOf(n int, r *stream.Resource) error {
	managed := r.Root.Lookup("metadata", "managedFields")
	if managed == nil || !managed.IsList() || len(managed.Items) == 0 {
		s.line("kubectl patch " + target(r.ID) + ` --type merge -p '{"metadata":{"managedFields":[{}]}}'`)
		return nil
	}
	op := yamltree.NewMap()
	op.Set("op", yamltree.NewString("replace"))
	op.Set("path", yamltree.NewString("/metadata/managedFields"))
	op.Set("value", managed)
	text, err := yamltree.SortedJSON(yamltree.NewList(op))
	if err != nil {
		return err
	}
	file := "managed-" + strconv.Itoa(n) + ".json"
	s.b.WriteString(heredoc(file, text+"\n"))
	s.setup("kubectl patch "+target(r.ID)+" --type json --patch-file "+file, "the managedFields of "+file)
	return nil
}

// setup runs a command that gives the cluster what the playground was given; when the cluster
// refuses it (an object the API server does not take: a Deployment without spec.selector, a
// Secret whose data is not base64, ...), the script says so and stops with status 3: the
// playground reads objects without validating them, a cluster does not.
func (s *script) setup(command, what string) {
	s.line("if ! " + command + "; then")
	s.line("	echo " + shell.Quote("mergeplay: the cluster refuses "+what+" as the playground was given it (the message above): the playground merges without the validation of an API server. Nothing compared.") + " >&2")
	s.line("	exit 3")
	s.line("fi")
}

// lastAppliedValue is the annotation's value the merge read for live object r: a string, null
// (the original editor holds no such object: the annotation is removed), or nil when live holds
// no annotation to give back.
func (s *script) lastAppliedValue(r *stream.Resource) (*yamltree.Node, error) {
	if s.mode.Reproduce.LiveState != modes.LiveLastApplied || len(s.in.Original) == 0 {
		own := r.Root.Lookup("metadata", "annotations", apply.LastAppliedAnnotation)
		if own == nil || !own.IsScalar() || own.IsNull() {
			return nil, nil
		}
		return yamltree.NewString(own.Str()), nil
	}
	for _, o := range s.in.Original {
		if o.ID == r.ID {
			text, err := writer.StoredLastApplied(o.Root, o.ID.Namespace)
			if err != nil {
				return nil, err
			}
			return yamltree.NewString(text), nil
		}
	}
	return yamltree.NewNull(), nil
}
