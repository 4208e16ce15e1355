// Command probe shows what kyaml does with YAML text, for learning the facts package ynode records.
//
//	go run ./merge3diff/probe -write < trees.json   # each tree (or array of trees: one stream) as kio's ByteWriter writes it
//	go run ./merge3diff/probe -read < text.yaml     # the node tree yaml.v3 reads (kio's ByteReader), as JSON
//
// Trees are written in the notation of merge3diff.Tree, one JSON value per line.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mergeplay/mergeplay/scripts/conformance/merge3diff"
	"sigs.k8s.io/kustomize/kyaml/yaml"
)

func main() {
	write := flag.Bool("write", false, "write trees read from stdin (one JSON value per line)")
	read := flag.Bool("read", false, "read YAML from stdin and print yaml.v3's nodes")
	cases := flag.Bool("cases", false, "read texts from stdin separated by lines \"====\" and print where each comment went")
	plain := flag.Bool("string", false, "with -write: write each tree with kyaml's yaml.String (the encoder alone) instead of kio's ByteWriter")
	flag.Parse()
	switch {
	case *cases:
		data, _ := io.ReadAll(os.Stdin)
		for _, text := range strings.Split(string(data), "====\n") {
			fmt.Printf("%s%s----\n", text, readSummary(text))
		}
	case *write:
		writeTrees(*plain)
	case *read:
		readText()
	default:
		flag.Usage()
		os.Exit(2)
	}
}

func writeTrees(plain bool) {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] == '/' {
			continue
		}
		var trees []merge3diff.Tree
		if line[0] != '[' {
			var t merge3diff.Tree
			if err := json.Unmarshal(line, &t); err != nil {
				fmt.Println("error:", err)
				continue
			}
			trees = []merge3diff.Tree{t}
		} else if err := json.Unmarshal(line, &trees); err != nil {
			fmt.Println("error:", err)
			continue
		}
		write := merge3diff.WriteAsKio
		if plain {
			write = merge3diff.WriteAsString
		}
		text, err := write(trees)
		if err != nil {
			fmt.Println("error:", err)
		}
		fmt.Printf(">>> %s\n%q\n%s=====\n", line, text, text)
	}
}

func readText() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	nodes, err := merge3diff.ReadAsKio(string(data))
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	for _, n := range nodes {
		out, _ := json.MarshalIndent(merge3diff.TreeOf(n), "", " ")
		fmt.Println(string(out))
	}
	_ = yaml.Node{}
}

// readSummary prints, for each document of a text, where yaml.v3 put each comment: the path of
// the node and the slot.
func readSummary(text string) string {
	nodes, err := merge3diff.ReadAsKio(text)
	if err != nil {
		return "error: " + err.Error()
	}
	var b strings.Builder
	for _, n := range nodes {
		summarize(&b, "", merge3diff.TreeOf(n))
	}
	return b.String()
}

func summarize(b *strings.Builder, path string, t merge3diff.Tree) {
	name := t.Kind
	if t.Kind == "scalar" {
		name = fmt.Sprintf("%q", t.Value)
	}
	for slot, c := range map[string]string{"head": t.Head, "line": t.Line, "foot": t.Foot} {
		if c != "" {
			fmt.Fprintf(b, "  %s%s %s %q\n", path, name, slot, c)
		}
	}
	for i, it := range t.Items {
		summarize(b, fmt.Sprintf("%s%d.", path, i), it)
	}
}
