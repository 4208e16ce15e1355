package smp

import (
	"github.com/mergeplay/mergeplay/engine/decision"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Situation is what a diff finds at one place, the left-hand side of its decision table.
type Situation uint8

const (
	// FoundAdded: `to` holds it, `from` does not: sent whole.
	FoundAdded Situation = iota
	// FoundChanged: both hold it and differ (in value, or in kind): `to`'s value is sent.
	FoundChanged
	// FoundSame: both hold it alike: nothing to send (a map the replace strategy sends whole
	// is sent all the same).
	FoundSame
	// FoundNull: `to` holds a null where `from` holds a value: a deletion is sent.
	FoundNull
	// FoundDropped: `from` holds it, `to` does not: a deletion is sent.
	FoundDropped
)

// Rules names, for one operation, the rule behind each Situation at a place: a row of the
// operation's decision table. A nil Rules records nothing.
type Rules func(s Situation, at *Aligned) decision.Rule

// Decisions are where an alignment's operations record what they decide: the log, and the rules
// each operation decides by.
type Decisions struct {
	Log *decision.Log
	// ThreeWay names the rows of kubectl apply's patch; TwoWay those of Helm 2's.
	ThreeWay, TwoWay Rules
}

// Record asks the alignment to record the decisions its operations make into d.
func (a *Aligned) Record(d *Decisions) { a.memoized().decisions = d }

// decide records the decision of the operation going in direction dir at place a.
func (a *Aligned) decide(dir direction, s Situation) {
	root := a.Root()
	if root.memo == nil || root.memo.decisions == nil || root.memo.decisions.Log == nil {
		return
	}
	d := root.memo.decisions
	if d == nil {
		return
	}
	rules := dir.rules(d)
	if rules == nil {
		return
	}
	a.rule = rules(s, a)
	d.Log.Record(a.Path(), a.rule, a.held())
}

// Decided returns the rule an operation recorded at this place ("" when none did).
func (a *Aligned) Decided() decision.Rule {
	if a == nil {
		return ""
	}
	return a.rule
}

// Root is the alignment's root place.
func (a *Aligned) Root() *Aligned {
	for a.parent != nil {
		a = a.parent
	}
	return a
}

// held says which sides hold the place.
func (a *Aligned) held() decision.Held {
	var h decision.Held
	for s, bit := range [sideCount]decision.Held{decision.Original, decision.Updated, decision.Live} {
		if a.sides[s] != nil {
			h |= bit
		}
	}
	return h
}

// situationOf classifies a leaf `to` and `from` both hold.
func situationOf(from, to *yamltree.Node) Situation {
	switch {
	case to.IsNull() && !from.IsNull():
		return FoundNull
	case equalValues(from, to):
		return FoundSame
	}
	return FoundChanged
}
