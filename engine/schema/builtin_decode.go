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
	err := p.members(func(key string) error {
		value, err := p.value()
		v.keys, v.values = append(v.keys, key), append(v.values, value)
		return err
	})
	return v, err
}

func (p *jsonParser) array() (jsonValue, error) {
	v := jsonValue{kind: 'a'}
	err := p.elements(func() error {
		item, err := p.value()
		v.items = append(v.items, item)
		return err
	})
	return v, err
}

// at reports whether c is the next byte.
func (p *jsonParser) at(c byte) bool { return p.pos < len(p.s) && p.s[p.pos] == c }

// eat consumes c when it is the next byte, and reports whether it was.
func (p *jsonParser) eat(c byte) bool {
	if !p.at(c) {
		return false
	}
	p.pos++
	return true
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
					PatchStrategy: f.string("patchStrategy"), PatchMergeKey: f.string("patchMergeKey"), GoType: f.string("goType")}
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

// indexFile reads the built-in file's kinds and finds each type's object without decoding it:
// types are decoded when first used (lazyTypes).
func indexFile(s string) ([]kindDecl, map[string]span, error) {
	p := &jsonParser{s: s}
	var kinds []kindDecl
	spans := map[string]span{}
	err := p.members(func(key string) error {
		switch key {
		case "kinds":
			v, err := p.value()
			if err != nil {
				return err
			}
			for i := range v.items {
				k := &v.items[i]
				kinds = append(kinds, kindDecl{APIVersion: k.string("apiVersion"), Kind: k.string("kind"), Type: k.string("type"), Scope: k.string("scope")})
			}
			return nil
		case "types":
			return p.elements(func() error {
				start := p.pos
				name, err := p.typeName()
				if err != nil {
					return err
				}
				if name == "" {
					return p.errorf("a type has no name")
				}
				if _, dup := spans[name]; dup {
					return p.errorf("type %q is declared twice", name)
				}
				spans[name] = span{start, p.pos}
				return nil
			})
		default:
			return p.skip()
		}
	})
	if err != nil {
		return nil, nil, err
	}
	p.space()
	if p.pos != len(p.s) {
		return nil, nil, p.errorf("unexpected data after the value")
	}
	return kinds, spans, nil
}

// members reads an object, calling member with the parser at each key's value; member must
// consume the value.
func (p *jsonParser) members(member func(key string) error) error {
	p.space()
	if !p.eat('{') {
		return p.errorf("expected an object")
	}
	if p.space(); p.eat('}') {
		return nil
	}
	for {
		if p.space(); !p.at('"') {
			return p.errorf("expected a key")
		}
		key, err := p.str()
		if err != nil {
			return err
		}
		if p.space(); !p.eat(':') {
			return p.errorf("expected ':'")
		}
		p.space()
		if err := member(key); err != nil {
			return err
		}
		p.space()
		switch {
		case p.eat(','):
		case p.eat('}'):
			return nil
		default:
			return p.errorf("expected ',' or '}'")
		}
	}
}

// elements reads an array, calling element with the parser at each item; element must consume
// the item.
func (p *jsonParser) elements(element func() error) error {
	p.space()
	if !p.eat('[') {
		return p.errorf("expected an array")
	}
	if p.space(); p.eat(']') {
		return nil
	}
	for {
		p.space()
		if err := element(); err != nil {
			return err
		}
		p.space()
		switch {
		case p.eat(','):
		case p.eat(']'):
			return nil
		default:
			return p.errorf("expected ',' or ']'")
		}
	}
}

// typeName reads a type's object, returning its "name" member and skipping the rest.
func (p *jsonParser) typeName() (string, error) {
	name := ""
	err := p.members(func(key string) error {
		if key != "name" {
			return p.skip()
		}
		if !p.at('"') {
			return p.errorf("a type's name is not a string")
		}
		var err error
		name, err = p.str()
		return err
	})
	return name, err
}

// skip steps over one value, checking only that its brackets balance and its strings end. It is
// one loop without calls: in WebAssembly, the built-in file's index spends its time here.
func (p *jsonParser) skip() error {
	p.space()
	s, i, depth := p.s, p.pos, 0
	for i < len(s) {
		c := s[i]
		i++
		switch c {
		case '"':
			for i < len(s) && s[i] != '"' {
				if s[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(s) {
				p.pos = i
				return p.errorf("unterminated string")
			}
			i++
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				p.pos = i - 1
				return p.errorf("unexpected %q", c)
			}
			depth--
		case ',', ':':
			if depth == 0 {
				p.pos = i - 1
				return p.errorf("unexpected %q", c)
			}
		}
		if depth == 0 && (i >= len(s) || isValueEnd(s[i])) {
			p.pos = i
			return nil
		}
	}
	p.pos = i
	return p.errorf("unexpected end")
}

// isValueEnd reports whether c ends a value at the outermost level of skip.
func isValueEnd(c byte) bool {
	switch c {
	case ',', '}', ']', ' ', '\n', '\r', '\t':
		return true
	}
	return false
}
