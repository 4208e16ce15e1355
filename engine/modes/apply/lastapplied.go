package apply

import (
	"errors"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/modes/writer"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// LastAppliedAnnotation is where kubectl keeps the configuration it applied last
// (writer.LastAppliedAnnotation).
const LastAppliedAnnotation = writer.LastAppliedAnnotation

// modifiedConfiguration returns what kubectl diffs against live: the config with the new
// last-applied annotation, whose text is the config as sorted-key JSON and a newline. A config
// whose metadata kubectl cannot write into (writer.MetadataWritable) is sent as it is, unannotated.
func modifiedConfiguration(config *yamltree.Node) (*yamltree.Node, error) {
	if !writer.MetadataWritable(config) {
		return config, nil
	}
	base := writer.WithoutLastApplied(config)
	text, err := writer.AnnotationText(base)
	if err != nil {
		return nil, err
	}
	value := yamltree.NewString(text)
	value.Style = yamltree.Literal
	base.Lookup("metadata", "annotations").Set(LastAppliedAnnotation, value)
	return base, nil
}

// lastAppliedFromLive reads the last-applied configuration kept in live's annotation. It returns
// nil when live has none, or when kubectl cannot read live's annotations (one is not a string:
// annotations.go); an annotation that is not a JSON object is an error at its line.
func lastAppliedFromLive(live *yamltree.Node) (*yamltree.Node, error) {
	value := live.Lookup("metadata", "annotations", LastAppliedAnnotation)
	if value == nil || value.IsNull() || readAnnotations(live).dropped() {
		return nil, nil
	}
	text := value.Str()
	root, err := yamltree.ParseOne(yamltree.Live, text, yamltree.Options{})
	if err == nil && (root == nil || !root.IsMap()) {
		err = errors.New("it is not a JSON object")
	}
	if err != nil {
		return nil, yamltree.ErrorAt(value.Pos, "the "+LastAppliedAnnotation+" annotation is not valid JSON, so kubectl cannot read the last applied configuration: "+annotationError(err))
	}
	return root, nil
}

// annotationError strips the position of an error inside the annotation's text, which would
// point into the annotation rather than into live.
func annotationError(err error) string {
	if e, ok := err.(*yamltree.Error); ok {
		return "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + " of the annotation: " + e.Message
	}
	return err.Error()
}

// withoutNulls drops null entries from maps, at any depth, as the API server does when it
// creates an object from the config.
func withoutNulls(n *yamltree.Node) *yamltree.Node {
	switch {
	case n.IsMap():
		kept := n.Fields[:0:0]
		for _, f := range n.Fields {
			if !f.Value.IsNull() {
				kept = append(kept, yamltree.Field{Key: f.Key, Value: withoutNulls(f.Value)})
			}
		}
		n.Fields = kept
	case n.IsList():
		for i, it := range n.Items {
			n.Items[i] = withoutNulls(it)
		}
	}
	return n
}
