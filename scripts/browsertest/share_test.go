package browsertest

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sharedState is the state a version 1 share link carries (web/share.js).
type sharedState struct {
	Mode     string         `json:"mode"`
	Original string         `json:"original"`
	Updated  string         `json:"updated"`
	Live     string         `json:"live"`
	Options  map[string]any `json:"options,omitempty"`
}

// decodeShare reads a "#s=1.<payload>" fragment: base64url of deflate-raw of the state's JSON.
func decodeShare(fragment string) (*sharedState, error) {
	version, payload, ok := strings.Cut(strings.TrimPrefix(fragment, "#s="), ".")
	if !ok || version != "1" {
		return nil, fmt.Errorf("not a version 1 share link: %q", fragment)
	}
	compressed, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return nil, fmt.Errorf("payload: %w", err)
	}
	data, err := io.ReadAll(flate.NewReader(bytes.NewReader(compressed)))
	if err != nil {
		return nil, fmt.Errorf("inflating: %w", err)
	}
	var s sharedState
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	return &s, nil
}

// encodeShare writes a state as a version 1 fragment, as a crafted link would.
func encodeShare(t testing.TB, s any) string {
	t.Helper()
	fragment, err := shareFragment(s)
	if err != nil {
		t.Fatal(err)
	}
	return fragment
}

// shareFragment writes a value as a version 1 fragment: "#s=1." and base64url of deflate-raw of
// its JSON.
func shareFragment(v any) (string, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(data)
	w.Close()
	return "#s=1." + base64.RawURLEncoding.EncodeToString(buf.Bytes()), nil
}

// TestShareLinkSurvivesAReload edits an example with text that tends to get mangled (non-ASCII,
// a tab, trailing spaces, quotes, backslashes, a final line without a newline), takes the link
// the address bar keeps, and opens it in a fresh browser (no autosave): every input comes back
// byte for byte, and the page writes the same link again.
func TestShareLinkSurvivesAReload(t *testing.T) {
	h := setup(t)
	p := openTab(t, h, 1280, 1000)
	p.navigate("/#example=apply-containers")
	p.waitReady()
	typed := "        # ünïcödé ✓ 日本 \"quoted\" \\back\\ \ttab, trailing spaces   "
	p.typeAtEnd("updated", typed)
	p.waitFor("a share link in the address bar", `location.hash.startsWith("#s=")`, 5*time.Second)
	p.waitReady()
	// The address bar is rewritten after a pause: wait until it settles.
	link := p.hash()
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); {
		time.Sleep(400 * time.Millisecond)
		if next := p.hash(); next == link {
			break
		} else {
			link = next
		}
	}
	texts := map[string]string{}
	for _, in := range []string{"original", "updated", "live"} {
		texts[in] = p.editorText(in)
	}
	if !strings.HasSuffix(texts["updated"], typed) {
		t.Fatalf("the editor holds %q", texts["updated"])
	}
	state, err := decodeShare(link)
	if err != nil {
		t.Fatalf("the address bar's link %q: %v", link, err)
	}
	if state.Mode != "apply" || state.Original != texts["original"] || state.Updated != texts["updated"] || state.Live != texts["live"] {
		t.Errorf("the link's state differs from the editors: %+v", state)
	}

	fresh := openTab(t, h, 1280, 1000)
	fresh.navigate("/" + link)
	fresh.waitReady()
	for in, want := range texts {
		if got := fresh.editorText(in); got != want {
			t.Errorf("after opening the link, %s is\n%q\nwant\n%q", in, got, want)
		}
	}
	time.Sleep(600 * time.Millisecond) // the page re-writes its link after a pause
	if got := fresh.hash(); got != link {
		t.Errorf("the reopened page writes the link\n%s\nwant\n%s", got, link)
	}
	fresh.do("reloading", chromedp.Reload())
	fresh.waitReady()
	if got := fresh.editorText("updated"); got != texts["updated"] {
		t.Errorf("after a reload, updated is %q", got)
	}
	p.expectNoProblems()
	fresh.expectNoProblems()
}
