package fieldset

import (
	"testing"
)

func TestSetOperations(t *testing.T) {
	a := New(p(t, "f:a"), p(t, "f:b", "f:c"), p(t, "f:b", "f:d"), p(t, "f:list", `k:{"name":"x"}`))
	b := New(p(t, "f:b"), p(t, "f:b", "f:c"), p(t, "f:e"))
	tests := []struct {
		name string
		got  *Set
		want string
	}{
		{"union", a.Union(b), ".a\n.b\n.e\n.b.c\n.b.d\n.list[name=\"x\"]"},
		{"intersection", a.Intersection(b), ".b.c"},
		{"difference", a.Difference(b), ".a\n.b.d\n.list[name=\"x\"]"},
		{"without branches", a.WithoutBranches(b), ".a\n.list[name=\"x\"]"},
		{"leaves", New(p(t, "f:a"), p(t, "f:a", "f:b")).Leaves(), ".a.b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.got.String(); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestHasAndEmpty(t *testing.T) {
	s := New(p(t, "f:spec", "f:replicas"))
	if !s.Has(p(t, "f:spec", "f:replicas")) || s.Has(p(t, "f:spec")) || s.Has(nil) {
		t.Error("Has is wrong")
	}
	if s.Empty() || !New().Empty() || !(*Set)(nil).Empty() {
		t.Error("Empty is wrong")
	}
	if d := s.Difference(s); !d.Empty() || len(d.ChildElements()) != 0 {
		t.Errorf("a set minus itself left %v", d)
	}
	if s.Size() != 1 || !s.Equal(s.Copy()) {
		t.Error("Size or Copy is wrong")
	}
}

func TestOperandsUnchanged(t *testing.T) {
	a := New(p(t, "f:a", "f:b"))
	b := New(p(t, "f:a", "f:c"))
	u := a.Union(b)
	u.Insert(p(t, "f:a", "f:z"))
	if a.Has(p(t, "f:a", "f:z")) || b.Has(p(t, "f:a", "f:z")) {
		t.Error("Insert into a union changed an operand")
	}
}
