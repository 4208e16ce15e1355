package fieldset

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// parseJSON reads one JSON value into a node, keeping the order of object keys. Trailing data
// is an error.
func parseJSON(text string) (*yamltree.Node, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	n, err := readJSON(dec)
	if err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("invalid JSON: unexpected data after the value")
	}
	return n, nil
}

func readJSON(dec *json.Decoder) (*yamltree.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return readObject(dec)
		}
		if t == '[' {
			return readArray(dec)
		}
		return nil, fmt.Errorf("unexpected %q", t)
	case json.Number:
		tag := yamltree.IntTag
		if bytes.ContainsAny([]byte(t), ".eE") {
			tag = yamltree.FloatTag
		}
		return yamltree.NewScalar(tag, string(t)), nil
	case string:
		n := yamltree.NewString(t)
		n.Style = yamltree.DoubleQuoted
		return n, nil
	case bool:
		return yamltree.NewScalar(yamltree.BoolTag, fmt.Sprint(t)), nil
	}
	return yamltree.NewNull(), nil
}

func readObject(dec *json.Decoder) (*yamltree.Node, error) {
	m := yamltree.NewMap()
	m.Style = yamltree.Flow
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		v, err := readJSON(dec)
		if err != nil {
			return nil, err
		}
		m.Set(key, v)
	}
	_, err := dec.Token()
	return m, err
}

func readArray(dec *json.Decoder) (*yamltree.Node, error) {
	l := yamltree.NewList()
	l.Style = yamltree.Flow
	for dec.More() {
		v, err := readJSON(dec)
		if err != nil {
			return nil, err
		}
		l.Items = append(l.Items, v)
	}
	_, err := dec.Token()
	return l, err
}
