package management

import (
	"slices"
	"strconv"
	"sync"

	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/rfc3339"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// LastAppliedAnnotation is kubectl's client-side apply annotation.
const LastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// Summary is how one live object is managed (one item of extra.management).
type Summary struct {
	// Resource names the object (apiVersion/kind/namespace/name); Line is where it starts in live.
	Resource string `json:"resource"`
	Line     int    `json:"line"`
	// Managers are its managedFields entries, in their order.
	Managers []Manager `json:"managers"`
	// LastApplied is the size of kubectl's last-applied annotation in bytes; 0 for none.
	LastApplied int `json:"lastApplied,omitempty"`
	// Helm is the Helm release the object belongs to, when its labels and annotations name one.
	Helm *Release `json:"helm,omitempty"`
	// Notes say what the state means for the next writer, in sentences.
	Notes []string `json:"notes"`
}

// Manager is one managedFields entry, read for a learner.
type Manager struct {
	Manager     string `json:"manager"`
	Operation   string `json:"operation"`
	Subresource string `json:"subresource,omitempty"`
	APIVersion  string `json:"apiVersion,omitempty"`
	Time        string `json:"time,omitempty"`
	// Fields counts the fields it owns (leaves of its fieldsV1: a list item owned whole counts once).
	Fields int `json:"fields"`
	// Tool names what wrote the entry ("kubectl scale"), empty for a manager the table does not
	// know; Says what the entry means.
	Tool string `json:"tool,omitempty"`
	Says string `json:"says"`
	// Line is where the entry starts in live.
	Line int `json:"line"`
}

// Release is a Helm release, as its labels and annotations name it.
type Release struct {
	// Name and Namespace are from meta.helm.sh/release-name and release-namespace (Helm 3 and 4);
	// Heritage is the heritage label's value ("Tiller": Helm 2's charts set it).
	Name      string `json:"name,omitempty"`
	Namespace string `json:"namespace,omitempty"`
	Heritage  string `json:"heritage,omitempty"`
}

// Of summarises every live object with something to say; nil when none has.
func Of(live []*stream.Resource) Summaries {
	return (*Memo)(nil).Of(live)
}

// Memo summarises the successive versions of one live stream, as Of does, remembering each
// object's summary: an object given again (the same node, with the same identity, which a
// yamltree.Reader's ParseShared hands out for a document whose text did not change) is not read
// again. The objects must not change once summarised. A Memo keeps the objects of its last call
// only; it is safe for concurrent use. A nil Memo remembers nothing.
type Memo struct {
	mu   sync.Mutex
	last map[*yamltree.Node]summarised
}

// summarised is an object's summary, with the identity it was summarised under (which the
// schema's scopes may change): a map keyed by the node alone hashes a pointer, where one keyed
// by the identity too hashed its four strings for each of thousands of objects at every key.
type summarised struct {
	id      stream.ID
	summary *Summary
}

// Of is the package's Of, reading only the objects m has not summarised before.
func (m *Memo) Of(live []*stream.Resource) Summaries {
	var last, next map[*yamltree.Node]summarised
	if m != nil {
		m.mu.Lock()
		defer m.mu.Unlock()
		last, next = m.last, make(map[*yamltree.Node]summarised, len(live))
	}
	var out Summaries
	for _, r := range live {
		kept, ok := last[r.Root]
		if !ok || kept.id != r.ID {
			kept = summarised{id: r.ID, summary: summarise(r)}
		}
		if next != nil {
			next[r.Root] = kept
		}
		if kept.summary != nil {
			out = append(out, *kept.summary)
		}
	}
	if m != nil {
		m.last = next
	}
	return out
}

// summarise reads one object; nil when it records no writer and nothing hides them.
func summarise(r *stream.Resource) *Summary {
	meta := r.Root.Get("metadata")
	s := &Summary{Resource: r.ID.String(), Line: r.Line(), Managers: managersOf(meta.Get("managedFields"))}
	if a := meta.Get("annotations").Get(LastAppliedAnnotation); a != nil && a.IsScalar() {
		s.LastApplied = len(a.Value)
	}
	s.Helm = releaseOf(meta)
	s.Notes = notesOf(s, fromCluster(meta))
	if len(s.Managers) == 0 && s.LastApplied == 0 && s.Helm == nil && len(s.Notes) == 0 {
		return nil
	}
	if s.Notes == nil {
		s.Notes = []string{}
	}
	return s
}

// managersOf reads the entries of managedFields; entries that do not read are left out (the
// modes that read managedFields report them as errors).
func managersOf(list *yamltree.Node) []Manager {
	if !list.IsList() {
		return []Manager{}
	}
	entries, err := managed.ReadEntries(list)
	if err != nil {
		return []Manager{}
	}
	out := make([]Manager, 0, len(entries))
	for _, e := range entries {
		m := Manager{Manager: e.Manager, Operation: e.Operation, Subresource: e.Subresource, APIVersion: e.APIVersion,
			Fields: countLeaves(e.Fields), Line: e.Pos.Line}
		if e.Time != nil {
			m.Time = rfc3339.Format(*e.Time)
		}
		if w := writerOf(e.Manager, e.Operation, e.Subresource); w != nil {
			m.Tool, m.Says = w.tool, w.says
		} else {
			m.Says = unknownSays(e.Operation, e.Subresource)
		}
		out = append(out, m)
	}
	return out
}

// countLeaves counts the paths of s that end there (its members at every level).
func countLeaves(s *fieldset.Set) int {
	n := len(s.Members())
	for _, e := range s.ChildElements() {
		n += countLeaves(s.Child(e))
	}
	return n
}

// releaseOf is the Helm release metadata names; nil for none.
func releaseOf(meta *yamltree.Node) *Release {
	labels, annotations := meta.Get("labels"), meta.Get("annotations")
	r := &Release{Name: text(annotations.Get("meta.helm.sh/release-name")), Namespace: text(annotations.Get("meta.helm.sh/release-namespace")),
		Heritage: text(labels.Get("heritage"))}
	if text(labels.Get("app.kubernetes.io/managed-by")) != "Helm" && r.Name == "" && r.Heritage != "Tiller" {
		return nil
	}
	return r
}

// fromCluster reports whether the object was read from a cluster: it carries what only the API
// server writes (uid, resourceVersion, creationTimestamp).
func fromCluster(meta *yamltree.Node) bool {
	return meta.Has("uid") || meta.Has("resourceVersion") || meta.Has("creationTimestamp")
}

// text is a scalar's value; "" for anything else.
func text(n *yamltree.Node) string {
	if n == nil || !n.IsScalar() {
		return ""
	}
	return n.Value
}

// size writes a byte count for a sentence.
func size(n int) string {
	return strconv.Itoa(n) + " bytes"
}

// WithNote returns ss with note added to the summary of resource (starting at line of live),
// one made for it when it has none.
func WithNote(ss Summaries, resource string, line int, note string) Summaries {
	for i := range ss {
		if ss[i].Resource == resource {
			ss[i].Notes = append(slices.Clip(ss[i].Notes), note) // a copy: a Memo's summary may share them
			return ss
		}
	}
	return append(ss, Summary{Resource: resource, Line: line, Managers: []Manager{}, Notes: []string{note}})
}
