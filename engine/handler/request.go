package handler

import (
	"strings"
	"unicode/utf8"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/jsonwire"
)

// decodeRequest returns contract.DecodeRequest(data), faster on long inputs: the strings of
// original, updated and live (megabytes of YAML on a large request) are lifted out of the JSON
// and unquoted by one plain loop (liftTexts), and the rest, with "" in their place, is decoded
// by contract.DecodeRequest. (It was written when contract.DecodeRequest used encoding/json,
// which read each byte of a string through its scanner's state machine twice; package jsonwire
// reads a plain string in one loop too.) Whenever the lifting is not sure to read as
// contract.DecodeRequest reads (invalid UTF-8, a key spelt in another case, anything
// unexpected) or the rest fails to decode, the whole request is decoded by
// contract.DecodeRequest, so that answers and error messages are the same in every case.
func decodeRequest(data []byte) (*contract.Request, error) {
	rest, texts, ok := liftTexts(data)
	if !ok {
		return contract.DecodeRequest(data)
	}
	req, err := contract.DecodeRequest(rest)
	if err != nil {
		return contract.DecodeRequest(data)
	}
	for _, t := range texts {
		switch t.key {
		case "original":
			req.Original = t.text
		case "updated":
			req.Updated = t.text
		case "live":
			req.Live = t.text
		}
	}
	return req, nil
}

// liftedKeys are the request's keys whose string values liftTexts lifts.
var liftedKeys = []string{"original", "updated", "live"}

// lifted is one string value lifted out of a request: its key, its text, where it was.
type lifted struct {
	key        string
	text       string
	start, end int // the value's bytes in the request, quotes included
}

// liftTexts reads the top-level object of data, unquotes the string values of liftedKeys, and
// returns data with each of those values replaced by "", and the texts in the order read.
func liftTexts(data []byte) (rest []byte, texts []lifted, ok bool) {
	s := scanner{data: data}
	if !s.expect('{') {
		return nil, nil, false
	}
	for first := true; ; first = false {
		s.space()
		if s.peek() == '}' && first {
			break
		}
		key, keyOK := s.simpleString()
		if !keyOK || !s.expect(':') {
			return nil, nil, false
		}
		s.space()
		if !isLifted(key) {
			if !s.skipValue() || otherSpelling(key) {
				return nil, nil, false
			}
		} else if s.peek() == '"' {
			start := s.at
			text, textOK := s.simpleString()
			if !textOK {
				return nil, nil, false
			}
			texts = append(texts, lifted{key: key, text: text, start: start, end: s.at})
		} else if !s.skipValue() {
			return nil, nil, false
		}
		s.space()
		if s.peek() == ',' {
			s.at++
			continue
		}
		break
	}
	if !s.expect('}') {
		return nil, nil, false
	}
	return withoutTexts(data, texts), texts, true
}

// isLifted reports whether key is one of liftedKeys, spelt as they are.
func isLifted(key string) bool {
	for _, k := range liftedKeys {
		if key == k {
			return true
		}
	}
	return false
}

// otherSpelling reports whether key names a lifted key in another case ("Live"), which
// encoding/json would read into the same field.
func otherSpelling(key string) bool {
	for _, k := range liftedKeys {
		if strings.EqualFold(key, k) {
			return true
		}
	}
	return false
}

// withoutTexts returns data with each lifted value replaced by "".
func withoutTexts(data []byte, texts []lifted) []byte {
	out := make([]byte, 0, 256)
	last := 0
	for _, t := range texts {
		out = append(out, data[last:t.start]...)
		out = append(out, `""`...)
		last = t.end
	}
	return append(out, data[last:]...)
}

// scanner reads JSON text at a position.
type scanner struct {
	data []byte
	at   int
}

func (s *scanner) peek() byte {
	if s.at < len(s.data) {
		return s.data[s.at]
	}
	return 0
}

// space skips JSON's white space.
func (s *scanner) space() {
	for s.at < len(s.data) {
		switch s.data[s.at] {
		case ' ', '\t', '\n', '\r':
			s.at++
		default:
			return
		}
	}
}

// expect skips white space and the byte c; false when c is not next.
func (s *scanner) expect(c byte) bool {
	s.space()
	if s.peek() != c {
		return false
	}
	s.at++
	return true
}

// simpleString reads a string whose text is valid UTF-8 and holds no control character, with
// any escape JSON allows (escaped): encoding/json reads it as this loop does. Anything else is
// not read (false).
func (s *scanner) simpleString() (string, bool) {
	if s.peek() != '"' {
		return "", false
	}
	var b strings.Builder
	run := s.at + 1
	for i := run; i < len(s.data); i++ {
		c := s.data[i]
		switch {
		case c == '"':
			if !utf8.Valid(s.data[run:i]) {
				return "", false
			}
			s.at = i + 1
			if b.Len() == 0 {
				return string(s.data[run:i]), true
			}
			b.Write(s.data[run:i])
			return b.String(), true
		case c < 0x20:
			return "", false
		case c == '\\':
			if !utf8.Valid(s.data[run:i]) {
				return "", false
			}
			if b.Len() == 0 {
				b.Grow(min(len(s.data)-run, 1<<16))
			}
			b.Write(s.data[run:i])
			n := jsonwire.Unescape(&b, s.data[i:])
			if n == 0 {
				return "", false
			}
			i += n - 1
			run = i + 1
		}
	}
	return "", false
}

func (s *scanner) peekAt(i int) byte {
	if i < len(s.data) {
		return s.data[i]
	}
	return 0
}

// skipValue passes over one value without reading it: a string, an object or array (strings
// inside them passed over too), or a literal up to the next delimiter. Whether the value is
// valid JSON is left to the decoding of the rest.
func (s *scanner) skipValue() bool {
	depth := 0
	for s.at < len(s.data) {
		switch c := s.data[s.at]; {
		case c == '"':
			if !s.skipString() {
				return false
			}
			if depth == 0 {
				return true
			}
			continue
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth == 0 {
				return true
			}
			depth--
			if depth == 0 {
				s.at++
				return true
			}
		case depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return true
		}
		s.at++
	}
	return depth == 0
}

// skipString passes over a string, whatever its escapes.
func (s *scanner) skipString() bool {
	for i := s.at + 1; i < len(s.data); i++ {
		switch s.data[i] {
		case '\\':
			i++
		case '"':
			s.at = i + 1
			return true
		}
	}
	return false
}
