package merge3diff

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
)

var updateTable = flag.Bool("merge3.update", false, "rewrite engine/modes/merge3/kyaml121.json and the recorded answers of engine/modes/merge3/ynode/testdata/writer.json and reader.json")

const tableFile = "../../../engine/modes/merge3/kyaml121.json"

// TestKyaml121Table fails when the engine's table of kyaml 1.21 schema differences is stale
// (go test ./merge3diff -run TestKyaml121Table -merge3.update rewrites it).
func TestKyaml121Table(t *testing.T) {
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	got, err := Kyaml121(builtin)
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *updateTable {
		if werr := os.WriteFile(tableFile, got, 0o644); werr != nil {
			t.Fatal(werr)
		}
	}
	want, err := os.ReadFile(tableFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale: run go test ./merge3diff -run TestKyaml121Table -merge3.update", tableFile)
	}
}
