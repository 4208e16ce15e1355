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

const readerCorpusFile = "../../../engine/modes/merge3/ynode/testdata/reader.json"

// readerCorpus is package ynode's golden corpus for reading: texts and the trees kyaml reads
// from them (one per document), in the notation of Tree.
type readerCorpus struct {
	Origin string `json:"origin"`
	Cases  []struct {
		Name string `json:"name"`
		Text string `json:"text"`
		Want []Tree `json:"want"`
	} `json:"cases"`
}

// TestReaderCorpusIsKyamls reads every text of package ynode's reading corpus through kio's
// ByteReader and wants the recorded trees (-merge3.update records them again).
func TestReaderCorpusIsKyamls(t *testing.T) {
	data, err := os.ReadFile(readerCorpusFile)
	if err != nil {
		t.Fatal(err)
	}
	var c readerCorpus
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	for i, tc := range c.Cases {
		nodes, err := ReadAsKio(tc.Text)
		if err != nil {
			t.Fatalf("%s: %v", tc.Name, err)
		}
		var got []Tree
		for _, n := range nodes {
			got = append(got, TreeOf(n))
		}
		if *updateTable {
			c.Cases[i].Want = got
			continue
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(tc.Want)
		if !bytes.Equal(g, w) {
			t.Errorf("%s: kyaml reads\n%s\nthe corpus records\n%s", tc.Name, g, w)
		}
	}
	if *updateTable {
		c.Origin = "Trees recorded from kyaml v0.21.2 (go.yaml.in/yaml/v3 v3.0.5) reading each text through kio's ByteReader, one per document, in the notation of merge3diff.Tree. cd scripts/conformance && go test ./merge3diff -run TestReaderCorpusIsKyamls -merge3.update records them again."
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", " ")
		if err := enc.Encode(c); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(readerCorpusFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
