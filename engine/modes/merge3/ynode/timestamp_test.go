package ynode

import (
	"testing"
	"time"
)

// timestampLayouts are the layouts kyaml's resolver reads timestamps with, in time.Parse's
// notation: the reference of FuzzTimestamp.
var timestampLayouts = []string{"2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999", "2006-1-2"}

// isTimestampByTime is isTimestamp as it was written, with time.Parse.
func isTimestampByTime(text string) bool {
	if len(text) < 8 || text[4] != '-' {
		return false
	}
	for _, layout := range timestampLayouts {
		if _, err := time.Parse(layout, text); err == nil {
			return true
		}
	}
	return false
}

var timestampSeeds = []string{
	"2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10", "2001-12-14   1:2:3", "2002-12-14", "2002-1-2", "2024-02-29", "2023-02-29",
	"2100-02-29", "2000-02-29", "2024-13-01", "2024-0-1", "2024-01-00", "2024-04-31", "2024-01-01T1:2:3Z", "2024-01-01T24:00:00Z",
	"2024-01-01T00:60:00Z", "2024-01-01T00:00:60Z", "2024-01-01T00:00:00,5Z", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00",
	"2024-01-01T00:00:00+1:00", "2024-01-01T00:00:00+25:00", "2024-01-01T00:00:00+24:60", "2024-01-01T00:00:00+01:61",
	"2024-01-01T00:00:00x01:00", "2024-01-01T00:00:00+0100", "2024-01-01T00:00:00Zx", "2024-01-01 00:00:00Z", "2024-01-01x",
	"2024-123-1", "20x4-01-01", "2024-01-01T00:00:00.123456789012+00:00", "2024-01-01\t00:00:00", "2024-01-01 ", "2024-1-1T1:1:1-00:00",
}

func TestTimestampAsTime(t *testing.T) {
	for _, text := range timestampSeeds {
		if got, want := isTimestamp(text), isTimestampByTime(text); got != want {
			t.Errorf("isTimestamp(%q) = %v, time.Parse reads it: %v", text, got, want)
		}
	}
}

// FuzzTimestamp checks isTimestamp against time.Parse with kyaml's layouts on any text.
func FuzzTimestamp(f *testing.F) {
	for _, text := range timestampSeeds {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := isTimestamp(text), isTimestampByTime(text); got != want {
			t.Fatalf("isTimestamp(%q) = %v, time.Parse reads it: %v", text, got, want)
		}
	})
}
