package handler

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// sameAsContract checks that decodeRequest reads data as contract.DecodeRequest does.
func sameAsContract(t *testing.T, data []byte) {
	t.Helper()
	got, gotErr := decodeRequest(data)
	want, wantErr := contract.DecodeRequest(data)
	if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
		t.Fatalf("%q: error %v, want %v", data, gotErr, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q:\ngot  %+v\nwant %+v", data, got, want)
	}
}

// requestSeeds are requests well and badly formed.
var requestSeeds = []string{
	`{"mode":"apply","live":"a: 1\n","updated":"b: \"2\"\\\/\t\r\b\f","original":""}`,
	`{}`, ` { "live" : "x" , "mode" : "merge3" } `, `{"live":"x","live":"y"}`,
	`{"Live":"x","live":"y"}`, `{"live":"y","LIVE":"x"}`, `{"live":"\u0041"}`, `{"live":"\ud800"}`, `{"live":"\ud800\u0041"}`, `{"live":"\udc00\ud800x"}`,
	`{"live":"\ud83d\ude00\u00e9\u2028"}`, `{"live":"\ud83d\uZZZZ"}`, `{"live":"\u12"}`, `{"live":"\x"}`, `{"live":"\ud83d\`, `{"live":"é ☃ \ud83d\ude00"}`,
	`{"live":null}`, `{"live":3}`, `{"live":"x",}`, `{"live":"x"} {}`, `{"live":"x"`, `{"live":"a` + "\x01" + `"}`,
	`{"live":"` + "\xff" + `"}`, `{"options":{"now":"2026-01-01T00:00:00Z","force":true},"live":"x","mode":"ssa"}`,
	`{"options":{"overwite":true}}`, `{"options":{"validate":"loud"},"live":"x"}`, `{"version":99,"live":"x"}`,
	`{"live":"x","extra":[1,{"a":"}]"},"\"]"]}`, `[]`, ``, `{"live":"x"}trailing`, `{"reproduce":true,"updated":"u\n"}`,
}

// TestDecodeRequestAsTheContract reads the seeds both ways.
func TestDecodeRequestAsTheContract(t *testing.T) {
	for _, data := range requestSeeds {
		sameAsContract(t, []byte(data))
	}
}

// FuzzDecodeRequest reads any request both ways.
func FuzzDecodeRequest(f *testing.F) {
	for _, data := range requestSeeds {
		f.Add([]byte(data))
	}
	f.Fuzz(func(t *testing.T, data []byte) { sameAsContract(t, data) })
}

// TestDecodeRequestRandomTexts writes requests holding random texts as the page's
// JSON.stringify does (no HTML escaping) and as Go does (\u escapes), and reads them both ways;
// both take the fast path.
func TestDecodeRequestRandomTexts(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	pieces := []string{"a", "key: value\n", "  - item\n", "\"", "\\", "/", "\t", "\r\n", "é", "☃", "😀", "\x00", "\x1f", "<&>", "\u2028", "#", "\xff"}
	for i := range 2000 {
		var texts [3]string
		for j := range texts {
			var b strings.Builder
			for range rng.Intn(30) {
				b.WriteString(pieces[rng.Intn(len(pieces))])
			}
			texts[j] = b.String()
		}
		req := contract.Request{Mode: "merge3", Original: texts[0], Updated: texts[1], Live: texts[2], Options: contract.DefaultOptions()}
		var page bytes.Buffer
		enc := json.NewEncoder(&page)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(req); err != nil {
			t.Fatal(err)
		}
		goSpelling, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		sameAsContract(t, page.Bytes())
		sameAsContract(t, goSpelling)
		for _, spelt := range [][]byte{page.Bytes(), goSpelling} {
			if _, _, ok := liftTexts(spelt); !ok {
				t.Fatalf("request %d did not take the fast path: %s", i, spelt)
			}
		}
	}
}
