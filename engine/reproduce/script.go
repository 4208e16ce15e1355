package reproduce

import (
	"errors"
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// script is the text being written and what it knows.
type script struct {
	b    *strings.Builder
	mode modes.Mode
	in   *modes.Input
	resp *contract.Response
	ids  map[string]stream.ID
	// uids are the live objects' uids as given and the variables holding the cluster's (uids.go).
	uids []clusterUID
}

// Script returns the reproduce script of an answer of mode m, or "" when the mode does not run
// against a cluster (modes.Mode.Reproduce) or the answer failed but by the API server's refusal
// (which the script replays); an error says why a cluster cannot replay the request
// (unreproducible) or why the script could not be written.
func Script(m modes.Mode, in *modes.Input, resp *contract.Response) (string, error) {
	if !m.Reproduce.Replays || len(resp.Errors) > 0 && !resp.RefusedOnly() || len(resp.Commands) == 0 {
		return "", nil
	}
	if reason := unreproducible(m, in); reason != "" {
		return "", errors.New(reason)
	}
	if err := keptAlone(m, in, resp); err != nil {
		return "", err
	}
	s := newScript(&strings.Builder{}, m, in, resp)
	s.preamble()
	if err := s.schema(); err != nil {
		return "", err
	}
	if err := s.customDefinitions(); err != nil {
		return "", err
	}
	if err := s.live(); err != nil {
		return "", err
	}
	if err := s.operation(); err != nil {
		return "", err
	}
	if err := s.compare(); err != nil {
		return "", err
	}
	return s.b.String(), nil
}

// newScript returns the writer of one answer's script into b.
func newScript(b *strings.Builder, m modes.Mode, in *modes.Input, resp *contract.Response) *script {
	s := &script{b: b, mode: m, in: in, resp: resp, ids: map[string]stream.ID{}}
	for _, rs := range [][]*stream.Resource{in.Original, in.Updated, in.Live} {
		for _, r := range rs {
			s.ids[r.ID.String()] = r.ID
		}
	}
	return s
}

// unreproducible says why no cluster can replay a request, "" when one can: a merge by the
// multi-field merge key proposal (options.multiKeys), which no API server implements, or an
// object a cluster cannot hold, one without apiVersion, kind or name (documents a schema's type
// describes through options.schemaType, as the multi-field merge key examples are).
func unreproducible(m modes.Mode, in *modes.Input) string {
	if in.Request.Options.MultiKeys {
		return "options.multiKeys merges by the multi-field merge key proposal, which no API server implements, so a cluster cannot give this answer"
	}
	objects := [][]*stream.Resource{in.Original, in.Live}
	if !m.Reproduce.PatchesObjects { // a patch is not an object: it needs no identity of its own
		objects = append(objects, in.Updated)
	}
	for _, rs := range objects {
		for _, r := range rs {
			if r.ID.APIVersion == "" || r.ID.Kind == "" || r.ID.Name == "" {
				return "an object without apiVersion, kind or metadata.name cannot be created on a cluster: no cluster can replay this answer"
			}
		}
	}
	return ""
}

func (s *script) line(text string) {
	s.b.WriteString(text + "\n")
}

// say writes an echo of a sentence, quoted.
func (s *script) say(text string) {
	s.line("echo " + shell.Quote(text))
}

// target is the words that name an object to kubectl: TYPE NAME [-n NAMESPACE].
func target(id stream.ID) string {
	words := []string{command.TypeArg(id), id.Name}
	if id.Namespace != "" {
		words = append(words, "-n", id.Namespace)
	}
	return shell.Join(words...)
}

// preamble checks the context and makes the work folder.
func (s *script) preamble() {
	s.line("#!/bin/sh")
	s.line("# mergeplay reproduce script (" + s.in.Request.Mode + " mode): replays the playground's merge on an empty test")
	s.line("# cluster and compares what the cluster holds with the playground's result, field by field.")
	s.line("# It runs on kubectl's current context when that is a test cluster (kind-*, minikube, k3d-*);")
	s.line("# MERGEPLAY_ANY_CONTEXT=1 lets it run on another. It creates the live objects, so the")
	s.line("# cluster must not hold them yet. Exit status: 0 all matches, 1 something differs, 2 refused,")
	s.line("# 3 the cluster refuses the objects as given (the playground does not validate them).")
	s.line("set -eu")
	s.line("context=$(kubectl config current-context)")
	s.line(`case "$context" in`)
	s.line("kind-*|minikube|k3d-*) ;;")
	s.line("*)")
	s.line(`	if [ "${MERGEPLAY_ANY_CONTEXT:-}" != 1 ]; then`)
	s.line(`		echo "mergeplay: kubectl's context is $context, not a test cluster (kind-*, minikube, k3d-*): nothing done. MERGEPLAY_ANY_CONTEXT=1 runs it there anyway." >&2`)
	s.line("		exit 2")
	s.line("	fi")
	s.line("	;;")
	s.line("esac")
	s.line(`work=$(mktemp -d)`)
	s.line(`trap 'rm -rf "$work"' EXIT`)
	s.line(`cd "$work"`)
	s.line("failed=0")
}

// schema creates the CustomResourceDefinitions options.schema holds; another schema cannot be
// given to a cluster, and the script says so.
func (s *script) schema() error {
	text := s.in.Request.Options.Schema
	if strings.TrimSpace(text) == "" {
		return nil
	}
	docs, err := yamltree.Parse(yamltree.Input("schema"), text, yamltree.Options{})
	if err != nil {
		return err
	}
	for _, d := range docs {
		if d.Root.Get("kind").Str() != "CustomResourceDefinition" {
			s.say("mergeplay: options.schema holds a schema a cluster cannot take (only CustomResourceDefinitions are created); the cluster merges with its own.")
			return nil
		}
	}
	s.line("echo '== the custom resource definitions of options.schema'")
	s.b.WriteString(heredoc("crd.yaml", withNewline(text)))
	s.setup("kubectl apply -f crd.yaml", "the custom resource definitions of options.schema")
	s.line("kubectl wait --for condition=established --timeout=60s -f crd.yaml")
	return nil
}
