package merge3

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

func TestKeysWithValues(t *testing.T) {
	keys := []string{"containerPort", "protocol"}
	tests := []struct {
		all                  [][]string
		values               []string
		wantKeys, wantValues []string
	}{
		{[][]string{{"80", ""}, {"53", "UDP"}}, []string{"80", ""}, keys, []string{"80", ""}},
		{[][]string{{"80", ""}, {"90", ""}}, []string{"80", ""}, []string{"containerPort"}, []string{"80"}},
		{[][]string{{"", ""}}, []string{"", ""}, keys, []string{"", ""}},
	}
	for _, tt := range tests {
		k, v := keysWithValues(tt.all, tt.values, keys)
		if !reflect.DeepEqual(k, tt.wantKeys) || !reflect.DeepEqual(v, tt.wantValues) {
			t.Errorf("keysWithValues(%v, %v) = %v %v, want %v %v", tt.all, tt.values, k, v, tt.wantKeys, tt.wantValues)
		}
	}
}

func TestJoinPartial(t *testing.T) {
	got := joinPartial([][]string{{"8080", ""}, {"8080", "TCP"}, {"53", "UDP"}})
	want := [][]string{{"8080", "TCP"}, {"8080", "TCP"}, {"53", "UDP"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func list(t *testing.T, text string) *ynode.Node {
	t.Helper()
	return parseRoot(t, "live", "l:\n"+text).Get("l")
}

func names(l *ynode.Node) string {
	var out []string
	for _, it := range l.Content {
		if v := it.Get("name"); v != nil {
			out = append(out, v.Value)
		} else {
			out = append(out, "?"+it.Value)
		}
	}
	return strings.Join(out, " ")
}

// TestPutItem pins how kyaml sets an item by key: replace in place, append when new, an empty
// value matching any item holding the key, and empty items dropped on the way.
func TestPutItem(t *testing.T) {
	item := parseRoot(t, "live", "name: b\nx: 2\n")
	l := list(t, "- name: a\n- name: b\n- {}\n- name: c\n")
	if err := putItem(l, item, []string{"name"}, []string{"b"}); err != nil || names(l) != "a b c" || l.Content[1] != item {
		t.Errorf("replace: %s %v", names(l), err)
	}
	l = list(t, "- name: a\n- image: x\n")
	if err := putItem(l, nil, []string{"name"}, []string{""}); err != nil || names(l) != "?" {
		t.Errorf("an empty value deletes every item with the key: %s %v", names(l), err)
	}
	l = list(t, "- name: a\n")
	if err := putItem(l, item, []string{"name"}, nil); err != nil || names(l) != "b" {
		t.Errorf("no values: everything goes but the new item: %s %v", names(l), err)
	}
}

func TestFindItem(t *testing.T) {
	l := list(t, "- name: a\n  port: 80\n- name: \n- b\n")
	if got := findItem(l, []string{"name", "port"}, []string{"a", "80"}); got != l.Content[0] {
		t.Errorf("by two keys: %v", got)
	}
	if got := findItem(l, []string{"name"}, []string{""}); got != l.Content[1] {
		t.Errorf("an empty value matches an empty field: %v", got)
	}
	if got := findItem(l, nil, []string{"b"}); got != l.Content[2] {
		t.Errorf("by text: %v", got)
	}
}

func TestCommentSchema(t *testing.T) {
	defs := testSchemas(t)
	tests := []struct {
		comment string
		merges  bool
		none    bool
	}{
		{`# {"$openapi":"replicas"}`, false, false},
		{`# {"type":"array","x-kubernetes-patch-strategy":"merge","x-kubernetes-patch-merge-key":"name"}`, true, false},
		{`# {}`, false, true},
		{`# just words`, false, true},
		{`# {"$ref":"#/definitions/io.k8s.api.core.v1.PodSpec"}`, false, false},
	}
	for _, tt := range tests {
		s := commentSchema(&ynode.Node{LineComment: tt.comment}, defs)
		if (s == nil) != tt.none || (s != nil && s.merges() != tt.merges) {
			t.Errorf("%s: schema %v, merges %v", tt.comment, s, s != nil && s.merges())
		}
	}
	podSpec := commentSchema(&ynode.Node{HeadComment: `# {"$ref":"#/definitions/io.k8s.api.core.v1.PodSpec"}`}, defs)
	if _, keys := podSpec.fieldOf("containers").strategyAndKeys(); !reflect.DeepEqual(keys, []string{"name"}) {
		t.Errorf("a reference resolves: containers keys %v", keys)
	}
}

func TestYAML11NonString(t *testing.T) {
	for text, want := range map[string]bool{
		"on": true, "Yes": true, "n": true, "null": true, "0755": true, "1.5": true, "[a]": true, "a: b": true, "#x": true,
		"nginx": false, "": false, "a b": false, "x:y": false, "line\nbreak": false, "2001-12-14": false,
	} {
		if got := isYAML11NonString(text); got != want {
			t.Errorf("isYAML11NonString(%q) = %v", text, got)
		}
	}
}
