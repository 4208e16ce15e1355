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
	// errors, "error input:line:column message" each. A history's are its last step's.
	Marks []string `json:"marks"`
	// StepFolders are a history's step folders under steps/, in order (doc.go); empty for an
	// example of one merge.
	StepFolders []string `json:"stepFolders,omitempty"`
}

// Refused reports whether the example shows a refusal: its marks are errors.
func (ex *Example) Refused() bool {
	return len(ex.Marks) > 0 && strings.HasPrefix(ex.Marks[0], "error ")
}

// LastMode is the mode of the answer's marks: the example's, or a history's last step's.
func (ex *Example) LastMode() string {
	if n := len(ex.Request.Steps); ex.Request.Mode == contract.History && n > 0 {
		return ex.Request.Steps[n-1].Mode
	}
	return ex.Request.Mode
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
	req, err := readRequest(root, name, ex.Mode, options)
	if err != nil {
		return nil, err
	}
	if ex.Mode == contract.History {
		if ex.StepFolders, err = readSteps(root, name, req); err != nil {
			return nil, err
		}
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

// readRequest reads a folder's request: its mode, its options (JSON) and the inputs it holds
// (original.yaml, updated.yaml, live.yaml; an absent one is empty). A history's folder holds
// live.yaml alone; a step's folder no live.yaml.
func readRequest(root fs.FS, dir, mode, options string) (map[string]any, error) {
	req := map[string]any{"mode": mode, "options": json.RawMessage(options)}
	for _, input := range []string{"original", "updated", "live"} {
		b, err := fs.ReadFile(root, path.Join(dir, input+".yaml"))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return nil, fmt.Errorf("example %s: %w", dir, err)
		case mode == contract.History && input != "live", mode != contract.History && input == "live" && strings.Contains(dir, "/steps/"):
			return nil, fmt.Errorf("example %s: %s.yaml: a history's folder holds live.yaml alone, each step's folder its original.yaml and updated.yaml", dir, input)
		}
		req[input] = string(b)
	}
	return req, nil
}

// readSteps reads a history's steps: one folder each under steps/, in the order of their names
// ("01-create", "02-apply", ...), each holding step.yaml (the step's mode and options) and the
// inputs its mode reads but live. It returns the folders' names.
func readSteps(root fs.FS, name string, history map[string]any) ([]string, error) {
	entries, err := fs.ReadDir(root, path.Join(name, "steps"))
	if err != nil {
		return nil, fmt.Errorf("example %s: a history needs a folder steps/ holding one folder per step: %w", name, err)
	}
	var folders []string
	var steps []map[string]any
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := path.Join(name, "steps", e.Name())
		meta, err := fs.ReadFile(root, path.Join(dir, "step.yaml"))
		if err != nil {
			return nil, fmt.Errorf("example %s: step.yaml missing or unreadable: %w", dir, err)
		}
		mode, options, err := parseStep(dir, string(meta))
		if err != nil {
			return nil, err
		}
		step, err := readRequest(root, dir, mode, options)
		if err != nil {
			return nil, err
		}
		folders = append(folders, e.Name())
		steps = append(steps, step)
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("example %s: steps/ holds no step folder", name)
	}
	history["steps"] = steps
	return folders, nil
}

// parseStep reads a step's step.yaml: its mode (any but history) and its options.
func parseStep(dir, text string) (mode, options string, err error) {
	root, err := yamltree.ParseOne(yamltree.Input(dir+"/step.yaml"), text, yamltree.Options{Rules: yamltree.YAML12})
	if err != nil {
		return "", "", fmt.Errorf("example %s: %w", dir, err)
	}
	mode = root.Get("mode").Str()
	if mode == "" || mode == contract.History {
		return "", "", fmt.Errorf("example %s: step.yaml needs the mode of one writer (apply, ssa, create, scale, ...)", dir)
	}
	options, err = optionsJSON(dir, root)
	return mode, options, err
}

// optionsJSON is the options map of an example.yaml or a step.yaml, as JSON ("{}" when none).
func optionsJSON(name string, root *yamltree.Node) (string, error) {
	o := root.Get("options")
	if o == nil || !o.IsMap() {
		return "{}", nil
	}
	text, err := yamltree.JSON(o)
	if err != nil {
		return "", fmt.Errorf("example %s: options: %w", name, err)
	}
	return text, nil
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
	options, err := optionsJSON(name, root)
	return ex, options, err
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
// ("error input:line:column message"); then, for the objects the API server refuses while it
// accepts the others (extra.refused), their errors ("refused resource input:line:column message").
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
	refused, _ := resp.Extra[contract.RefusedKey].(contract.RefusedObjects)
	for _, o := range refused {
		for _, e := range o.Errors {
			out = append(out, fmt.Sprintf("refused %s %s:%d:%d %s", o.Resource, e.Input, e.Line, e.Column, e.Message))
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
