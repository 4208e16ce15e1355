package modes

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Store returns the object the API server stores for a resource's result: a built-in kind the
// user's schema does not declare loses what its Go type does not store (apiserver.Store); a kind
// the user's schema declares (a custom resource) loses the nulls its schema does not let it hold,
// and its metadata what ObjectMeta does not store (apiserver.StoreCustom). A kind no schema
// knows is stored as the result holds it, but for its metadata (apiserver.StoreMetadata).
func (in *Input) Store(id stream.ID, result *yamltree.Node, keys apiserver.Keys) apiserver.Stored {
	if result == nil || !in.Request.Options.ModelsAPIServer() {
		return apiserver.Stored{Root: result}
	}
	if custom := in.User.Root(id.APIVersion, id.Kind); custom != nil {
		return apiserver.StoreCustom(result, custom, in.Schema.Named(objectMetaType), keys)
	}
	root := in.Schema.Root(id.APIVersion, id.Kind)
	if root == nil {
		return apiserver.StoreMetadata(result, in.Schema.Named(objectMetaType), keys)
	}
	return apiserver.Store(result, root, keys)
}

// StoreOver returns the object the API server stores for a resource's result written over its
// live object (t.Live): as Store does, and a built-in kind's result keeps the defaults live
// holds as a cluster stores it where it keeps live's value though the default's condition no
// longer holds (apiserver.StoreOver), unless sent, the document the write sends whose nulls
// delete (a patch, kubectl's config; nil for none), sets the field.
func (in *Input) StoreOver(t stream.Triple, result, sent *yamltree.Node, keys apiserver.Keys) apiserver.Stored {
	live, root := in.over(t, result)
	if root == nil {
		return in.Store(t.ID, result, keys)
	}
	return in.storeOver(live, apiserver.Store(live, root, keys).Root, root, result, sent, keys)
}

// StoreUpdate returns the object the API server stores for a resource's result sent whole as
// an update of its live object (t.Live): as Store does, with the fields of metadata the server
// keeps from live (apiserver.StoreUpdate).
func (in *Input) StoreUpdate(t stream.Triple, result *yamltree.Node, keys apiserver.Keys) apiserver.Stored {
	live, root := in.over(t, result)
	if root == nil {
		return in.Store(t.ID, result, keys)
	}
	at := func(p fieldpath.Path) (*yamltree.Node, *yamltree.Node, bool) { return found(live, p), nil, false }
	return apiserver.StoreUpdate(result, root, keys, at)
}

// StoreOverPatched is StoreOver with the patch merge keys (apply, patch, twoway), live as stored
// taken from StoreLive, worked out once per request.
func (in *Input) StoreOverPatched(t stream.Triple, result, sent *yamltree.Node) apiserver.Stored {
	live, root := in.over(t, result)
	if root == nil {
		return in.Store(t.ID, result, PatchKeys)
	}
	return in.storeOver(live, in.StoreLive(t.ID, live).Root, root, result, sent, PatchKeys)
}

// over returns live's root and its kind's type when a write of result over it keeps live's
// defaults (StoreOver): a built-in kind, live and result given, under options.apiServer on; a
// nil type otherwise, where the object stored is Store's.
func (in *Input) over(t stream.Triple, result *yamltree.Node) (*yamltree.Node, *schema.Type) {
	live := RootOf(t.Live)
	if live == nil || result == nil || !in.Request.Options.ModelsAPIServer() || in.User.Root(t.ID.APIVersion, t.ID.Kind) != nil {
		return nil, nil
	}
	return live, in.Schema.Root(t.ID.APIVersion, t.ID.Kind)
}

// storeOver is apiserver.StoreOver of result over live, whose stored form is stored.
func (in *Input) storeOver(live, stored *yamltree.Node, root *schema.Type, result, sent *yamltree.Node, keys apiserver.Keys) apiserver.Stored {
	at := func(p fieldpath.Path) (*yamltree.Node, *yamltree.Node, bool) {
		_, isSent := explain.Deepest(sent, p)
		return found(live, p), found(stored, p), sent != nil && isSent
	}
	return apiserver.StoreOver(result, root, keys, at)
}

// found is the node at path p from root, nil where root holds none.
func found(root *yamltree.Node, p fieldpath.Path) *yamltree.Node {
	if n, ok := explain.Deepest(root, p); ok {
		return n
	}
	return nil
}

// objectMetaType names the built-in type of every object's metadata.
const objectMetaType = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"

// PatchKeys identifies list items by their patch merge keys (apply, patch, twoway).
func PatchKeys(field *schema.Field, _ *schema.Type) []string { return field.MergeKeys() }

// ListMapKeys identifies list items by their list-map keys (server-side apply).
func ListMapKeys(_ *schema.Field, list *schema.Type) []string {
	if list.ListType == schema.ListMap {
		return list.Keys
	}
	return nil
}

// Marking is what StoredMarks needs of a resource's answer.
type Marking struct {
	// Mode names the rules ("apply" makes "apply/stored-null"); Source names updated in a
	// reason ("the config", "the patch").
	Mode, Source string
	// Layout is the stored object's, aliased to the result's nodes (yamltree.Layout.Alias);
	// Spot is where the resource stands.
	Layout *yamltree.Layout
	Spot   explain.Spot
	Triple stream.Triple
	// Log records the marks' decisions.
	Log *decision.Log
}

// StoredMarks rewrites a resource's marks, made on the result, for the object stored: a mark on
// a value not stored goes, and the value gets a dropped mark on updated's lines (a deleted one
// on live's, for a value only live holds), with the rule Mode+"/stored-…" recorded in the log;
// a null stored as "" keeps its mark, its reason saying so; a value the server wrote, its
// default, is marked as markDefaults says.
func (m Marking) StoredMarks(s apiserver.Stored, fields []contract.Field) []contract.Field {
	if len(s.Drops) == 0 && len(s.Defaults) == 0 {
		return fields
	}
	spot := m.Spot
	spot.Result = s.Root
	w := &explain.Walker{Resource: m.Triple.ID.String(), Layout: m.Layout, Spot: spot}
	w.Expect(len(s.Defaults) + len(s.Drops))
	gone := make([]string, 0, len(s.Drops))
	for _, d := range s.Drops {
		if !rewritten(d.Why) {
			gone = append(gone, d.Path.String())
		}
	}
	// one allocation for the marks kept, the defaults' and the drops' (each adds one or none)
	out := make([]contract.Field, 0, len(fields)+len(s.Defaults)+len(s.Drops))
	for _, f := range fields {
		if !under(f.Path, gone) {
			out = append(out, f)
		}
	}
	defaulted := make(map[string]bool, len(s.Defaults))
	for _, d := range s.Defaults {
		defaulted[d.Path.String()] = true
	}
	for _, d := range s.Drops {
		switch {
		case rewritten(d.Why):
			if !m.noteRewritten(out, d) && d.Why == apiserver.CanonicalQuantity {
				m.markQuantity(d, w)
			}
		case !defaulted[d.Path.String()]: // a null dropped then defaulted: the default's mark says it
			m.markDrop(d, w)
		}
	}
	out = m.markDefaults(s.Defaults, out, w)
	return append(out, w.Fields()...)
}

// under reports whether path is one of paths or inside one.
func under(path string, paths []string) bool {
	for _, p := range paths {
		if within(path, p) {
			return true
		}
	}
	return false
}

// within reports whether path is p or inside it (p followed by "." or "["), without building
// a string.
func within(path, p string) bool {
	if !strings.HasPrefix(path, p) {
		return false
	}
	return len(path) == len(p) || path[len(p)] == '.' || path[len(p)] == '['
}

// rewritten reports whether the server stores a value as another (a null as "", a quantity in
// its canonical form) rather than dropping it.
func rewritten(why apiserver.Why) bool {
	return why == apiserver.NullAsEmpty || why == apiserver.CanonicalQuantity
}

// noteRewritten adds to the mark at the value's path what the server stores instead (a changed
// mark becomes retained when live holds the value stored), and
// reports whether there was one.
func (m Marking) noteRewritten(fields []contract.Field, d apiserver.Drop) bool {
	note := `; the API server stores this null as "": it decodes the map into strings, where a null is the empty string (kubectl get shows ` + "''" + `)`
	if d.Why == apiserver.CanonicalQuantity {
		note = "; " + quantityReason(d)
	}
	path, noted := d.Path.String(), false
	live, held := explain.Deepest(RootOf(m.Triple.Live), d.Path)
	for i := range fields {
		if fields[i].Path == path {
			fields[i].Reason += note
			noted = true
			if fields[i].Mark == contract.Changed && held && m.Triple.Live != nil && yamltree.Equal(live, d.Stored) {
				fields[i].Mark = contract.Retained // stored as live holds it: the object keeps its value
			}
		}
	}
	return noted
}

// quantityReason says how the server stores a quantity.
func quantityReason(d apiserver.Drop) string {
	return "the API server stores the quantity " + d.Value.Value + " as " + d.Stored.Value +
		", its canonical form (kubectl get shows " + d.Stored.Value + ")"
}

// markQuantity marks changed a quantity no mark stands on (one inside a created object or an
// added item, or one written alike in the config and live): the result shows another text.
func (m Marking) markQuantity(d apiserver.Drop, w *explain.Walker) {
	rule := decision.Rule(m.Mode + "/stored-quantity")
	held, source := decision.Live, "live"
	if _, ok := explain.Deepest(RootOf(m.Triple.Updated), d.Path); ok && m.Triple.Updated != nil {
		held, source = decision.Updated, m.Source
	}
	m.Log.Record(d.Path, rule, held)
	w.Place(explain.Placed{Path: d.Path, Mark: contract.Changed, Result: d.Stored, Rule: rule,
		Reason: source + " writes " + d.Value.Value + "; " + quantityReason(d)})
}

// markDrop marks a value not stored: dropped on updated's lines when updated holds it,
// else deleted on live's.
func (m Marking) markDrop(d apiserver.Drop, w *explain.Walker) {
	t, log := m.Triple, m.Log
	rule := decision.Rule(m.Mode + "/stored-" + whyName(d.Why))
	if n, ok := explain.Deepest(RootOf(t.Updated), d.Path); ok && t.Updated != nil {
		log.RecordDropped(d.Path, rule)
		spot := explain.Spot{Result: w.Spot.Result, Live: t.Updated.Root, Doc: w.Spot.Doc}
		w.PlaceDropped(explain.Placed{Path: d.Path, Mark: contract.Dropped, Updated: n, Key: keyOf(t.Updated.Root, d.Path), Rule: rule,
			Reason: storedReason(d, m.Source)}, spot.Removed(w.Layout, d.Path, keyLine(t.Updated.Root, d.Path, n)))
		return
	}
	if n, ok := explain.Deepest(RootOf(t.Live), d.Path); ok && t.Live != nil {
		log.Record(d.Path, rule, decision.Live)
		w.Spot.Live = t.Live.Root
		w.Place(explain.Placed{Path: d.Path, Mark: contract.Deleted, Live: n, Key: keyOf(t.Live.Root, d.Path),
			Rule: rule, Reason: storedReason(d, "live")})
	}
}

// whyName names a reason in a rule: stored-null, stored-empty, stored-unknown.
func whyName(why apiserver.Why) string {
	switch why {
	case apiserver.DroppedNull, apiserver.PrunedNull:
		return "null"
	case apiserver.DroppedEmpty:
		return "empty"
	case apiserver.Cleared:
		return "cleared"
	}
	return "unknown"
}

// storedReason says why the server does not store a value that input holds.
func storedReason(d apiserver.Drop, input string) string {
	name := d.Path[len(d.Path)-1].Field
	switch d.Why {
	case apiserver.DroppedNull:
		return "the API server does not store " + input + "'s null here: it decodes the object into its Go type, where null leaves " +
			name + " unset, and writes the object back without it (kubectl get shows no " + name + ")"
	case apiserver.PrunedNull:
		return "the API server does not store " + input + "'s null here: the CRD's schema does not mark " + name +
			" nullable: true, so the server prunes the null before it stores the object (kubectl get shows no " + name + ")"
	case apiserver.DroppedEmpty:
		return "the API server does not store " + input + "'s " + emptyText(d.Value) + " here: " + name +
			" is omitempty in its Go type, so its empty value is left out when the object is written back (kubectl get shows no " + name + ")"
	case apiserver.Cleared:
		return "the API server clears " + name + " unless " + d.Unless + ": the object it stores has none (kubectl get shows no " + name + ")"
	}
	return d.Type + " declares no field " + strconv.Quote(name) + ": the API server drops it from the object it stores " +
		"(kubectl --validate=ignore does not check it; warn prints Warning: unknown field " + strconv.Quote(d.Field) + ")"
}

// emptyText writes an empty value as YAML does.
func emptyText(v *yamltree.Node) string {
	switch {
	case v.IsMap():
		return "{}"
	case v.IsList():
		return "[]"
	case v.Tag == yamltree.StrTag:
		return `""`
	}
	return v.Value
}

// keyLine is the line of the key holding the value at path (its own line for an item).
func keyLine(root *yamltree.Node, path fieldpath.Path, n *yamltree.Node) int {
	if k := keyOf(root, path); k != nil {
		return k.Pos.Line
	}
	return n.Pos.Line
}

// keyOf is the key node of the map field at path, nil when path does not end in a map field.
func keyOf(root *yamltree.Node, path fieldpath.Path) *yamltree.Node {
	last := path[len(path)-1]
	if last.Field == "" {
		return nil
	}
	parent, ok := explain.Deepest(root, path[:len(path)-1])
	if !ok || !parent.IsMap() {
		return nil
	}
	if i := parent.Index(last.Field); i >= 0 {
		return parent.Fields[i].Key
	}
	return nil
}

// Zero is the object a write that creates a resource starts from, as the API server's field
// manager meets it (apiserver.Zero): for a built-in kind the user's schema does not declare,
// with options.apiServer on; nil otherwise (apiVersion and kind alone, as the reference
// libraries start).
func (in *Input) Zero(id stream.ID) *yamltree.Node {
	if !in.Request.Options.ModelsAPIServer() || in.User.Root(id.APIVersion, id.Kind) != nil {
		return nil
	}
	root := in.Schema.Root(id.APIVersion, id.Kind)
	if root == nil {
		return nil
	}
	return apiserver.Zero(root, id.APIVersion, id.Kind)
}

// LiveAsStored is live as a cluster holds it, for the managedFields of a write over it: a
// built-in kind's live less what the API server does not store and with the defaults it writes
// (Store), so that a write does not own the defaults a live given without them lacks (a
// cluster's object holds them since its creation). Live as given under options.apiServer off,
// and for other kinds.
func (in *Input) LiveAsStored(id stream.ID, live *yamltree.Node) *yamltree.Node {
	if live == nil || in.User.Root(id.APIVersion, id.Kind) != nil {
		return live
	}
	return in.StoreLive(id, live).Root
}

// StoreLive is Store of a live object with the patch merge keys, worked out once per request
// and live object: what it returns is shared by every caller, which must not change it.
func (in *Input) StoreLive(id stream.ID, live *yamltree.Node) apiserver.Stored {
	if in.storedLive == nil {
		in.storedLive = &storedLives{at: map[*yamltree.Node]int{}}
	}
	lives := in.storedLive
	if i, ok := lives.at[live]; ok {
		return lives.stored[i]
	}
	stored := in.Store(id, live, PatchKeys)
	lives.at[live] = len(lives.stored)
	lives.stored = append(lives.stored, stored)
	return stored
}

// storedLives are StoreLive's answers, at the index `at` gives their live object (an index,
// not the Stored itself, as the map's value: the wasm holds that map type's code already).
type storedLives struct {
	at     map[*yamltree.Node]int
	stored []apiserver.Stored
}
