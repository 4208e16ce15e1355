// Command launch runs one command as a whole process, its standard output written to a file,
// and prints the command's wall time, CPU time (user and system, the child's rusage) and peak
// resident set size as one JSON line:
//
//	launch -out response.json -- mergeplay request.json
//	{"wallNs": 412000000, "cpuNs": 530000000, "maxRSSBytes": 48234496}
//
// CPU time counts every thread's (a Go process's GC runs beside its work on a second core), so it
// may exceed the wall time; on a loaded machine it moves less than the wall time does.
//
// make bench (scripts/bench) times the native CLI and the reference CLI through it rather than
// directly: a child's peak RSS (ru_maxrss, read from wait4) counts its parent's peak RSS too,
// since the child shares its parent's memory from fork (vfork) to exec, and the kernel keeps
// the larger of the two. Launched from this small process, the floor is its own few megabytes
// instead of the benchmark's whole heap (observed on Linux 6 with Go 1.26: /bin/true reports
// 2.4 MB from a fresh Go process, 105 MB from one holding 100 MB).
//
// A command that fails makes launch fail (exit status 1), its standard error passed through.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// measured is what launch prints.
type measured struct {
	WallNs      int64 `json:"wallNs"`
	CPUNs       int64 `json:"cpuNs"`
	MaxRSSBytes int64 `json:"maxRSSBytes"`
}

func main() {
	out := flag.String("out", "", "the file the command's standard output is written to (required)")
	flag.Parse()
	m, err := launch(*out, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "launch:", err)
		os.Exit(1)
	}
	if err := json.NewEncoder(os.Stdout).Encode(m); err != nil {
		fmt.Fprintln(os.Stderr, "launch:", err)
		os.Exit(1)
	}
}

// launch runs args[0] with args[1:], its output to the file out, and measures it.
func launch(out string, args []string) (measured, error) {
	if out == "" || len(args) == 0 {
		return measured{}, errors.New("usage: launch -out FILE -- command [args...]")
	}
	f, err := os.Create(out)
	if err != nil {
		return measured{}, err
	}
	defer f.Close()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = f, os.Stderr
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return measured{}, fmt.Errorf("%s: %w", args[0], err)
	}
	m := measured{WallNs: wall.Nanoseconds()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.MaxRSSBytes = ru.Maxrss * 1024 // kilobytes on Linux
		m.CPUNs = ru.Utime.Nano() + ru.Stime.Nano()
	}
	return m, f.Close()
}
