package schema

import (
	"errors"
	"sort"
	"strconv"
	"strings"
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

func (p *jsonParser) fail(message string) error {
	return errors.New("built-in schema, byte " + strconv.Itoa(p.pos) + ": " + message)
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
		return jsonValue{}, p.fail("unexpected end")
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
				return "", p.fail("bad string: " + err.Error())
			}
			return s, nil
		}
		p.pos++
	}
	return "", p.fail("unterminated string")
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
	return jsonValue{}, p.fail("unexpected character " + strconv.QuoteRune(rune(p.s[p.pos])))
}

func (p *jsonParser) number() (jsonValue, error) {
	start := p.pos
	for p.pos < len(p.s) && (p.s[p.pos] == '-' || p.s[p.pos] == '+' || p.s[p.pos] == '.' || p.s[p.pos] == 'e' || p.s[p.pos] == 'E' || (p.s[p.pos] >= '0' && p.s[p.pos] <= '9')) {
		p.pos++
	}
	f, err := strconv.ParseFloat(p.s[start:p.pos], 64)
	if err != nil {
		return jsonValue{}, p.fail("bad number " + strconv.Quote(p.s[start:p.pos]))
	}
	return jsonValue{kind: 'n', num: f}, nil
}

// A type's declaration is read from its JSON straight into typeDecl, without a jsonValue tree
// in between: building the types of the page's first merge (123 for a Deployment) made 9,300 of
// its 10,800 allocations, 1.4 of its 1.6 MB, and in WebAssembly every allocation counts twice,
// once made and once in what V8 compiles again for the allocator's sake. Members the declaration
// form does not have are refused; values of the wrong JSON type too.

// typeDecl reads a type's object into d (its name is the index's, and is not read again).
func (p *jsonParser) typeDecl(d *typeDecl) error {
	return p.members(func(key string) error {
		if key == "name" {
			_, err := p.text()
			return err
		}
		return p.atomMember(&d.atomDecl, key)
	})
}

// atomMember reads the member key of an atom's object (a type's or a reference's) into a.
func (p *jsonParser) atomMember(a *atomDecl, key string) error {
	var err error
	switch key {
	case "scalar":
		a.Scalar, err = p.text()
	case "list":
		a.List = &listDecl{}
		err = p.members(func(key string) error { return p.listMember(a.List, key) })
	case "map":
		a.Map = &mapDecl{}
		err = p.members(func(key string) error { return p.mapMember(a.Map, key) })
	default:
		err = p.unexpected(key)
	}
	return err
}

func (p *jsonParser) listMember(l *listDecl, key string) error {
	var err error
	switch key {
	case "elementType":
		err = p.refDecl(&l.ElementType)
	case "elementRelationship":
		l.ElementRelationship, err = p.text()
	case "keys":
		err = p.elements(func() error {
			k, kerr := p.text()
			l.Keys = append(l.Keys, k)
			return kerr
		})
	default:
		err = p.unexpected(key)
	}
	return err
}

func (p *jsonParser) mapMember(m *mapDecl, key string) error {
	var err error
	switch key {
	case "fields":
		m.Fields = []fieldDecl{}
		err = p.elements(func() error {
			m.Fields = append(m.Fields, fieldDecl{})
			return p.fieldDecl(&m.Fields[len(m.Fields)-1])
		})
	case "elementType":
		m.ElementType = &refDecl{}
		err = p.refDecl(m.ElementType)
	case "elementRelationship":
		m.ElementRelationship, err = p.text()
	default:
		err = p.unexpected(key)
	}
	return err
}

func (p *jsonParser) fieldDecl(f *fieldDecl) error {
	return p.members(func(key string) error {
		var err error
		switch key {
		case "name":
			f.Name, err = p.text()
		case "type":
			err = p.refDecl(&f.Type)
		case "patchStrategy":
			f.PatchStrategy, err = p.text()
		case "patchMergeKey":
			f.PatchMergeKey, err = p.text()
		case "goType":
			f.GoType, err = p.text()
		case "omit":
			f.Omit, err = p.text()
		case "default":
			var v jsonValue
			v, err = p.value()
			f.Default = v.any()
		default:
			err = p.unexpected(key)
		}
		return err
	})
}

func (p *jsonParser) refDecl(r *refDecl) error {
	return p.members(func(key string) error {
		var err error
		switch key {
		case "namedType":
			r.NamedType, err = p.text()
		case "elementRelationship":
			r.ElementRelationship, err = p.text()
		default:
			err = p.atomMember(&r.atomDecl, key)
		}
		return err
	})
}

// unexpected is the error of a member the declaration form does not have.
func (p *jsonParser) unexpected(key string) error {
	return p.fail("unexpected member " + strconv.Quote(key))
}

// text reads a string value.
func (p *jsonParser) text() (string, error) {
	if p.space(); !p.at('"') {
		return "", p.fail("expected a string")
	}
	return p.str()
}

// The built-in file's layout, as schemagen writes it (and its test keeps): a line "{"kinds":[",
// one kind per line, a line "],", a line ""types":[", one type per line sorted by name, a last line
// "]}"; each kind or type line but the last of its list ends with a comma, and each type line starts
// with its name ({"name":"…",). The index below reads that layout instead of the JSON: it reads
// the kinds, and of each type only its name, so that a type is found by a binary search and
// decoded when first used (lazyTypes). Reading every type's JSON to find where it ends cost the
// page's first merge 10 ms in WebAssembly, and the tier-up compiles of the loops that did it.
const (
	builtinKindsLine = `{"kinds":[`
	builtinTypesLine = `"types":[`
	builtinTypeStart = `{"name":"`
)

// typeIndex finds each type's line in the built-in file: names sorted, spans[i] the JSON object
// of names[i].
type typeIndex struct {
	names []string
	spans []span
}

// find returns the span of the type called name.
func (x *typeIndex) find(name string) (span, bool) {
	i := sort.SearchStrings(x.names, name)
	if i == len(x.names) || x.names[i] != name {
		return span{}, false
	}
	return x.spans[i], true
}

// indexFile reads the built-in file's kinds and finds each type's line (see typeIndex).
func indexFile(s string) ([]kindDecl, *typeIndex, error) {
	lines := fileLines{s: s}
	if line, _ := lines.next(); line != builtinKindsLine {
		return nil, nil, lines.fail("want " + builtinKindsLine)
	}
	var kinds []kindDecl
	for {
		line, start := lines.next()
		if line == "]," {
			break
		}
		object, more := strings.CutSuffix(line, ",")
		p := &jsonParser{s: s[:start+len(object)], pos: start}
		v, err := p.value()
		if err == nil && (v.kind != 'o' || p.pos != start+len(object)) {
			err = errors.New("want one kind object")
		}
		if err != nil {
			return nil, nil, lines.fail(err.Error())
		}
		kinds = append(kinds, kindDecl{APIVersion: v.string("apiVersion"), Kind: v.string("kind"), Type: v.string("type"), Scope: v.string("scope")})
		if !more {
			if next, _ := lines.next(); next != "]," {
				return nil, nil, lines.fail("want ], after the last kind")
			}
			break
		}
	}
	if line, _ := lines.next(); line != builtinTypesLine {
		return nil, nil, lines.fail("want " + builtinTypesLine)
	}
	index, problem := indexTypes(&lines)
	if problem != "" {
		return nil, nil, lines.fail(problem)
	}
	return kinds, index, nil
}

// indexTypes reads the type lines up to the file's last line, "]}", and returns their index, or
// what is wrong with the line read last. Its loop runs for each of the file's thousand types:
// it is kept small, and writes no message, so that V8's optimizing compile of it (it runs long
// enough to get one, in the page's worker) is short.
func indexTypes(lines *fileLines) (*typeIndex, string) {
	index := &typeIndex{}
	for more := true; ; {
		line, start := lines.next()
		if line == "]}" && lines.done() {
			return index, ""
		}
		if !more {
			return nil, "want ]} after the last type, and nothing after it"
		}
		var object string
		object, more = strings.CutSuffix(line, ",")
		rest, ok := strings.CutPrefix(object, builtinTypeStart)
		end := strings.IndexByte(rest, '"')
		if !ok || end <= 0 || object[len(object)-1] != '}' {
			return nil, "want a type object starting with its name"
		}
		name := rest[:end]
		if strings.IndexByte(name, '\\') >= 0 {
			return nil, "want a type name without escapes"
		}
		if n := len(index.names); n > 0 && index.names[n-1] >= name {
			return nil, "want types sorted by name, each once"
		}
		index.names = append(index.names, name)
		index.spans = append(index.spans, span{start, start + len(object)})
	}
}

// fileLines reads a text line by line.
type fileLines struct {
	s    string
	pos  int // where the next line starts
	line int // the number of the line read last, from 1
}

// next returns the next line, without its line break, and where it starts; "" at the end.
func (l *fileLines) next() (string, int) {
	start := l.pos
	if start >= len(l.s) {
		l.line++
		return "", start
	}
	end := strings.IndexByte(l.s[start:], '\n')
	if end < 0 {
		end = len(l.s) - start
		l.pos = len(l.s)
	} else {
		l.pos = start + end + 1
	}
	l.line++
	return l.s[start : start+end], start
}

// done reports whether every line has been read.
func (l *fileLines) done() bool { return l.pos >= len(l.s) }

func (l *fileLines) fail(message string) error {
	return errors.New("built-in schema, line " + strconv.Itoa(l.line) + ": " + message)
}

// members reads an object, calling member with the parser at each key's value; member must
// consume the value.
func (p *jsonParser) members(member func(key string) error) error {
	p.space()
	if !p.eat('{') {
		return p.fail("expected an object")
	}
	if p.space(); p.eat('}') {
		return nil
	}
	for {
		if p.space(); !p.at('"') {
			return p.fail("expected a key")
		}
		key, err := p.str()
		if err != nil {
			return err
		}
		if p.space(); !p.eat(':') {
			return p.fail("expected ':'")
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
			return p.fail("expected ',' or '}'")
		}
	}
}

// elements reads an array, calling element with the parser at each item; element must consume
// the item.
func (p *jsonParser) elements(element func() error) error {
	p.space()
	if !p.eat('[') {
		return p.fail("expected an array")
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
			return p.fail("expected ',' or ']'")
		}
	}
}
