package applydiff

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
)

// streamCase is SpeedStream for a benchmark: it fails b on an error.
func streamCase(tb testing.TB, n int) *Case {
	tb.Helper()
	c, err := SpeedStream(n)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// BenchmarkApply200 compares the engine with kubectl's pipeline on a 200-resource stream, YAML
// text in, merged YAML text out:
//
//	cd scripts/conformance && go test -run '^$' -bench Apply200 -benchmem ./applydiff
//
// The engine's side is the whole request (result, patches, marks and reasons, line diff); the
// reference's side is kubectl's steps per resource (YAML to JSON, GetModifiedConfiguration,
// CreateThreeWayMergePatch, StrategicMergePatch) and the results written back as YAML.
func BenchmarkApply200(b *testing.B) {
	c := streamCase(b, 200)
	request, err := json.Marshal(c.Request())
	if err != nil {
		b.Fatal(err)
	}
	h := handler.Default()
	b.Run("engine", func(b *testing.B) {
		for b.Loop() {
			out := h.HandleJSON(context.Background(), request)
			if strings.Contains(string(out), `"errors":[{`) {
				b.Fatalf("engine error: %.300s", out)
			}
		}
	})
	b.Run("kubectl", func(b *testing.B) {
		for b.Loop() {
			if _, err := KubectlText(c); err != nil {
				b.Fatal(err)
			}
		}
	})
}
