package browsertest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// shownCommand is one command of the command view as the page shows it.
type shownCommand struct {
	Tool   string `json:"tool"`
	Line   string `json:"line"`
	Output string `json:"output"`
	Error  string `json:"error"`
}

// commandsShown reads the command view.
func (p *tab) commandsShown() []shownCommand {
	p.t.Helper()
	var out []shownCommand
	p.eval(`[...document.querySelectorAll(".mp-commands .mp-command")].map((c) => ({
	  tool: c.dataset.tool ?? "",
	  line: c.querySelector(".mp-command-line pre")?.textContent ?? "",
	  output: c.querySelector(".mp-command-output")?.textContent ?? "",
	  error: c.querySelector(".mp-command-error")?.textContent ?? "",
	}))`, &out)
	return out
}

// expectCommands checks that the command view shows exactly the engine's commands.
func expectCommands(t *testing.T, got []shownCommand, want []contract.Command) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("the command view shows %d commands, the engine answers %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Tool != w.Tool || g.Line != "$ "+w.Line || g.Output != strings.Join(w.Output, "\n") || g.Error != w.Error {
			t.Errorf("command %d shown as %+v, want %+v", i, g, w)
		}
	}
}

// TestCommandViewShowsWhatKubectlPrints: an apply example shows kubectl apply and the line kubectl
// prints; the refused server-side apply shows kubectl's conflict message with its ways out; a
// merge3 example shows kpt's command, prints nothing and offers no script. (A config kubectl
// cannot decode shows kubectl apply, its refusal and no script: checkRefusal.)
func TestCommandViewShowsWhatKubectlPrints(t *testing.T) {
	h := setup(t)
	cases := []struct {
		example          string
		line, output     string // the first command's, as the page shows them
		errorStart       string
		errorHolds       string
		reproduceEnabled bool
	}{
		{example: "apply-containers", line: "$ kubectl apply -f config.yaml", output: "deployment.apps/web configured", reproduceEnabled: true},
		{example: "apply-unchanged", line: "$ kubectl apply -f config.yaml",
			output: "configmap/web-config unchanged\nconfigmap/web-flags configured", reproduceEnabled: true},
		{example: "ssa-autoscaler-conflict", line: "$ kubectl apply --server-side --field-manager=kubectl -f config.yaml",
			errorStart: `error: Apply failed with 1 conflict: conflict with "kube-controller-manager"`,
			errorHolds: "the `--force-conflicts` flag", reproduceEnabled: true},
		{example: "apply-stream-one-refused", line: "$ kubectl apply -f config.yaml", output: "configmap/web-config configured\nservice/web configured",
			errorStart: `The Deployment "web" is invalid: spec.selector:`, errorHolds: "field is immutable", reproduceEnabled: true},
		{example: "merge3-drift-kept", line: "$ kpt pkg update PACKAGE@NEW_VERSION --strategy resource-merge"},
	}
	for _, c := range cases {
		t.Run(c.example, func(t *testing.T) {
			p := modeTab(t, h, "/#example="+c.example)
			want := answer(t, exampleNamed(t, c.example).Request).Commands
			p.waitFor("the command view", `document.querySelectorAll(".mp-commands .mp-command").length > 0`, 10*time.Second)
			got := p.commandsShown()
			expectCommands(t, got, want)
			first := got[0]
			if first.Line != c.line || first.Output != c.output {
				t.Errorf("the command is %q printing %q, want %q printing %q", first.Line, first.Output, c.line, c.output)
			}
			if !strings.HasPrefix(first.Error, c.errorStart) || !strings.Contains(first.Error, c.errorHolds) || (c.errorStart == "") != (first.Error == "") {
				t.Errorf("kubectl's message shown: %q, want it to start with %q and hold %q", first.Error, c.errorStart, c.errorHolds)
			}
			var enabled bool
			p.eval(`!document.querySelector('[data-action="reproduce"]').disabled`, &enabled)
			if enabled != c.reproduceEnabled {
				t.Errorf("Reproduce enabled: %v, want %v", enabled, c.reproduceEnabled)
			}
			p.expectNoProblems()
		})
	}
}

// download is one file the tab downloaded.
type download struct {
	name string // the name the page gave it
	text string
}

// downloads lets the tab download into a folder of the test's and returns a function that
// waits for the next download to complete.
func (p *tab) downloads(dir string) func() download {
	p.t.Helper()
	begun := chromedp.Events(p.ctx, browser.DownloadWillBegin)
	progress := chromedp.Events(p.ctx, browser.DownloadProgress)
	names := make(chan [2]string, 8) // guid, suggested name
	done := make(chan string, 8)     // guid
	go func() {
		for ev, err := range begun {
			if err != nil {
				return
			}
			names <- [2]string{ev.GUID, ev.SuggestedFilename}
		}
	}()
	go func() {
		for ev, err := range progress {
			if err != nil {
				return
			}
			if ev.State == browser.DownloadProgressStateCompleted {
				done <- ev.GUID
			}
		}
	}()
	allow := chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		events := true
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: &events,
			BrowserContextID: chromedp.FromContext(ctx).BrowserContextID,
		})
		return err
	})
	p.do("allowing downloads", allow)
	return func() download {
		p.t.Helper()
		timeout := time.After(30 * time.Second)
		var name [2]string
		select {
		case name = <-names:
		case <-timeout:
			p.t.Fatalf("no download began%s", p.consoleSummary())
		}
		for {
			select {
			case guid := <-done:
				if guid != name[0] {
					continue
				}
				data, err := os.ReadFile(filepath.Join(dir, guid))
				if err != nil {
					p.t.Fatal(err)
				}
				return download{name: name[1], text: string(data)}
			case <-timeout:
				p.t.Fatalf("the download of %s never completed", name[1])
			}
		}
	}
}

// TestReproduceDownloadsTheScript: Reproduce downloads mergeplay-reproduce.sh, the engine's
// script for the example (a POSIX sh script holding the example's config), and, once the editors
// hold an edit the engine refuses, still the script of the answer shown, not of the editors.
func TestReproduceDownloadsTheScript(t *testing.T) {
	h := setup(t)
	const example = "apply-containers"
	p := modeTab(t, h, "/#example="+example)
	next := p.downloads(t.TempDir())
	req := *exampleNamed(t, example).Request
	req.Reproduce = true
	want := answer(t, &req).Reproduce
	if want == "" {
		t.Fatal("the engine writes no script for the example")
	}
	p.openTerminal()
	check := func(when string) {
		t.Helper()
		p.do("clicking Reproduce", chromedp.Click(chromedp.CSS(`[data-action="reproduce"]`)))
		got := next()
		if got.name != "mergeplay-reproduce.sh" {
			t.Errorf("%s: the download is named %q", when, got.name)
		}
		if !strings.HasPrefix(got.text, "#!/bin/sh\n") || !strings.Contains(got.text, "cat > config.yaml <<'MERGEPLAY_EOF'\n"+req.Updated) {
			t.Errorf("%s: the script does not start with #!/bin/sh or lacks the example's config:\n%s", when, head(got.text))
		}
		if got.text != want {
			t.Errorf("%s: the downloaded script is not the engine's for the example", when)
		}
		p.waitFor("the note on the download", `document.querySelector(".mp-commands-note").textContent.startsWith("Downloaded mergeplay-reproduce.sh")`, 10*time.Second)
	}
	check("on the example")

	p.typeAtEnd("live", "  bad: [unclosed")
	p.waitFor("the error in live", `window.__mp.errorLines("live").length > 0`, 10*time.Second)
	check("with live broken")
	p.expectNoProblems()
}

// TestReproduceSaysWhyNoScript: an answer no cluster can replay (objects without a kind, as the
// multi-field merge key proposal's examples have) downloads nothing and says why.
func TestReproduceSaysWhyNoScript(t *testing.T) {
	h := setup(t)
	p := modeTab(t, h, "/#example=patch-multikey-proposal-1")
	p.openTerminal()
	p.do("clicking Reproduce", chromedp.Click(chromedp.CSS(`[data-action="reproduce"]`)))
	p.waitFor("the note", `document.querySelector(".mp-commands-note").textContent.startsWith("No script: ")`, 10*time.Second)
	var note string
	p.eval(`document.querySelector(".mp-commands-note").textContent`, &note)
	if !strings.Contains(note, "without apiVersion, kind or metadata.name") {
		t.Errorf("the note says %q", note)
	}
	p.expectNoProblems()
}
