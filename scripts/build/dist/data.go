package dist

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/examples"
)

// pageExample is an example as the page reads it from examples.json.
type pageExample struct {
	Name        string            `json:"name"`
	Title       string            `json:"title"`
	Mode        string            `json:"mode"`
	Explanation string            `json:"explanation"`
	Request     *contract.Request `json:"request"`
}

// prerendered is the default example's answer, embedded in index.html so that the page can show
// a result before the wasm has loaded, with the example's title and explanation, which the page
// shows in its note without loading examples.json (the first load does not fetch it).
type prerendered struct {
	Example     string            `json:"example"`
	Title       string            `json:"title"`
	Explanation string            `json:"explanation"`
	Request     *contract.Request `json:"request"`
	Response    json.RawMessage   `json:"response"`
}

// loadExamples reads every example under root/examples.
func loadExamples(root string) ([]*examples.Example, error) {
	all, err := examples.Load(os.DirFS(filepath.Join(root, "examples")))
	if err != nil {
		return nil, fmt.Errorf("loading the examples: %w", err)
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("no examples under %s", filepath.Join(root, "examples"))
	}
	return all, nil
}

// examplesJSON encodes the examples for the page.
func examplesJSON(all []*examples.Example) ([]byte, error) {
	out := make([]pageExample, len(all))
	for i, ex := range all {
		out[i] = pageExample{Name: ex.Name, Title: ex.Title, Mode: ex.Mode, Explanation: ex.Explanation, Request: ex.Request}
	}
	data, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("encoding examples.json: %w", err)
	}
	return data, nil
}

// prerender answers the named example natively and encodes the answer for a
// <script type="application/json"> element. The text holds no '<' at all (encoding/json writes
// it as \u003c, and any left is escaped here), so no input can close the element or open a
// comment in it; JSON.parse reads it back unchanged.
func prerender(ctx context.Context, all []*examples.Example, name string) ([]byte, error) {
	for _, ex := range all {
		if ex.Name != name {
			continue
		}
		// Whole: the line diff and the patches too, which the page's first request leaves out
		// while its Result tab is shown, so that the Diff and Patch tabs draw at once, before the
		// engine has loaded. The page keeps this answer as drawn when the engine's first one is
		// the same but for those parts (web/answers.js).
		req, err := json.Marshal(ex.Request)
		if err != nil {
			return nil, fmt.Errorf("encoding the request of example %s: %w", name, err)
		}
		resp := handler.Default().HandleJSON(ctx, req)
		data, err := json.Marshal(prerendered{Example: name, Title: ex.Title, Explanation: ex.Explanation, Request: ex.Request, Response: resp})
		if err != nil {
			return nil, fmt.Errorf("encoding the prerendered answer of example %s: %w", name, err)
		}
		return bytes.ReplaceAll(data, []byte("<"), []byte(`\u003c`)), nil
	}
	return nil, fmt.Errorf("the default example %q does not exist", name)
}
