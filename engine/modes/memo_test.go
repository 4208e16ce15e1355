package modes

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func TestMemo(t *testing.T) {
	a := Documents{Updated: yamltree.NewMap()}
	b := Documents{Updated: yamltree.NewMap(), Live: yamltree.NewMap()}
	opts := contract.DefaultOptions()
	other := opts
	other.Prune = !opts.Prune
	tests := []struct {
		name string
		// requests: what each request keeps (k) and recalls (r), in order; want: what the last
		// request's recall of a and b finds.
		run   func() *Memo
		wantA bool
		wantB bool
	}{
		{"kept for the next request", func() *Memo {
			m := NewMemo(opts)
			m.Keep(a, 1)
			return m.Next(opts)
		}, true, false},
		{"not yet within the request that kept it", func() *Memo {
			m := NewMemo(opts)
			m.Keep(a, 1)
			return m
		}, false, false},
		{"recalled, kept again", func() *Memo {
			m := NewMemo(opts)
			m.Keep(a, 1)
			m.Keep(b, 2)
			m = m.Next(opts)
			m.Recall(a)
			return m.Next(opts)
		}, true, false},
		{"other options forget", func() *Memo {
			m := NewMemo(opts)
			m.Keep(a, 1)
			return m.Next(other)
		}, false, false},
		{"nil memo", func() *Memo {
			var m *Memo
			m.Keep(a, 1)
			return m
		}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.run()
			_, gotA := m.Recall(a)
			_, gotB := m.Recall(b)
			if gotA != tt.wantA || gotB != tt.wantB {
				t.Errorf("recall a, b = %v, %v; want %v, %v", gotA, gotB, tt.wantA, tt.wantB)
			}
		})
	}
}

func TestNilMemoNext(t *testing.T) {
	var m *Memo
	if next := m.Next(contract.DefaultOptions()); next == nil {
		t.Fatal("a nil memo's next is nil")
	}
}
