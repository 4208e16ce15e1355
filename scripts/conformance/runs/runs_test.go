package runs

import "testing"

func TestInOrderKeepsIndexOrder(t *testing.T) {
	got := InOrder(100, 4, func(i int) int { return i * i })
	for i, v := range got {
		if v != i*i {
			t.Fatalf("result %d is %d", i, v)
		}
	}
	if len(InOrder(0, 0, func(int) int { return 1 })) != 0 {
		t.Error("no cases gave results")
	}
}

func TestMinimum(t *testing.T) {
	for _, tt := range []struct{ n, want int }{{10000, 100}, {20000, 100}, {5000, 50}, {10, 1}} {
		if got := Minimum(tt.n, 10000, 100); got != tt.want {
			t.Errorf("Minimum(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}
