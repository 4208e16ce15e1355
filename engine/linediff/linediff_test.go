package linediff

import "testing"

func TestDiff(t *testing.T) {
	before := "a: 1\nb: 2\nc: 3\n"
	after := "a: 1\nb: 5\nc: 3\nd: 4\n"
	got := Unified(Diff(before, after))
	want := " a: 1\n-b: 2\n+b: 5\n c: 3\n+d: 4\n"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if len(Diff("", "")) != 0 {
		t.Errorf("empty texts differ")
	}
}
