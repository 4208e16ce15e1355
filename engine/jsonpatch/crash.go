package jsonpatch

import "github.com/mergeplay/mergeplay/engine/yamltree"

// Crash is the error of a test the API server's library cannot carry out: it fails on a null
// item of a list it compares, and kube-apiserver v1.37.2 drops the request (kubectl prints
// "Unable to connect to the server: stream error: stream ID 3; INTERNAL_ERROR; received from
// peer"), leaving the object as it was. Observed with gopkg.in/evanphx/json-patch.v4 v4.13.0
// and on the API server (TestJSONPatchesAgreeWithTheLibrary's doc).
type Crash struct {
	Err *yamltree.Error
}

// Error is the located error's text.
func (c *Crash) Error() string { return c.Err.Error() }

// crashes reports whether comparing got with want makes the library fail, as observed: the two
// are compared item by item where both are lists of one length, key by key where both are maps;
// the first null item met in such lists, before a difference is found, fails it (a null
// map value does not; lists of different lengths are told apart first). Where a map holds both a
// difference and such a list, the library's order of keys decides; this follows got's order.
func crashes(got, want *yamltree.Node) bool {
	_, crash := compare(got, want)
	return crash
}

// compare walks got and want as crashes says: whether they are equal, and whether the library
// fails first.
func compare(got, want *yamltree.Node) (equal, crash bool) {
	switch {
	case got.IsList() && want.IsList():
		if len(got.Items) != len(want.Items) {
			return false, false
		}
		for i := range got.Items {
			if got.Items[i].IsNull() || want.Items[i].IsNull() {
				return false, true
			}
			if eq, c := compare(got.Items[i], want.Items[i]); c || !eq {
				return eq, c
			}
		}
		return true, false
	case got.IsMap() && want.IsMap():
		if len(got.Fields) != len(want.Fields) {
			return false, false
		}
		for _, f := range got.Fields {
			w := want.Get(f.Name())
			if w == nil {
				return false, false
			}
			if eq, c := compare(f.Value, w); c || !eq {
				return eq, c
			}
		}
		return true, false
	}
	return yamltree.Equal(got, want), false
}

// Unwrap returns the located error.
func (c *Crash) Unwrap() error { return c.Err }
