package command

import (
	"sort"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
)

// Conflict is one field another manager owns, as the API server's message names it.
type Conflict struct {
	_ incomparable.Field
	// Manager, Operation ("Apply" or "Update"), Subresource and APIVersion are the owner's
	// managedFields entry.
	Manager, Operation, Subresource, APIVersion string
	// Path is the field, in structured-merge-diff syntax.
	Path string
}

// owner names a conflict's owner as the API server's message does: the manager quoted, the
// subresource it wrote through, and for an updater the API version it used (not when: the
// entry's time is not in the message).
func (c Conflict) owner() string {
	s := strconv.Quote(c.Manager)
	if c.Subresource != "" {
		s += " with subresource " + strconv.Quote(c.Subresource)
	}
	if c.Operation != "Update" {
		return s
	}
	return s + " using " + c.APIVersion
}

// ServerConflictMessage is the message of the API server's 409 when an apply conflicts
// (observed with apimachinery v0.37.2's field manager, scripts/conformance/kubectlout):
//
//	Apply failed with 1 conflict: conflict with "OWNER": PATH
//	Apply failed with N conflicts: conflicts with "OWNER1":
//	- PATH
//	- PATH
//	conflicts with "OWNER2":
//	- PATH
//
// owners in the order of their names, each one's paths in the order given.
func ServerConflictMessage(conflicts []Conflict) string {
	if len(conflicts) == 1 {
		c := conflicts[0]
		return "Apply failed with 1 conflict: conflict with " + c.owner() + ": " + c.Path
	}
	paths := map[string][]string{}
	var owners []string
	for _, c := range conflicts {
		o := c.owner()
		if _, seen := paths[o]; !seen {
			owners = append(owners, o)
		}
		paths[o] = append(paths[o], c.Path)
	}
	sort.Strings(owners)
	var lines []string
	for _, o := range owners {
		lines = append(lines, "conflicts with "+o+":")
		for _, p := range paths[o] {
			lines = append(lines, "- "+p)
		}
	}
	return "Apply failed with " + strconv.Itoa(len(conflicts)) + " conflicts: " + strings.Join(lines, "\n")
}

// waysOut is what kubectl adds after the API server's message when a server-side apply conflicts
// (kubectl v0.37.2, observed in scripts/conformance/kubectlout).
const waysOut = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the ` + "`--force-conflicts`" + ` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`

// KubectlConflictError is what kubectl apply --server-side prints on standard error for the
// resources the API server refused: "" when none was.
func KubectlConflictError(messages []string) string {
	if len(messages) == 0 {
		return ""
	}
	parts := make([]string, len(messages))
	for i, m := range messages {
		parts[i] = m + "\n" + waysOut
	}
	if len(parts) == 1 {
		return "error: " + parts[0]
	}
	return "error: [" + strings.Join(parts, ", ") + "]"
}
