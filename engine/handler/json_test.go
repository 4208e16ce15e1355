package handler

import (
	"encoding/json"
	"testing"
)

// TestMarshalModesAsEncodingJSON checks MarshalModes against encoding/json's writing of the
// same description.
func TestMarshalModesAsEncodingJSON(t *testing.T) {
	type info struct {
		Name    string   `json:"name"`
		Summary string   `json:"summary"`
		Built   bool     `json:"built"`
		Reads   []string `json:"reads"`
	}
	h := Default()
	var out []info
	for _, m := range h.Modes() {
		var reads []string
		for _, r := range m.Reads {
			reads = append(reads, string(r))
		}
		out = append(out, info{Name: m.Name, Summary: m.Summary, Built: m.Built(), Reads: reads})
	}
	want, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := h.MarshalModes()
	if err != nil || string(got) != string(want) {
		t.Errorf("got  %s, %v\nwant %s", got, err, want)
	}
}
