package typed

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldset"
)

// One case per row of the item table in items.go: members is keyed by name, ports by port and
// protocol (protocol defaults to TCP), finalizers is a set.
func TestItemElement(t *testing.T) {
	tests := []struct {
		list, item string
		want       string // the element as a FieldsV1 key, or the error
	}{
		{"members", "{name: a, role: x}", `k:{"name":"a"}`},
		{"members", "{name: null}", `k:{"name":null}`},
		{"members", "{role: x}", `error: associative list with keys has an element that omits all key fields ["name"] (and doesn't have default values for any key fields)`},
		{"members", "{}", `error: associative list with keys has an element that omits all key fields ["name"] (and doesn't have default values for any key fields)`},
		{"members", "null", "error: associative list with keys may not have a null element"},
		{"members", "x", "error: associative list with keys may not have non-map elements"},
		{"members", "[x]", "error: associative list with keys may not have non-map elements"},
		{"ports", "{port: 80}", `k:{"port":80,"protocol":"TCP"}`},
		{"ports", "{protocol: UDP, port: 53}", `k:{"port":53,"protocol":"UDP"}`},
		{"ports", "{port: 80, protocol: null}", `k:{"port":80,"protocol":null}`},
		{"ports", "{name: web}", `k:{"protocol":"TCP"}`},
		{"finalizers", "a", `v:"a"`},
		{"finalizers", "1", `v:1`},
		{"finalizers", "null", "error: associative list without keys has an element that's an explicit null"},
		{"finalizers", "{a: 1}", "error: associative list without keys has an element that's a map type"},
		{"finalizers", "[a]", "error: not supported: associative list with lists as elements"},
		{"args", "a", "error: the items of an atomic list have no identity"},
	}
	root := rootType(t)
	for _, tc := range tests {
		e, err := ItemElement(root.FieldType(tc.list), parse(t, tc.item))
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else if got, err = fieldset.ElementText(e); err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("%s item %s:\n got  %s\n want %s", tc.list, tc.item, got, tc.want)
		}
	}
}
