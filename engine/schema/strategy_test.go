package schema

import "testing"

func TestParsePatchStrategy(t *testing.T) {
	tests := []struct {
		text    string
		want    PatchStrategy
		written string
		fails   bool
	}{
		{"", 0, "", false},
		{"merge", PatchMerge, "merge", false},
		{"replace", PatchReplace, "replace", false},
		{"retainKeys", PatchRetainKeys, "retainKeys", false},
		{"merge,retainKeys", PatchMerge | PatchRetainKeys, "merge,retainKeys", false},
		{"retainKeys, merge", PatchMerge | PatchRetainKeys, "merge,retainKeys", false},
		{"mrege", 0, "", true},
		{"merge,", 0, "", true},
	}
	for _, tt := range tests {
		got, err := ParsePatchStrategy(tt.text)
		if (err != nil) != tt.fails {
			t.Errorf("ParsePatchStrategy(%q) error %v, want failure %v", tt.text, err, tt.fails)
			continue
		}
		if got != tt.want || got.String() != tt.written {
			t.Errorf("ParsePatchStrategy(%q) = %v (%q), want %v (%q)", tt.text, uint8(got), got, uint8(tt.want), tt.written)
		}
	}
}

func TestPatchStrategyHas(t *testing.T) {
	s := PatchMerge | PatchRetainKeys
	tests := []struct {
		flag PatchStrategy
		want bool
	}{
		{PatchMerge, true},
		{PatchRetainKeys, true},
		{PatchMerge | PatchRetainKeys, true},
		{PatchReplace, false},
		{PatchMerge | PatchReplace, false},
		{0, false},
	}
	for _, tt := range tests {
		if got := s.Has(tt.flag); got != tt.want {
			t.Errorf("Has(%q) = %v, want %v", tt.flag, got, tt.want)
		}
	}
}
