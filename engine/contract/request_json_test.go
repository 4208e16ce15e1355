package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// decodeWithEncodingJSON is DecodeRequest as it was written with encoding/json, the reference
// of FuzzDecodeRequestAsEncodingJSON; but anything after the request object but white space is
// refused (encoding/json's Decoder.More let a "]" or "}" through).
func decodeWithEncodingJSON(data []byte) (*Request, error) {
	var wire struct {
		Request
		Steps []json.RawMessage `json:"steps"`
	}
	wire.Options = DefaultOptions()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&wire); err != nil {
		return nil, err
	}
	if dec.InputOffset() != int64(len(bytes.TrimRight(data, " \t\r\n"))) {
		return nil, errTrailing
	}
	req := wire.Request
	if wire.Steps != nil {
		req.Steps = []*Request{}
	}
	for _, raw := range wire.Steps {
		step, err := decodeStepWithEncodingJSON(raw)
		if err != nil {
			return nil, err
		}
		req.Steps = append(req.Steps, step)
	}
	return &req, nil
}

// decodeStepWithEncodingJSON reads a history's step as the contract says: a request without
// steps of its own, its omitted options defaulted; null stays nil.
func decodeStepWithEncodingJSON(raw json.RawMessage) (*Request, error) {
	if string(raw) == "null" {
		return nil, nil
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err == nil {
		for k := range keys {
			if strings.EqualFold(k, "steps") {
				return nil, errors.New("a step holds steps")
			}
		}
	}
	step := &Request{Options: DefaultOptions()}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(step); err != nil {
		return nil, err
	}
	return step, nil
}

var errTrailing = json.Unmarshal([]byte("{} x"), new(any))

// requestJSONSeeds are requests well and badly formed.
var requestJSONSeeds = []string{
	`{"mode":"apply","live":"a: 1\n","updated":"b: \"2\"\\\/\t\r\b\f","original":""}`, `null`, ` null `, `{}`, `[]`, ``,
	`{"Live":"x","live":"y"}`, `{"LIVE":"x"}`, `{"live":"\ud800\u0041 \xff"}`, `{"live":null,"mode":null}`, `{"live":3}`,
	`{"version":1}`, `{"version":2}`, `{"version":-1}`, `{"version":1.0}`, `{"version":-0}`, `{"version":1e2}`, `{"version":"1"}`, `{"version":99999999999999999999}`,
	`{"options":null}`, `{"options":{"force":true},"options":{"prune":true}}`, `{"options":{"overwrite":null}}`, `{"options":[]}`,
	`{"options":{"Now":"2026-01-01T00:00:00Z","inferkeys":true,"MULTIKEYS":true,"schemaType":"t","schema":"s","client":"server"}}`,
	`{"options":{"overwite":true}}`, `{"reproduce":true}`, `{"reproduce":1}`, `{"mode":"a"}}`, `{"mode":"a"}]`, `{"mode":"a"} x`,
	`{"mode":"a",}`, `{"mode" "a"}`, `{"mode":"a" "live":"b"}`, `{"options":{"manager":"kubectl","manager":"me"}}`,
	"{\"live\":\"a\u2028b\"}", `{"reproduce":false,"reproduce":true}`, `{"mode":"\u0061pply"}`, `{"mod\u0065":"apply"}`,
	`{"mode":"history","steps":[{"mode":"apply","updated":"a: 1"},null,{"options":{"force":true}}]}`, `{"steps":null}`, `{"steps":[]}`,
	`{"steps":[{"steps":[]}]}`, `{"steps":[{"STEPS":null}]}`, `{"steps":[{"x":1}]}`, `{"steps":{}}`, `{"steps":[1]}`, `{"Steps":[{}],"steps":[{"mode":"a"}]}`,
	`{"skip":["diff","patches"]}`, `{"skip":null}`, `{"skip":[]}`, `{"skip":[null,"diff"]}`, `{"skip":"diff"}`, `{"skip":[1]}`,
	`{"skip":["diff"],"skip":["patches"]}`, `{"Skip":["diff"]}`,
}

// FuzzDecodeRequestAsEncodingJSON checks that DecodeRequest reads any text as encoding/json
// read it: the same requests accepted, with the same fields. The checks that follow the
// reading (version, operation, client, validate, now) are left out of the comparison: both
// sides would apply the same ones.
func FuzzDecodeRequestAsEncodingJSON(f *testing.F) {
	for _, s := range requestJSONSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, wantErr := decodeWithEncodingJSON(data)
		got, gotErr := readRequest(data)
		if (gotErr == nil) != (wantErr == nil) || (gotErr == nil && !reflect.DeepEqual(got, want)) {
			t.Fatalf("%q:\ngot  %+v, %v\nwant %+v, %v", data, got, gotErr, want, wantErr)
		}
	})
}

// TestEncodeJSONAsEncodingJSON writes requests both ways.
func TestEncodeJSONAsEncodingJSON(t *testing.T) {
	full := Request{Version: 1, Mode: "ssa", Original: "a: <b>\n", Updated: "\u2028\x01é", Live: `"\`, Reproduce: true,
		Options: Options{Overwrite: true, Prune: true, Manager: "m", Force: true, Operation: "update", Client: "server",
			InferKeys: true, MultiKeys: true, Schema: "s", SchemaType: "t", Now: "2026-01-01T00:00:00Z", Validate: "warn"}}
	history := Request{Mode: History, Options: DefaultOptions(), Steps: []*Request{&full, nil, {Mode: "apply", Options: DefaultOptions()}}}
	for _, req := range []Request{{}, {Options: DefaultOptions()}, full, history} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(&req); err != nil {
			t.Fatal(err)
		}
		if got := req.EncodeJSON(); !bytes.Equal(got, bytes.TrimSuffix(want.Bytes(), []byte("\n"))) {
			t.Errorf("got  %s\nwant %s", got, want.Bytes())
		}
		back, err := DecodeRequest(req.EncodeJSON())
		if req.Options.Operation != "" && (err != nil || !reflect.DeepEqual(*back, req)) {
			t.Errorf("read back %+v, %v", back, err)
		}
	}
}
