package explain

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// ItemKey writes a list item's key for a sentence: name="x", or, for a key of several fields,
// containerPort=53,protocol="UDP".
func ItemKey(e fieldpath.Element) string {
	parts := make([]string, len(e.Keys))
	for i, kv := range e.Keys {
		parts[i] = kv.Name + "=" + Short(kv.Value)
	}
	return strings.Join(parts, ",")
}

// KeyFields names the fields of an item's key: "name", or "containerPort,protocol".
func KeyFields(e fieldpath.Element) string {
	names := make([]string, len(e.Keys))
	for i, kv := range e.Keys {
		names[i] = kv.Name
	}
	return strings.Join(names, ",")
}

// MultiKeyNote is a sentence ending for reasons about an item matched on a key of several
// fields; empty for a single field.
func MultiKeyNote(e fieldpath.Element) string {
	if len(e.Keys) < 2 {
		return ""
	}
	return "; the merge key has several fields (" + strings.ReplaceAll(KeyFields(e), ",", " and ") +
		"): items match only when all of them match, as server-side apply keys them (multiKeys)"
}

// Collision is an item of updated that another item of its list with the same merge key merged
// away (a dropped mark), as its reason tells it.
type Collision struct {
	// Source names updated for a learner ("the config", "the new render", "the patch"); Merger
	// names what merged the items ("kubectl's patch").
	Source, Merger string
	// Key is the item's key; Repeats how many items of updated's list share it.
	Key     fieldpath.Element
	Repeats int
	// Item is updated's item; Kept the result's item with its key (nil when the result holds
	// none), on result line KeptLine.
	Item, Kept *yamltree.Node
	KeptLine   int
}

// Reason writes what the learner needs: how many items shared the key, that a strategic merge
// patch matches on the key alone, which item the result kept and what this one said that the
// kept one does not.
func (c Collision) Reason() string {
	s := c.Source + " lists " + strconv.Itoa(c.Repeats) + " items with " + ItemKey(c.Key) +
		", and a strategic merge patch matches list items on " + strings.ReplaceAll(KeyFields(c.Key), ",", " and ") + " alone: "
	if c.Kept == nil {
		s += c.Merger + " merged them, and the result holds no item with " + ItemKey(c.Key) + ": this one is lost"
	} else {
		s += c.Merger + " kept one of them, the item on result line " + strconv.Itoa(c.KeptLine) +
			differing(c.Kept, c.Item, c.Key) + ", and lost this one" + differing(c.Item, c.Kept, c.Key)
	}
	for _, kv := range c.Key.Keys {
		if kv.Name == "containerPort" || kv.Name == "port" {
			return s + "; server-side apply keys ports on their port and protocol, and keeps both"
		}
	}
	return s
}

// differing writes, as " (protocol "UDP")", the fields of item other than its key whose value
// other lacks or holds otherwise, three at most; "" when there is none.
func differing(item, other *yamltree.Node, key fieldpath.Element) string {
	var parts []string
	for _, f := range item.Fields {
		if isKeyField(key, f.Key.Value) || yamltree.Equal(f.Value, other.Get(f.Key.Value)) {
			continue
		}
		if len(parts) == 3 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, f.Key.Value+" "+Short(f.Value))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func isKeyField(key fieldpath.Element, name string) bool {
	for _, kv := range key.Keys {
		if kv.Name == name {
			return true
		}
	}
	return false
}
