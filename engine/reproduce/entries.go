package reproduce

import (
	"sort"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/fieldset"
	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/typed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// entriesCheck is how a history's script compares an object's managedFields with the
// playground's, as the writers' tests compare them with the API server's
// (engine/modes/writer, TestWritersAgreeWithTheAPIServer): for each field the playground's
// object holds, which entries own it, each named by its manager, operation, subresource ("-"
// for none) and whether it records a time. The fields the API server adds and owns (its
// defaults), which the playground does not model, are left out. The template is a kubectl
// go-template (kubectl get -o go-template-file) printing one line "PATH: MANAGER OPERATION
// SUBRESOURCE time|no-time" per field and entry, blank lines between; want holds the same lines,
// sorted as LC_ALL=C sort sorts them.
type entriesCheck struct {
	_              incomparable.Field
	template, want string
}

// checkEntries writes the managedFields check of a result object read under type t (nil: the
// deduced type, as server-side apply reads a kind without a schema).
func checkEntries(t *schema.Type, root *yamltree.Node) (*entriesCheck, error) {
	if t == nil {
		t = schema.Deduced()
	}
	var entries []managed.Entry
	if list := root.Lookup("metadata", "managedFields"); list != nil {
		var err error
		if entries, err = managed.ReadEntries(list); err != nil {
			return nil, err
		}
	}
	held := typed.FieldSet(t, managed.ViewWithoutManagedFields(root)).Leaves()
	var tmpl strings.Builder
	tmpl.WriteString(`{{range .metadata.managedFields}}{{$id := printf "%s %s %s" .manager .operation (or .subresource "-")}}{{$t := "no-time"}}{{if .time}}{{$t = "time"}}{{end}}` + "\n")
	for _, p := range held.Paths() {
		block, err := ownerBlock(p)
		if err != nil {
			return nil, err
		}
		tmpl.WriteString(block)
	}
	tmpl.WriteString("{{end}}\n")
	var want []string
	for _, e := range entries {
		sub := e.Subresource
		if sub == "" {
			sub = "-"
		}
		when := map[bool]string{true: "time", false: "no-time"}[e.Time != nil]
		for _, p := range e.Fields.Leaves().Intersection(held).Paths() {
			want = append(want, p.String()+": "+e.Manager+" "+e.Operation+" "+sub+" "+when)
		}
	}
	sort.Strings(want)
	check := &entriesCheck{template: tmpl.String()}
	if len(want) > 0 {
		check.want = strings.Join(want, "\n") + "\n"
	}
	return check, nil
}

// ownerBlock is the template's part for one field: within an entry, down its fieldsV1 to the
// field's key and, when the entry holds it, a line naming the field and the entry.
func ownerBlock(p fieldpath.Path) (string, error) {
	if len(p) == 0 {
		return "", nil
	}
	keys := make([]string, len(p))
	for i, e := range p {
		text, err := fieldset.ElementText(e)
		if err != nil {
			return "", err
		}
		keys[i] = strconv.Quote(text)
	}
	var b strings.Builder
	b.WriteString("{{with .fieldsV1}}")
	for _, k := range keys[:len(keys)-1] {
		b.WriteString("{{with index . " + k + "}}")
	}
	// A field an entry owns is an empty map, which with would skip: the last key is found by
	// ranging over its parent.
	b.WriteString("{{range $k, $v := .}}{{if eq $k " + keys[len(keys)-1] + "}}{{" + strconv.Quote(p.String()+": ") + "}}{{$id}} {{$t}}\n{{end}}{{end}}")
	b.WriteString(strings.Repeat("{{end}}", len(keys)))
	b.WriteString("\n")
	return b.String(), nil
}
