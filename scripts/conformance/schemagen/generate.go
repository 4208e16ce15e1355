package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
)

// Generated is a generated built-in schema and what went into it.
type Generated struct {
	// JSON is the file's content.
	JSON []byte
	// Kinds, Types and TaggedFields count the kinds, named types and fields with patch tags written.
	Kinds, Types, TaggedFields int
	// Skipped notes the kinds of the scheme left out, and why.
	Skipped []string
}

// Generate builds the built-in schema from the sources' schemes and server-side-apply schemas.
func Generate() (*Generated, error) {
	s, err := newScheme()
	if err != nil {
		return nil, err
	}
	ssa, err := ssaSchema(s)
	if err != nil {
		return nil, err
	}
	kinds, skipped := selectKinds(s, ssa)
	scopes, err := kindScopesOfAll(s)
	if err != nil {
		return nil, err
	}
	tags, err := collectTags(ssa, kinds)
	if err != nil {
		return nil, fmt.Errorf("patch tags: %w", err)
	}
	file := outFile{}
	roots := make([]string, 0, len(kinds))
	for _, k := range kinds {
		file.Kinds = append(file.Kinds, outKind{APIVersion: k.APIVersion(), Kind: k.GVK.Kind,
			Type: k.TypeName, Scope: scopes[k.GVK]})
		roots = append(roots, k.TypeName)
		if scopes[k.GVK] == "" {
			skipped = append(skipped, fmt.Sprintf("%s %s: scope unknown (no typed client serves it)", k.APIVersion(), k.GVK.Kind))
		}
	}
	scopeOnly, err := scopeOnlyKinds(s)
	if err != nil {
		return nil, err
	}
	file.Kinds = append(file.Kinds, scopeOnly...)
	c := &converter{ssa: ssa, tags: tags}
	if file.Types, err = c.convertTypes(roots); err != nil {
		return nil, err
	}
	data, err := render(&file)
	if err != nil {
		return nil, err
	}
	return &Generated{JSON: data, Kinds: len(file.Kinds), Types: len(file.Types), TaggedFields: c.tagged,
		Skipped: skipped}, nil
}

// scopeOnlyKinds lists, without a type, the kinds served by the typed clients of the sources
// that have no server-side-apply types (metrics.k8s.io's NodeMetrics and PodMetrics), so that
// their scope is known; sorted by apiVersion and kind.
func scopeOnlyKinds(s *runtime.Scheme) ([]outKind, error) {
	var out []outKind
	for _, src := range sources() {
		if src.converter != nil {
			continue
		}
		scopes, err := kindScopes(s, src.clientset)
		if err != nil {
			return nil, fmt.Errorf("%s: scopes: %w", src.name, err)
		}
		for gvk, scope := range scopes {
			if gvk.Version == runtime.APIVersionInternal || strings.HasSuffix(gvk.Kind, "List") {
				continue
			}
			out = append(out, outKind{APIVersion: gvk.GroupVersion().String(), Kind: gvk.Kind, Scope: scope})
		}
	}
	slices.SortFunc(out, func(a, b outKind) int {
		return cmp.Or(cmp.Compare(a.APIVersion, b.APIVersion), cmp.Compare(a.Kind, b.Kind))
	})
	return out, nil
}

// render writes the file as JSON, one kind or type per line, HTML characters unescaped.
func render(file *outFile) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("{\"kinds\":[\n")
	for i, k := range file.Kinds {
		if err := writeLine(&buf, k, i == len(file.Kinds)-1); err != nil {
			return nil, err
		}
	}
	buf.WriteString("],\n\"types\":[\n")
	for i, t := range file.Types {
		if err := writeLine(&buf, t, i == len(file.Types)-1); err != nil {
			return nil, err
		}
	}
	buf.WriteString("]}\n")
	return buf.Bytes(), nil
}

// writeLine writes v as compact JSON on its own line, with a comma unless last.
func writeLine(buf *bytes.Buffer, v any, last bool) error {
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil { // Encode ends the line
		return fmt.Errorf("render: %w", err)
	}
	if !last {
		buf.Truncate(buf.Len() - 1)
		buf.WriteString(",\n")
	}
	return nil
}
