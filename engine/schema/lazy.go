package schema

import (
	"slices"
	"strconv"
	"sync"

	"github.com/mergeplay/mergeplay/internal/verb"
)

// lazyTypes are named types declared in JSON text (the built-in file) and built the first time
// something asks for them, with every type they refer to. Building all of the built-in types takes
// a large part of a second in WebAssembly, and a merge needs the few hundred its kinds reach.
// It is safe for concurrent use: a type is handed out only once it and its references are built,
// and built types are never changed afterwards.
type lazyTypes struct {
	mu    sync.Mutex
	text  string
	types *typeIndex // each type's JSON object in text
	built map[string]*Type
	// err is the first error met building a type; once set, no further type is built. The
	// built-in file is generated and tested, so it means a broken file.
	err error
}

// span is a range of bytes, [start, end).
type span struct{ start, end int }

// named returns the type called name, building it (and what it refers to) on first use; nil when
// the text declares no such type or it fails to build.
func (l *lazyTypes) named(name string) *Type {
	l.mu.Lock()
	defer l.mu.Unlock()
	if t := l.built[name]; t != nil {
		return t
	}
	if _, ok := l.types.find(name); !ok || l.err != nil {
		return nil
	}
	b := &builder{named: l.built, source: l}
	t := b.lookup(name)
	if err := b.finish(); err != nil {
		l.fail(b, err)
		return nil
	}
	return t
}

// all builds every declared type and returns them by name.
func (l *lazyTypes) all() (map[string]*Type, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return nil, l.err
	}
	b := &builder{named: l.built, source: l}
	for _, name := range l.types.names {
		b.lookup(name)
	}
	if err := b.finish(); err != nil {
		l.fail(b, err)
		return nil, err
	}
	out := make(map[string]*Type, len(l.built))
	for name, t := range l.built {
		out[name] = t
	}
	return out, nil
}

// fail records err and forgets the types b started, some of which may be half built.
func (l *lazyTypes) fail(b *builder, err error) {
	l.err = err
	for _, name := range b.started {
		delete(l.built, name)
	}
}

// names returns the names of every declared type, built or not.
func (l *lazyTypes) names() []string {
	return slices.Clone(l.types.names)
}

// declaration reads the declaration of the type called name; nil when there is none. It is called
// by a builder with l.mu held.
func (l *lazyTypes) declaration(name string) (*typeDecl, error) {
	s, ok := l.types.find(name)
	if !ok {
		return nil, nil
	}
	d := &typeDecl{Name: name}
	if err := (&jsonParser{s: l.text[:s.end], pos: s.start}).typeDecl(d); err != nil {
		return nil, verb.Wrap("type "+strconv.Quote(name)+": ", err)
	}
	return d, nil
}
