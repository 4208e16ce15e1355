package smp

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func jsonOfTree(n *yamltree.Node) (string, error) { return yamltree.JSON(n) }

// TestEffectsSayWhatTheServerDid applies patches and reads, for each value, the cause package
// smp records: one row per cause.
func TestEffectsSayWhatTheServerDid(t *testing.T) {
	_, sch := loadVectors(t)
	tests := []struct {
		name, live, patch string
		path              string
		cause             Cause
		shape             Shape
	}{
		{"kept", "{name: a, value: b}", "{value: c}", ".name", Kept, Leaf},
		{"set", "{name: a, value: b}", "{value: c}", ".value", Set, Leaf},
		{"deleted by a null", "{name: a, value: b}", "{value: null}", ".value", DeletedByNull, Leaf},
		{"cleared by $retainKeys", "{retainKeysMap: {name: a, value: b}}", "{retainKeysMap: {$retainKeys: [name]}}", ".retainKeysMap.value", ClearedByRetainKeys, Leaf},
		{"an item added", "{mergingList: [{name: a}]}", "{mergingList: [{name: b}]}", `.mergingList[name="b"]`, Added, Item},
		{"an item deleted", "{mergingList: [{name: a}, {name: b}]}", "{mergingList: [{name: b, $patch: delete}]}", `.mergingList[name="b"]`, DeletedItem, Item},
		{"a value deleted", "{mergingIntList: [1, 2]}", "{$deleteFromPrimitiveList/mergingIntList: [2]}", ".mergingIntList[=2]", DeletedValue, SetValue},
		{"a field of a replaced map", "{mergeItemPtr: {name: a, value: b}}", "{mergeItemPtr: {$patch: replace, name: a}}", ".mergeItemPtr.value", Replaced, Leaf},
		{"carried by a new map", "{}", "{mergeItemPtr: {name: a}}", ".mergeItemPtr.name", Carried, Leaf},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := Apply(doc(t, tt.live), Read(doc(t, tt.patch)).Map, sch)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			o.Effects(nil, func(*Aligned) bool { return false }, func(e Effect) {
				if e.Path.String() != tt.path {
					return
				}
				found = true
				if e.Cause != tt.cause || e.Shape != tt.shape {
					t.Errorf("cause %v shape %v, want %v %v", e.Cause, e.Shape, tt.cause, tt.shape)
				}
			})
			if !found {
				t.Errorf("no effect at %s", tt.path)
			}
		})
	}
}

// TestEffectsOfAListLiveLacks: a list live lacks is taken whole; it is called atomic only when
// the schema does not merge it (a merged list's reason must not say it has no merge key).
func TestEffectsOfAListLiveLacks(t *testing.T) {
	_, sch := loadVectors(t)
	tests := []struct {
		name, patch, path string
		want              Whole
	}{
		{"merged by key", "{mergingList: [{name: a}]}", ".mergingList", Scalar},
		{"a merged set", "{mergingIntList: [1]}", ".mergingIntList", Scalar},
		{"atomic", "{nonMergingList: [{name: a}]}", ".nonMergingList", AtomicList},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := Apply(doc(t, "{}"), Read(doc(t, tt.patch)).Map, sch)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			o.Effects(nil, func(*Aligned) bool { return false }, func(e Effect) {
				if e.Path.String() == tt.path {
					found = true
					if e.Whole != tt.want {
						t.Errorf("whole %v, want %v", e.Whole, tt.want)
					}
				}
			})
			if !found {
				t.Errorf("no effect at %s", tt.path)
			}
		})
	}
}
