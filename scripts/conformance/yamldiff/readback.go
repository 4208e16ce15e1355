package yamldiff

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	yaml3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"
)

// readsAlike checks that a result means the same to a YAML 1.2 reader (yaml.v3, as kyaml and
// most tools read) as to kubectl's YAML 1.1 reader: a value kept as "on" or 0755 would be a
// boolean and 493 to kubectl but a string and 755 to the others. The result is what the cluster
// holds; it must say so to every reader.
func readsAlike(resp *contract.Response) []string {
	if resp.Result == "" {
		return nil
	}
	var diffs []string
	for i, doc := range chunks(resp.Result) {
		if strings.TrimSpace(doc.text) == "" {
			continue
		}
		v11, err := yaml.YAMLToJSON([]byte(doc.text))
		if err != nil {
			diffs = append(diffs, fmt.Sprintf("result document %d: kubectl cannot read it: %v", i+1, err))
			continue
		}
		v12, err := yaml12JSON(doc.text)
		if err != nil {
			diffs = append(diffs, fmt.Sprintf("result document %d: a YAML 1.2 reader cannot read it: %v", i+1, err))
			continue
		}
		if d := sameJSON(v11, v12); d != "" {
			diffs = append(diffs, fmt.Sprintf("result document %d reads differently under YAML 1.2: %s", i+1, d))
		}
	}
	return diffs
}

// yaml12JSON reads one document with yaml.v3 and writes it as JSON: scalars as yaml.v3
// resolves them, map keys as their text (yaml.v3 would make a timestamp key a time).
func yaml12JSON(text string) ([]byte, error) {
	var doc yaml3.Node
	if err := yaml3.Unmarshal([]byte(text), &doc); err != nil {
		return nil, err
	}
	v, err := nodeValue(&doc)
	if err != nil {
		return nil, err
	}
	return json.Marshal(v)
}

// nodeValue converts a yaml.v3 node to plain data.
func nodeValue(n *yaml3.Node) (any, error) {
	switch n.Kind {
	case yaml3.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return nodeValue(n.Content[0])
	case yaml3.AliasNode:
		return nodeValue(n.Alias)
	case yaml3.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			v, err := nodeValue(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = v
		}
		return m, nil
	case yaml3.SequenceNode:
		l := []any{}
		for _, c := range n.Content {
			v, err := nodeValue(c)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, err
	}
	if _, isTime := v.(interface{ IsZero() bool }); isTime {
		return n.Value, nil
	}
	return v, nil
}

// sameJSON compares two JSON texts as data, numbers by exact value; it returns the first
// difference, or "".
func sameJSON(a, b []byte) string {
	va, err1 := decodeExact(a)
	vb, err2 := decodeExact(b)
	if err := errors.Join(err1, err2); err != nil {
		return err.Error()
	}
	return firstDifference("", va, vb)
}

func decodeExact(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return v, nil
}

// firstDifference walks two decoded JSON values.
func firstDifference(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: %s vs %s", path, short(a), short(b))
		}
		for k, v := range x {
			if d := firstDifference(path+"."+k, v, y[k]); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return fmt.Sprintf("%s: %s vs %s", path, short(a), short(b))
		}
		for i := range x {
			if d := firstDifference(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
				return d
			}
		}
		return ""
	case json.Number:
		y, ok := b.(json.Number)
		if ok && sameNumber(x, y) {
			return ""
		}
	default:
		if reflect.DeepEqual(a, b) {
			return ""
		}
	}
	return fmt.Sprintf("%s: %s vs %s", path, short(a), short(b))
}

// sameNumber compares two JSON numbers by value (-0 equals 0).
func sameNumber(a, b json.Number) bool {
	fa, _, err1 := big.ParseFloat(string(a), 10, 256, big.ToNearestEven)
	fb, _, err2 := big.ParseFloat(string(b), 10, 256, big.ToNearestEven)
	return err1 == nil && err2 == nil && fa.Cmp(fb) == 0
}

func short(v any) string {
	data, _ := json.Marshal(v)
	if len(data) > 80 {
		return string(data[:77]) + "..."
	}
	return string(data)
}
