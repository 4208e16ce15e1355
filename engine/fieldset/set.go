package fieldset

import (
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
)

// Set is a set of field paths. The zero value is an empty set, ready to use; nil is an empty set
// to every method that reads. Operations return new sets and never change their operands; only
// Insert changes its receiver.
type Set struct {
	members  []fieldpath.Element // sorted by Compare, no duplicates
	children []child             // sorted by Compare on elem, no duplicates, never empty sets
}

// child is the subtree of paths continuing below one element.
type child struct {
	elem fieldpath.Element
	set  *Set
}

// New returns a set holding paths.
func New(paths ...fieldpath.Path) *Set {
	s := &Set{}
	for _, p := range paths {
		s.Insert(p)
	}
	return s
}

// Insert adds path p to s. The empty path names the whole object and is not a member of any set.
func (s *Set) Insert(p fieldpath.Path) {
	if len(p) == 0 {
		return
	}
	for len(p) > 1 {
		s = s.descend(p[0])
		p = p[1:]
	}
	s.members = insertElement(s.members, p[0])
}

// descend returns the subtree below e, creating it when missing.
func (s *Set) descend(e fieldpath.Element) *Set {
	i, found := s.findChild(e)
	if !found {
		s.children = append(s.children, child{})
		copy(s.children[i+1:], s.children[i:])
		s.children[i] = child{elem: e, set: &Set{}}
	}
	return s.children[i].set
}

func insertElement(list []fieldpath.Element, e fieldpath.Element) []fieldpath.Element {
	i, found := findElement(list, e)
	if found {
		return list
	}
	list = append(list, fieldpath.Element{})
	copy(list[i+1:], list[i:])
	list[i] = e
	return list
}

func findElement(list []fieldpath.Element, e fieldpath.Element) (int, bool) {
	i := sort.Search(len(list), func(i int) bool { return Compare(list[i], e) >= 0 })
	return i, i < len(list) && Compare(list[i], e) == 0
}

func (s *Set) findChild(e fieldpath.Element) (int, bool) {
	i := sort.Search(len(s.children), func(i int) bool { return Compare(s.children[i].elem, e) >= 0 })
	return i, i < len(s.children) && Compare(s.children[i].elem, e) == 0
}

// Has reports whether path p is a member of s.
func (s *Set) Has(p fieldpath.Path) bool {
	if len(p) == 0 || s == nil {
		return false
	}
	for len(p) > 1 {
		s = s.Child(p[0])
		if s == nil {
			return false
		}
		p = p[1:]
	}
	return s.HasMember(p[0])
}

// HasMember reports whether the one-element path e is a member of s.
func (s *Set) HasMember(e fieldpath.Element) bool {
	if s == nil {
		return false
	}
	_, found := findElement(s.members, e)
	return found
}

// Child returns the paths continuing below element e, without e; nil when there are none.
func (s *Set) Child(e fieldpath.Element) *Set {
	if s == nil {
		return nil
	}
	if i, found := s.findChild(e); found {
		return s.children[i].set
	}
	return nil
}

// Members returns the one-element paths of s, in order. Do not modify the slice.
func (s *Set) Members() []fieldpath.Element {
	if s == nil {
		return nil
	}
	return s.members
}

// ChildElements returns the elements below which s holds longer paths, in order.
func (s *Set) ChildElements() []fieldpath.Element {
	if s == nil {
		return nil
	}
	out := make([]fieldpath.Element, len(s.children))
	for i, c := range s.children {
		out[i] = c.elem
	}
	return out
}

// Empty reports whether s holds no path.
func (s *Set) Empty() bool {
	if s == nil {
		return true
	}
	if len(s.members) > 0 {
		return false
	}
	for _, c := range s.children {
		if !c.set.Empty() {
			return false
		}
	}
	return true
}

// Size returns the number of paths in s.
func (s *Set) Size() int {
	if s == nil {
		return 0
	}
	n := len(s.members)
	for _, c := range s.children {
		n += c.set.Size()
	}
	return n
}

// Copy returns a deep copy of s.
func (s *Set) Copy() *Set {
	out := &Set{}
	if s == nil {
		return out
	}
	out.members = append([]fieldpath.Element(nil), s.members...)
	out.children = make([]child, len(s.children))
	for i, c := range s.children {
		out.children[i] = child{elem: c.elem, set: c.set.Copy()}
	}
	return out
}

// Equal reports whether s and o hold the same paths.
func (s *Set) Equal(o *Set) bool {
	return s.Difference(o).Empty() && o.Difference(s).Empty()
}

// Paths returns every path of s in order: at each level the members, then the paths below each
// child element.
func (s *Set) Paths() []fieldpath.Path {
	var out []fieldpath.Path
	s.walk(nil, func(p fieldpath.Path) { out = append(out, p) })
	return out
}

func (s *Set) walk(prefix fieldpath.Path, visit func(fieldpath.Path)) {
	if s == nil {
		return
	}
	for _, m := range s.members {
		visit(prefix.Append(m))
	}
	for _, c := range s.children {
		c.set.walk(prefix.Append(c.elem), visit)
	}
}

// String lists the paths of s, one per line.
func (s *Set) String() string {
	var lines []string
	for _, p := range s.Paths() {
		lines = append(lines, p.String())
	}
	return strings.Join(lines, "\n")
}
