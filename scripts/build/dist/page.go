package dist

import (
	"bytes"
	"errors"
	"fmt"
	stdhtml "html"
	"io"
	"strings"

	"github.com/mergeplay/mergeplay/scripts/build/csp"
	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/html"
)

// resolveFunc maps a reference found in index.html (an attribute's value) to the name the built
// page uses instead; ok is false for a reference the build leaves alone. module is true for the
// src of a <script type="module">.
type resolveFunc func(ref string, module bool) (name string, ok bool, err error)

// injection is what the build adds to the page: head goes first in <head> (after <meta charset>,
// so before anything a policy governs), bodyEnd last in <body>, and afterModule's markup (nil:
// none) right after the </script> of a module script, given the name its src was resolved to.
type injection struct {
	head, bodyEnd []byte
	afterModule   func(name string) []byte
}

// attr is one attribute token of a start tag.
type attr struct {
	key string
	raw []byte // the token as written, leading space, name, '=' and quoted value included
	val []byte // the value as written, quotes included (a suffix of raw)
}

// startTag is a start tag held back until its attributes are known.
type startTag struct {
	name  string
	raw   []byte
	attrs []attr
}

func (t *startTag) value(key string) (string, bool) {
	for _, a := range t.attrs {
		if a.key == key {
			return unquote(a.val), true
		}
	}
	return "", false
}

// rewritePage rewrites every reference of the page through resolve and adds inj. It works on
// the page's tokens, so everything it does not rewrite stays byte for byte.
func rewritePage(src []byte, resolve resolveFunc, inj injection) ([]byte, error) {
	l := html.NewLexer(parse.NewInputBytes(src))
	w := &pageWriter{resolve: resolve, inj: inj}
	var tag *startTag
	for {
		tt, data := l.Next()
		switch tt {
		case html.ErrorToken:
			if !errors.Is(l.Err(), io.EOF) {
				return nil, fmt.Errorf("reading index.html: %w", l.Err())
			}
			return w.finish()
		case html.StartTagToken:
			tag = &startTag{name: string(l.Text()), raw: clone(data)}
		case html.AttributeToken:
			if tag != nil {
				tag.attrs = append(tag.attrs, attr{key: string(l.AttrKey()), raw: clone(data), val: clone(l.AttrVal())})
			}
		case html.StartTagCloseToken, html.StartTagVoidToken:
			if tag == nil {
				w.out.Write(data)
				continue
			}
			if err := w.startTag(tag, data); err != nil {
				return nil, err
			}
			tag = nil
		case html.EndTagToken:
			w.endTag(string(l.Text()), data)
		default:
			w.out.Write(data)
		}
	}
}

// pageWriter writes the rewritten page and tracks where the injections go.
type pageWriter struct {
	out         bytes.Buffer
	resolve     resolveFunc
	inj         injection
	inHead      bool
	headDone    bool
	bodyEndDone bool
	afterScript []byte // what goes after the </script> of the module script written last
}

// startTag writes a start tag, its attributes rewritten, with the head injection before or after
// it as the tag requires.
func (w *pageWriter) startTag(tag *startTag, closing []byte) error {
	_, isCharset := tag.value("charset")
	if w.inHead && !w.headDone && !(tag.name == "meta" && isCharset) {
		w.injectHead()
	}
	if tag.name == "body" && !w.headDone {
		w.injectHead()
	}
	w.out.Write(tag.raw)
	typ, _ := tag.value("type")
	module := tag.name == "script" && strings.EqualFold(strings.TrimSpace(typ), "module")
	for _, a := range tag.attrs {
		src := module && a.key == "src"
		raw, name, err := w.rewriteAttr(a, src)
		if err != nil {
			return fmt.Errorf("index.html <%s %s>: %w", tag.name, a.key, err)
		}
		if src && name != "" && w.inj.afterModule != nil {
			w.afterScript = w.inj.afterModule(name)
		}
		w.out.Write(raw)
	}
	w.out.Write(closing)
	switch {
	case tag.name == "head":
		w.inHead = true
	case w.inHead && !w.headDone && tag.name == "meta" && isCharset:
		w.injectHead()
	}
	return nil
}

// rewriteAttr returns an attribute token with its value resolved, and the name it was resolved
// to ("" when it was left alone).
func (w *pageWriter) rewriteAttr(a attr, module bool) ([]byte, string, error) {
	if a.val == nil {
		return a.raw, "", nil
	}
	name, ok, err := w.resolve(strings.TrimSpace(unquote(a.val)), module)
	if err != nil || !ok {
		return a.raw, "", err
	}
	out := clone(a.raw[:len(a.raw)-len(a.val)])
	return append(out, `"`+attrEscaper.Replace(name)+`"`...), name, nil
}

// endTag writes an end tag, with the injections that go before it.
func (w *pageWriter) endTag(name string, raw []byte) {
	if name == "head" && !w.headDone {
		w.injectHead()
	}
	if name == "head" {
		w.inHead = false
	}
	if name == "body" && !w.bodyEndDone {
		w.out.Write(w.inj.bodyEnd)
		w.bodyEndDone = true
	}
	w.out.Write(raw)
	if name == "script" {
		w.out.Write(w.afterScript)
		w.afterScript = nil
	}
}

func (w *pageWriter) injectHead() {
	w.out.Write(w.inj.head)
	w.headDone = true
}

// finish checks that the head injection found its place and adds the body's at the end when the
// page has no </body>.
func (w *pageWriter) finish() ([]byte, error) {
	if !w.headDone {
		return nil, fmt.Errorf("index.html has no <head>: the Content-Security-Policy has nowhere to go")
	}
	if !w.bodyEndDone {
		w.out.Write(w.inj.bodyEnd)
	}
	return w.out.Bytes(), nil
}

// unquote returns an attribute value without its quotes and with its character references
// decoded.
func unquote(v []byte) string {
	s := string(v)
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		s = s[1 : len(s)-1]
	}
	return stdhtml.UnescapeString(s)
}

func clone(b []byte) []byte {
	return append([]byte(nil), b...)
}

// headInjection returns the elements that go first in <head>: the nonce for CodeMirror and the
// policy.
func headInjection(nonce, policy string) []byte {
	return []byte(`<meta name="` + csp.NonceMetaName + `" content="` + attrEscaper.Replace(nonce) + `">` +
		`<meta http-equiv="Content-Security-Policy" content="` + attrEscaper.Replace(policy) + `">`)
}

// attrEscaper escapes text for a double-quoted attribute value (a policy's single quotes stay
// readable).
var attrEscaper = strings.NewReplacer(`&`, "&amp;", `"`, "&quot;", `<`, "&lt;")

// prerenderedElement wraps the prerendered answer (JSON without any '<') in its data block.
func prerenderedElement(data []byte) []byte {
	return []byte(`<script type="application/json" id="prerendered">` + string(data) + `</script>`)
}
