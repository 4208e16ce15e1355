package linediff

import (
	"math/rand"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	tests := []struct {
		name, before, after, want string
	}{
		{"a changed and an added line", "a: 1\nb: 2\nc: 3\n", "a: 1\nb: 5\nc: 3\nd: 4\n", " a: 1\n-b: 2\n+b: 5\n c: 3\n+d: 4\n"},
		{"both empty", "", "", ""},
		{"all added", "", "a\nb\n", "+a\n+b\n"},
		{"all deleted", "a\nb\n", "", "-a\n-b\n"},
		{"no final newline", "a\nb", "a\nb\n", " a\n b\n"},
		{"a moved block keeps the longer run", "a\nb\nc\nd\ne\n", "d\na\nb\nc\ne\n", "+d\n a\n b\n c\n-d\n e\n"},
		{"repeated lines between anchors", "k: 1\n- x\n- x\nz: 2\n", "k: 1\n- x\n- y\n- x\nz: 2\n", " k: 1\n - x\n+- y\n - x\n z: 2\n"},
		{"an added item starts at its dash", "- name: b\n  image: x\n- name: d\n  image: x\n", "- name: b\n  image: x\n- name: d\n  image: x\n- name: c\n  image: x\n", " - name: b\n   image: x\n - name: d\n   image: x\n+- name: c\n+  image: x\n"},
		{"item inserted among look-alikes", "- name: a\n  v: 1\n- name: b\n  v: 1\n", "- name: a\n  v: 1\n- name: c\n  v: 1\n- name: b\n  v: 1\n", " - name: a\n   v: 1\n+- name: c\n+  v: 1\n - name: b\n   v: 1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hunks := Diff(tt.before, tt.after)
			if got := Unified(hunks); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
			checkRebuilds(t, tt.before, tt.after, hunks)
		})
	}
}

// checkRebuilds wants the hunks to hold before (equal and deleted lines) and after (equal and
// inserted lines), in order, and no two neighbouring hunks with one operation.
func checkRebuilds(t *testing.T, before, after string, hunks []Hunk) {
	t.Helper()
	var old, new []string
	for i, h := range hunks {
		if len(h.Lines) == 0 || (i > 0 && hunks[i-1].Op == h.Op) {
			t.Fatalf("hunk %d is empty or continues the one before: %+v", i, hunks)
		}
		if h.Op != Insert {
			old = append(old, h.Lines...)
		}
		if h.Op != Delete {
			new = append(new, h.Lines...)
		}
	}
	if got, want := strings.Join(old, "\n"), strings.Join(lines(before), "\n"); got != want {
		t.Fatalf("equal and deleted lines:\n%s\nare not before:\n%s", got, want)
	}
	if got, want := strings.Join(new, "\n"), strings.Join(lines(after), "\n"); got != want {
		t.Fatalf("equal and inserted lines:\n%s\nare not after:\n%s", got, want)
	}
}

// TestShortestIsMinimal checks the search between anchors against the longest common
// subsequence on small texts of few distinct lines: the shortest edit script keeps exactly
// that many lines. Diff itself is not minimal (anchors may cost a longer script), only correct.
func TestShortestIsMinimal(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		before, after := randomText(r, 3, 14), randomText(r, 3, 14)
		ids := interner{}
		a, b := lines(before), lines(after)
		d := differ{a: ids.all(a), b: ids.all(b)}
		d.shortest(0, len(a), 0, len(b))
		hunks := d.hunks(a, b)
		checkRebuilds(t, before, after, hunks)
		checkRebuilds(t, before, after, Diff(before, after))
		kept := 0
		for _, h := range hunks {
			if h.Op == Equal {
				kept += len(h.Lines)
			}
		}
		if want := lcs(a, b); kept != want {
			t.Fatalf("kept %d lines, the longest common subsequence has %d:\n%q\n%q", kept, want, before, after)
		}
	}
}

func TestDiffBoundsLongScripts(t *testing.T) {
	var before, after strings.Builder
	for i := 0; i < MaxEdits*2; i++ {
		before.WriteString("a\n")
		after.WriteString("b\n")
	}
	hunks := Diff(before.String(), after.String())
	if len(hunks) != 2 || hunks[0].Op != Delete || hunks[1].Op != Insert {
		t.Fatalf("a stretch past MaxEdits should be deleted and inserted whole, got %d hunks", len(hunks))
	}
}

func FuzzDiff(f *testing.F) {
	f.Add("a: 1\nb: 2\n", "a: 1\nb: 3\nc: 4\n")
	f.Add("- x\n- x\n- y\n", "- y\n- x\n")
	f.Add("", "a")
	f.Fuzz(func(t *testing.T, before, after string) {
		checkRebuilds(t, before, after, Diff(before, after))
	})
}

func randomText(r *rand.Rand, distinct, max int) string {
	var b strings.Builder
	for i := r.Intn(max); i > 0; i-- {
		b.WriteString(string(rune('a' + r.Intn(distinct))))
		b.WriteString("\n")
	}
	return b.String()
}

func lcs(a, b []string) int {
	row := make([]int, len(b)+1)
	for i := range a {
		prev := 0
		for j := range b {
			cur := row[j+1]
			if a[i] == b[j] {
				row[j+1] = prev + 1
			} else {
				row[j+1] = max(row[j+1], row[j])
			}
			prev = cur
		}
	}
	return row[len(b)]
}

func BenchmarkDiffLongDocument(b *testing.B) {
	var before, after strings.Builder
	for i := 0; i < 20000; i++ {
		line := "  key" + strings.Repeat("x", i%7) + ": value " + string(rune('a'+i%26)) + "\n"
		before.WriteString(line)
		if i%97 == 0 {
			after.WriteString("  changed: line\n")
			continue
		}
		after.WriteString(line)
	}
	for b.Loop() {
		Diff(before.String(), after.String())
	}
}
