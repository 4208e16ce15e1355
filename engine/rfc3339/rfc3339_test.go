package rfc3339

import (
	"testing"
	"time"
)

// parseSeeds are times well and badly written, for FuzzParse and TestParseAsTime.
var parseSeeds = []string{
	"2026-01-01T00:00:00Z", "2024-01-01T00:00:00.5+01:00", "2024-02-29T23:59:59.123456789012-24:60", "2023-02-29T00:00:00Z",
	"yesterday", "", "2024-01-01", "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z", "2024-01-00T00:00:00Z", "2024-04-31T00:00:00Z",
	"2024-01-01T1:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z", "2024-01-01T00:00:60Z", "2024-01-01T00:00:00,5Z",
	"2024-01-01T00:00:00.Z", "2024-01-01T00:00:00", "2024-01-01T00:00:00+1:00", "2024-01-01T00:00:00+25:00", "2024-01-01T00:00:00+01:61",
	"2024-01-01T00:00:00x01:00", "2024-01-01T00:00:00+0100", "2024-01-01T00:00:00Zx", "2024-01-01t00:00:00z", "2024-1-01T00:00:00Z",
	"2024-01-1T00:00:00Z", "20x4-01-01T00:00:00Z", "2024-01-01T00:00:00+ab:00", "2024-01-01T00:00:00+99:xx", "0000-01-01T00:00:00Z",
	"2024-01-01T00:00:00Z\"\\é\xff\x01", "2024-02-30T00:00:00Z extra", "2024-01-01T00:00:00.1234567891-00:00",
	"2024-01-01T00:00:00+01:00junk", "2100-02-29T00:00:00Z", "2000-02-29T00:00:00Z",
}

// compare parses text both ways: the same texts read, to the same instant, or refused with the
// same message.
func compare(t *testing.T, text string) {
	t.Helper()
	want, wantErr := time.Parse(time.RFC3339, text)
	got, gotErr := Parse(text)
	switch {
	case (gotErr == nil) != (wantErr == nil):
		t.Fatalf("Parse(%q) = %v, %v; time.Parse: %v, %v", text, got, gotErr, want, wantErr)
	case gotErr != nil && gotErr.Error() != wantErr.Error():
		t.Fatalf("Parse(%q):\ngot  %v\nwant %v", text, gotErr, wantErr)
	case gotErr == nil && (!got.Equal(want) || got.Location() != time.UTC):
		t.Fatalf("Parse(%q) = %v, time.Parse: %v", text, got, want)
	}
}

func TestParseAsTime(t *testing.T) {
	for _, text := range parseSeeds {
		compare(t, text)
	}
}

// FuzzParse checks Parse against time.Parse(time.RFC3339, text) on any text.
func FuzzParse(f *testing.F) {
	for _, text := range parseSeeds {
		f.Add(text)
	}
	f.Fuzz(compare)
}

// TestFormatAsTime: Format writes what time's RFC 3339 layout writes, in UTC, for instants
// across the years (before year 1 and past 9999 too) and in other zones.
func TestFormatAsTime(t *testing.T) {
	zone := time.FixedZone("x", -(5*3600 + 30*60))
	times := []time.Time{
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 12, 31, 23, 59, 59, 999999999, zone),
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(0, 3, 1, 12, 0, 0, 0, time.UTC),
		time.Date(-44, 3, 15, 9, 8, 7, 0, time.UTC),
		time.Date(12345, 6, 7, 8, 9, 10, 0, time.UTC),
		{},
	}
	for seconds := int64(-70_000_000_000); seconds < 300_000_000_000; seconds += 7_777_777_777 {
		times = append(times, time.Unix(seconds, 0).In(zone))
	}
	for _, tm := range times {
		if got, want := Format(tm), tm.UTC().Format(time.RFC3339); got != want {
			t.Errorf("Format(%v) = %q, want %q", tm, got, want)
		}
	}
}
