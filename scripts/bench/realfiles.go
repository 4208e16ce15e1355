package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mergeplay/mergeplay/scripts/bench/realworld"
)

// Real files: the 1 MB documents of package realworld (a ConfigMapList of dashboards, a CRD),
// older release against newer, in every mode, against the reference: as whole processes
// (runPair, the engine's command with the page's limits, 4 MiB per input) and in-process
// (BenchmarkRealFiles in scripts/conformance/reference, through pair.Handler).

// realBudget is the real files' budget: no slower than the reference, in every mode.
const (
	realMaxRatio = 1.0
	realBudget   = "no slower than the reference (≤ 1.00×)"
)

// realBench is the in-process benchmark of the real files.
const realBench = "BenchmarkRealFiles"

// realFiles loads the real files from dir; a missing folder is not an error but a reason to
// give in the rows (absent is set).
func realFiles(dir string) (files []realworld.File, absent string, err error) {
	files, err = realworld.Load(dir)
	if realworld.NotFound(err) {
		return nil, fmt.Sprintf("not found (%v); set %s to the real manifests' folder", err, realworld.EnvDir), nil
	}
	return files, "", err
}

// realProcessRows runs the whole-process pair of every real file in every mode.
func realProcessRows(c *commands, files []realworld.File, runs int) []row {
	var rows []row
	for _, f := range files {
		for _, mode := range realworld.Modes() {
			what := realWhat(f, mode, "whole processes (native CLI vs reference CLI)")
			p, err := realPair(c, f, mode, runs)
			if err != nil {
				fmt.Fprintf(os.Stderr, "bench: %s %s whole processes: %v\n", f.Name, mode, err)
				rows = append(rows, row{what, "failed: " + firstLine(err.Error()), realBudget, "missing"})
				continue
			}
			rows = append(rows, row{what, p.text(), realBudget, verdict(p.ratio() <= realMaxRatio)})
		}
	}
	return rows
}

// realPair writes a real file's request in a mode and runs the pair on it.
func realPair(c *commands, f realworld.File, mode string, runs int) (*processPair, error) {
	data, err := json.Marshal(f.Request(mode))
	if err != nil {
		return nil, err
	}
	file := filepath.Join(c.dir, f.Name+"-"+mode+".json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return nil, err
	}
	return runPair(c, file, runs, nil)
}

// realInProcessRows are the rows of BenchmarkRealFiles: the medians of its runs per file and
// mode.
func realInProcessRows(files []realworld.File, got runs, skipped skips) []row {
	var rows []row
	for _, f := range files {
		for _, mode := range realworld.Modes() {
			what := realWhat(f, mode, "in-process, text to text")
			name := realBench + "/" + f.Name + "/" + mode
			rs := got[name]
			eng, n := median(rs, "engine-ns/op")
			ref, _ := median(rs, "ref-ns/op")
			ratio, _ := median(rs, "engine/ref")
			if n == 0 {
				reason := "not measured"
				if r, ok := skipped[name]; ok {
					reason = r
				} else if r, ok := skipped[realBench]; ok {
					reason = r
				}
				rows = append(rows, row{what, reason, realBudget, "missing"})
				continue
			}
			lo, hi := spread(rs, "engine/ref")
			rows = append(rows, row{what, fmt.Sprintf("engine %s, reference %s: **%.2f×** (runs %.2f–%.2f)", ms(eng), ms(ref), ratio, lo, hi),
				realBudget, verdict(ratio <= realMaxRatio)})
		}
	}
	return rows
}

// realWhat names a real-file row (realNote describes the files).
func realWhat(f realworld.File, mode, how string) string {
	return fmt.Sprintf("real file %s, %s, %s", f.Name, mode, how)
}

// realNote describes the real files for the table's preamble: what each is, its two sizes.
func realNote(files []realworld.File) string {
	var parts []string
	for _, f := range files {
		parts = append(parts, fmt.Sprintf("%s is %s (%s and %s)", f.Name, f.What, mib(float64(len(f.Old))), mib(float64(len(f.New)))))
	}
	return strings.Join(parts, "; ")
}

// absentRows say, once per way of measuring, that the real files were not found.
func absentRows(reason string) []row {
	return []row{
		{"real files, whole processes", reason, realBudget, "skipped"},
		{"real files, in-process", reason, realBudget, "skipped"},
	}
}

// streamModes are the modes the 4 MiB stream is timed in as whole processes (the page's
// budget names them).
var streamModes = []string{"apply", "merge3"}

// streamProcessRows runs the whole-process pair of the 4 MiB stream (realworld.Stream) in
// streamModes: the largest inputs the page reads, so the rows give both commands' peak RSS on
// them. The reference must be no slower, as on the real files.
func streamProcessRows(c *commands, stream realworld.File, runs int) []row {
	var rows []row
	for _, mode := range streamModes {
		what := fmt.Sprintf("%s (%s and %s), %s, whole processes (native CLI vs reference CLI)", stream.Name, mib(float64(len(stream.Old))), mib(float64(len(stream.New))), mode)
		p, err := realPair(c, stream, mode, runs)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: %s %s whole processes: %v\n", stream.Name, mode, err)
			rows = append(rows, row{what, "failed: " + firstLine(err.Error()), realBudget, "missing"})
			continue
		}
		rows = append(rows, row{what, p.text(), realBudget, verdict(p.ratio() <= realMaxRatio)})
	}
	return rows
}
