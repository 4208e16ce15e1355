package applydiff

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/bench/pair"
	"sigs.k8s.io/yaml"
)

// streamCase builds one case holding n resources: generated cases with an explicit last-applied
// configuration, their resources renamed so that every identity is unique.
func streamCase(tb testing.TB, n int) *Case {
	tb.Helper()
	var original, updated, live []string
	count := 0
	for i := 0; count < n; i++ {
		c, err := Generator{Seed: 7}.Case(i)
		if err != nil {
			tb.Fatal(err)
		}
		if c.Original == "" || !c.Overwrite || c.WantError {
			continue
		}
		suffix := fmt.Sprintf("-%d", i)
		o, u, l := pair.Renamed(tb, c.Original, suffix), pair.Renamed(tb, c.Updated, suffix), pair.Renamed(tb, c.Live, suffix)
		original, updated, live = append(original, o...), append(updated, u...), append(live, l...)
		count += len(u)
	}
	join := func(docs []string) string { return strings.Join(docs, "---\n") }
	return &Case{Original: join(original), Updated: join(updated), Live: join(live), Overwrite: true}
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
			if _, err := kubectlText(c); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// kubectlText answers a case with kubectl's steps and writes the results back as one YAML
// stream.
func kubectlText(c *Case) (string, error) {
	ans := Reference(c)
	if ans.Failed() {
		return "", fmt.Errorf("reference failed: %+v", ans)
	}
	var docs []string
	for _, o := range ans.Outcomes {
		y, err := yaml.Marshal(o.Result)
		if err != nil {
			return "", err
		}
		docs = append(docs, string(y))
	}
	return strings.Join(docs, "---\n"), nil
}
