package yamltree

// Equal reports whether a and b hold the same data as the references compare it once read into
// untyped values: maps by key regardless of order, lists in order, scalars by tag and canonical
// text (numbers as float64, so 1 equals 1.0). Comments, styles and positions do not count. Two
// absent nodes are equal; an absent node equals nothing else, not even a null.
func Equal(a, b *Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case MapNode:
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		for _, f := range a.Fields {
			if !b.Has(f.Key.Value) || !Equal(f.Value, b.Get(f.Key.Value)) {
				return false
			}
		}
		return true
	case ListNode:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !Equal(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	}
	return sameScalar(a, b)
}

// sameScalar compares two scalars' values.
func sameScalar(a, b *Node) bool {
	if isNumber(a) && isNumber(b) {
		return numberText(a) == numberText(b)
	}
	return a.Tag == b.Tag && a.Canonical() == b.Canonical()
}

// numberText is a number's canonical text with -0 read as 0: kubectl compares numbers as Go
// values, where -0.0 == 0.
func numberText(n *Node) string {
	if c := n.Canonical(); c != "-0" {
		return c
	}
	return "0"
}

func isNumber(n *Node) bool { return n.Tag == IntTag || n.Tag == FloatTag }

// SameOrder reports whether a and b are Equal and list their map keys in the same order
// throughout.
func SameOrder(a, b *Node) bool {
	if !Equal(a, b) {
		return false
	}
	if a == nil {
		return true
	}
	switch a.Kind {
	case MapNode:
		for i, f := range a.Fields {
			if b.Fields[i].Key.Value != f.Key.Value || !SameOrder(f.Value, b.Fields[i].Value) {
				return false
			}
		}
	case ListNode:
		for i := range a.Items {
			if !SameOrder(a.Items[i], b.Items[i]) {
				return false
			}
		}
	}
	return true
}
