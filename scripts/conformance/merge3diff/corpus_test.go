package merge3diff

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

const corpusFile = "../../../engine/modes/merge3/ynode/testdata/writer.json"

// writerCorpus is package ynode's golden corpus: trees (one, or a list written as one stream)
// and the text kyaml writes for each.
type writerCorpus struct {
	Origin string `json:"origin"`
	Cases  []struct {
		Name string          `json:"name"`
		Tree json.RawMessage `json:"tree"`
		Want string          `json:"want"`
	} `json:"cases"`
}

// TestWriterCorpusIsKyamls writes every tree of package ynode's golden corpus through kio's
// ByteWriter and wants the recorded text (go test ./merge3diff -run TestWriterCorpusIsKyamls
// -merge3.update records it again).
func TestWriterCorpusIsKyamls(t *testing.T) {
	data, err := os.ReadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	var c writerCorpus
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	for i, tc := range c.Cases {
		var trees []Tree
		if err := json.Unmarshal(tc.Tree, &trees); err != nil {
			var one Tree
			if err := json.Unmarshal(tc.Tree, &one); err != nil {
				t.Fatalf("%s: %v", tc.Name, err)
			}
			trees = []Tree{one}
		}
		got, err := WriteAsKio(trees)
		if err != nil {
			t.Fatalf("%s: %v", tc.Name, err)
		}
		if *updateTable {
			c.Cases[i].Want = got
		} else if got != tc.Want {
			t.Errorf("%s: kyaml writes\n%s\nthe corpus records\n%s", tc.Name, got, tc.Want)
		}
	}
	if *updateTable {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", " ")
		if err := enc.Encode(c); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(corpusFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
