package apiserver

import (
	"sort"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// AnnotationsLimit is the most bytes an object's annotations may hold, keys and values
// together (observed: one annotation "a" of 262,143 bytes is stored, of 262,144 refused).
const AnnotationsLimit = 262144

// Object is an object as the API server would store it, with what the server knows of its kind.
type Object struct {
	APIVersion, Kind string
	// Namespaced says the kind lives in a namespace (its metadata.namespace is then checked).
	Namespaced bool
	// Root is the object.
	Root *yamltree.Node
	// Live is the object the server holds for an update (nil for a create): the immutable
	// fields are checked against it.
	Live *yamltree.Node
	// Drops are the values Root does not store (Store): the server validates the object it
	// decoded, where an empty map it does not store is still a map ({} in its messages).
	Drops []Drop
}

// decoded is the value at a field (as the server writes it) in the object the server decoded:
// Root's, or the empty value Root does not store, or the value the server clears.
func (obj Object) decoded(field string, n *yamltree.Node) *yamltree.Node {
	if n != nil {
		return n
	}
	for _, d := range obj.Drops {
		if d.Field == field && (d.Why == DroppedEmpty || d.Why == Cleared) {
			return d.Value
		}
	}
	return nil
}

// Problem is one field of metadata the API server refuses, in its words.
type Problem struct {
	// Field is the field as the server names it: "metadata.name", "metadata.labels",
	// "metadata.finalizers[1]".
	Field string
	// Detail is what the server says of it: `Invalid value: "a b": name part must ...`,
	// `Too long: may not be more than 262144 bytes`.
	Detail string
	// At is where the refused value is in metadata, to find it in an input (Locate).
	At Place
}

// String writes the problem as the server lists it: "metadata.labels: Invalid value: ...".
func (p Problem) String() string { return p.Field + ": " + p.Detail }

// Place is where a refused value is in an object's metadata.
type Place struct {
	// Field is metadata's field: name, generateName, namespace, labels, annotations, finalizers.
	Field string
	// Key is the label's or annotation's key, or the finalizer itself; "" for the whole field.
	Key string
	// Value says the problem is the label's value, not its key.
	Value bool
	// Path, when set, is the refused field's place from the object's root (a field outside
	// metadata): Field, Key and Value are then unused.
	Path []string
}

// Check returns the API server's refusal of obj, nil when it accepts it: a Service's IP families
// and cluster IPs first and alone (serviceIPs), then its metadata, then the rules of its own
// validation spec.go lists. A namespace
// that is no DNS label cannot exist: the server answers that it is not found, before any
// validation. Else every problem is listed, in the server's order: generateName, name, labels,
// annotations (their keys, then their size), finalizers; then the object's own fields, then
// the immutable ones. An object without a name is not
// refused for it: kubectl apply refuses it first, and the playground pairs it by position.
func Check(obj Object) *Refusal {
	if r := serviceIPs(obj); r != nil {
		return r
	}
	meta := obj.Root.Get("metadata")
	r := &Refusal{Kind: obj.Kind, Name: meta.Get("name").Str()}
	if ns := meta.Get("namespace").Str(); obj.Namespaced && ns != "" && (len(ns) > 63 || !isLabel(ns)) {
		r.MissingNamespace = ns
		r.Problems = []Problem{{Field: "metadata.namespace", At: Place{Field: "namespace"}}}
		return r
	}
	r.uidUpdate(meta, obj.Live)
	if rule, ok := ruleOf(obj.APIVersion, obj.Kind); ok {
		if prefix := meta.Get("generateName").Str(); prefix != "" {
			r.add("generateName", "", rule.prefix(prefix), prefix)
		}
		if r.Name != "" {
			r.add("name", "", rule.name(r.Name), r.Name)
		}
	}
	labels := labelsOf(meta.Get("labels"))
	if obj.APIVersion == "v1" && obj.Kind == "Namespace" {
		labels = withNamespaceLabel(labels, r.Name)
	}
	r.labels(labels)
	r.annotations(meta.Get("annotations"))
	r.finalizers(meta.Get("finalizers"))
	r.spec(obj)
	r.values(obj)
	r.immutableFields(obj)
	if len(r.Problems) == 0 {
		return nil
	}
	return r
}

// uidUpdate checks, on an update, that the object keeps live's uid: a write that sets another
// is refused before anything else of the object (`metadata.uid: Invalid value: "patched": field
// is immutable`; observed on kube-apiserver v1.37.2, make apiserver-diff seed 4, patch-17 and
// patch-18). A live given without a uid is not checked: the cluster's is not known.
func (r *Refusal) uidUpdate(meta, live *yamltree.Node) {
	was, now := live.Lookup("metadata", "uid"), meta.Get("uid")
	if live == nil || !was.IsScalar() || was.Str() == "" || !now.IsScalar() || now.Str() == "" || now.Str() == was.Str() {
		return
	}
	r.Problems = append(r.Problems, Problem{Field: "metadata.uid", Detail: "Invalid value: " + strconv.Quote(now.Str()) + ": field is immutable",
		At: Place{Field: "uid"}})
}

// add appends an "Invalid value" problem for each detail about value, at metadata's field
// (and key).
func (r *Refusal) add(field, key string, details []string, value string) {
	r.addAt(Place{Field: field, Key: key}, "metadata."+field, details, value)
}

func (r *Refusal) addAt(at Place, name string, details []string, value string) {
	for _, d := range details {
		r.Problems = append(r.Problems, Problem{Field: name, Detail: "Invalid value: " + strconv.Quote(value) + ": " + d, At: at})
	}
}

// namespaceLabel is the label the API server gives every Namespace, its name as value, before it
// validates it: a Namespace whose name is no label value is refused twice (observed: "Admin:x",
// 64 characters).
const namespaceLabel = "kubernetes.io/metadata.name"

// label is one label to check, and where a problem with it is placed.
type label struct {
	key, value string
	at         Place
}

// labelsOf lists a labels map's entries in key order.
func labelsOf(n *yamltree.Node) []label {
	var out []label
	for _, f := range sortedFields(n) {
		out = append(out, label{key: f.Name(), value: f.Value.Str(), at: Place{Field: "labels", Key: f.Name()}})
	}
	return out
}

// withNamespaceLabel adds, in key order, the label the API server gives every Namespace (its
// name as value) before it validates it, replacing one the object holds: a Namespace whose name
// is no label value is refused twice (observed: "Admin:x", 64 characters). A problem with it is
// placed at the name.
func withNamespaceLabel(labels []label, name string) []label {
	const key = "kubernetes.io/metadata.name"
	own := label{key: key, value: name, at: Place{Field: "name"}}
	i := sort.Search(len(labels), func(i int) bool { return labels[i].key >= key })
	if i < len(labels) && labels[i].key == key {
		labels[i] = own
		return labels
	}
	return append(labels[:i], append([]label{own}, labels[i:]...)...)
}

// labels checks each label's key and value, key after key in sorted order (the server's order is
// Go's map order, which changes from one request to the next: 8 runs of three refused labels
// gave 3 orders, each a rotation of the sorted one).
func (r *Refusal) labels(labels []label) {
	for _, l := range labels {
		r.addAt(l.at, "metadata.labels", qualifiedNameProblems(l.key), l.key)
		value := l.at
		value.Value = l.at.Key != ""
		r.addAt(value, "metadata.labels", labelValueProblems(l.value), l.value)
	}
}

// annotations checks each annotation's key, in sorted order, then their size.
func (r *Refusal) annotations(n *yamltree.Node) {
	for _, f := range sortedFields(n) {
		r.add("annotations", f.Name(), qualifiedNameProblems(f.Name()), f.Name())
	}
	if AnnotationsSize(n) > AnnotationsLimit {
		r.Problems = append(r.Problems, Problem{Field: "metadata.annotations", Detail: "Too long: may not be more than " + strconv.Itoa(AnnotationsLimit) + " bytes",
			At: Place{Field: "annotations"}})
	}
}

// AnnotationsSize is the size the server counts of an annotations map: the bytes of every key
// and value.
func AnnotationsSize(annotations *yamltree.Node) int {
	size := 0
	if annotations == nil || !annotations.IsMap() {
		return 0
	}
	for _, f := range annotations.Fields {
		size += len(f.Name()) + len(f.Value.Str())
	}
	return size
}

// sortedFields returns a map's fields in key order; none for a node that is no map.
func sortedFields(n *yamltree.Node) []yamltree.Field {
	if n == nil || !n.IsMap() {
		return nil
	}
	fields := append([]yamltree.Field(nil), n.Fields...)
	sort.SliceStable(fields, func(i, j int) bool { return fields[i].Name() < fields[j].Name() })
	return fields
}
