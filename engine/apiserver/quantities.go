package apiserver

import (
	"strconv"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// quantityType names the built-in type of a resource quantity.
const quantityType = "io.k8s.apimachinery.pkg.api.resource.Quantity"

// quantityWriter writes a quantity's text as the server holds it (a function of package
// quantity), false for a text it does not read.
type quantityWriter func(string) (string, bool)

// quantity returns a resource quantity as stored: a string in its canonical form, as canonical
// writes it (quantity.Canonical for a resource list's value, quantity.CanonicalField for a
// field of its own); a number is read as the JSON kubectl sends: 1e3 as 1000. A change of text
// is recorded as a CanonicalQuantity drop; a number whose text is already canonical becomes a
// string silently (kubectl get shows cpu: "1" for cpu: 1). A value that is no quantity is left
// as it is.
func (s *storer) quantity(n *yamltree.Node, at *place, canonical quantityWriter) *yamltree.Node {
	text, ok := jsonNumberText(n)
	if !ok {
		return n
	}
	stored, ok := canonical(text)
	if !ok || (stored == n.Value && n.Tag == yamltree.StrTag) {
		return n
	}
	node := yamltree.NewString(stored)
	node.Pos = n.Pos
	node.CopyComments(n)
	s.copies[n] = node
	if stored != n.Value {
		s.drops = append(s.drops, Drop{Path: at.path(), Field: at.api(), Why: CanonicalQuantity, Value: n, Stored: node})
	}
	return node
}

// jsonNumberText is a scalar's text as kubectl sends it in JSON: a string as it is, an integer's
// digits, a float as encoding/json writes a float64 (2.50 as 2.5, 1e3 as 1000); false for
// another value.
func jsonNumberText(n *yamltree.Node) (string, bool) {
	switch n.Tag {
	case yamltree.StrTag:
		return n.Value, true
	case yamltree.IntTag:
		i, err := strconv.ParseInt(n.Value, 0, 64)
		return strconv.FormatInt(i, 10), err == nil
	case yamltree.FloatTag:
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil {
			return "", false
		}
		if a := max(f, -f); a != 0 && (a < 1e-6 || a >= 1e21) {
			return strconv.FormatFloat(f, 'e', -1, 64), true
		}
		return strconv.FormatFloat(f, 'f', -1, 64), true
	}
	return "", false
}
