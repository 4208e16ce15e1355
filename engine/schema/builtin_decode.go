package schema

import (
	"fmt"
	"strconv"
)

// The built-in file is decoded by hand rather than with encoding/json: in WebAssembly,
// encoding/json's reflection takes the better part of a second on this file, and the page waits
// for it on its first merge. The decoder below reads exactly the JSON that schemagen writes (the
// declaration form of decl.go) and refuses anything else.

// jsonValue is a parsed JSON value: exactly one of its fields is meaningful, by kind.
type jsonValue struct {
	kind    byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' boolean, 'z' null
	str     string
	num     float64
	boolean bool
	items   []jsonValue
	keys    []string
	values  []jsonValue
}

func (v *jsonValue) get(key string) *jsonValue {
	for i, k := range v.keys {
		if k == key {
			return &v.values[i]
		}
	}
	return nil
}

func (v *jsonValue) string(key string) string {
	if f := v.get(key); f != nil && f.kind == 's' {
		return f.str
	}
	return ""
}

// any converts a value to the Go form encoding/json gives an interface (field defaults).
func (v *jsonValue) any() any {
	switch v.kind {
	case 's':
		return v.str
	case 'n':
		return v.num
	case 'b':
		return v.boolean
	case 'a':
		out := make([]any, len(v.items))
		for i := range v.items {
			out[i] = v.items[i].any()
		}
		return out
	case 'o':
		out := make(map[string]any, len(v.keys))
		for i, k := range v.keys {
			out[k] = v.values[i].any()
		}
		return out
	}
	return nil
}

// jsonParser is a small recursive-descent JSON parser.
type jsonParser struct {
	s   string
	pos int
}

func parseJSON(s string) (jsonValue, error) {
	p := &jsonParser{s: s}
	v, err := p.value()
	if err != nil {
		return v, err
	}
	p.space()
	if p.pos != len(p.s) {
		return v, p.errorf("unexpected data after the value")
	}
	return v, nil
}

func (p *jsonParser) errorf(format string, args ...any) error {
	return fmt.Errorf("built-in schema, byte %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *jsonParser) space() {
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case ' ', '\n', '\r', '\t':
			p.pos++
		default:
			return
		}
	}
}

func (p *jsonParser) value() (jsonValue, error) {
	p.space()
	if p.pos >= len(p.s) {
		return jsonValue{}, p.errorf("unexpected end")
	}
	switch c := p.s[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		return jsonValue{kind: 's', str: s}, err
	case c == 't' || c == 'f' || c == 'n':
		return p.literal()
	default:
		return p.number()
	}
}

func (p *jsonParser) object() (jsonValue, error) {
	v := jsonValue{kind: 'o'}
	p.pos++
	p.space()
	if p.pos < len(p.s) && p.s[p.pos] == '}' {
		p.pos++
		return v, nil
	}
	for {
		p.space()
		if p.pos >= len(p.s) || p.s[p.pos] != '"' {
			return v, p.errorf("expected a key")
		}
		key, err := p.str()
		if err != nil {
			return v, err
		}
		p.space()
		if p.pos >= len(p.s) || p.s[p.pos] != ':' {
			return v, p.errorf("expected ':'")
		}
		p.pos++
		value, err := p.value()
		if err != nil {
			return v, err
		}
		v.keys, v.values = append(v.keys, key), append(v.values, value)
		p.space()
		if p.pos < len(p.s) && p.s[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return v, nil
		}
		return v, p.errorf("expected ',' or '}'")
	}
}

func (p *jsonParser) array() (jsonValue, error) {
	v := jsonValue{kind: 'a'}
	p.pos++
	p.space()
	if p.pos < len(p.s) && p.s[p.pos] == ']' {
		p.pos++
		return v, nil
	}
	for {
		item, err := p.value()
		if err != nil {
			return v, err
		}
		v.items = append(v.items, item)
		p.space()
		if p.pos < len(p.s) && p.s[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.s) && p.s[p.pos] == ']' {
			p.pos++
			return v, nil
		}
		return v, p.errorf("expected ',' or ']'")
	}
}

// str reads a string; escapes are rare in the file, and handled by strconv.
func (p *jsonParser) str() (string, error) {
	start := p.pos
	p.pos++
	escaped := false
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case '\\':
			escaped = true
			p.pos += 2
			continue
		case '"':
			p.pos++
			if !escaped {
				return p.s[start+1 : p.pos-1], nil
			}
			s, err := strconv.Unquote(p.s[start:p.pos])
			if err != nil {
				return "", p.errorf("bad string: %v", err)
			}
			return s, nil
		}
		p.pos++
	}
	return "", p.errorf("unterminated string")
}

func (p *jsonParser) literal() (jsonValue, error) {
	for _, lit := range []struct {
		text string
		v    jsonValue
	}{{"true", jsonValue{kind: 'b', boolean: true}}, {"false", jsonValue{kind: 'b'}}, {"null", jsonValue{kind: 'z'}}} {
		if len(p.s)-p.pos >= len(lit.text) && p.s[p.pos:p.pos+len(lit.text)] == lit.text {
			p.pos += len(lit.text)
			return lit.v, nil
		}
	}
	return jsonValue{}, p.errorf("unexpected character %q", p.s[p.pos])
}

func (p *jsonParser) number() (jsonValue, error) {
	start := p.pos
	for p.pos < len(p.s) && (p.s[p.pos] == '-' || p.s[p.pos] == '+' || p.s[p.pos] == '.' || p.s[p.pos] == 'e' || p.s[p.pos] == 'E' || (p.s[p.pos] >= '0' && p.s[p.pos] <= '9')) {
		p.pos++
	}
	f, err := strconv.ParseFloat(p.s[start:p.pos], 64)
	if err != nil {
		return jsonValue{}, p.errorf("bad number %q", p.s[start:p.pos])
	}
	return jsonValue{kind: 'n', num: f}, nil
}

// decodeFile turns the parsed built-in file into declarations.
func decodeFile(v *jsonValue) (*fileDecl, error) {
	if v.kind != 'o' {
		return nil, fmt.Errorf("built-in schema: not an object")
	}
	file := &fileDecl{}
	if kinds := v.get("kinds"); kinds != nil {
		for i := range kinds.items {
			k := &kinds.items[i]
			file.Kinds = append(file.Kinds, kindDecl{APIVersion: k.string("apiVersion"), Kind: k.string("kind"), Type: k.string("type"), Scope: k.string("scope")})
		}
	}
	if types := v.get("types"); types != nil {
		file.Types = make([]typeDecl, len(types.items))
		for i := range types.items {
			t := &types.items[i]
			file.Types[i] = typeDecl{Name: t.string("name"), atomDecl: decodeAtom(t)}
		}
	}
	return file, nil
}

func decodeAtom(v *jsonValue) atomDecl {
	a := atomDecl{Scalar: v.string("scalar")}
	if l := v.get("list"); l != nil && l.kind == 'o' {
		a.List = &listDecl{ElementType: decodeRef(l.get("elementType")), ElementRelationship: l.string("elementRelationship")}
		if keys := l.get("keys"); keys != nil {
			for _, k := range keys.items {
				a.List.Keys = append(a.List.Keys, k.str)
			}
		}
	}
	if m := v.get("map"); m != nil && m.kind == 'o' {
		a.Map = &mapDecl{ElementRelationship: m.string("elementRelationship")}
		if e := m.get("elementType"); e != nil && e.kind == 'o' {
			r := decodeRef(e)
			a.Map.ElementType = &r
		}
		if fields := m.get("fields"); fields != nil {
			a.Map.Fields = make([]fieldDecl, len(fields.items))
			for i := range fields.items {
				f := &fields.items[i]
				a.Map.Fields[i] = fieldDecl{Name: f.string("name"), Type: decodeRef(f.get("type")),
					PatchStrategy: f.string("patchStrategy"), PatchMergeKey: f.string("patchMergeKey")}
				if d := f.get("default"); d != nil {
					a.Map.Fields[i].Default = d.any()
				}
			}
		}
	}
	return a
}

func decodeRef(v *jsonValue) refDecl {
	if v == nil || v.kind != 'o' {
		return refDecl{}
	}
	return refDecl{NamedType: v.string("namedType"), atomDecl: decodeAtom(v), ElementRelationship: v.string("elementRelationship")}
}
