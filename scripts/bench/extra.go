package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/mergeplay/mergeplay/scripts/bench/pair"
	"github.com/mergeplay/mergeplay/scripts/bench/realworld"
)

// extraOptions choose the whole-process pairs and the real-file rows (main's flags).
type extraOptions struct {
	// inProcess runs the in-process real-file benchmark (with -native).
	inProcess bool
	// process runs the whole-process pairs; real adds the real files to both ways.
	process, real bool
	// processRuns and realRuns are the pairs of a whole-process comparison on the 200-resource
	// requests and on a real file; realCount the runs of the in-process real-file benchmark.
	processRuns, realRuns, realCount int
	// realDir is the real manifests' folder.
	realDir string
}

// extraTable is what extraRows measured: the whole-process rows of the 200-resource requests,
// the real-file rows (for each file and mode, whole processes then in-process), a sentence
// describing the real files (empty without them), and whether a step failed.
type extraTable struct {
	processRows, realRows []row
	realNote              string
	failed                bool
}

// extraRows measures what extraOptions ask for. In-process measurements land in got and skipped.
func extraRows(o extraOptions, got runs, skipped skips) extraTable {
	processRows, realRows, files, failed := measureExtra(o, got, skipped)
	t := extraTable{processRows: processRows, realRows: realRows, failed: failed}
	if len(files) > 0 {
		t.realNote = realNote(files)
	}
	return t
}

// measureExtra runs extraRows' measurements; it returns the real files it read.
func measureExtra(o extraOptions, got runs, skipped skips) (processRows, realRows []row, files []realworld.File, failed bool) {
	absent := ""
	if o.real {
		var err error
		if files, absent, err = realFiles(o.realDir); err != nil {
			fmt.Fprintf(os.Stderr, "bench: the real files: %v\n", err)
			return nil, []row{{"real files", "failed: " + firstLine(err.Error()), realBudget, "missing"}}, nil, true
		}
		if absent != "" {
			fmt.Fprintf(os.Stderr, "bench: the real files: %s\n", absent)
			realRows = absentRows(absent)
		}
	}
	if o.inProcess && len(files) > 0 {
		failed = runRealInProcess(o, got, skipped) || failed
	}
	var realProcess []row
	if o.process {
		c, cleanup, err := buildCommands(pair.Budget)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: building the commands: %v\n", err)
			return []row{{"whole processes", "failed: " + firstLine(err.Error()), "", "missing"}}, realRows, files, true
		}
		defer cleanup()
		processRows = wholeProcessRows(c, o.processRuns)
		realProcess = realProcessRows(c, files, o.realRuns)
		if len(files) > 0 {
			realProcess = append(realProcess, streamRows(c, o)...)
		}
	}
	var realIn []row
	if o.inProcess {
		realIn = realInProcessRows(files, got, skipped)
	}
	return processRows, append(realRows, interleave(realProcess, realIn)...), files, failed
}

// streamRows builds the 4 MiB stream from o.realDir and runs its whole-process rows (3 pairs
// at most: each run takes seconds).
func streamRows(c *commands, o extraOptions) []row {
	stream, err := realworld.Stream(o.realDir, realworld.StreamBytes)
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: the 4 MiB stream: %v\n", err)
		return []row{{"the 4 MiB stream, whole processes", "failed: " + firstLine(err.Error()), realBudget, "missing"}}
	}
	return streamProcessRows(c, stream, min(o.realRuns, 3))
}

// runRealInProcess runs BenchmarkRealFiles (scripts/conformance/reference) on o.realDir.
func runRealInProcess(o extraOptions, got runs, skipped skips) bool {
	dir, err := filepath.Abs(o.realDir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return true
	}
	if err := os.Setenv(realworld.EnvDir, dir); err != nil { // the go test below inherits it
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
		return true
	}
	return run(filepath.Join("scripts", "conformance"), []string{"test", "-v", "-run", "^$", "-bench", "^" + realBench + "$",
		"-benchtime", "2x", "-count", strconv.Itoa(o.realCount), "-timeout", "60m", "./reference"}, got, skipped)
}

// interleave returns a[0], b[0], a[1], b[1], …, then the rest of the longer.
func interleave(a, b []row) []row {
	out := make([]row, 0, len(a)+len(b))
	for i := 0; i < len(a) || i < len(b); i++ {
		if i < len(a) {
			out = append(out, a[i])
		}
		if i < len(b) {
			out = append(out, b[i])
		}
	}
	return out
}

// prefixed returns prefix+s, or "" when s is empty.
func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}
