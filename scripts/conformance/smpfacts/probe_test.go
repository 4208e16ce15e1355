package smpfacts

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"testing"
)

var probeCases = flag.String("probe.cases", "", "a file of cases (JSON lines) to answer with the reference")

// TestProbe answers each case of -probe.cases with the reference and with the engine, and prints
// both answers (the engine's marked "engine" when it differs).
func TestProbe(t *testing.T) {
	if *probeCases == "" {
		t.Skip("no -probe.cases")
	}
	f, err := os.Open(*probeCases)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	item := mergeItemType(t)
	s := bufio.NewScanner(f)
	s.Buffer(make([]byte, 1<<20), 1<<24)
	for s.Scan() {
		line := s.Bytes()
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		var c Case
		if err := json.Unmarshal(line, &c); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		a, e := Reference(c), Engine(t, item, c)
		t.Logf("%s %s: %s", c.Op, c.Name, answerText(a))
		if !sameAnswer(a, e) || a.Error != e.Error {
			t.Logf("%s %s: engine %s", c.Op, c.Name, answerText(e))
		}
	}
}

// answerText is an answer as the probe prints it.
func answerText(a Answer) string {
	if a.Error != "" {
		return "ERROR " + a.Error
	}
	return a.Output
}
