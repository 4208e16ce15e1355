// Command build builds the playground page into dist/ (see package dist for what it writes).
//
//	go run ./scripts/build                    # from the repository's root: writes dist/
//	go run ./scripts/build -out /tmp/site -example apply-stream
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/mergeplay/mergeplay/scripts/build/dist"
)

func main() {
	c := dist.Config{Logf: func(format string, args ...any) { fmt.Fprintf(os.Stderr, "build: "+format+"\n", args...) }}
	flag.StringVar(&c.Root, "root", ".", "the repository's root (index.html, web/, examples/, node_modules/, ./wasm)")
	flag.StringVar(&c.Out, "out", "", "the folder to write, replaced as a whole (default: <root>/dist)")
	flag.StringVar(&c.Example, "example", dist.DefaultExample, "the example whose answer is prerendered into index.html")
	flag.StringVar(&c.Go, "go", "go", "the go command that compiles the wasm")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "build: unexpected arguments %q (see -h)\n", flag.Args())
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	m, err := dist.Build(ctx, c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
	for _, f := range m.Files {
		fmt.Fprintf(os.Stderr, "  %-36s %9d bytes, brotli %9d, gzip %9d\n", f.Name, f.Size, f.Brotli, f.Gzip)
	}
}
