package smp

import (
	"strconv"
	"strings"
	"testing"
)

// TestMergedAway finds the config's items that share their key with another item and that the
// result does not hold, row by row (mergingList merges by name in the vectors' schema).
func TestMergedAway(t *testing.T) {
	sch := mergeItemSchema(t)
	tests := []struct {
		name, updated, result string
		want                  []string // the items' paths and lines in updated
	}{
		{"one item per key", "mergingList:\n- name: a\n  value: x\n- name: b\n", "mergingList:\n- name: a\n  value: y\n- name: b\n", nil},
		{"the second item lost", "mergingList:\n- name: a\n  value: x\n- name: a\n  value: y\n", "mergingList:\n- name: a\n  value: x\n",
			[]string{`.mergingList[name="a"]@4`}},
		{"the first item lost", "mergingList:\n- name: a\n  value: x\n- name: a\n  value: y\n", "mergingList:\n- name: a\n  value: y\n",
			[]string{`.mergingList[name="a"]@2`}},
		{"merged into one that holds both", "mergingList:\n- name: a\n  value: x\n- name: a\n  other: y\n", "mergingList:\n- name: a\n  value: x\n  other: y\n", nil},
		{"both kept", "mergingList:\n- name: a\n  value: x\n- name: a\n  value: y\n", "mergingList:\n- name: a\n  value: y\n- name: a\n  value: x\n", nil},
		{"none kept", "mergingList:\n- name: a\n  value: x\n- name: a\n  value: y\n", "mergingList:\n- name: b\n",
			[]string{`.mergingList[name="a"]@2`, `.mergingList[name="a"]@4`}},
		{"a deleted item is no content", "mergingList:\n- name: a\n  $patch: delete\n- name: a\n", "mergingList: []\n", nil},
		{"an atomic list is compared whole elsewhere", "nonMergingList:\n- name: a\n- name: a\n  value: y\n", "nonMergingList:\n- name: a\n", nil},
		{"nested under a unique item", "mergingList:\n- name: a\n  mergingList:\n  - name: c\n    value: 1\n  - name: c\n    value: 2\n",
			"mergingList:\n- name: a\n  mergingList:\n  - name: c\n    value: 2\n", []string{`.mergingList[name="a"].mergingList[name="c"]@4`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, m := range MergedAway(doc(t, tt.updated), doc(t, tt.result), sch) {
				got = append(got, m.Path.String()+"@"+strconv.Itoa(m.Item.Pos.Line))
				if m.Repeats < 2 || m.List == nil || m.Items == nil {
					t.Errorf("%s: repeats %d, list %v, items %v", m.Path, m.Repeats, m.List, m.Items)
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("MergedAway = %v, want %v", got, tt.want)
			}
		})
	}
}
