package examples

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// TestEncodeAsEncodingJSON checks that every example's response (and its reproduce script) is
// written byte for byte as encoding/json writes it from the types' json tags, HTML escaping
// off: the hand-written writers of package jsonwire's Marshalers keep the keys, their order and
// their omissions.
func TestEncodeAsEncodingJSON(t *testing.T) {
	all, err := Load(os.DirFS("."))
	if err != nil {
		t.Fatal(err)
	}
	h := handler.Default()
	for _, ex := range all {
		for _, reproduce := range []bool{false, true} {
			req := *ex.Request
			req.Reproduce = reproduce
			resp := h.Handle(context.Background(), &req)
			got, err := resp.Encode()
			if err != nil {
				t.Fatalf("%s: %v", ex.Name, err)
			}
			if want := encodingJSON(t, resp); !bytes.Equal(got, want) {
				t.Errorf("%s (reproduce %v): the response differs from encoding/json's at byte %d:\n%s", ex.Name, reproduce, firstDifference(got, want), got)
			}
		}
	}
}

// encodingJSON writes the response as Response.Encode wrote it with encoding/json.
func encodingJSON(t *testing.T, resp *contract.Response) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(resp.Normalize()); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
