package decision

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func TestLogLookupAnswersTheLastDecision(t *testing.T) {
	var l Log
	image := fieldpath.Path{}.Field("spec").Field("containers").Key("name", yamltree.NewString("nginx")).Field("image")
	l.Record(image, "apply/forced", Updated|Live)
	l.Record(image, "apply/changed-in-config", Original|Updated|Live)
	e, ok := l.Lookup(image)
	if !ok || e.Rule != "apply/changed-in-config" || e.Held != Original|Updated|Live {
		t.Fatalf("Lookup = %+v, %v; want the second decision", e, ok)
	}
	if got, ok := l.LookupString(`.spec.containers[name="nginx"].image`); !ok || got.Rule != e.Rule {
		t.Errorf("LookupString by the written path = %+v, %v", got, ok)
	}
	if l.Len() != 2 || len(l.Entries()) != 2 {
		t.Errorf("Len = %d, Entries = %d; want both decisions kept", l.Len(), len(l.Entries()))
	}
	if _, ok := l.Lookup(fieldpath.Path{}.Field("metadata")); ok {
		t.Error("Lookup found a path never recorded")
	}
}

// TestRelabelKeepsTheInputsHeld wants a later decision on a path to keep the inputs its latest
// decision held, or take those given on a path never decided, and to be what Lookup answers,
// whatever Record and Relabel came before.
func TestRelabelKeepsTheInputsHeld(t *testing.T) {
	var l Log
	replicas := fieldpath.Path{}.Field("spec").Field("replicas")
	image := fieldpath.Path{}.Field("spec").Field("image")
	l.Record(replicas, "ssa/applied", Updated|Live)
	l.Relabel(replicas, "ssa/owned", Live)
	l.Relabel(image, "ssa/owned", Live)
	l.Record(image, "ssa/applied", Updated)
	l.Relabel(image, "ssa/moved", Live)
	for _, tc := range []struct {
		path fieldpath.Path
		rule Rule
		held Held
	}{{replicas, "ssa/owned", Updated | Live}, {image, "ssa/moved", Updated}} {
		if e, ok := l.Lookup(tc.path); !ok || e.Rule != tc.rule || e.Held != tc.held {
			t.Errorf("Lookup(%s) = %+v, %v; want %s held by %s", tc.path, e, ok, tc.rule, tc.held)
		}
	}
	if l.Len() != 5 {
		t.Errorf("Len = %d, want 5", l.Len())
	}
}

func TestNilLogAnswersNothing(t *testing.T) {
	var l *Log
	l.Relabel(nil, "ssa/owned", Live)
	if _, ok := l.Lookup(nil); ok || l.Len() != 0 || l.Entries() != nil {
		t.Error("a nil log must be empty")
	}
}

func TestHeldAndRuleNames(t *testing.T) {
	tests := []struct {
		held Held
		want string
	}{
		{0, "none"},
		{Live, "live"},
		{Original | Live, "original+live"},
		{Original | Updated | Live, "original+updated+live"},
	}
	for _, tt := range tests {
		if got := tt.held.String(); got != tt.want {
			t.Errorf("Held(%d).String() = %q, want %q", tt.held, got, tt.want)
		}
	}
	if got := Rule("merge3/changed-upstream").Mode(); got != "merge3" {
		t.Errorf("Mode() = %q, want merge3", got)
	}
}

func TestBookCreatesOneLogPerResource(t *testing.T) {
	b := Book{}
	a := b.For("v1/ConfigMap/default/a")
	if b.For("v1/ConfigMap/default/a") != a || len(b) != 1 {
		t.Error("For must return the same log for the same resource")
	}
}

func TestDroppedDecisionsStandApart(t *testing.T) {
	var l Log
	port := fieldpath.Path{}.Field("ports").Key("containerPort", yamltree.NewScalar(yamltree.IntTag, "53"))
	l.Record(port, "apply/added", Updated)
	l.RecordDropped(port, "apply/dropped-duplicate-key")
	if e, ok := l.Lookup(port); !ok || e.Rule != "apply/added" {
		t.Errorf("Lookup = %+v, %v; want the kept item's decision", e, ok)
	}
	if e, ok := l.LookupDropped(`.ports[containerPort=53]`); !ok || e.Rule != "apply/dropped-duplicate-key" || e.Held != Updated {
		t.Errorf("LookupDropped = %+v, %v; want the dropped item's decision", e, ok)
	}
	if _, ok := l.LookupDropped(`.ports`); ok {
		t.Error("LookupDropped found a path never recorded")
	}
}
