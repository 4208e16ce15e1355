package schema

import (
	"errors"
	"strconv"
	"strings"
)

// PatchStrategy is the strategic-merge-patch strategy of a field, a set of flags as the
// patchStrategy struct tag and x-kubernetes-patch-strategy write them ("merge,retainKeys"). The zero
// value declares nothing: a list is then replaced as a whole, a map merged key by key.
type PatchStrategy uint8

const (
	// PatchMerge merges a list item by item: by the field's merge key, or as a set of primitives
	// when it has none.
	PatchMerge PatchStrategy = 1 << iota
	// PatchReplace replaces the value as a whole.
	PatchReplace
	// PatchRetainKeys clears the keys of a map that the patch's $retainKeys list leaves out
	// (Deployment spec.strategy, Pod spec.volumes items).
	PatchRetainKeys
)

// strategyFlags lists the flags in the order String writes them.
const strategyFlags = 3

// flagName returns the name of the i-th flag.
func flagName(i int) (PatchStrategy, string) {
	switch i {
	case 0:
		return PatchMerge, "merge"
	case 1:
		return PatchReplace, "replace"
	default:
		return PatchRetainKeys, "retainKeys"
	}
}

// ParsePatchStrategy reads a patch strategy as a struct tag or x-kubernetes-patch-strategy writes it:
// names joined by commas, "" for none.
func ParsePatchStrategy(text string) (PatchStrategy, error) {
	var s PatchStrategy
	if strings.TrimSpace(text) == "" {
		return 0, nil
	}
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		found := false
		for i := range strategyFlags {
			if flag, name := flagName(i); name == part {
				s |= flag
				found = true
			}
		}
		if !found {
			return 0, errors.New("unknown patch strategy " + strconv.Quote(part) + " in " + strconv.Quote(text) + " (want merge, replace or retainKeys)")
		}
	}
	return s, nil
}

// Has reports whether s includes every flag of flag.
func (s PatchStrategy) Has(flag PatchStrategy) bool {
	return flag != 0 && s&flag == flag
}

// String writes the strategy as a struct tag would: "merge,retainKeys", "" for none.
func (s PatchStrategy) String() string {
	var names []string
	for i := range strategyFlags {
		if flag, name := flagName(i); s.Has(flag) {
			names = append(names, name)
		}
	}
	return strings.Join(names, ",")
}
