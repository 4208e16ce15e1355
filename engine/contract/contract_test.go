package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func TestDecodeDefaults(t *testing.T) {
	req, err := DecodeRequest([]byte(`{"mode":"apply","live":"a: 1","options":{"prune":true}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := DefaultOptions()
	want.Prune = true
	if req.Options != want {
		t.Errorf("options: got %+v, want %+v", req.Options, want)
	}
	req, err = DecodeRequest([]byte(`{"mode":"apply","options":{"overwrite":false}}`))
	if err != nil || req.Options.Overwrite || req.Options.Manager != "kubectl" {
		t.Errorf("explicit false lost: %+v %v", req, err)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tt := range []struct{ body, want string }{
		{`{"mode":"apply","options":{"overwrit":false}}`, `unknown field "overwrit"`},
		{`{"mode":"apply","liv":""}`, `unknown field "liv"`},
		{`{"mode":`, `line 1, column 9: want a string, found the end of the text`},
		{`{"mode":"apply"}]`, `unexpected data`},
		{`{"mode":"apply","options":5}`, `want an object, found a number`},
		{`{"mode":"apply"} {}`, `unexpected data`},
		{`{"version":99,"mode":"apply"}`, `version 99`},
		{`{"version":-1,"mode":"apply"}`, `versions 1 to 2`},
		{`{"mode":"ssa","options":{"operation":"create"}}`, `options.operation`},
		{`{"mode":"ssa","options":{"now":"yesterday"}}`, `RFC 3339`},
	} {
		_, err := DecodeRequest([]byte(tt.body))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.body, err, tt.want)
		}
	}
}

func TestResponseAlwaysHasEveryKey(t *testing.T) {
	data, err := (&Response{Result: "x"}).Encode()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"version", "result", "patch", "fields", "names", "conflicts", "errors", "extra", "commands", "reproduce", "layout"} {
		if v, ok := m[k]; !ok || v == nil {
			t.Errorf("key %s missing or null in %s", k, data)
		}
	}
}

func TestErrorsDropResult(t *testing.T) {
	r := &Response{Result: "half: merged", Fields: []Field{{Path: ".a"}}}
	r.AddError("live", &yamltree.Error{Input: yamltree.Live, Line: 3, Column: 7, Message: "bad"})
	r.AddError("request", errors.New("plain"))
	r.Normalize()
	if r.Result != "" || len(r.Fields) != 0 {
		t.Errorf("a failed response kept its result")
	}
	if r.Errors[0] != (Error{Input: "live", Line: 3, Column: 7, Message: "bad"}) || r.Errors[1].Input != "request" {
		t.Errorf("errors: %+v", r.Errors)
	}
}

func TestEncodeWritesMarkupAsItself(t *testing.T) {
	data, err := (&Response{Result: "a: <b> && c\n"}).Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"result":"a: <b> && c\n"`)) || bytes.HasSuffix(data, []byte("\n")) {
		t.Errorf("encoded: %s", data)
	}
	var back Response
	if err := json.Unmarshal(data, &back); err != nil || back.Result != "a: <b> && c\n" {
		t.Errorf("read back %q, %v", back.Result, err)
	}
}

// TestMarkLinesOf: each mark's line counts in the text its doc names.
func TestMarkLinesOf(t *testing.T) {
	for mark, want := range map[Mark]string{
		Added: "result", Changed: "result", Retained: "result", Ignored: "result",
		Deleted: "live", Conflicted: "live", Dropped: "updated",
	} {
		if got := mark.LinesOf(); got != want {
			t.Errorf("%s: %q, want %q", mark, got, want)
		}
	}
}
