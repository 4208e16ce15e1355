package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/modes/toy"
)

// TestEngineModesFileIsCurrent wants web/enginemodes.js to be what the engine's modes write.
func TestEngineModesFileIsCurrent(t *testing.T) {
	want, err := Render(handler.Default())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "..", filepath.FromSlash(File)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the engine's modes write: run go run ./scripts/build/modesjs", File)
	}
}

// TestToyModeIsOffered: a mode registered in one line reaches the page's table with its
// inputs (only those it reads), its options and its command flag, after the real modes.
func TestToyModeIsOffered(t *testing.T) {
	text, err := Render(handler.New(append(handler.Default().Modes(), toy.Mode())...))
	if err != nil {
		t.Fatal(err)
	}
	_, data, _ := strings.Cut(string(text), "export const ENGINE = ")
	var table struct {
		Modes []struct {
			Name    string                      `json:"name"`
			Inputs  map[string]*json.RawMessage `json:"inputs"`
			Options []struct {
				Key  string `json:"key"`
				Sent bool   `json:"sent"`
			} `json:"options"`
			Commands bool `json:"commands"`
		} `json:"modes"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSuffix(data, ";\n")), &table); err != nil {
		t.Fatal(err)
	}
	offered := 0
	for _, m := range handler.Default().Modes() {
		if !m.Writer {
			offered++
		}
	}
	last := table.Modes[len(table.Modes)-1]
	if last.Name != "toy" || len(table.Modes) != offered+1 {
		t.Fatalf("modes: %+v", table.Modes)
	}
	if last.Inputs["updated"] == nil || last.Inputs["original"] != nil || last.Inputs["live"] != nil {
		t.Errorf("toy's inputs: %v", last.Inputs)
	}
	if len(last.Options) != 1 || last.Options[0].Key != "validate" || !last.Options[0].Sent || !last.Commands {
		t.Errorf("toy's options %+v, commands %v", last.Options, last.Commands)
	}
}
