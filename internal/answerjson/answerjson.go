// Package answerjson reads the engine's JSON answers back, for tests and tools (it uses
// encoding/json, which the wasm never links): since contract version 2 an answer's marks name
// their resource, path, reason and rule by index in the answer's "names" (docs/contract.md,
// "Names"); Expand writes them out in full, as version 1 did and as the page's decoder does
// (web/answernames.js), and Decode reads a whole answer into a contract.Response.
package answerjson

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// Decode reads a whole answer, of either version, into a Response whose marks name their
// strings in full.
func Decode(data []byte) (*contract.Response, error) {
	var answer map[string]any
	if err := json.Unmarshal(data, &answer); err != nil {
		return nil, err
	}
	if err := Expand(answer); err != nil {
		return nil, err
	}
	whole, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	var resp contract.Response
	if err := json.Unmarshal(whole, &resp); err != nil {
		return nil, err
	}
	return &resp, nil
}

// ExpandJSON returns a whole answer's or a delta's JSON with its marks naming their strings in
// full and no names (version 1's marks; the answer's other keys as they were).
func ExpandJSON(data []byte) ([]byte, error) {
	var answer map[string]any
	if err := json.Unmarshal(data, &answer); err != nil {
		return nil, err
	}
	if err := Expand(answer); err != nil {
		return nil, err
	}
	return json.Marshal(answer)
}

// names are an answer's names, by table.
type names map[string][]any

// Expand rewrites an answer (a whole answer or a delta, as encoding/json reads it into generic
// values) in place: the marks it carries (fields whole, or a delta's inserted items) name their
// resource, path, reason and rule in full, its names dropped; its steps (whole, or inserted)
// likewise, each with its own names. An answer without names (version 1) is left as it is.
func Expand(answer map[string]any) error {
	if raw, ok := answer["names"]; ok {
		table, ok := raw.(map[string]any)
		if !ok {
			return errors.New("names: not an object")
		}
		n := names{}
		for _, key := range []string{"resources", "paths", "reasons", "rules"} {
			list, ok := table[key].([]any)
			if !ok {
				return errors.New("names." + key + ": not a list")
			}
			n[key] = list
		}
		if err := eachItem(answer["fields"], func(item any) error { return n.expand(item) }); err != nil {
			return err
		}
		delete(answer, "names")
	}
	return eachItem(answer["steps"], func(item any) error {
		step, ok := item.(map[string]any)
		if !ok {
			return errors.New("steps: a step is not an object")
		}
		return Expand(step)
	})
}

// eachItem calls do on each item of a list part: the list whole, or the items a script inserts.
func eachItem(part any, do func(item any) error) error {
	var list []any
	switch p := part.(type) {
	case nil:
		return nil
	case []any:
		list = p
	case map[string]any:
		edits, _ := p["edits"].([]any)
		for _, e := range edits {
			if e, ok := e.(map[string]any); ok {
				inserted, _ := e["items"].([]any)
				list = append(list, inserted...)
			}
		}
	default:
		return errors.New("a list part that is neither a list nor a script")
	}
	for _, item := range list {
		if err := do(item); err != nil {
			return err
		}
	}
	return nil
}

// tableOf names the table each of a mark's named keys indexes.
var tableOf = map[string]string{"resource": "resources", "path": "paths", "reason": "reasons", "rule": "rules"}

// expand writes a mark's named keys in full.
func (n names) expand(item any) error {
	mark, ok := item.(map[string]any)
	if !ok {
		return errors.New("fields: a mark is not an object")
	}
	for key, table := range tableOf {
		index, ok := mark[key].(float64)
		list := n[table]
		if !ok || index < 0 || int(index) >= len(list) || index != float64(int(index)) {
			return errors.New("fields: a mark's " + key + " is not an index of names." + table + " (" + strconv.Itoa(len(list)) + " names)")
		}
		mark[key] = list[int(index)]
	}
	return nil
}
