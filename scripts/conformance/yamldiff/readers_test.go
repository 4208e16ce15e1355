package yamldiff

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestReadersAgree reads every text of the differential's cases with both of yamltree's readers
// (its own and the one built on goccy/go-yaml, while the two are compared) under both rule sets,
// and wants the same trees, positions, comments and errors.
func TestReadersAgree(t *testing.T) {
	cfg := Config{Seed: seed, PerMode: perMode}
	seen := map[string]bool{}
	differ, intended := 0, 0
	for _, j := range cfg.jobs() {
		c := j.class.make(newDice(cfg.Seed, j.class.Name, j.mode, j.index), j.mode, j.index)
		if c == nil {
			continue
		}
		for _, text := range []string{c.Original, c.Updated, c.Live} {
			if text == "" || seen[text] {
				continue
			}
			seen[text] = true
			for _, rules := range []yamltree.Rules{yamltree.YAML11, yamltree.YAML12} {
				opts := yamltree.Options{Rules: rules}
				old := treeDump(yamltree.ParseGoccy(yamltree.Live, text, opts))
				own := treeDump(yamltree.ParseOwn(yamltree.Live, text, opts))
				if old != own && intendedDifference(c.Story) != "" {
					intended++
				} else if old != own {
					if differ++; differ <= 30 {
						t.Errorf("%s (%s) under %v:\n%q\n%s", j.class.Name, c.Story, rules, text, dumpDiff(old, own))
					}
				}
			}
		}
	}
	t.Logf("%d texts, %d readings differ as intended, %d otherwise", len(seen), intended, differ)
}

// intendedDifferences are the tricks on which this package's reader reads otherwise than the one
// built on goccy/go-yaml, by design, with why.
var intendedDifferences = map[string]string{
	"&a {x: &b 1, y: *b}":         "an alias's copy is placed where the alias is written",
	"[&a x, *a, *a]":              "an alias's copy is placed where the alias is written",
	"{a: &v yes, b: *v}":          "an alias's copy is placed where the alias is written",
	"[1, 2\nnext: 3":              "a key spanning lines in a flow collection is refused at its \":\", as kubectl refuses it",
	"{a: 1\nnext: 3":              "a key spanning lines in a flow collection is refused at its \":\", as kubectl refuses it",
	"[1,\nnext: 3":                "an unclosed flow collection is refused where kubectl gives up, the end of the document",
	"'open\nnext: 3":              "an unclosed quote is refused where kubectl gives up, the end of the document",
	"\"open\nnext: 3":             "an unclosed quote is refused where kubectl gives up, the end of the document",
	"[1, 2, # c\n 3]":             "comments inside flow collections are kept, where kyaml puts them",
	"[a, {b: 1,\n  # c\n  c: 2}]": "comments inside flow collections are kept, where kyaml puts them",
	"{\n  # c\n  a: 1\n}":         "comments inside flow collections are kept, where kyaml puts them",
	"{x: 1, # c\n z: 2}":          "comments inside flow collections are kept, where kyaml puts them",
	"{x: 1,\n# c\ny: 2}":          "comments inside flow collections are kept, where kyaml puts them",
	"!!str 12":                    "a tagged key's column is its text's (goccy: one column before)",
	"!!float .nan":                "a tagged value's column is its text's (goccy: one column before)",
	"\"\\c\"":                     "a bad escape is named at its backslash (goccy: the character after it)",
	"real manifest examples-cassandra/cassandra/cassandra-statefulset.yaml StatefulSet/cassandra": "a value before trailing spaces is placed at its text (goccy: at the spaces' end)",
}

// intendedDifference returns why the readers differ on a case's trick by design, or "".
func intendedDifference(story string) string {
	for trick, why := range intendedDifferences {
		if strings.HasPrefix(story, strconv.Quote(trick)) || strings.HasPrefix(story, trick) {
			return why
		}
	}
	return ""
}

func treeDump(docs []*yamltree.Document, err error) string {
	var b strings.Builder
	if err != nil {
		if e, ok := err.(*yamltree.Error); ok {
			return fmt.Sprintf("ERROR %d:%d", e.Line, e.Column)
		}
		return "ERROR " + err.Error()
	}
	for _, d := range docs {
		fmt.Fprintf(&b, "DOC %d %v H=%q F=%q\n", d.Line, d.Explicit, d.Comments.Head, d.Comments.Foot)
		nodeDump(&b, d.Root, "")
	}
	return b.String()
}

func nodeDump(b *strings.Builder, n *yamltree.Node, indent string) {
	if n == nil {
		b.WriteString(indent + "<nil>\n")
		return
	}
	col := n.Pos.Column
	if (n.IsNull() && n.Value == "") || n.ExplicitTag != "" {
		col = 0 // goccy places an empty null and a tagged scalar a column off
	}
	fmt.Fprintf(b, "%s%s %v %q style=%d pos=%d:%d tag=%s ind=%v H=%q L=%q F=%q\n", indent, n.Kind, n.Tag, n.Value, n.Style,
		n.Pos.Line, col, n.ExplicitTag, n.IndentedItems, n.Comments.Head, n.Comments.Line, n.Comments.Foot)
	for _, f := range n.Fields {
		nodeDump(b, f.Key, indent+"  K ")
		nodeDump(b, f.Value, indent+"    ")
	}
	for _, it := range n.Items {
		nodeDump(b, it, indent+"  - ")
	}
}

func dumpDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out strings.Builder
	shown := 0
	for i := 0; i < max(len(al), len(bl)) && shown < 4; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			fmt.Fprintf(&out, "    goccy: %s\n    own:   %s\n", x, y)
			shown++
		}
	}
	return out.String()
}
