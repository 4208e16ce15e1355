package ssadiff

import (
	"fmt"
	"strings"
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// The managers of the generated operations.
var (
	appliers = []string{"kubectl", "helm", "argocd"}
	updaters = []string{"hpa", "controller"}
)

// clientSideManager is the updater client-side kubectl apply records itself as.
const clientSideManager = "kubectl-client-side-apply"

// lastAppliedKey is kubectl's last-applied annotation.
const lastAppliedKey = "kubectl.kubernetes.io/last-applied-configuration"

// How a sequence's object starts.
const (
	startAbsent      = "absent"        // created by the first operation
	startExisting    = "existing"      // present, without managedFields
	startExistingUID = "existing+uid"  // present, without managedFields, with a uid
	startClientSide  = "client-side"   // created by client-side kubectl apply
	startManyUpdates = "many-updaters" // updated by a dozen controllers first
)

// Sequence is one object and the operations run on it, drawn from a seed.
type Sequence struct {
	Index int
	Kind  kind
	Name  string
	Start string
	// Live is the object before the first operation (nil when absent).
	Live object
	Ops  []*Op
	d    *dice
	// configs holds each applier's last config, which its next config often derives from.
	configs map[string]object
}

// Op is one operation of a sequence. Object is drawn when the operation runs, from the object as
// it then is.
type Op struct {
	Operation string // apply or update
	Manager   string
	Force     bool
	Object    object
	// Now is the time the engine writes (options.now); the reference's own times are replaced
	// by it after each operation.
	Now time.Time
}

// baseTime is the first operation's time: in the past, so that the reference's real times are
// always newer than every rewritten one.
var baseTime = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

// NewSequence draws sequence i of seed.
func NewSequence(seed uint64, i int) *Sequence {
	d := newDice(seed*1_000_003 + uint64(i))
	ks := kinds()
	s := &Sequence{Index: i, Kind: ks[d.intn(len(ks))], Name: pick(d, "web", "api"), d: d, configs: map[string]object{}}
	s.Start = pick(d, startAbsent, startExisting, startExisting, startExistingUID, startClientSide, startClientSide, startClientSide)
	if d.chance(0.04) {
		s.Start = startManyUpdates
	}
	s.plan()
	for i, op := range s.Ops {
		op.Now = baseTime.Add(time.Duration(i+1) * time.Minute)
	}
	return s
}

// plan draws the start and the operations (their objects come later).
func (s *Sequence) plan() {
	d := s.d
	switch s.Start {
	case startExisting, startExistingUID:
		s.Live = s.config(0.7)
		if s.Start == startExistingUID {
			setPath(s.Live, "6f1c3a2e-0000-4000-8000-000000000001", "metadata", "uid")
		}
	case startClientSide:
		s.Ops = append(s.Ops, &Op{Operation: "update", Manager: clientSideManager})
	case startManyUpdates:
		for i := 0; i < 11+d.intn(3); i++ {
			s.Ops = append(s.Ops, &Op{Operation: "update", Manager: fmt.Sprintf("controller-%02d", i)})
		}
	}
	for n := 2 + d.intn(4); n > 0; n-- {
		if d.chance(0.35) {
			s.Ops = append(s.Ops, &Op{Operation: "update", Manager: pick(d, updaters...)})
			continue
		}
		m := pick(d, appliers...)
		if s.Start == startClientSide && d.chance(0.6) {
			m = "kubectl"
		}
		s.Ops = append(s.Ops, &Op{Operation: "apply", Manager: m, Force: d.chance(0.25)})
	}
}

// skeleton is an object with only its identity.
func (s *Sequence) skeleton() object {
	o := object{"apiVersion": s.Kind.apiVersion, "kind": s.Kind.name, "metadata": object{"name": s.Name}}
	return o
}

// config draws a fresh config setting each part with probability p.
func (s *Sequence) config(p float64) object {
	o := s.skeleton()
	for _, pt := range s.Kind.parts {
		if s.d.chance(p) {
			pt(s.d, o, true)
		}
	}
	return o
}

// mutate changes one to three parts of a copy of o: each set anew or cleared.
func (s *Sequence) mutate(o object, clear float64) object {
	out := deepCopy(o)
	for n := 1 + s.d.intn(3); n > 0; n-- {
		pt := s.Kind.parts[s.d.intn(len(s.Kind.parts))]
		pt(s.d, out, !s.d.chance(clear))
	}
	return out
}

// draw fills in op's object from the object as it is (live, without managedFields; nil when
// absent).
func (s *Sequence) draw(op *Op, live object) {
	switch {
	case op.Manager == clientSideManager:
		op.Object = s.clientSide()
	case op.Operation == "update" && live == nil:
		op.Object = s.config(0.6)
	case op.Operation == "update":
		op.Object = s.mutate(live, 0.3)
		if strings.HasPrefix(op.Manager, "controller-") {
			// Each of the many updaters adds a label of its own, so that it keeps an entry.
			setPath(op.Object, "on", "metadata", "labels", op.Manager)
		}
	default:
		prev, ok := s.configs[op.Manager]
		if ok && s.d.chance(0.7) {
			op.Object = s.mutate(prev, 0.4)
		} else {
			op.Object = s.config(0.5)
		}
		s.configs[op.Manager] = op.Object
	}
}

// clientSide draws the object client-side kubectl apply creates: a config with the last-applied
// annotation holding it. kubectl's next server-side config derives from the same config.
func (s *Sequence) clientSide() object {
	cfg := s.config(0.6)
	s.configs["kubectl"] = cfg
	withAnnotations := deepCopy(cfg)
	if _, ok := withAnnotations["metadata"].(object)["annotations"]; !ok {
		setPath(withAnnotations, object{}, "metadata", "annotations")
	}
	out := deepCopy(cfg)
	setPath(out, string(mustJSON(withAnnotations))+"\n", "metadata", "annotations", lastAppliedKey)
	return out
}

// carryManagedFields makes some updates send managedFields, as a controller that read the object
// and writes it back does (its own copy of live's), or as a client resetting them does (an empty
// list).
func (s *Sequence) carryManagedFields(op *Op, live object) {
	if op.Operation != "update" || live == nil {
		return
	}
	meta, _ := live["metadata"].(object)
	mf, ok := meta["managedFields"]
	switch {
	case s.d.chance(0.03):
		op.Object = deepCopy(op.Object)
		setPath(op.Object, []interface{}{}, "metadata", "managedFields")
	case ok && s.d.chance(0.3):
		op.Object = deepCopy(op.Object)
		setPath(op.Object, mf, "metadata", "managedFields")
	}
}

// FirstRequest is the request of the sequence's first operation, its object drawn from the
// sequence's live object: one random server-side apply (or update) for the real-API-server
// differential (cmd/apiservercases).
func (s *Sequence) FirstRequest() *contract.Request {
	op := s.Ops[0]
	s.draw(op, s.Live)
	return Request(s.Kind, s.Live, op)
}
