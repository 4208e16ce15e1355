package managed

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The operations of managedFields entries.
const (
	OperationApply  = "Apply"
	OperationUpdate = "Update"
)

// ID identifies a managedFields entry as the API server keys them: an applier by its name (and
// subresource), an updater by its name, API version (and subresource). Two entries with one ID
// are one manager.
type ID struct {
	Manager     string
	Operation   string
	APIVersion  string // empty for appliers
	Subresource string
}

// ApplyID is the identifier of manager applying on the main resource.
func ApplyID(manager string) ID {
	return ID{Manager: orUnknown(manager), Operation: OperationApply}
}

// UpdateID is the identifier of manager updating the main resource at apiVersion.
func UpdateID(manager, apiVersion string) ID {
	return ID{Manager: orUnknown(manager), Operation: OperationUpdate, APIVersion: apiVersion}
}

// orUnknown names a manager without a name as the API server does.
func orUnknown(manager string) string {
	if manager == "" {
		return "unknown"
	}
	return manager
}

// keyed returns the identity the API server keys entries by: an applier's without its API version
// (two entries of one applier at two versions are one manager).
func (id ID) keyed() ID {
	if id.Operation == OperationApply {
		id.APIVersion = ""
	}
	return id
}

// String writes the identifier as the API server does: the entry as JSON without its fields, time
// and fields type (and without the API version of an applier), keys in the entry's order.
func (id ID) String() string {
	var parts []string
	add := func(key, value string) {
		if value != "" {
			parts = append(parts, quote(key)+":"+quote(value))
		}
	}
	add("manager", id.Manager)
	add("operation", id.Operation)
	if id.Operation != OperationApply {
		add("apiVersion", id.APIVersion)
	}
	add("subresource", id.Subresource)
	return "{" + strings.Join(parts, ",") + "}"
}

// Display names a manager for people, as the API server's conflict messages do: "name", plus
// "(subresource status)" and, for an updater, "using apps/v1".
func (id ID) Display() string {
	s := strconv.Quote(id.Manager)
	if id.Subresource != "" {
		s += " with subresource " + strconv.Quote(id.Subresource)
	}
	if id.Operation == OperationUpdate && id.APIVersion != "" {
		s += " using " + id.APIVersion
	}
	return s
}

func quote(s string) string {
	text, _ := yamltree.JSON(yamltree.NewString(s))
	return text
}
