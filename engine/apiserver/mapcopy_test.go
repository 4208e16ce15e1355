package apiserver

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestMapCopy wants a map given fields through one mapCopy copied once and left as it was, the
// copy holding every field set (one set again in place), an empty flow map written as a block,
// and a map other than the copy copied again.
func TestMapCopy(t *testing.T) {
	m := yamltree.NewMap()
	m.Style = yamltree.Flow
	var c mapCopy
	first := c.with(m, "a", yamltree.NewString("1"))
	second := c.with(first, "b", yamltree.NewString("2"))
	third := c.with(second, "a", yamltree.NewString("3"))
	if first == m || second != first || third != first {
		t.Fatalf("copies: m %p, first %p, second %p, third %p", m, first, second, third)
	}
	if len(m.Fields) != 0 || m.Style != yamltree.Flow {
		t.Errorf("the map given changed: %d fields, style %v", len(m.Fields), m.Style)
	}
	if got := third.Keys(); len(got) != 2 || got[0] != "a" || got[1] != "b" || third.Get("a").Str() != "3" || third.Style != yamltree.Plain {
		t.Errorf("the copy: keys %v, a %q, style %v", got, third.Get("a").Str(), third.Style)
	}
	other := yamltree.NewMap()
	if again := c.with(other, "c", yamltree.NewString("4")); again == other || len(other.Fields) != 0 || again.Get("c").Str() != "4" {
		t.Errorf("another map: %p from %p, %d fields left in it", again, other, len(other.Fields))
	}
}
