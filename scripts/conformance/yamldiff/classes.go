package yamldiff

import "fmt"

// Class is one kind of trick, with the item it covers (of issue 15; 30 for the classes of issue
// 30's item 2) and the modes it runs in.
type Class struct {
	Name  string
	Item  int // the item of issue 15 the class covers, or 30
	What  string
	Modes []string
	// make builds case index of a mode.
	make func(d *dice, mode string, index int) *Case
}

// Classes lists every class, in the order of the report.
func Classes() []Class {
	return []Class{
		{"bool11", 1, "YAML 1.1 booleans (on, yes, y, N, !!bool yes) in boolean fields and custom resources", allModes, fromTrick(boolTrick)},
		{"number11", 1, "YAML 1.1 integers (0755, 0x1F, 1_000, +12, !!int \"12\") in integer fields and custom resources", allModes, fromTrick(numberTrick)},
		{"bignumber", 3, "integers past 2^53, 2^63 and 2^64, -0.0, floats spelt oddly", allModes, fromTrick(bigTrick)},
		{"tags", 3, "!!binary, verbatim tags, !!str, local tags", allModes, fromTrick(tagTrick)},
		{"keys", 3, "keys kubectl converts: on, 0x10, 1e3, .inf, -.Inf, .NaN, big integers", allModes, fromTrick(keyTrick)},
		{"strings", 4, "tabs, escapes, folding, block scalars, quotes", allModes, fromTrick(stringTrick)},
		{"flowcomments", 4, "comment lines inside multi-line flow maps and lists", allModes, fromTrick(flowCommentTrick)},
		{"refused", 4, "text both references refuse: bad escapes, control characters, %, undefined tag handles, infinities", allModes, fromTrick(refusedTrick)},
		{"documents", 5, "null, empty and comment-only documents", allModes, documentsCase},
		{"errorlines", 9, "malformed text: mis-indented lines, unclosed collections and quotes", allModes, fromTrick(errorLineTrick)},
		{"scope", 7, "cluster-scoped kinds without a namespace (APIService, CRD, Namespace...)", allModes, scopeCase},
		{"anchors", 6, "anchors, aliases and merge keys", allModes, fromTrick(anchorTrick)},
		{"annotations", 2, "annotations that are not strings (true, 1, null)", allModes, fromTrick(annotationTrick)},
		{"validation", 8, "unknown fields and values of the wrong type in the config (--validate=strict)", allModes, configOnly(validationTrick)},
		{"directives", 30, "%YAML and %TAG directives before a document, with \"---\" after them", allModes, directiveCase},
		{"tablines", 30, "a line holding only a tab (or a tab before a comment) among a block map's lines", allModes, tabLineCase},
		{"anchornames", 30, "anchor and alias names with characters YAML 1.1 does not allow (a-1.x, ä)", allModes, fromTrick(anchorNameTrick)},
		{"aliaskeys", 30, "an alias used as a key", allModes, fromTrick(aliasKeyTrick)},
		{"kinds", 30, "an object without a kind, or with a kind that is not a string", allModes, kindCase},
		{"nullstreams", 30, "a stream holding only null or empty documents", allModes, nullStreamCase},
		{"undecodable", 30, "a config document kubectl cannot decode (metadata of the wrong type) among good ones", allModes, undecodableCase},
		{"realworld", 4, "real manifests at two releases (../shared/realworld)", allModes, realWorldCase},
	}
}

// fromTrick makes cases from a trick: the object of the trick's slot written with the trick, and
// with its plain value, placed in the mode's inputs by index.
func fromTrick(draw func(d *dice) trick) func(d *dice, mode string, index int) *Case {
	return func(d *dice, mode string, index int) *Case {
		t := draw(d)
		name := fmt.Sprintf("obj%d", index%5)
		p := placement(index % int(placements))
		c := &Case{Mode: mode, Index: index, Story: fmt.Sprintf("%q %s", t.text, p)}
		c.Original, c.Updated, c.Live = assemble(mode, object(t.slot, name, t.text), object(t.slot, name, t.plain), p)
		return c
	}
}

// configOnly makes cases whose trick is in the config alone: the object in the cluster was
// accepted by the API server, so it holds no unknown field.
func configOnly(draw func(d *dice) trick) func(d *dice, mode string, index int) *Case {
	return func(d *dice, mode string, index int) *Case {
		t := draw(d)
		name := fmt.Sprintf("obj%d", index%5)
		c := &Case{Mode: mode, Index: index, Story: fmt.Sprintf("%q in updated", t.text)}
		c.Original, c.Updated, c.Live = assemble(mode, object(t.slot, name, t.text), object(t.slot, name, t.plain), inUpdated)
		return c
	}
}

// Pending lists the classes that wait for a fix in a package other than the ones this
// differential's author owns, by mode, with the issue item each waits for. Their cases run and
// are counted; their differences are reported as pending.
var Pending = map[string]map[string]string{}

// pendingReason returns why a class's differences in a mode are pending, or "".
func pendingReason(class, mode string) string {
	return Pending[class][mode]
}
