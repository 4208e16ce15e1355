package apply

import (
	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/validate"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// How kubectl apply reads an object's annotations (issue 15 item 2), observed with kubectl
// v0.37.2 (scripts/conformance/applydiff/annotationsprobe_test.go): as a map of strings, where a
// null becomes the empty string.
//   - the config's: `kubectl apply -f` decodes the config's metadata as ObjectMeta first, and
//     refuses a document whose annotation is not a string (or whose annotations are not a map)
//     before any merge (package objectmeta, checked by the handler); a null is read as "";
//   - last-applied's, when it comes from the original editor: read as kubectl read that config
//     when it stored it, a null as "" and, when one value is not a string, without annotations;
//   - live's, when last-applied is read from live: when one of live's annotations is not a string
//     kubectl cannot read the annotation holding last-applied, and applies as if there were no
//     last-applied configuration (an API server never holds such an object; the live editor can,
//     and the patched object is refused: decodedAnnotations).

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
	c := writer.OwnMap(obj)
	meta := writer.OwnField(c, "metadata")
	if read.dropped() {
		meta.Delete("annotations")
		return c
	}
	annotations := writer.OwnField(meta, "annotations")
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
// never carries one (kubectl refuses a config holding one before any merge: package
// objectmeta), so such a value is live's, left as it was by the patch; an API server never holds one, but the live editor can.
func decodedAnnotations(result *yamltree.Node) error {
	annotations := result.Lookup("metadata", "annotations")
	field := func(kind, goType string) string {
		return "json: cannot unmarshal " + kind + " into Go struct field ObjectMeta.metadata.annotations of type " + goType +
			": live's annotations, which the patch leaves as they are, must be strings for the API server to take the patched object"
	}
	switch {
	case annotations.IsNull():
		return nil
	case !annotations.IsMap():
		return yamltree.ErrorAt(annotations.Pos, field(validate.JSONKind(annotations), "map[string]string"))
	}
	for _, f := range annotations.Fields {
		if !f.Value.IsNull() && !isString(f.Value) {
			return yamltree.ErrorAt(f.Value.Pos, field(validate.JSONKind(f.Value), "string"))
		}
	}
	return nil
}
