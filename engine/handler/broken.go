package handler

import (
	"errors"
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// readBefore answers a config that does not parse as kubectl apply -f reads such a file, in the
// modes that stand for it (decodesMetadata): kubectl reads the file's documents one by one,
// applies those before the one it cannot parse, then stops, printing `error: error parsing
// config.yaml: error converting YAML to JSON: yaml: line 1: did not find expected node content`
// and exiting with status 1 (observed with kubectl and kube-apiserver v1.37.2,
// scripts/reproduce/run-apiserver.sh, 2026-12-06). It returns the documents before the one that
// fails, and records the failure (err, at its line and column, in the engine's words after
// kubectl's "error parsing config.yaml: ") in broken; or err itself, when the mode does not read
// so or no object comes before it.
func readBefore(m modes.Mode, req *contract.Request, opts yamltree.Options, err error, broken *[]contract.Error) ([]*yamltree.Document, error) {
	located, ok := errors.AsType[*yamltree.Error](err)
	if !decodesMetadata(m, req.Options) || !ok || located.Input != yamltree.Updated {
		return nil, err
	}
	docs := parsedBefore(req.Updated, located.Line, opts)
	if !holdsObject(docs) {
		return nil, err
	}
	*broken = append(*broken, contract.Error{Input: string(located.Input), Line: located.Line, Column: located.Column,
		Message: "error parsing " + command.ConfigFile + ": " + located.Message})
	return docs, nil
}

// parsedBefore returns the documents of the longest run of whole documents at the start of text,
// cut before a "---" line no later than line, that parses (each document reads alone, so a run
// parses when its last document does: the cut is searched by halves).
func parsedBefore(text string, line int, opts yamltree.Options) []*yamltree.Document {
	cuts := []int{0}
	at := 0
	for n := 1; n <= line && at < len(text); n++ {
		end := strings.IndexByte(text[at:], '\n') + 1
		if end == 0 {
			end = len(text) - at
		}
		if rest := text[at : at+end]; strings.HasPrefix(rest, "---") && (len(rest) == 3 || strings.ContainsRune(" \t\r\n#", rune(rest[3]))) {
			cuts = append(cuts, at)
		}
		at += end
	}
	var best []*yamltree.Document
	for lo, hi := 0, len(cuts)-1; lo <= hi; {
		mid := (lo + hi) / 2
		docs, err := yamltree.Parse(yamltree.Updated, text[:cuts[mid]], opts)
		if err != nil {
			hi = mid - 1
			continue
		}
		best, lo = docs, mid+1
	}
	return best
}

// holdsObject reports whether a document of docs holds something that is not null.
func holdsObject(docs []*yamltree.Document) bool {
	for _, d := range docs {
		if d.Root != nil && !d.Root.IsNull() {
			return true
		}
	}
	return false
}
