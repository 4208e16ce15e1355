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

	"github.com/mergeplay/mergeplay/scripts/conformance/merge3diff"
	"sigs.k8s.io/kustomize/kyaml/yaml"
)

func main() {
	write := flag.Bool("write", false, "write trees read from stdin (one JSON value per line)")
	read := flag.Bool("read", false, "read YAML from stdin and print yaml.v3's nodes")
	plain := flag.Bool("string", false, "with -write: write each tree with kyaml's yaml.String (the encoder alone) instead of kio's ByteWriter")
	flag.Parse()
	switch {
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
