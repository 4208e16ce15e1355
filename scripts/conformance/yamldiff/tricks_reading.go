package yamldiff

import (
	"fmt"
	"strings"
)

// The classes of issue 30, item 2: the last ways kubectl's (and kyaml's) reading of a file
// differed from the engine's. Each writes its trick in every input a mode reads, by placement.

// directiveCase writes a directive before a document: %YAML with a version other than 1.1,
// which both references refuse as an incompatible document, or %YAML 1.1 or %TAG followed by
// "---", where the references cut the stream at "---" first and the directive stands alone.
func directiveCase(d *dice, mode string, index int) *Case {
	directives := []string{"%YAML 1.2\n", "%YAML 2.0\n", "%YAML 1.1\n", "%TAG !e! tag:example.com,2000:\n",
		"%TAG ! tag:example.com,2000:\n", "%YAML 1.1 # version\n", "# head\n%YAML 1.1\n", "%YAML 1.0\n"}
	a, b := object(stringSlot, "a", "one"), object(stringSlot, "b", "two")
	directive := pick(d, directives...)
	var text string
	switch d.intn(3) {
	case 0:
		text = directive + "---\n" + a
	case 1:
		text = a + "---\n" + directive + "---\n" + b
	default:
		text = directive + "--- # c\n" + a + "---\n" + b
	}
	c := &Case{Mode: mode, Index: index, Story: fmt.Sprintf("the directive %q before a document", strings.TrimSpace(directive))}
	c.Original, c.Updated, c.Live = assemble(mode, text, a, placement(index%int(placements)))
	return c
}

// tabLines are lines holding only white space with a tab (or a tab before a comment).
var tabLines = []string{"\t", "  \t", "\t  ", "\t# c", "    \t", "   \t", "      \t", "  \t# c"}

// tabLineCase puts a line holding only a tab among an object's lines: after a key, a plain or
// quoted scalar, inside a block scalar, a list or a flow collection.
func tabLineCase(d *dice, mode string, index int) *Case {
	texts := []string{"plain", "'quoted'", "|\n  literal\n  text", ">-\n  folded", "x y\n  z"}
	name := fmt.Sprintf("obj%d", index%5)
	var obj string
	switch d.intn(3) {
	case 0:
		obj = object(stringSlot, name, pick(d, texts...))
	case 1:
		obj = object(anySlot, name, pick(d, append(texts, "[a,\n  b]", "{x: 1,\n  y: 2}")...))
	default:
		obj = object(intSlot, name, "2")
	}
	lines := strings.SplitAfter(obj, "\n")
	at := 1 + d.intn(len(lines)-1)
	tab := pick(d, tabLines...)
	tricked := strings.Join(lines[:at], "") + tab + "\n" + strings.Join(lines[at:], "")
	c := &Case{Mode: mode, Index: index, Story: fmt.Sprintf("the line %q after line %d", tab, at)}
	c.Original, c.Updated, c.Live = assemble(mode, tricked, obj, placement(index%int(placements)))
	return c
}

// anchorNameTrick writes anchors and aliases whose names hold characters YAML 1.1 does not let
// a name hold (".", "/", "#", letters outside ASCII), and some it does ("-", "_", digits).
func anchorNameTrick(d *dice) trick {
	// not here: a name followed by "::" in a flow list ("[&a::b x]"), which kyaml refuses and
	// kubectl reads (the engine reads it under both rules; issue 30 report)
	names := []string{"a-1.x", "ä", "a.b", "a/b", "é", "aé", "a#", "a_b-C9", "x-1", "0"}
	name := pick(d, names...)
	texts := []string{"&" + name + " 1", "{x: &" + name + " 1, y: *" + name + "}", "[&" + name + " x, *" + name + "]",
		"&" + name + " {x: 1}", "&" + name + "\n  x: 1"}
	return trick{slot: anySlot, text: pick(d, texts...), plain: "{x: 1}"}
}

// aliasKeyTrick uses an alias as a key: of a string, a YAML 1.1 boolean, a number, in block and
// flow maps.
func aliasKeyTrick(d *dice) trick {
	texts := []string{"&k name\n*k : v", "&k name\n*k  : v", "&k on\n*k : v", "&k 12\n*k : v", "[&k a, {*k : 1}]",
		"{x: &k a, *k : b}", "&k 'q w'\n*k : v", "&k ~\n*k : v"}
	return trick{slot: anySlot, text: pick(d, texts...), plain: "{x: 1}"}
}

// kindCase writes a live object without a kind, or with a kind that is not a string (and, but in
// mode patch, whose patch names its target's kind, a kind that is not a string in the config and
// last-applied too: a config without a kind pairs by position, as the contract says).
func kindCase(d *dice, mode string, index int) *Case {
	kinds := []string{"", "kind: 3\n", "kind: true\n", "kind: [ConfigMap]\n", "kind: {a: b}\n", "kind: ~\n", "kind: ''\n",
		"kind:\n", "kind: 1.5\n"}
	kind := pick(d, kinds...)
	name := fmt.Sprintf("obj%d", index%5)
	plain := object(stringSlot, name, "plain")
	tricked := strings.Replace(plain, "kind: ConfigMap\n", kind, 1)
	p := []placement{inLive, inAll}[index%2]
	if mode == "patch" || !strings.HasPrefix(kind, "kind: ") || kind == "kind: ~\n" || kind == "kind: ''\n" {
		p = inLive // a config without a kind pairs by position, as the contract says
	}
	c := &Case{Mode: mode, Index: index, Story: fmt.Sprintf("%q for the kind %s", kind, p)}
	c.Original, c.Updated, c.Live = assemble(mode, tricked, plain, p)
	return c
}

// nullStreamCase writes a stream holding only null (or empty) documents.
func nullStreamCase(d *dice, mode string, index int) *Case {
	streams := []string{"null\n", "~\n", "---\nnull\n---\n~\n", "--- # c\nnull\n", "---\n~\n...\n", "---\nNULL\n---\n",
		"# only a comment\n---\nnull\n", "!!null\n", "---\n---\n~\n"}
	text := pick(d, streams...)
	plain := object(stringSlot, fmt.Sprintf("obj%d", index%5), "plain")
	c := &Case{Mode: mode, Index: index, Story: fmt.Sprintf("the stream %q", text)}
	c.Original, c.Updated, c.Live = assemble(mode, text, plain, placement(index%int(placements)))
	return c
}
