package apiserver

import (
	"strconv"
	"strings"
)

// The API server's wording of the syntaxes it checks, observed with kube-apiserver v1.37.2
// (scripts/reproduce/run-apiserver.sh, `kubectl create --dry-run=server`), 2026-12-06. The
// texts are the server's, letter for letter (two spaces after "e.g. 'MyName'," included).
const (
	subdomainRule = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
	labelRule     = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
	// namePartRule is the syntax of a qualified name's name part (a label key without its prefix).
	namePartRule = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	valueRule    = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
	noDots       = "must not contain dots"
)

// isLabel reports whether s is a lowercase RFC 1123 label, length aside: lower case letters,
// digits and '-', starting and ending with a letter or digit.
func isLabel(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLowerAlnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// isSubdomain reports whether s is a lowercase RFC 1123 subdomain, length aside: labels joined
// by dots.
func isSubdomain(s string) bool {
	for _, part := range strings.Split(s, ".") {
		if !isLabel(part) {
			return false
		}
	}
	return true
}

// isNamePart reports whether s is a qualified name's name part, length aside: letters, digits,
// '-', '_' and '.', starting and ending with a letter or digit. A label's value has the same
// syntax, or is empty.
func isNamePart(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

func isLowerAlnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

func isAlnum(c byte) bool { return isLowerAlnum(c) || c >= 'A' && c <= 'Z' }

// subdomainProblems are the server's details for a name that must be a subdomain of at most
// limit bytes, the length first; unit is how the length message counts ("characters", or
// "bytes" for the kinds that say so).
func subdomainProblems(s string, limit int, unit string) []string {
	var out []string
	if len(s) > limit {
		out = append(out, tooLong(limit, unit))
	}
	if !isSubdomain(s) {
		out = append(out, subdomainRule)
	}
	return out
}

// labelProblems are the server's details for a name that must be a label of at most 63
// characters: a name that would be a subdomain but for its dots is told so.
func labelProblems(s string) []string {
	var out []string
	if len(s) > 63 {
		out = append(out, tooLong(63, "characters"))
	}
	switch {
	case isLabel(s):
	case isSubdomain(s):
		out = append(out, noDots)
	default:
		out = append(out, labelRule)
	}
	return out
}

// pathSegmentProblems are the server's details for a name that must be a path segment: not "."
// nor "..", no '/' nor '%'. No length is checked (a name of 300 characters was accepted).
func pathSegmentProblems(s string) []string {
	var out []string
	if s == "." || s == ".." {
		out = append(out, "may not be '"+s+"'")
	}
	for _, c := range []string{"/", "%"} {
		if strings.Contains(s, c) {
			out = append(out, "may not contain '"+c+"'")
		}
	}
	return out
}

// qualifiedNameProblems are the server's details for a label key, an annotation key or a
// finalizer: an optional subdomain prefix of at most 253 bytes and '/', then a name part of at
// most 63 bytes. An empty part is said so, and an empty name part also breaks its syntax; a key
// holding two '/' is one problem of its own.
func qualifiedNameProblems(s string) []string {
	parts := strings.Split(s, "/")
	if len(parts) > 2 {
		return []string{"a valid label key " + namePartRule + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"}
	}
	var out []string
	name := parts[len(parts)-1]
	if len(parts) == 2 {
		out = prefixProblems(parts[0])
	}
	if name == "" {
		out = append(out, "name part must be non-empty")
	}
	if len(name) > 63 {
		out = append(out, "name part "+tooLong(63, "bytes"))
	}
	if !isNamePart(name) {
		out = append(out, "name part "+namePartRule)
	}
	return out
}

// prefixProblems are the server's details for a qualified name's prefix.
func prefixProblems(prefix string) []string {
	if prefix == "" {
		return []string{"prefix part must be non-empty"}
	}
	var out []string
	if len(prefix) > 253 {
		out = append(out, "prefix part "+tooLong(253, "bytes"))
	}
	if !isSubdomain(prefix) {
		out = append(out, "prefix part "+subdomainRule)
	}
	return out
}

// labelValueProblems are the server's details for a label's value: at most 63 bytes, empty or
// a name part's syntax.
func labelValueProblems(s string) []string {
	var out []string
	if len(s) > 63 {
		out = append(out, tooLong(63, "bytes"))
	}
	if s != "" && !isNamePart(s) {
		out = append(out, valueRule)
	}
	return out
}

// tooLong is the server's length message.
func tooLong(limit int, unit string) string {
	return "must be no more than " + strconv.Itoa(limit) + " " + unit
}
