package jsonwire

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// yamlText and jsonText are the two kinds of long string a response holds: YAML (a newline to
// escape every line) and JSON (a quote to escape every few bytes: the patches).
var yamlText = strings.Repeat("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web-1\n  labels: {app: web-1}\n", 3000)
var jsonText = strings.Repeat(`{"metadata":{"labels":{"app":"web-1"}},"spec":{"template":{"spec":{"containers":[{"name":"app","image":"x:v2"}]}}}}`, 2000)

// BenchmarkAppendString writes the two texts quoted, and encoding/json the same, for comparison.
func BenchmarkAppendString(b *testing.B) {
	for _, tt := range []struct{ name, s string }{{"yaml", yamlText}, {"json", jsonText}} {
		b.Run(tt.name+"/jsonwire", func(b *testing.B) {
			buf := make([]byte, 0, 2*len(tt.s))
			b.SetBytes(int64(len(tt.s)))
			for b.Loop() {
				buf = appendString(buf[:0], tt.s)
			}
		})
		b.Run(tt.name+"/encoding-json", func(b *testing.B) {
			var buf bytes.Buffer
			b.SetBytes(int64(len(tt.s)))
			for b.Loop() {
				buf.Reset()
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(tt.s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
