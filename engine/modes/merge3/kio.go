package merge3

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// How kio/filters.Merge3 sees a package update: every resource of the three inputs is read by a
// kio reader that tags it with its source (config.kubernetes.io/merge-source: dest, original or
// updated), resources are grouped by identity (apiVersion, kind, namespace and name as written,
// without a default namespace, plus kio's path annotation), and each group is handled by
// the action of resourceActions for the inputs that hold it:
//
//	only the local copy has it          kept as it is
//	upstream added it                   added (upstream's version)
//	the local copy deleted it, upstream still has it
//	                                    added back (upstream's version)
//	upstream deleted it                 deleted, local edits or not
//	the local copy and upstream have it merged (merge3)
//
// The result lists the groups in the order their first resource was read: local resources first,
// then the ones only upstream has.

// Source roles, as the merge-source annotation names them.
const (
	sourceLocal    = "dest"
	sourceOriginal = "original"
	sourceUpdated  = "updated"
)

// resource is one resource as kio holds it.
type resource struct {
	root *ynode.Node // rewritten by the reader, then by the merge
	// docHead is the document's own comment (at its start, followed by a blank line).
	docHead string
	input   yamltree.Input
	id      stream.ID // the resource's identity in the response
	// pristine is root as read, before kio and the merge changed it (the local copy's only: see
	// keepPristine); pristineOf maps each node of root to its copy there, and liveOf back.
	pristine   *ynode.Node
	pristineOf map[*ynode.Node]*ynode.Node
	liveOf     map[*ynode.Node]*ynode.Node
	// notes are kio's decisions on the local copy's bookkeeping; nil for upstream's copies.
	notes *kioNotes
}

// kioSeparators returns where kio's ByteReader finds document separators in text: each match of
// its pattern "\n---.*\n" (a line starting with "---", with the line break before it and the one
// after it), leftmost first and not overlapping, so that a "---" line right after another one
// is not a separator of its own. Written out rather than with package regexp, which the wasm
// would pay for at every start (its Unicode tables: about 30 ms in Node) and in size.
func kioSeparators(text string) [][2]int {
	var out [][2]int
	for i := 0; ; {
		at := strings.Index(text[i:], "\n---")
		if at < 0 {
			return out
		}
		i += at
		end := strings.IndexByte(text[i+4:], '\n')
		if end < 0 {
			return out // no line break after it, nor after any later "---"
		}
		out = append(out, [2]int{i, i + 4 + end + 1})
		i += 4 + end + 1 // the next search starts after the line break
	}
}

// readResources turns an input's resources back into kio's view: one node per document, as kio's
// ByteReader reads them, each tagged with its role (dest, original or updated).
func readResources(input yamltree.Input, text string, rs []*stream.Resource, role string, scope stream.Scope) ([]*resource, error) {
	if err := checkSeparators(input, text); err != nil {
		return nil, err
	}
	var out []*resource
	var last *yamltree.Document
	source := ynode.NewSource(text)
	for _, r := range rs {
		if r.Doc == last {
			continue
		}
		last = r.Doc
		root := r.Doc.Root
		if kind := unwrappedList(root, text); kind != "" {
			return nil, yamltree.ErrorAt(root.Pos, "kio unwraps a "+kind+" but does not tag its items with their source, so Merge3 fails on it (no source annotation for Resource): list the resources as documents instead")
		}
		res, err := readResource(input, root, source, role, scope)
		if err != nil {
			return nil, err
		}
		out = append(out, res)
	}
	return out, nil
}

// readResource reads one document of an input as kio's reader does: its root, the local copy's
// kept as read too, empty metadata dropped, tagged with its role.
func readResource(input yamltree.Input, root *yamltree.Node, source ynode.Source, role string, scope stream.Scope) (*resource, error) {
	res := newResource(input, root, source, scope)
	if role == sourceLocal {
		res.notes = &kioNotes{}
		res.keepPristine()
	}
	if err := dropEmptyMetadata(res.root, res.notes); err != nil {
		return nil, err
	}
	if err := putAnnotation(res.root, mergeSourceAnnotation, role, nil); err != nil {
		return nil, err
	}
	return res, nil
}

// unwrappedList returns the kind of a List or ResourceList root that kio's reader unwraps (the
// only document of its input, holding items); "" for any other root.
func unwrappedList(root *yamltree.Node, text string) string {
	if kind := listKind(root); kind != "" && kioDocuments(text) == 1 {
		return kind
	}
	return ""
}

// listKind returns the kind of a List or ResourceList root holding items; "" for any other.
func listKind(root *yamltree.Node) string {
	if kind := root.Get("kind").Str(); (kind == "List" || kind == "ResourceList") && root.Get("items") != nil {
		return kind
	}
	return ""
}

// newResource reads one document's root.
func newResource(input yamltree.Input, root *yamltree.Node, source ynode.Source, scope stream.Scope) *resource {
	res := &resource{input: input, id: identity(root, scope)}
	res.root, res.docHead = ynode.ReadDocument(root, source)
	return res
}

// keepPristine keeps a copy of the root as read, before kio and the merge change it: the local
// copy's (the marks and the line diff compare the result with it; upstream's copies are marked
// whole, from the result's layout, and need none).
func (res *resource) keepPristine() {
	size := countValues(res.root)
	res.pristineOf, res.liveOf = make(map[*ynode.Node]*ynode.Node, size), make(map[*ynode.Node]*ynode.Node, size)
	res.pristine = copyIndexed(res.root, res.pristineOf, res.liveOf)
}

// countValues counts n and the values below it, not the maps' keys: the nodes the marks look up
// in pristineOf and liveOf (a key never), and those the merge records.
func countValues(n *ynode.Node) int {
	c := 1
	for i, ch := range n.Content {
		if n.Kind != ynode.MapNode || i%2 == 1 {
			c += countValues(ch)
		}
	}
	return c
}

// copyIndexed copies n, recording the copy of each value (not of the maps' keys) and back.
func copyIndexed(n *ynode.Node, to, back map[*ynode.Node]*ynode.Node) *ynode.Node {
	if n == nil {
		return nil
	}
	c := *n
	if n.Content != nil {
		c.Content = make([]*ynode.Node, len(n.Content))
		for i, ch := range n.Content {
			if n.Kind == ynode.MapNode && i%2 == 0 {
				c.Content[i] = ch.Copy()
			} else {
				c.Content[i] = copyIndexed(ch, to, back)
			}
		}
	}
	to[n], back[&c] = &c, n
	return &c
}

// kioDocuments counts the documents kio's ByteReader cuts text into (empty ones included).
func kioDocuments(text string) int {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	if text == "" {
		return 0
	}
	return 1 + len(kioSeparators(text))
}

// checkSeparators refuses, as kio does, a "---" line followed by anything but a comment.
func checkSeparators(input yamltree.Input, text string) error {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	for _, loc := range kioSeparators(text) {
		rest := strings.TrimSpace(text[loc[0]+4 : loc[1]])
		if rest != "" && rest[0] != '#' {
			line := strings.Count(text[:loc[0]+1], "\n") + 1
			return &yamltree.Error{Input: input, Line: line, Column: 1, Message: "kio refuses this document separator: " + strconv.Quote(strings.TrimSpace(text[loc[0]:loc[1]])) + " (only a comment may follow ---)"}
		}
	}
	return nil
}

// identity names a resource for the response as package stream does (a namespaced kind without a
// namespace is in "default").
func identity(root *yamltree.Node, scope stream.Scope) stream.ID {
	id := stream.ID{APIVersion: root.Get("apiVersion").Str(), Kind: root.Get("kind").Str(),
		Namespace: root.Lookup("metadata", "namespace").Str(), Name: root.Lookup("metadata", "name").Str()}
	switch {
	case scope != nil && !scope(id.APIVersion, id.Kind):
		id.Namespace = ""
	case id.Namespace == "" && id.Kind != "":
		id.Namespace = "default"
	}
	return id
}

// kioKey is a resource's identity as kio's DefaultGVKNNMatcher compares it.
type kioKey struct {
	apiVersion, kind, namespace, name, path string
}

func keyOfResource(root *ynode.Node) kioKey {
	meta := root.Get("metadata")
	name := ""
	if v := meta.Get("name"); !v.IsNilOrEmpty() {
		name = v.Value
	}
	return kioKey{apiVersion: metaText(root, "apiVersion"), kind: metaText(root, "kind"),
		namespace: metaText(meta, "namespace"), name: name, path: annotation(root, pathAnnotation)}
}

// group is one resource as each input holds it.
type group struct {
	local, original, updated *resource
}

// groupResources pairs the resources of the three inputs as kio's Merge3 does. With two resources
// or more, kio's matcher first copies path, index and id annotations between their legacy and
// current names on every resource.
func groupResources(local, original, updated []*resource) ([]*group, error) {
	all := append(append(append([]*resource{}, local...), original...), updated...)
	if len(all) >= 2 {
		for _, r := range all {
			if err := mirrorAnnotationNames(r.root, r.notes); err != nil {
				return nil, err
			}
		}
	}
	var groups []*group
	index := map[kioKey]*group{}
	add := func(rs []*resource, slot func(*group) **resource, source string) error {
		for _, r := range rs {
			k := keyOfResource(r.root)
			g, ok := index[k]
			if !ok {
				g = &group{}
				index[k] = g
				groups = append(groups, g)
			}
			if *slot(g) != nil {
				return located(r.root, "found duplicate "+strconv.Quote(source)+" resources in file "+strconv.Quote(k.path)+": kio pairs resources by apiVersion, kind, namespace and name as written, and this one repeats an earlier one")
			}
			*slot(g) = r
		}
		return nil
	}
	if err := add(local, func(g *group) **resource { return &g.local }, "local"); err != nil {
		return nil, err
	}
	if err := add(original, func(g *group) **resource { return &g.original }, "original upstream"); err != nil {
		return nil, err
	}
	if err := add(updated, func(g *group) **resource { return &g.updated }, "updated upstream"); err != nil {
		return nil, err
	}
	return groups, nil
}

// action is what kio does with one group.
type action string

// The actions, one per row of resourceActions.
const (
	actionMerge   action = "merge"   // the local copy and upstream have it: merged
	actionKeep    action = "keep"    // only the local copy has it
	actionAdd     action = "add"     // upstream added it
	actionRestore action = "restore" // the local copy deleted it and upstream still has it
	actionDelete  action = "delete"  // upstream deleted it
	actionNone    action = "none"    // upstream had it and deleted it, the local copy does not have it
)

// holders says which inputs hold a resource: upstream before the update (original), upstream
// now (updated), and the local copy (live).
type holders struct {
	original, updated, local bool
}

// resourceActions is the action for each way the three inputs can hold a resource. Observed with
// kyaml v0.21.2 through scripts/conformance/merge3diff (generator.go's streamEdits delete, add and
// restore whole resources): a resource the local copy deleted comes back when upstream still has
// it, changed or not, and a resource upstream deleted goes, whatever the local copy did to it. A
// group always holds at least one resource; the empty row is there so that the table is total.
var resourceActions = map[holders]action{
	{original: false, updated: false, local: false}: actionNone,
	{original: false, updated: false, local: true}:  actionKeep,
	{original: false, updated: true, local: false}:  actionAdd,
	{original: false, updated: true, local: true}:   actionMerge,
	{original: true, updated: false, local: false}:  actionNone,
	{original: true, updated: false, local: true}:   actionDelete,
	{original: true, updated: true, local: false}:   actionRestore,
	{original: true, updated: true, local: true}:    actionMerge,
}

// holders says which inputs hold g's resource.
func (g *group) holders() holders {
	return holders{original: g.original != nil, updated: g.updated != nil, local: g.local != nil}
}

// action is what kio does with g: its row of resourceActions.
func (g *group) action() action {
	return resourceActions[g.holders()]
}
