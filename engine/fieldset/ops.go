package fieldset

import "github.com/mergeplay/mergeplay/engine/fieldpath"

// Union returns the paths in s or in o.
func (s *Set) Union(o *Set) *Set {
	out := &Set{}
	out.members = mergeElements(s.Members(), o.Members(), onlyS|inBoth|onlyO)
	a, b := s.childList(), o.childList()
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch c := compareAt(a, i, b, j); {
		case c < 0:
			out.children = append(out.children, child{a[i].elem, a[i].set.Copy()})
			i++
		case c > 0:
			out.children = append(out.children, child{b[j].elem, b[j].set.Copy()})
			j++
		default:
			out.children = append(out.children, child{a[i].elem, a[i].set.Union(b[j].set)})
			i++
			j++
		}
	}
	return out
}

// Intersection returns the paths in both s and o.
func (s *Set) Intersection(o *Set) *Set {
	out := &Set{}
	out.members = mergeElements(s.Members(), o.Members(), inBoth)
	a, b := s.childList(), o.childList()
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch c := compareAt(a, i, b, j); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			out.addChild(a[i].elem, a[i].set.Intersection(b[j].set))
			i++
			j++
		}
	}
	return out
}

// Difference returns the paths of s that are not in o. It works level by level: a member of o
// removes that member only, not the paths below it (see WithoutBranches).
func (s *Set) Difference(o *Set) *Set {
	out := &Set{}
	out.members = mergeElements(s.Members(), o.Members(), onlyS)
	for _, c := range s.childList() {
		if below := o.Child(c.elem); below != nil {
			out.addChild(c.elem, c.set.Difference(below))
			continue
		}
		out.addChild(c.elem, c.set.Copy())
	}
	return out
}

// WithoutBranches returns the paths of s that neither are in o nor go on below a member of o:
// each member of o cuts its whole branch.
func (s *Set) WithoutBranches(o *Set) *Set {
	out := &Set{}
	out.members = mergeElements(s.Members(), o.Members(), onlyS)
	for _, c := range s.childList() {
		if o.HasMember(c.elem) {
			continue
		}
		if below := o.Child(c.elem); below != nil {
			out.addChild(c.elem, c.set.WithoutBranches(below))
			continue
		}
		out.addChild(c.elem, c.set.Copy())
	}
	return out
}

// Leaves returns the members of s that have no paths below them.
func (s *Set) Leaves() *Set {
	out := &Set{}
	for _, m := range s.Members() {
		if s.Child(m) == nil {
			out.members = append(out.members, m)
		}
	}
	for _, c := range s.childList() {
		out.addChild(c.elem, c.set.Leaves())
	}
	return out
}

// addChild appends a subtree below e, which must sort after every child already there; empty
// subtrees are dropped.
func (s *Set) addChild(e fieldpath.Element, below *Set) {
	if !below.Empty() {
		s.children = append(s.children, child{e, below})
	}
}

func (s *Set) childList() []child {
	if s == nil {
		return nil
	}
	return s.children
}

// compareAt compares a[i] with b[j], an exhausted side sorting last.
func compareAt(a []child, i int, b []child, j int) int {
	switch {
	case i >= len(a):
		return 1
	case j >= len(b):
		return -1
	}
	return Compare(a[i].elem, b[j].elem)
}

// where says which elements of two sorted lists a merge of them keeps, as a bit set.
type where uint8

const (
	onlyS  where = 1 << iota // in the first list only
	inBoth                   // in both
	onlyO                    // in the second list only
)

// mergeElements walks two sorted element lists together and keeps the elements found where keep
// says.
func mergeElements(a, b []fieldpath.Element, keep where) []fieldpath.Element {
	var out []fieldpath.Element
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var c int
		switch {
		case i >= len(a):
			c = 1
		case j >= len(b):
			c = -1
		default:
			c = Compare(a[i], b[j])
		}
		switch {
		case c < 0:
			if keep&onlyS != 0 {
				out = append(out, a[i])
			}
			i++
		case c > 0:
			if keep&onlyO != 0 {
				out = append(out, b[j])
			}
			j++
		default:
			if keep&inBoth != 0 {
				out = append(out, a[i])
			}
			i++
			j++
		}
	}
	return out
}
