package merge3

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// Anchors and aliases, as kyaml's merge treats them (observed with kyaml v0.21.2 through
// scripts/conformance/yamldiff's anchors class and merge3diff; kyaml reads an alias as a node
// of its own kind and keeps anchors on the nodes that carry them):
//
//	a map field whose first version (local, upstream before, upstream now,   dropped, with
//	  the first not missing or null) is an alias ("copy: *s")               whatever the others
//	                                                                         hold
//	a map field whose first version is not an alias, another one being one   kyaml stops: wrong
//	                                                                         node kind
//	an alias inside a value kept or taken whole (a list without keys)        kept, written "*s"
//	an anchor ("&s 1")                                                       kept with its node's
//	                                                                         value: a value set
//	                                                                         over it brings its
//	                                                                         own anchor or none
//	"<<" (a merge key to a YAML 1.1 reader)                                  an ordinary key
//
// So kyaml loses data an alias stood for, and can write an alias whose anchor it dropped (the
// result then does not read back). The engine gives the same result and says what was lost
// (extra.warnings).

// Warning is something the result does not show: data kyaml dropped (extra.warnings).
type Warning struct {
	_        incomparable.Field
	Resource string `json:"resource"`
	// Input and Line locate the alias (an input's line), or the dangling alias in the result
	// (input "result").
	Input   string `json:"input"`
	Line    int    `json:"line"`
	Path    string `json:"path"`
	Message string `json:"message"`
}

// droppedAlias is a field kyaml dropped because its first version is an alias.
type droppedAlias struct {
	path  []string
	alias *ynode.Node
	input string // which version held it: "live", "original" or "updated"
}

// aliasOf returns the alias that makes kyaml drop a field (the first version not missing or
// null, when it is an alias) and the input holding it; nil when none does.
func (t triple) aliasOf() (*ynode.Node, string) {
	inputs := [3]string{"live", "original", "updated"}
	for i, n := range t.liveFirst() {
		if n.IsNull() {
			continue
		}
		if n.Kind == ynode.AliasNode {
			return n, inputs[i]
		}
		return nil, ""
	}
	return nil, ""
}

// warning writes a dropped field's warning.
func (d droppedAlias) warning(resource string) Warning {
	where := map[string]string{"live": "the local copy", "original": "upstream before", "updated": "upstream now"}[d.input]
	w := Warning{Resource: resource, Input: d.input, Path: "." + strings.Join(d.path, "."),
		Message: "kyaml drops " + pathText(d.path) + ": its value in " + where + " is the alias *" + d.alias.Value + ", and kyaml's merge has no case for aliases, so the data it stands for is not in the result there"}
	if src := d.alias.Src; src != nil {
		w.Line = src.Pos.Line
	}
	return w
}

// danglingAliases warns of each alias written in a resource's result whose anchor is not written
// before it: kyaml writes it all the same, and the result does not read back.
func danglingAliases(resource string, root *ynode.Node, layout *ynode.Layout) []Warning {
	var out []Warning
	defined := map[string]bool{}
	var walk func(n *ynode.Node)
	walk = func(n *ynode.Node) {
		if n == nil {
			return
		}
		if n.Anchor != "" {
			defined[n.Anchor] = true
		}
		if n.Kind == ynode.AliasNode && !defined[n.Value] {
			out = append(out, Warning{Resource: resource, Input: "result", Line: layout.Line(n),
				Message: "the result refers to *" + n.Value + ", but kyaml dropped the anchor &" + n.Value + " it refers to (a value set over the anchored one brings its own anchor, or none): kyaml writes this text all the same, and it does not read back as YAML"})
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(root)
	return out
}
