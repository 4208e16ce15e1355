package browsertest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The CPU time a first load costs the browser, beside its wall time.
//
// On this shared 2-core machine a first load's wall time moves by tens of milliseconds, or a
// hundred, with the other processes' load: two builds differing by one performance.mark in the
// worker came out 113 ms apart over 20 alternating pairs (docs/CHANGELOG.md, 2026-12-06). The
// CPU time the browser's processes spend on a load moves much less with the load of others, so
// BenchmarkFirstLoad and BenchmarkFirstLoadAB report it too: the time to data-ready is what the
// budget counts, the CPU time what a change to the page or the wasm saves of it. Linux only
// (/proc); elsewhere it reads 0.

// clockTicks is the unit of /proc/<pid>/stat's CPU times: USER_HZ, 100 on every Linux the
// browser tests run on.
const clockTicks = 100

// browserCPU returns the CPU time (user and system) that the harness's browser and every process
// it started, and that still runs, have spent so far; 0 when it cannot be read.
func browserCPU(h *harness) time.Duration {
	c := chromedp.FromContext(h.browser)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		return 0
	}
	procs := readProcs()
	total := 0
	for pid, p := range procs {
		if descends(procs, pid, c.Browser.Process().Pid) {
			total += p.ticks
		}
	}
	return time.Duration(total) * time.Second / clockTicks
}

// proc is what browserCPU reads of a process.
type proc struct {
	parent int
	ticks  int // user and system time, in clock ticks
}

// readProcs reads every process's parent and CPU time from /proc; nil where there is no /proc.
func readProcs() map[int]proc {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	procs := make(map[int]proc, len(stats))
	for _, file := range stats {
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(file)))
		if err != nil {
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			continue // the process ended meanwhile
		}
		if p, ok := parseStat(string(data)); ok {
			procs[pid] = p
		}
	}
	return procs
}

// parseStat reads a /proc/<pid>/stat line: after the command in parentheses (which may hold
// spaces and parentheses), the state, the parent's pid, ... utime and stime (the 14th and 15th
// fields of the line).
func parseStat(line string) (proc, bool) {
	end := strings.LastIndexByte(line, ')')
	if end < 0 {
		return proc{}, false
	}
	fields := strings.Fields(line[end+1:])
	if len(fields) < 13 {
		return proc{}, false
	}
	parent, err1 := strconv.Atoi(fields[1])
	utime, err2 := strconv.Atoi(fields[11])
	stime, err3 := strconv.Atoi(fields[12])
	if err1 != nil || err2 != nil || err3 != nil {
		return proc{}, false
	}
	return proc{parent: parent, ticks: utime + stime}, true
}

// descends reports whether pid is root or one of its descendants in procs.
func descends(procs map[int]proc, pid, root int) bool {
	for range len(procs) + 1 { // a cycle cannot loop forever
		if pid == root {
			return true
		}
		p, ok := procs[pid]
		if !ok || p.parent == pid || p.parent == 0 {
			return false
		}
		pid = p.parent
	}
	return false
}

func TestParseStat(t *testing.T) {
	for _, c := range []struct {
		line string
		want proc
		ok   bool
	}{
		{"4242 (chromium) S 4200 4242 4242 0 -1 4194560 100 0 0 0 150 25 0 0 20 0 20 0 1000 0 0", proc{parent: 4200, ticks: 175}, true},
		{"77 (a (b) c) R 1 77 77 0 -1 0 0 0 0 0 3 4 0 0 20 0 1 0 1 0 0", proc{parent: 1, ticks: 7}, true},
		{"77 (short) R 1", proc{}, false},
		{"no parentheses", proc{}, false},
	} {
		got, ok := parseStat(c.line)
		if got != c.want || ok != c.ok {
			t.Errorf("parseStat(%q) = %+v, %v; want %+v, %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

func TestDescends(t *testing.T) {
	procs := map[int]proc{1: {parent: 0}, 10: {parent: 1}, 11: {parent: 10}, 12: {parent: 11}, 20: {parent: 1}, 30: {parent: 31}, 31: {parent: 30}}
	for _, c := range []struct {
		pid, root int
		want      bool
	}{
		{10, 10, true}, {12, 10, true}, {20, 10, false}, {1, 10, false}, {99, 10, false}, {30, 10, false},
	} {
		if got := descends(procs, c.pid, c.root); got != c.want {
			t.Errorf("descends(%d, %d) = %v, want %v", c.pid, c.root, got, c.want)
		}
	}
}
