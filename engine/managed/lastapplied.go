package managed

import (
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/jsonwire"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"github.com/mergeplay/mergeplay/internal/verb"
)

// The client-side apply hand-over. kubectl applying server-side to an object it applied
// client-side meets the fields client-side apply's updater owns; the API server forgives some of
// those conflicts, and keeps kubectl's last-applied annotation up to date. Observed with
// k8s.io/apimachinery v0.37.2's field manager, scripts/conformance/ssadiff/lastappliedprobe_test.go:
//
// Which conflicts of an apply are forgiven:
//
//	situation                                                 | observed
//	----------------------------------------------------------|-----------------------------------
//	the applier is not named exactly "kubectl"                | none ("kubectl-foo", "Kubectl")
//	live's annotation is missing; not a JSON object (a YAML   | none
//	map neither); of another apiVersion or kind, or none; or  |
//	it does not pass the schema (an undeclared field)         |
//	a conflict on a field the annotation names with the value | forgiven, whoever owns the field
//	live has                                                  | (client-side apply's updater,
//	                                                          | another updater, an applier)
//	a conflict on a field it names with another value, or     | kept
//	does not name                                             |
//	every conflict forgiven                                   | the apply goes on as if forced
//	some kept                                                 | the apply stops, listing only those
//
// When the annotation is rewritten:
//
//	situation                                                 | observed
//	----------------------------------------------------------|-----------------------------------
//	the applier is kubectl, the apply goes through (forced or | rewritten: the config without its
//	not, changing the object or not), and the result holds    | own annotation, as key-sorted JSON
//	the annotation (live's, or the config's own)              | and a newline; an annotations map
//	                                                          | left empty stays, as {}
//	any other applier, or no annotation in the result         | left as the merge left it
//
// Beyond what was probed: an annotation that would make the annotations outgrow the API
// server's limit on them (256 KiB) is dropped.

// kubectlManager is the one applier the hand-over is for.
const kubectlManager = "kubectl"

// forgivenByLastApplied returns the fields whose conflicts live's last-applied annotation
// forgives: those it names with the value live still has. It returns nil when live's annotation
// forgives nothing at all (see the first table).
func forgivenByLastApplied(res FieldManager, live *yamltree.Node) *fieldset.Set {
	last := usableLastApplied(res, live)
	if last == nil {
		return nil
	}
	cmp, err := typed.Compare(res.Type, last, live)
	if err != nil {
		return nil
	}
	return cmp.Untouched(typed.FieldSet(res.Type, last))
}

// usableLastApplied returns live's last-applied annotation read as an object, nil when it cannot
// forgive anything.
func usableLastApplied(res FieldManager, live *yamltree.Node) *yamltree.Node {
	text := annotation(live, LastAppliedAnnotation)
	if _, err := jsonwire.Value([]byte(text)); text == "" || err != nil {
		return nil // not JSON
	}
	last, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{Rules: yamltree.YAML12})
	switch {
	case err != nil, !last.IsMap(), last.Get("apiVersion").Str() != res.APIVersion, last.Get("kind").Str() != res.Kind:
		return nil
	case typed.ValidateConfig(res.Type, last) != nil, typed.ValidateConfig(res.Type, live) != nil:
		return nil
	}
	return last
}

// outside returns the conflicts whose path forgiven does not hold.
func (c Conflicts) outside(forgiven *fieldset.Set) Conflicts {
	var out Conflicts
	for _, x := range c {
		if !forgiven.Has(x.Path) {
			out = append(out, x)
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
		return "", verb.Wrap("writing the last-applied annotation: ", err)
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
