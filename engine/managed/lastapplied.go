package managed

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The client-side apply hand-over, for the "kubectl" manager only. An object kubectl applied
// client-side carries the last-applied annotation, and its fields belong to
// kubectl-client-side-apply (an updater). When kubectl then applies server-side, every field it
// still applies conflicts with that updater; the API server forgives the conflicts on fields
// the annotation names with the value live still has, and forces the apply. Afterwards it keeps
// the annotation up to date with what kubectl applied.

// allowedByLastApplied returns the fields the last-applied annotation hands over: those it names
// whose value live still has. It returns nil when live has no usable annotation (none, not JSON,
// another API version, or not valid for the schema).
func allowedByLastApplied(res FieldManager, live *yamltree.Node) *fieldset.Set {
	text := annotation(live, LastAppliedAnnotation)
	if text == "" {
		return nil
	}
	last, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil || !last.IsMap() || last.Get("apiVersion").Str() != res.APIVersion {
		return nil
	}
	if typed.ValidateConfig(res.Type, last) != nil || typed.ValidateConfig(res.Type, live) != nil {
		return nil
	}
	cmp, err := typed.Compare(res.Type, last, live)
	if err != nil {
		return nil
	}
	return typed.FieldSet(res.Type, last).Difference(cmp.Modified).Difference(cmp.Added).Difference(cmp.Removed)
}

// conflictsOutside returns the conflicts whose path allowed does not hold.
func conflictsOutside(conflicts Conflicts, allowed *fieldset.Set) Conflicts {
	var out Conflicts
	for _, c := range conflicts {
		if !allowed.Has(c.Path) {
			out = append(out, c)
		}
	}
	return out
}

// writeLastApplied sets the last-applied annotation of obj to the applied configuration (its own
// annotation left out), as sorted-key JSON with a newline; it drops the annotation when the
// annotations would outgrow the API server's limit. It returns the value written.
func writeLastApplied(obj, config *yamltree.Node) (string, error) {
	text, err := yamltree.SortedJSON(configForLastApplied(config))
	if err != nil {
		return "", fmt.Errorf("writing the last-applied annotation: %w", err)
	}
	text += "\n"
	annotations := metadataOf(obj).Get("annotations")
	if old := annotations.Get(LastAppliedAnnotation); old.IsScalar() {
		// Keep the layout of the annotation being rewritten (a literal block, say).
		value := *old
		value.Tag, value.Value = yamltree.StrTag, text
		annotations.Set(LastAppliedAnnotation, &value)
	} else {
		annotations.Set(LastAppliedAnnotation, yamltree.NewString(text))
	}
	if annotationsSize(annotations) > maxAnnotationsSize {
		annotations.Delete(LastAppliedAnnotation)
		return "", nil
	}
	return text, nil
}

// configForLastApplied returns the configuration without its own last-applied annotation; an
// annotations map left empty stays, as {}.
func configForLastApplied(config *yamltree.Node) *yamltree.Node {
	out := config.Clone()
	m := metadataOf(out)
	a := m.Get("annotations")
	switch {
	case a.IsMap():
		a.Delete(LastAppliedAnnotation)
		for i, f := range a.Fields {
			if f.Value.IsNull() {
				a.Fields[i].Value = yamltree.NewString("")
			}
		}
	case m != nil && m.Has("annotations"):
		m.Delete("annotations")
	}
	return out
}

func annotationsSize(a *yamltree.Node) int {
	n := 0
	for _, f := range a.Fields {
		n += len(f.Key.Value) + len(f.Value.Str())
	}
	return n
}
