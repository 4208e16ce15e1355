package dist

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
	"github.com/mergeplay/mergeplay/internal/answerjson"
)

func TestExamplesJSON(t *testing.T) {
	all, err := loadExamples(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	data, err := examplesJSON(all)
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(all) {
		t.Fatalf("%d examples, want %d", len(got), len(all))
	}
	for _, ex := range got {
		for _, key := range []string{"name", "title", "mode", "explanation", "request"} {
			if _, ok := ex[key]; !ok {
				t.Errorf("example %v lacks %s", ex["name"], key)
			}
		}
		if _, ok := ex["expected"]; ok {
			t.Errorf("example %v carries its expected result, which the page does not need", ex["name"])
		}
		req := ex["request"].(map[string]any)
		for _, key := range []string{"mode", "original", "updated", "live", "options"} {
			if _, ok := req[key]; !ok {
				t.Errorf("example %v: request lacks %s", ex["name"], key)
			}
		}
	}
}

func TestPrerenderHasNoMarkup(t *testing.T) {
	hostile := "a: \"</script><script>alert(1)</script><!--<script>\"\n"
	all := []*examples.Example{{Name: "x", Request: &contract.Request{Mode: "apply", Updated: hostile, Live: hostile, Options: contract.DefaultOptions()}}}
	data, err := prerender(context.Background(), all, "x")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.ContainsAny(data, "<") {
		t.Errorf("'<' in the prerendered data: %s", data)
	}
	var back prerendered
	if err = json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Example != "x" || back.Request.Updated != hostile {
		t.Errorf("round trip: %+v", back)
	}
	resp, err := answerjson.Decode(back.Response)
	if err != nil || !strings.Contains(resp.Result, "</script>") {
		t.Errorf("response: %+v, %v", resp, err)
	}
	if _, err := prerender(context.Background(), all, "nope"); err == nil {
		t.Error("a missing default example was accepted")
	}
}
