package typed

import (
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
)

// containsElement reports whether list holds an element equal to e.
func containsElement(list []fieldpath.Element, e fieldpath.Element) bool {
	return indexElement(list, e) >= 0
}

// indexElement returns the position of the first element of list equal to e, or -1.
func indexElement(list []fieldpath.Element, e fieldpath.Element) int {
	for i, x := range list {
		if fieldset.Equal(x, e) {
			return i
		}
	}
	return -1
}

// countElement returns how many elements of list equal e.
func countElement(list []fieldpath.Element, e fieldpath.Element) int {
	n := 0
	for _, x := range list {
		if fieldset.Equal(x, e) {
			n++
		}
	}
	return n
}

// fieldElement returns the element of a map key.
func fieldElement(name string) fieldpath.Element { return fieldpath.Element{Field: name} }
