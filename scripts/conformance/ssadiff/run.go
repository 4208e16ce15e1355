package ssadiff

import (
	"runtime"
	"sync"
	"time"
)

// Config says which sequences to run.
type Config struct {
	Seed      uint64
	Sequences int
}

// Step is one operation of a sequence with both answers.
type Step struct {
	Op       *Op
	Live     object // the object before the operation (nil when absent)
	Ref      Answer
	Eng      EngineAnswer
	Diffs    []string
	Features []string
}

// Result is one sequence run on both sides.
type Result struct {
	Seq   *Sequence
	Steps []*Step
}

// Run runs every sequence on the reference and the engine, in parallel.
func Run(cfg Config, ref *Reference, eng *Engine) []*Result {
	results := make([]*Result, cfg.Sequences)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = RunSequence(NewSequence(cfg.Seed, i), ref, eng)
			}
		}()
	}
	for i := 0; i < cfg.Sequences; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

// RunSequence runs one sequence: each operation on the reference and the engine from the same
// object, which then becomes the reference's result with its new times replaced by the engine's.
func RunSequence(seq *Sequence, ref *Reference, eng *Engine) *Result {
	res := &Result{Seq: seq}
	live := seq.Live
	for _, op := range seq.Ops {
		var current object
		if live != nil {
			current = withoutManagedFields(live)
		}
		seq.draw(op, current)
		seq.carryManagedFields(op, live)
		st := &Step{Op: op, Live: live}
		start := time.Now().UTC().Truncate(time.Second)
		st.Ref = ref.Run(seq.Kind, live, op)
		if st.Ref.Object != nil {
			rewriteTimes(st.Ref.Object, start, op.Now)
		}
		st.Eng = eng.Run(seq.Kind, live, op)
		st.Diffs = Compare(st.Ref, st.Eng)
		st.Features = features(seq.Kind, ref, st)
		res.Steps = append(res.Steps, st)
		if st.Ref.Object != nil {
			live = st.Ref.Object
		}
	}
	return res
}

// rewriteTimes replaces the times the reference wrote during this operation (at or after start)
// with the engine's.
func rewriteTimes(o object, start, now time.Time) {
	meta, _ := o["metadata"].(object)
	list, _ := meta["managedFields"].([]interface{})
	for _, it := range list {
		m := it.(object)
		s, ok := m["time"].(string)
		if !ok {
			continue
		}
		if t, err := time.Parse(time.RFC3339, s); err == nil && !t.Before(start) {
			m["time"] = now.UTC().Format(time.RFC3339)
		}
	}
}
