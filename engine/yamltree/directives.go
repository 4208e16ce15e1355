package yamltree

import (
	"fmt"
	"strings"
)

// checkDirectives refuses a document that opens with directives ("%YAML 1.1", "%TAG ! tag:x,"),
// under both rule sets, as kubectl and kyaml refuse every one (observed with apimachinery
// v0.37.2's YAMLOrJSONDecoder and kyaml v0.21.3's kio reader, scripts/conformance/yamldiff,
// class directives):
//   - "%YAML" with any version but 1.1 (1.0, 1.2, 2.0) is refused as it is read: "found
//     incompatible YAML document";
//   - any other directive must be followed by "---" in its document, but both readers cut the
//     stream at "---" lines before they read a document, so the directive stands alone: "did not
//     find expected <document start>", at the line after the directives (and the comment and
//     blank lines among them): the "---", the "...", the content or the end of the text;
//   - an unknown directive ("%FOO"), a "%YAML" without its version, a "%TAG" without its handle
//     and a second "%YAML" (or a second "%TAG" of one handle) are refused at their line.
//
// As the references cut the stream at "---" lines, a "%" line after "---" opens their document
// too: it is read as a directive there (where YAML would read it as content).
func checkDirectives(input Input, c chunk) error {
	seen := map[string]bool{}
	line, rest := c.firstLine, c.text
	if c.explicit {
		_, rest, _ = strings.Cut(rest, "\n") // the "---" line, which the references cut away
		line++
	}
	for ; rest != ""; line++ {
		text, after, _ := strings.Cut(rest, "\n")
		trimmed := strings.TrimSpace(text)
		switch {
		case trimmed == "" || trimmed[0] == '#':
		case text[0] != '%':
			return standingAlone(input, line, seen)
		default:
			if err := checkDirective(input, line, text, seen); err != nil {
				return err
			}
		}
		rest = after
	}
	return standingAlone(input, line, seen)
}

// standingAlone refuses the directives read (seen) at line, the first line past them.
func standingAlone(input Input, line int, seen map[string]bool) error {
	if len(seen) == 0 {
		return nil
	}
	return &Error{Input: input, Line: line, Column: 1, Message: "a directive (%YAML, %TAG) needs \"---\" after it, but kubectl and kyaml cut the stream at \"---\" before they read it, so the directive stands alone and is refused (did not find expected <document start>): remove it"}
}

// checkDirective reads one directive line, recording its name (and a %TAG's handle) in seen.
func checkDirective(input Input, line int, text string, seen map[string]bool) error {
	fail := func(format string, args ...any) error {
		return &Error{Input: input, Line: line, Column: 1, Message: fmt.Sprintf(format, args...)}
	}
	body, _, _ := strings.Cut(text, " #")
	words := strings.Fields(body)
	switch words[0] {
	case "%YAML":
		switch {
		case seen["%YAML"]:
			return fail("a second %%YAML directive: kubectl and kyaml refuse it (found duplicate %%YAML directive)")
		case len(words) < 2 || !isVersion(words[1]):
			return fail("%%YAML needs a version (did not find expected version number)")
		case words[1] != "1.1":
			return fail("%%YAML %s: kubectl and kyaml read YAML 1.1 documents alone and refuse this one (found incompatible YAML document): remove the directive", words[1])
		}
	case "%TAG":
		if len(words) < 3 || !strings.HasPrefix(words[1], "!") || !strings.HasSuffix(words[1], "!") {
			return fail("%%TAG needs a handle and a prefix (did not find expected '!')")
		}
		if seen["%TAG "+words[1]] {
			return fail("a second %%TAG directive for %s: kubectl and kyaml refuse it (found duplicate %%TAG directive)", words[1])
		}
		seen["%TAG "+words[1]] = true
	default:
		return fail("%s is no YAML directive (found unknown directive name)", Abbreviate(words[0], 20))
	}
	seen[words[0]] = true
	return nil
}

// isVersion reports whether s is a YAML version: digits, ".", digits.
func isVersion(s string) bool {
	major, minor, ok := strings.Cut(s, ".")
	return ok && isDigits(major) && isDigits(minor)
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
