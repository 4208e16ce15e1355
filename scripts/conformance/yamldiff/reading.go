package yamldiff

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// refusal is a reference refusing an input: the input, the line its message names (0 when it
// names none) and the message.
type refusal struct {
	input   string
	line    int
	message string
}

// readAsFile reads text as `kubectl apply -f` reads a file: apimachinery's YAMLOrJSONDecoder,
// null documents skipped. It returns the documents as JSON, or the refusal.
func readAsFile(input, text string) ([][]byte, *refusal) {
	dec := utilyaml.NewYAMLOrJSONDecoder(strings.NewReader(text), 4096)
	var docs [][]byte
	for {
		var ext runtime.RawExtension
		err := dec.Decode(&ext)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, &refusal{input: input, line: fileLine(text, len(docs), err), message: err.Error()}
		}
		raw := bytes.TrimSpace(ext.Raw)
		if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
			docs = append(docs, nil)
			continue
		}
		docs = append(docs, raw)
	}
}

// readAsPatch reads a patch as `kubectl patch -p` reads its argument (apimachinery's
// yaml.ToJSON), each document of the stream apart (the engine's patch input is a stream of
// patches).
func readAsPatch(input, text string) *refusal {
	for _, ch := range chunks(text) {
		if strings.TrimSpace(ch.text) == "" {
			continue
		}
		if _, err := utilyaml.ToJSON([]byte(ch.text)); err != nil {
			return &refusal{input: input, line: relativeLine(ch.first, err), message: err.Error()}
		}
	}
	return nil
}

// lineInMessage finds "line N:" in a go-yaml message.
var lineInMessage = regexp.MustCompile(`\bline (\d+):`)

// chunk is one document's text as kubectl's stream reader cuts it, and its first line.
type chunk struct {
	text  string
	first int
}

// chunks cuts a stream at lines starting with "---", as kubectl's YAML reader does.
func chunks(text string) []chunk {
	var out []chunk
	var cur strings.Builder
	first := 1
	for i, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "---") {
			out = append(out, chunk{text: cur.String(), first: first})
			cur.Reset()
			first = i + 2
			continue
		}
		cur.WriteString(line)
	}
	return append(out, chunk{text: cur.String(), first: first})
}

// fileLine maps the line a decoder error names (within its document) to the stream's line.
// decoded is how many documents were read before the failing one, empty ones not counted by
// the decoder; the document is found again by converting each chunk as kubectl does.
func fileLine(text string, _ int, err error) int {
	for _, ch := range chunks(text) {
		if _, cerr := yaml.YAMLToJSON([]byte(ch.text)); cerr != nil {
			return relativeLine(ch.first, cerr)
		}
	}
	return relativeLine(1, err)
}

// relativeLine turns "line N" of a message about a document starting at line first into the
// stream's line; 0 when the message names no line. go-yaml (v2, under kubectl) counts lines from
// 1 in its scanner's messages but from 0 in its parser's (observed: "found undefined tag handle"
// on a document's ninth line says "line 8", "mapping values are not allowed" on its eighth says
// "line 8"): the line returned is the one the problem is on.
func relativeLine(first int, err error) int {
	m := lineInMessage.FindStringSubmatch(err.Error())
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	if parserError(err.Error()) {
		n++
	}
	return first + n - 1
}

// parserMessages are go-yaml's parser errors (the others are its scanner's).
var parserMessages = []string{"did not find expected key", "did not find expected ',' or ']'",
	"did not find expected ',' or '}'", "did not find expected node content", "found undefined tag handle",
	"did not find expected '-' indicator", "did not find expected <document start>", "found duplicate %TAG directive", "found duplicate %YAML directive",
	"found incompatible YAML document"}

func parserError(message string) bool {
	for _, m := range parserMessages {
		if strings.Contains(message, m) {
			return true
		}
	}
	return false
}
