package fieldset

import (
	"strings"
	"testing"
)

// The cases are written in the reference's order, so that they must come back byte for byte.
func TestFieldsV1RoundTrip(t *testing.T) {
	tests := []string{
		`{}`,
		`{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:replicas":{}}}`,
		`{"f:spec":{"f:containers":{"k:{\"name\":\"nginx\"}":{".":{},"f:image":{},"f:name":{},"f:ports":{"k:{\"containerPort\":80,\"protocol\":\"TCP\"}":{".":{},"f:containerPort":{}}}}}}}`,
		`{"f:finalizers":{"v:1":{},"v:\"a\\u003cb\"":{}}}`,
		`{"f:args":{"i:0":{},"i:10":{}}}`,
	}
	for _, text := range tests {
		s, err := Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		got, err := s.JSON()
		if err != nil {
			t.Fatal(err)
		}
		if got != text {
			t.Errorf("round trip of %s gave %s", text, got)
		}
		n, err := s.Node()
		if err != nil {
			t.Fatal(err)
		}
		back, err := FromNode(n)
		if err != nil || !back.Equal(s) {
			t.Errorf("node round trip of %s gave %v (%v)", text, back, err)
		}
	}
}

func TestFieldsV1Sorts(t *testing.T) {
	s, err := Parse(`{"v:2":{},"v:1":{},"f:b":{},"f:a":{"f:x":{}},"k:{\"port\":10}":{},"k:{\"port\":9}":{}}`)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := s.JSON()
	want := `{"f:a":{"f:x":{}},"f:b":{},"k:{\"port\":9}":{},"k:{\"port\":10}":{},"v:1":{},"v:2":{}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestFieldsV1Errors(t *testing.T) {
	tests := map[string]string{
		`{"x":{}}`:        "at least 2 characters",
		`{"fx":{}}`:       "colon",
		`{"k:[1]":{}}`:    "JSON object",
		`{"i:a":{}}`:      "not a number",
		`{"f:a":1}`:       "expected an object",
		`{"v:1 2":{}}`:    "after the value",
		`{"f:a":{}} {}`:   "after the value",
		`{"z:future":{}}`: "",
	}
	for text, want := range tests {
		_, err := Parse(text)
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: unexpected error %v", text, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: error %v, want one mentioning %q", text, err, want)
		}
	}
}

func TestKeysSortedByName(t *testing.T) {
	e, _, err := ParseElement(`k:{"protocol":"TCP","containerPort":80}`)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := ElementText(e)
	if text != `k:{"containerPort":80,"protocol":"TCP"}` {
		t.Errorf("got %s", text)
	}
}
