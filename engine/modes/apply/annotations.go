package apply

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/validate"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// How kubectl apply reads an object's annotations (issue 15 item 2), observed with kubectl
// v0.37.2 (scripts/conformance/applydiff/annotationsprobe_test.go): as a map of strings, where a
// null becomes the empty string and one value that is not a string (a boolean, a number, a map,
// a list; or annotations that are not a map at all) makes the whole read fail. kubectl then goes
// on without the object's annotations:
//   - the config's: last-applied and the patch (or the created object) carry none of them, only
//     the last-applied annotation itself ("annotations":{} inside it), so every annotation that
//     last-applied had is deleted and live's others stay as they are;
//   - last-applied's, when it comes from the original editor: read the same way, as kubectl read
//     that config when it stored it;
//   - live's, when last-applied is read from live: kubectl cannot read the annotation holding
//     it, and applies as if there were no last-applied configuration.

// annotationsRead is what kubectl made of an object's annotations.
type annotationsRead struct {
	// unreadable is the value that made the read fail (the first annotation that is not a
	// string, or the annotations themselves when they are not a map), key its annotation's name
	// ("" for the annotations themselves); nil when kubectl could read them.
	unreadable *yamltree.Node
	key        string
	// emptied are the annotations whose null kubectl read as "".
	emptied map[string]bool
}

// dropped reports whether kubectl left the object's annotations out.
func (r annotationsRead) dropped() bool { return r.unreadable != nil }

// readAnnotations reads obj's annotations as kubectl does.
func readAnnotations(obj *yamltree.Node) annotationsRead {
	annotations := obj.Lookup("metadata", "annotations")
	switch {
	case annotations.IsNull():
		return annotationsRead{}
	case !annotations.IsMap():
		return annotationsRead{unreadable: annotations}
	}
	var read annotationsRead
	for _, f := range annotations.Fields {
		switch {
		case f.Value.IsNull():
			if read.emptied == nil {
				read.emptied = map[string]bool{}
			}
			read.emptied[f.Name()] = true
		case !isString(f.Value):
			return annotationsRead{unreadable: f.Value, key: f.Name()}
		}
	}
	return read
}

// isString reports whether n is a string scalar.
func isString(n *yamltree.Node) bool {
	return n.IsScalar() && n.Tag == yamltree.StrTag
}

// asKubectlReads returns obj with its annotations as kubectl read them (read): none when the read
// failed, a null as "". obj itself is left as it is.
func asKubectlReads(obj *yamltree.Node, read annotationsRead) *yamltree.Node {
	if !read.dropped() && len(read.emptied) == 0 {
		return obj
	}
	c := ownMap(obj)
	meta := ownField(c, "metadata")
	if read.dropped() {
		meta.Delete("annotations")
		return c
	}
	annotations := ownField(meta, "annotations")
	for i, f := range annotations.Fields {
		if read.emptied[f.Name()] {
			empty := yamltree.NewString("")
			empty.Style, empty.Pos, empty.End = yamltree.DoubleQuoted, f.Value.Pos, f.Value.End
			annotations.Fields[i].Value = empty
		}
	}
	return c
}

// decodedAnnotations is the API server decoding the patched object's annotations into its Go
// type: a value that is not a string is refused with the decoder's message. kubectl's patch
// never carries one (it leaves out annotations it cannot read), so such a value is live's, left
// as it was by the patch; an API server never holds one, but the live editor can.
func decodedAnnotations(result *yamltree.Node) error {
	annotations := result.Lookup("metadata", "annotations")
	const field = "json: cannot unmarshal %s into Go struct field ObjectMeta.metadata.annotations of type %s: live's annotations, which the patch leaves as they are, must be strings for the API server to take the patched object"
	switch {
	case annotations.IsNull():
		return nil
	case !annotations.IsMap():
		return yamltree.Errorf(annotations.Pos, field, validate.JSONKind(annotations), "map[string]string")
	}
	for _, f := range annotations.Fields {
		if !f.Value.IsNull() && !isString(f.Value) {
			return yamltree.Errorf(f.Value.Pos, field, validate.JSONKind(f.Value), "string")
		}
	}
	return nil
}

// why says, for a learner, which value kubectl could not read.
func (r annotationsRead) why() string {
	n := r.unreadable
	if r.key == "" {
		return fmt.Sprintf("metadata.annotations is a %s, not a map of strings, so kubectl could not read the config's annotations", n.Kind)
	}
	return fmt.Sprintf("the annotation %s is %s, a %s, not a string; kubectl reads annotations as strings, so it could not read the config's annotations",
		r.key, explain.Short(n), kindName(n))
}

// fix says how to make the annotations readable, when a quote does it.
func (r annotationsRead) fix() string {
	if r.key == "" || !r.unreadable.IsScalar() {
		return ""
	}
	return fmt.Sprintf(". Quote the value (%q) and kubectl sends them all", r.unreadable.Value)
}

// kindName names a value's type for a learner.
func kindName(n *yamltree.Node) string {
	switch {
	case n.IsMap():
		return "map"
	case n.IsList():
		return "list"
	case n.Tag == yamltree.BoolTag:
		return "boolean"
	}
	return "number"
}
