package yamltree

import "strings"

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
//   - an unknown directive ("%FOO") and a second "%YAML" are refused at their line (a "%YAML"
//     without its version too: "did not find expected version number").
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
	return &Error{Input: input, Line: line, Column: 1, Message: "a directive stands alone: kubectl and kyaml cut the stream at \"---\" first (did not find expected <document start>)"}
}

// checkDirective reads one directive line, recording its name in seen.
func checkDirective(input Input, line int, text string, seen map[string]bool) error {
	name, rest := directiveWord(text)
	version, _ := directiveWord(rest)
	message := ""
	switch {
	case name == "%YAML" && seen[name]:
		message = "found duplicate %YAML directive"
	case name == "%YAML" && version != "1.1":
		message = "%YAML " + version + ": only YAML 1.1 is read (found incompatible YAML document)"
	case name != "%YAML" && name != "%TAG":
		message = Abbreviate(name, 20) + ": found unknown directive name"
	}
	if message != "" {
		return &Error{Input: input, Line: line, Column: 1, Message: message}
	}
	seen[name] = true
	return nil
}

// directiveWord returns the first word of text (up to a space or a tab) and what follows it.
func directiveWord(text string) (word, rest string) {
	text = strings.TrimLeft(text, " \t")
	end := 0
	for end < len(text) && text[end] != ' ' && text[end] != '\t' {
		end++
	}
	return text[:end], text[end:]
}
