package modes

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/apiserver"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/explain"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// markDefaults rewrites marks for the values the API server wrote (apiserver.Default), under
// the rule Mode+"/server-default": a value the merge deleted and the server wrote back is
// changed (retained, when live held the default) on the result's lines, its reason the merge's
// and the server's; a default live holds as it is keeps the merge's marks; a default inside an
// item the merge added is named in the item's reason; any other default is added (changed, where
// live holds another value), in place of the marks the merge made on it (an update's config
// decoded with its defaults).
//
// fields is StoredMarks' own: markDefaults changes it in place.
func (m Marking) markDefaults(defaults []apiserver.Default, fields []contract.Field, w *explain.Walker) []contract.Field {
	rule := decision.Rule(m.Mode + "/server-default")
	notes := map[int][]string{}
	for _, d := range defaults {
		p := d.Path.String()
		n, ok := explain.Deepest(w.Spot.Result, d.Path) // an update's default stands in the object its field manager wrote
		if !ok {
			continue
		}
		live, held := explain.Deepest(RootOf(m.Triple.Live), d.Path)
		held = held && m.Triple.Live != nil
		same := held && yamltree.Equal(live, n)
		mark, reason, inputs := contract.Added, defaultReason(d), decision.Held(0)
		if held {
			mark, inputs = contract.Changed, decision.Live
		}
		i := markAt(fields, p, contract.Deleted)
		switch {
		case i >= 0:
			if same {
				mark = contract.Retained
			}
			reason = fields[i].Reason + "; then " + reason
			fields = append(fields[:i], fields[i+1:]...)
		case same:
			continue
		default:
			if i = addedAbove(fields, p); i >= 0 {
				notes[i] = append(notes[i], d.Path[len(d.Path)-1].Field)
				continue
			}
			fields = without(fields, p)
		}
		m.Log.Record(d.Path, rule, inputs)
		w.Place(explain.Placed{Path: d.Path, Mark: mark, Result: n, Rule: rule, Reason: reason})
	}
	for i, names := range notes {
		fields[i].Reason += "; the API server wrote the defaults of " + strings.Join(names, ", ") + " in it"
	}
	return fields
}

// markAt is the index of the mark at path with mark, -1 for none.
func markAt(fields []contract.Field, path string, mark contract.Mark) int {
	for i, f := range fields {
		if f.Path == path && f.Mark == mark {
			return i
		}
	}
	return -1
}

// addedAbove is the index of an added mark on a value holding path, -1 for none.
func addedAbove(fields []contract.Field, path string) int {
	for i, f := range fields {
		if f.Mark == contract.Added && f.Path != path && within(path, f.Path) {
			return i
		}
	}
	return -1
}

// without drops the marks at path and under it, in place: fields is the caller's to change.
// It allocates nothing, and moves no mark when none is at or under path (most defaults).
func without(fields []contract.Field, path string) []contract.Field {
	kept := 0
	for i := range fields {
		if within(fields[i].Path, path) {
			continue
		}
		if kept != i {
			fields[kept] = fields[i]
		}
		kept++
	}
	clear(fields[kept:])
	return fields[:kept]
}

// defaultReason says that the API server wrote a default.
func defaultReason(d apiserver.Default) string {
	name := d.Path[len(d.Path)-1].Field
	if d.System {
		return "the API server keeps live's " + name + " on an update, whatever the write sends, so it stores " + valueText(d.Value) + " (kubectl get shows it)"
	}
	if d.FromLive {
		return "live as a cluster stores it holds the API server's default, written when live was stored, and the write keeps live's " + name + ", so the server stores " + valueText(d.Value) + " (kubectl get shows it)"
	}
	return "the API server wrote its default: the object does not set " + name + ", so the server stores " + valueText(d.Value) + " (kubectl get shows it)"
}

// valueText writes a default's value in a reason: a scalar as it is, a map or list as YAML's
// flow style would begin it.
func valueText(v *yamltree.Node) string {
	switch {
	case v.IsMap() && len(v.Fields) == 0:
		return "{}"
	case v.IsMap():
		return "{" + strings.Join(v.Keys(), ", ") + "}"
	case v.IsList():
		return "a list of " + itemsText(len(v.Items))
	case v.Tag == yamltree.StrTag && v.Value == "":
		return `""`
	}
	return v.Value
}

func itemsText(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}
