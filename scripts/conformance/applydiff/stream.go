package applydiff

import (
	"fmt"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
)

// SpeedStream builds one case holding n resources for the speed benchmarks: generated cases
// (seed 7) with an explicit last-applied configuration, overwrite on and no refusal, their
// resources renamed so that every identity is unique. The same n always gives the same case.
func SpeedStream(n int) (*Case, error) {
	var original, updated, live []string
	count := 0
	for i := 0; count < n; i++ {
		c, err := Generator{Seed: 7}.Case(i)
		if err != nil {
			return nil, err
		}
		if c.Original == "" || !c.Overwrite || c.WantError {
			continue
		}
		suffix := fmt.Sprintf("-%d", i)
		var docs [3][]string
		for j, text := range []string{c.Original, c.Updated, c.Live} {
			if docs[j], err = pair.RenamedDocs(text, suffix); err != nil {
				return nil, fmt.Errorf("case %d: %w", i, err)
			}
		}
		original, updated, live = append(original, docs[0]...), append(updated, docs[1]...), append(live, docs[2]...)
		count += len(docs[1])
	}
	join := func(docs []string) string { return strings.Join(docs, "---\n") }
	return &Case{Original: join(original), Updated: join(updated), Live: join(live), Overwrite: true}, nil
}

// KubectlText answers a case with kubectl's steps (Reference) and writes the resulting objects
// back as one YAML stream (sigs.k8s.io/yaml: sorted keys), in Reference's order: the config's
// resources, then live's others. A resource that fails or conflicts fails the whole answer, as
// it stops the benchmark's run.
func KubectlText(c *Case) (string, error) {
	ans := Reference(c)
	if ans.Failed() {
		return "", fmt.Errorf("kubectl's steps failed: %s", ans.failure())
	}
	docs := make([]string, 0, len(ans.Outcomes))
	for _, o := range ans.Outcomes {
		if o.Conflict {
			return "", fmt.Errorf("%s: a conflict (overwrite is off)", o.Resource)
		}
		y, err := yaml.Marshal(o.Result)
		if err != nil {
			return "", err
		}
		docs = append(docs, string(y))
	}
	return strings.Join(docs, "---\n"), nil
}

// failure describes the first failure of an answer.
func (a *Answer) failure() string {
	if a.Input != "" {
		return a.Input
	}
	for _, o := range a.Outcomes {
		if o.Error != "" {
			return o.Resource + ": " + o.Error
		}
	}
	return "no failure"
}
