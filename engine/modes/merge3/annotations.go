package merge3

import (
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

// annotationName is one bookkeeping annotation under its two names.
type annotationName struct {
	legacy, current string
}

// twoNamed are the annotations kio keeps under a legacy and a current name.
var twoNamed = []annotationName{
	{legacy: legacyPathAnnotation, current: pathAnnotation},
	{legacy: legacyIndexAnnotation, current: indexAnnotation},
	{legacy: legacyIDAnnotation, current: idAnnotation},
}

// mirror is which way mirrorAnnotationNames copies one two-named annotation.
type mirror int

// The ways to copy, one per row of mirrors.
const (
	mirrorNone      mirror = iota // both names are set, or neither: nothing is copied
	mirrorToLegacy                // only the current name is set: copied to the legacy name
	mirrorToCurrent               // only the legacy name is set: copied to the current name
)

// nameUse is which names of a two-named annotation hold a non-empty value.
type nameUse struct {
	legacy, current bool
}

// mirrors is the copy for each use of the two names: only a name left empty is written, so when
// both names are set, even to different values, neither changes.
var mirrors = map[nameUse]mirror{
	{legacy: false, current: false}: mirrorNone,
	{legacy: false, current: true}:  mirrorToLegacy,
	{legacy: true, current: false}:  mirrorToCurrent,
	{legacy: true, current: true}:   mirrorNone,
}

// clearedOnWrite are the annotations kio's ByteWriter removes from every resource it writes.
var clearedOnWrite = []string{indexAnnotation, legacyIndexAnnotation, seqIndentAnnotation, mergeSourceAnnotation}

// putAnnotation writes annotation key = value the way kio's bookkeeping shows in its output:
// empty metadata and annotations are dropped first (dropEmptyMetadata), metadata.annotations is
// made where missing (appended at the end of its map), and the value is single-quoted.
func putAnnotation(root *ynode.Node, key, value string, notes *kioNotes) error {
	if err := dropEmptyMetadata(root, notes); err != nil {
		return err
	}
	meta, err := mapUnder(root, "metadata")
	if err != nil {
		return err
	}
	ann, err := mapUnder(meta, "annotations")
	if err != nil {
		return err
	}
	v := ynode.NewString(value)
	v.Style = ynode.SingleQuoted
	setField(ann, key, v, [3]string{}, 0)
	if notes != nil { // upstream's copies record nothing
		notes.note(annotationPath(key), ruleKioAnnotation)
	}
	return nil
}

// metadataPath is the path of a resource's metadata, for the notes.
var metadataPath = fieldpath.Path{}.Field("metadata")

// annotationPath is the path of annotation key, for the notes.
func annotationPath(key string) fieldpath.Path {
	return fieldpath.Path{{Field: "metadata"}, {Field: "annotations"}, {Field: key}}
}

// mapUnder returns the map under name in m, made (empty, appended) when missing.
func mapUnder(m *ynode.Node, name string) (*ynode.Node, error) {
	_, v := m.Field(name)
	if v == nil {
		v = ynode.NewMap()
		setField(m, name, v, [3]string{}, 0)
		return v, nil
	}
	if v.Kind != ynode.MapNode {
		return nil, located(v, "kio cannot add its "+mergeSourceAnnotation+" annotation: "+name+" is a "+v.Kind.String()+", not a map")
	}
	return v, nil
}

// dropEmptyMetadata removes metadata.annotations when it holds nothing (null, {}, or a scalar),
// then metadata likewise; kio's readers and writers both do it. A metadata that is not a map is
// an error, naming its line and column.
func dropEmptyMetadata(root *ynode.Node, notes *kioNotes) error {
	if meta := root.Get("metadata"); !meta.IsNull() {
		if meta.Kind != ynode.MapNode {
			return located(meta, "kio cannot read this resource: metadata is a "+meta.Kind.String()+", not a map")
		}
		if dropIfEmpty(meta, "annotations") {
			notes.note(metadataPath.Field("annotations"), ruleKioEmptyMeta)
		}
	}
	if dropIfEmpty(root, "metadata") {
		notes.note(metadataPath, ruleKioEmptyMeta)
	}
	return nil
}

// dropIfEmpty removes the first entry called name whose value has no content, and reports
// whether it did.
func dropIfEmpty(m *ynode.Node, name string) bool {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == name && len(m.Content[i+1].Content) == 0 {
			m.Content = append(m.Content[:i:i], m.Content[i+2:]...)
			return true
		}
	}
	return false
}

// dropAnnotation removes annotation key, when metadata.annotations is a map.
func dropAnnotation(root *ynode.Node, key string, notes *kioNotes) {
	meta := root.Get("metadata")
	if meta.IsNull() || meta.Kind != ynode.MapNode {
		return
	}
	if ann := meta.Get("annotations"); !ann.IsNull() && ann.Kind == ynode.MapNode && ann.Delete(key) != nil {
		if notes != nil {
			notes.note(annotationPath(key), ruleKioCleared)
		}
	}
}

// annotation returns the text of metadata.annotations' entry key as kyaml reads a resource's
// metadata (the text of every entry, the last of entries whose keys read alike), "" when none.
func annotation(root *ynode.Node, key string) string {
	ann := root.Get("metadata").Get("annotations")
	if ann.IsNilOrEmpty() {
		return ""
	}
	text := ""
	for i := 0; i+1 < len(ann.Content); i += 2 {
		if ann.Content[i].Text() == key {
			text = ann.Content[i+1].Text()
		}
	}
	return text
}

// mirrorAnnotationNames copies each two-named annotation set under one name only to its other
// name, by its row of mirrors; kio does it to every resource when it pairs two resources or more.
func mirrorAnnotationNames(root *ynode.Node, notes *kioNotes) error {
	for _, name := range twoNamed {
		legacy, current := annotation(root, name.legacy), annotation(root, name.current)
		var err error
		switch mirrors[nameUse{legacy: legacy != "", current: current != ""}] {
		case mirrorToLegacy:
			err = putAnnotation(root, name.legacy, current, notes)
		case mirrorToCurrent:
			err = putAnnotation(root, name.current, legacy, notes)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// tidyForWrite is what kio's writer does to a resource before writing it.
func tidyForWrite(root *ynode.Node, notes *kioNotes) error {
	for _, key := range clearedOnWrite {
		dropAnnotation(root, key, notes)
	}
	return dropEmptyMetadata(root, notes)
}
