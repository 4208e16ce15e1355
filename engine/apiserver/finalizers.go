package apiserver

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// standardFinalizers are the finalizers without a '/' the server accepts (observed: these three;
// "a", "Foo", "noslash" and "kubernetes.io" are refused as neither standard nor fully
// qualified).
var standardFinalizers = map[string]bool{"kubernetes": true, "orphan": true, "foregroundDeletion": true}

// finalizers checks metadata.finalizers in the server's order (observed): each finalizer's
// syntax as a qualified name, in list order; then orphan beside foregroundDeletion; then each
// finalizer without a '/' that is not standard, named by its index.
func (r *Refusal) finalizers(n *yamltree.Node) {
	if n == nil || !n.IsList() {
		return
	}
	names := make([]string, len(n.Items))
	for i, it := range n.Items {
		names[i] = it.Str()
		r.add("finalizers", names[i], qualifiedNameProblems(names[i]), names[i])
	}
	if contains(names, "orphan") && contains(names, "foregroundDeletion") {
		r.Problems = append(r.Problems, Problem{Field: "metadata.finalizers", Detail: "Invalid value: " + jsonList(names) + ": finalizer orphan and foregroundDeletion cannot be both set",
			At: Place{Field: "finalizers"}})
	}
	for i, name := range names {
		if !strings.Contains(name, "/") && !standardFinalizers[name] {
			r.addAt(Place{Field: "finalizers", Key: name}, "metadata.finalizers["+strconv.Itoa(i)+"]",
				[]string{"name is neither a standard finalizer name nor is it fully qualified"}, name)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// jsonList writes a list of strings as the server prints a list value: ["a","b"].
func jsonList(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(quoted, ",") + "]"
}
