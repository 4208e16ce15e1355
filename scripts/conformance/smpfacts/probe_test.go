package smpfacts

import (
	"bufio"
	"encoding/json"
	"flag"
	"os"
	"testing"
)

var probeCases = flag.String("probe.cases", "", "a file of cases (JSON lines) to answer with the reference")

// TestProbe answers each case of -probe.cases with the reference and prints the answers.
func TestProbe(t *testing.T) {
	if *probeCases == "" {
		t.Skip("no -probe.cases")
	}
	f, err := os.Open(*probeCases)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
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
		a := Reference(c)
		if a.Error != "" {
			t.Logf("%s %s: ERROR %s", c.Op, c.Name, a.Error)
		} else {
			t.Logf("%s %s: %s", c.Op, c.Name, a.Output)
		}
	}
}
