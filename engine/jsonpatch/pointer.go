package jsonpatch

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Pointer is a JSON pointer (RFC 6901) read into its reference tokens: "" is the whole
// document (no token), "/a/b~1c" the tokens "a" and "b/c".
type Pointer struct {
	// Text is the pointer as written.
	Text string
	// Tokens are its reference tokens, unescaped (~1 is "/", ~0 is "~").
	Tokens []string
	// Pos is where it was written.
	Pos yamltree.Pos
}

// ParsePointer reads a pointer's text; one that is neither empty nor starts with "/" is an
// error.
func ParsePointer(text string, pos yamltree.Pos) (Pointer, error) {
	p := Pointer{Text: text, Pos: pos}
	if text == "" {
		return p, nil
	}
	if !strings.HasPrefix(text, "/") {
		return p, yamltree.ErrorAt(pos, "the pointer "+quote(text)+" does not start with \"/\" (a JSON pointer is \"\" or /token/token...)")
	}
	for _, t := range strings.Split(text[1:], "/") {
		p.Tokens = append(p.Tokens, strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~"))
	}
	return p, nil
}

// IsRoot reports whether the pointer names the whole document.
func (p Pointer) IsRoot() bool { return len(p.Tokens) == 0 }

// parent returns the pointer to the value holding p's, and p's last token.
func (p Pointer) parent() (Pointer, string) {
	last := p.Tokens[len(p.Tokens)-1]
	return Pointer{Text: p.Text, Tokens: p.Tokens[:len(p.Tokens)-1], Pos: p.Pos}, last
}

// String is the pointer as written.
func (p Pointer) String() string { return p.Text }

func quote(s string) string { return "\"" + s + "\"" }
