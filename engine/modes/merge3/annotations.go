package merge3

import (
	"fmt"

	"github.com/mergeplay/mergeplay/engine/fieldpath"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// kio's bookkeeping annotations. kio/filters.Merge3 tells the three inputs apart by the
// merge-source annotation its readers put on every resource; kio's readers and writers tidy the
// annotations as they go, and those steps show in the result.
const (
	mergeSourceAnnotation = "config.kubernetes.io/merge-source"
	pathAnnotation        = "internal.config.kubernetes.io/path"
	legacyPathAnnotation  = "config.kubernetes.io/path"
	indexAnnotation       = "internal.config.kubernetes.io/index"
	legacyIndexAnnotation = "config.kubernetes.io/index"
	idAnnotation          = "internal.config.kubernetes.io/id"
	legacyIDAnnotation    = "config.k8s.io/id"
	seqIndentAnnotation   = "internal.config.kubernetes.io/seqindent"
)

// legacyPairs are the annotations kio copies between their legacy and current names.
var legacyPairs = [][2]string{
	{legacyPathAnnotation, pathAnnotation},
	{legacyIndexAnnotation, indexAnnotation},
	{legacyIDAnnotation, idAnnotation},
}

// clearedOnWrite are the annotations kio's ByteWriter removes from every resource it writes.
var clearedOnWrite = []string{indexAnnotation, legacyIndexAnnotation, seqIndentAnnotation, mergeSourceAnnotation}

// setAnnotation sets an annotation as kio does: empty annotations and metadata are cleared first,
// then metadata.annotations is made where missing (appended at the end of its map) and the
// annotation set, single-quoted.
func setAnnotation(root *ynode.Node, key, value string, notes *kioNotes) error {
	if err := clearEmptyAnnotations(root, notes); err != nil {
		return err
	}
	meta, err := childMap(root, "metadata")
	if err != nil {
		return err
	}
	ann, err := childMap(meta, "annotations")
	if err != nil {
		return err
	}
	v := ynode.NewString(value)
	v.Style = ynode.SingleQuoted
	setField(ann, key, v, [3]string{}, 0)
	notes.note(annotationPath(key), ruleKioAnnotation)
	return nil
}

var metadataPath = fieldpath.Path{}.Field("metadata")

func annotationPath(key string) fieldpath.Path {
	return metadataPath.Field("annotations").Field(key)
}

// childMap returns the map under name in m, made (empty, appended) when missing.
func childMap(m *ynode.Node, name string) (*ynode.Node, error) {
	_, v := m.Field(name)
	if v == nil {
		v = ynode.NewMap()
		setField(m, name, v, [3]string{}, 0)
		return v, nil
	}
	if v.Kind != ynode.MapNode {
		return nil, located(v, fmt.Sprintf("kio cannot add its %s annotation: %s is a %s, not a map", mergeSourceAnnotation, name, v.Kind.String()))
	}
	return v, nil
}

// clearEmptyAnnotations drops empty bookkeeping as kio's readers and writers do:
// metadata.annotations goes when it holds nothing (null, {}, or a scalar), then metadata likewise.
func clearEmptyAnnotations(root *ynode.Node, notes *kioNotes) error {
	if meta := root.Get("metadata"); !meta.IsNull() {
		if meta.Kind != ynode.MapNode {
			return located(meta, "kio cannot read this resource: metadata is a "+meta.Kind.String()+", not a map")
		}
		if clearIfEmpty(meta, "annotations") {
			notes.note(metadataPath.Field("annotations"), ruleKioEmptyMeta)
		}
	}
	if clearIfEmpty(root, "metadata") {
		notes.note(metadataPath, ruleKioEmptyMeta)
	}
	return nil
}

// clearIfEmpty removes the first entry called name whose value has no content, and reports
// whether it did.
func clearIfEmpty(m *ynode.Node, name string) bool {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == name && len(m.Content[i+1].Content) == 0 {
			m.Content = append(m.Content[:i:i], m.Content[i+2:]...)
			return true
		}
	}
	return false
}

// clearAnnotation removes one annotation, when metadata.annotations is a map.
func clearAnnotation(root *ynode.Node, key string, notes *kioNotes) {
	meta := root.Get("metadata")
	if meta.IsNull() || meta.Kind != ynode.MapNode {
		return
	}
	if ann := meta.Get("annotations"); !ann.IsNull() && ann.Kind == ynode.MapNode && ann.Delete(key) != nil {
		notes.note(annotationPath(key), ruleKioCleared)
	}
}

// annotations reads metadata.annotations as kyaml reads a resource's metadata (the text of every
// entry).
func annotations(root *ynode.Node) map[string]string {
	ann := root.Get("metadata").Get("annotations")
	out := map[string]string{}
	if ann.IsNilOrEmpty() {
		return out
	}
	for i := 0; i+1 < len(ann.Content); i += 2 {
		out[ann.Content[i].Text()] = ann.Content[i+1].Text()
	}
	return out
}

// copyLegacyAnnotations copies, as kio does when it pairs resources, a path, index or id
// annotation found under only one of its two names to the other.
func copyLegacyAnnotations(root *ynode.Node, notes *kioNotes) error {
	for _, p := range legacyPairs {
		ann := annotations(root)
		legacy, current := ann[p[0]], ann[p[1]]
		switch {
		case current != "" && legacy == "":
			if err := setAnnotation(root, p[0], current, notes); err != nil {
				return err
			}
		case current == "" && legacy != "":
			if err := setAnnotation(root, p[1], legacy, notes); err != nil {
				return err
			}
		}
	}
	return nil
}

// tidyForWrite is what kio's writer does to a resource before writing it.
func tidyForWrite(root *ynode.Node, notes *kioNotes) error {
	for _, key := range clearedOnWrite {
		clearAnnotation(root, key, notes)
	}
	return clearEmptyAnnotations(root, notes)
}
