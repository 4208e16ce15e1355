package twoway

import (
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Warning is one live edit the two-way upgrade leaves out of sync (the response's extra.warnings).
type Warning struct {
	Resource string `json:"resource"`
	Path     string `json:"path"`
	// Line is the field's line in the two-way result, or its nearest parent's when the two-way
	// result lacks it.
	Line int `json:"line"`
	// TwoWay and ThreeWay are the values each upgrade leaves, as JSON ("" when absent).
	TwoWay   string `json:"twoWay"`
	ThreeWay string `json:"threeWay"`
	Message  string `json:"message"`
}

// Repair is the patch that brings one resource in line with the new render (extra.repairPatches).
type Repair struct {
	Resource string `json:"resource"`
	// APIVersion, Kind, Namespace ("" for a cluster-scoped kind) and Name are the resource's
	// identity, as the command that sends the patch needs it.
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace"`
	Name       string `json:"name"`
	// Type is strategic or merge.
	Type  string `json:"type"`
	Patch string `json:"patch"`
}

// respond writes the two-way result, its marks, the warnings, the three-way result and the
// repair patches.
func respond(resp *contract.Response, done []*upgraded) {
	var twoDocs, threeDocs []*yamltree.Document
	for _, u := range done {
		if u.two != nil {
			twoDocs = append(twoDocs, &yamltree.Document{Root: u.two})
			resp.ResultResources = append(resp.ResultResources, u.triple.ID.String())
		}
		if u.three != nil {
			threeDocs = append(threeDocs, &yamltree.Document{Root: u.three})
		}
	}
	text, layout := yamltree.Emit(twoDocs)
	threeText, _ := yamltree.Emit(threeDocs)
	resp.Result = text
	warnings, repairs := []Warning{}, []Repair{}
	var patches []string
	for _, u := range done {
		resp.Fields = append(resp.Fields, u.marks(layout)...)
		warnings = append(warnings, u.warnings(layout)...)
		if u.repair != nil && len(u.repair.Fields) > 0 {
			id := u.triple.ID
			repairs = append(repairs, Repair{Resource: id.String(), APIVersion: id.APIVersion, Kind: id.Kind,
				Namespace: id.Namespace, Name: id.Name, Type: u.patchType(), Patch: jsonOf(u.repair)})
		}
		if u.twoPatch != nil {
			patches = append(patches, jsonOf(u.twoPatch))
		}
	}
	resp.Patch = strings.Join(patches, "\n")
	resp.Extra["threeWay"] = map[string]string{"result": threeText}
	resp.Extra["warnings"] = warnings
	resp.Extra["repairPatches"] = repairs
}

func (u *upgraded) patchType() string {
	if u.schema == nil {
		return "merge"
	}
	return "strategic"
}

// warnings lists the resource's out-of-sync fields.
func (u *upgraded) warnings(layout *yamltree.Layout) []Warning {
	var out []Warning
	if u.threeErr != nil {
		out = append(out, Warning{Resource: u.triple.ID.String(), Line: layout.Line(u.two),
			Message: "Helm 3's three-way upgrade of this resource fails (it is left out of the three-way result): " + u.threeErr.Error()})
	}
	for _, d := range u.outOfSync {
		// A field the two-way result lacks is placed at its nearest parent there.
		at, _ := explain.Deepest(u.two, d.path)
		line := layout.Line(at)
		msg := fmt.Sprintf("out of sync after a Helm 2 upgrade: live keeps %s, the new render says %s. The two-way patch only carries what changed between the renders, so a live edit (kubectl edit, a controller) survives; Helm 3's three-way merge, or the repair patch, sets it back",
			explain.Short(d.two), explain.Short(d.three))
		if d.two == nil {
			msg = fmt.Sprintf("out of sync after a Helm 2 upgrade: live lacks it, the new render says %s; the two-way patch does not add back what someone removed from live", explain.Short(d.three))
		} else if d.three == nil {
			msg = fmt.Sprintf("out of sync after a Helm 2 upgrade: live keeps %s, which a three-way merge would remove", explain.Short(d.two))
		}
		out = append(out, Warning{Resource: u.triple.ID.String(), Path: d.path.String(), Line: line,
			TwoWay: jsonOf(d.two), ThreeWay: jsonOf(d.three), Message: msg})
	}
	return out
}

// marks explains the two-way result of one resource.
func (u *upgraded) marks(layout *yamltree.Layout) []contract.Field {
	w := &explain.Walker{Resource: u.triple.ID.String(), Layout: layout, Reasons: reasons{}}
	switch u.action {
	case Create:
		w.Mark(nil, contract.Added, layout.Line(u.two), w.EndLine(u.two), "new in this release's render: Helm creates it")
	case Delete:
		live := u.triple.Live.Root
		w.Mark(nil, contract.Deleted, live.Pos.Line, explain.LastLine(live), "the previous release rendered it and the new render does not: Helm deletes it")
	case Leave:
		if u.two != nil {
			w.Mark(nil, contract.Ignored, layout.Line(u.two), w.EndLine(u.two), "not in either render: not part of the release, left alone")
		}
	default:
		w.Object(explain.Versions{Original: root(u.triple.Original), Updated: u.triple.Updated.Root, Live: u.triple.Live.Root, Result: u.two}, u.schema)
	}
	return w.Fields()
}

func jsonOf(n *yamltree.Node) string {
	if n == nil {
		return ""
	}
	s, err := yamltree.SortedJSON(n)
	if err != nil {
		return ""
	}
	return s
}
