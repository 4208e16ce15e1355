// Package jsonpatch reads and applies JSON patches (RFC 6902) on yamltree nodes, as the API
// server applies `kubectl patch --type json`: a list of operations (add, remove, replace, move,
// copy, test), each naming its place by a JSON pointer (RFC 6901), carried out one after the
// other on the object; the first that cannot be carried out fails the whole patch.
//
// Designed from the RFCs and from what the API server's library (gopkg.in/evanphx/json-patch.v4
// v4.13.0, the one kube-apiserver v1.37.2 applies JSON patches with) does, observed by running
// it (scripts/conformance/patchdiff, TestJSONPatchAgreesWithTheLibrary). Where the library
// departs from the RFC, this package follows the library:
//
//   - replace on a key the object lacks adds it (the RFC requires the key to exist);
//   - an array index may be negative, counted from the end (-1 is the last item; for add, -1
//     appends), and may carry a sign or leading zeros ("+1", "01"): any text strconv.Atoi reads;
//   - "-" (past the last item) is an index for add and for the destination of move and copy only;
//   - copy from a key the object lacks copies a null; test of a key the object lacks compares a
//     null, so that testing a missing key against null passes;
//   - an operation's missing value is a null; a key it does not use (a value on remove) is
//     ignored; "~" followed by anything but 0 or 1 is kept as written;
//   - move removes the value first, then adds it at the destination, on the object without it.
//
// Values compare as the API server meets them through kubectl, which turns the patch's YAML
// into JSON first: numbers by value (1 equals 1.0), maps by key, lists in order (yamltree.Equal).
//
// Errors are *yamltree.Error at the operation's line and column (its path or from, or the
// operation itself), naming the operation by its number, its kind and its pointer.
package jsonpatch
