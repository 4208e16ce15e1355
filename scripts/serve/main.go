// Command serve serves the built page (dist/) on 127.0.0.1 for development and tests; see
// package server for what it sends.
//
//	go run ./scripts/serve                  # http://127.0.0.1:8080/
//	go run ./scripts/serve -port 9000 -dir /tmp/site
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"time"

	"github.com/mergeplay/mergeplay/scripts/serve/server"
)

func main() {
	dir := flag.String("dir", "dist", "the built page's folder (make dist)")
	host := flag.String("host", "127.0.0.1", "the address to listen on")
	port := flag.Int("port", 8080, "the port to listen on")
	flag.Parse()
	if err := run(*dir, net.JoinHostPort(*host, strconv.Itoa(*port))); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

// run serves dir on addr until interrupted.
func run(dir, addr string) error {
	h, err := server.New(dir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	fmt.Printf("mergeplay: serving %s at http://%s/ (Ctrl-C stops)\n", dir, ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serving: %w", err)
	}
	fmt.Println("mergeplay: stopped")
	return nil
}
