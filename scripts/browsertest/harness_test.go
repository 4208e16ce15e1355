package browsertest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mergeplay/mergeplay/scripts/build/dist"
	"github.com/mergeplay/mergeplay/scripts/serve/server"
)

// harness is what every browser test shares: the built page, its server and one browser. It is
// set up by the first test that asks for it and torn down by TestMain.
type harness struct {
	root    string // the repository's root
	distDir string
	// fastBrotli is true when the harness built dist itself with a fast brotli quality: sizes
	// measured on it are not the served ones.
	fastBrotli bool
	server     *httptest.Server
	browser    context.Context // a chromedp context whose browser every tab shares
	cleanup    []func()
}

// shared holds the one harness of the test binary.
type shared struct {
	once    sync.Once
	h       *harness
	skip    string // why the tests skip, when they do
	failure error  // why they fail, when setup failed
}

var suite shared

func TestMain(m *testing.M) {
	code := m.Run()
	if suite.h != nil {
		suite.h.close()
	}
	os.Exit(code)
}

// setup returns the harness, skipping the test (or failing it, under CI=true) when the page
// cannot be tested here.
func setup(t testing.TB) *harness {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests skip with -short")
	}
	suite.once.Do(func() { suite.h, suite.skip, suite.failure = newHarness() })
	switch {
	case suite.failure != nil:
		t.Fatalf("browser tests: %v", suite.failure)
	case suite.skip != "" && os.Getenv("CI") == "true":
		t.Fatalf("browser tests cannot run under CI: %s", suite.skip)
	case suite.skip != "":
		t.Skipf("browser tests skipped: %s", suite.skip)
	}
	return suite.h
}

// newHarness finds Chromium, builds (or takes) dist, serves it and starts the browser.
func newHarness() (*harness, string, error) {
	chromium, err := findChromium()
	if err != nil {
		return nil, err.Error(), nil
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		return nil, "", err
	}
	h := &harness{root: root}
	if skip, distErr := h.dist(); skip != "" || distErr != nil {
		return nil, skip, distErr
	}
	handler, err := server.New(h.distDir)
	if err != nil {
		h.close()
		return nil, "", err
	}
	h.server = httptest.NewServer(handler)
	h.cleanup = append(h.cleanup, h.server.Close)
	if err := h.startBrowser(chromium); err != nil {
		h.close()
		return nil, "", err
	}
	return h, "", nil
}

// findChromium returns the browser to drive.
func findChromium() (string, error) {
	if p := os.Getenv("MERGEPLAY_CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("MERGEPLAY_CHROMIUM=%s: %w", p, err)
		}
		return p, nil
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium", nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium found: install it (Debian: apt-get install chromium; make test does it when run as root) " +
		"or set MERGEPLAY_CHROMIUM to a Chrome or Chromium binary")
}

// dist builds the page into a temporary folder, or takes MERGEPLAY_DIST. It returns a reason to
// skip when the page's sources or node_modules are missing.
func (h *harness) dist() (string, error) {
	if dir := os.Getenv("MERGEPLAY_DIST"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
			return "", fmt.Errorf("MERGEPLAY_DIST=%s holds no built page: %w", dir, err)
		}
		h.distDir = dir
		return "", nil
	}
	for _, need := range []struct{ path, why string }{
		{"index.html", "the page's source (index.html) is missing"},
		{"node_modules", "node_modules is missing: run npm ci at the repository's root (make test does)"},
	} {
		if _, err := os.Stat(filepath.Join(h.root, need.path)); err != nil {
			return need.why, nil
		}
	}
	tmp, err := os.MkdirTemp("", "mergeplay-browsertest-")
	if err != nil {
		return "", err
	}
	h.cleanup = append(h.cleanup, func() { os.RemoveAll(tmp) })
	// Quality 5 is a hundred times faster than 11 on the wasm; these tests do not weigh it.
	m, err := dist.Build(context.Background(), dist.Config{Root: h.root, Out: filepath.Join(tmp, "dist"), BrotliQuality: 5, CacheDir: "off"})
	if err != nil {
		return "", fmt.Errorf("building the page: %w", err)
	}
	h.distDir, h.fastBrotli = m.Dir, true
	return "", nil
}

// startBrowser starts headless Chromium with flags that keep it off the network and quiet.
func (h *harness) startBrowser(chromium string) error {
	profile, err := os.MkdirTemp("", "mergeplay-chromium-")
	if err != nil {
		return err
	}
	h.cleanup = append(h.cleanup, func() { os.RemoveAll(profile) })
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("no-pings", true),
		chromedp.NoFirstRun,
	)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	browser, cancelBrowser := chromedp.NewContext(allocCtx)
	h.cleanup = append(h.cleanup, cancelAlloc, cancelBrowser)
	if err := chromedp.Do(browser); err != nil {
		return fmt.Errorf("starting %s: %w", chromium, err)
	}
	h.browser = browser
	return nil
}

// close tears everything down, last set up first.
func (h *harness) close() {
	for i := len(h.cleanup) - 1; i >= 0; i-- {
		h.cleanup[i]()
	}
	h.cleanup = nil
}

// url returns the served address of a path ("/", "/?embed=1#example=x").
func (h *harness) url(path string) string {
	return h.server.URL + path
}

// get fetches a path from the server (not through the browser).
func (h *harness) get(t testing.TB, path string, header http.Header) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, h.url(path), nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	// A bare transport: the default one would add and undo gzip on its own.
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}
