package examples

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Example is one example folder.
type Example struct {
	// Name is the folder's name, which is also the example's stable link name.
	Name string `json:"name"`
	// Title is a short heading.
	Title string `json:"title"`
	// Mode is the contract mode.
	Mode string `json:"mode"`
	// Explanation says what the example shows and why the engine answers as it does.
	Explanation string `json:"explanation"`
	// Request is the request the example sends.
	Request *contract.Request `json:"request"`
	// Expected is the expected result text.
	Expected string `json:"expected"`
	// Marks are the expected marks, "mark path" each, and for an example the engine refuses, its
	// errors, "error input:line:column message" each.
	Marks []string `json:"marks"`
}

// Refused reports whether the example shows a refusal: its marks are errors.
func (ex *Example) Refused() bool {
	return len(ex.Marks) > 0 && strings.HasPrefix(ex.Marks[0], "error ")
}

// Load reads every example under root (a folder holding one folder per example), sorted by name.
func Load(root fs.FS) ([]*Example, error) {
	entries, err := fs.ReadDir(root, ".")
	if err != nil {
		return nil, fmt.Errorf("listing examples: %w", err)
	}
	var out []*Example
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		ex, err := LoadOne(root, e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// LoadOne reads the example in folder name of root.
func LoadOne(root fs.FS, name string) (*Example, error) {
	read := func(file string) (string, error) {
		b, err := fs.ReadFile(root, path.Join(name, file))
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil
		}
		return string(b), err
	}
	meta, err := read("example.yaml")
	if err != nil || meta == "" {
		return nil, fmt.Errorf("example %s: example.yaml missing or unreadable: %v", name, err)
	}
	ex, options, err := parseMeta(name, meta)
	if err != nil {
		return nil, err
	}
	req := map[string]any{"mode": ex.Mode, "options": json.RawMessage(options)}
	for _, input := range []string{"original", "updated", "live"} {
		text, readErr := read(input + ".yaml")
		if readErr != nil {
			return nil, fmt.Errorf("example %s: %w", name, readErr)
		}
		req[input] = text
	}
	data, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("example %s: %w", name, err)
	}
	if ex.Request, err = contract.DecodeRequest(data); err != nil {
		return nil, fmt.Errorf("example %s: %w", name, err)
	}
	if ex.Expected, err = read("expected.yaml"); err != nil {
		return nil, fmt.Errorf("example %s: %w", name, err)
	}
	marks, err := read("marks.txt")
	if err != nil {
		return nil, fmt.Errorf("example %s: %w", name, err)
	}
	ex.Marks = parseMarks(marks)
	return ex, nil
}

// parseMeta reads example.yaml: title, mode, explanation and options.
func parseMeta(name, text string) (*Example, string, error) {
	root, err := yamltree.ParseOne(yamltree.Input(name+"/example.yaml"), text, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil {
		return nil, "", fmt.Errorf("example %s: %w", name, err)
	}
	ex := &Example{Name: name, Title: root.Get("title").Str(), Mode: root.Get("mode").Str(), Explanation: strings.TrimSpace(root.Get("explanation").Str())}
	if ex.Title == "" || ex.Mode == "" || ex.Explanation == "" {
		return nil, "", fmt.Errorf("example %s: example.yaml needs a title, a mode and an explanation", name)
	}
	options := "{}"
	if o := root.Get("options"); o != nil && o.IsMap() {
		if options, err = yamltree.JSON(o); err != nil {
			return nil, "", fmt.Errorf("example %s: options: %w", name, err)
		}
	}
	return ex, options, nil
}

// parseMarks reads marks.txt: "mark path" per line; blank lines and # comments are skipped.
func parseMarks(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return out
}

// Marks renders a response's marks as marks.txt lines ("mark resource path" when the request
// holds several resources, else "mark path"), or, for a response with errors, its errors
// ("error input:line:column message").
func Marks(resp *contract.Response) []string {
	if len(resp.Errors) > 0 {
		out := make([]string, 0, len(resp.Errors))
		for _, e := range resp.Errors {
			out = append(out, fmt.Sprintf("error %s:%d:%d %s", e.Input, e.Line, e.Column, e.Message))
		}
		return out
	}
	resources := map[string]bool{}
	for _, f := range resp.Fields {
		resources[f.Resource] = true
	}
	out := make([]string, 0, len(resp.Fields))
	for _, f := range resp.Fields {
		p := f.Path
		if p == "" {
			p = "."
		}
		if len(resources) > 1 {
			out = append(out, fmt.Sprintf("%s %s %s", f.Mark, f.Resource, p))
		} else {
			out = append(out, fmt.Sprintf("%s %s", f.Mark, p))
		}
	}
	return out
}

// Commands renders a response's commands as kubectl.txt lines: "$ " and each command line, then
// the lines it prints, then its error's lines each after "! ".
func Commands(resp *contract.Response) []string {
	var out []string
	for _, c := range resp.Commands {
		out = append(out, "$ "+c.Line)
		out = append(out, c.Output...)
		if c.Error != "" {
			for _, l := range strings.Split(c.Error, "\n") {
				out = append(out, "! "+l)
			}
		}
	}
	return out
}
