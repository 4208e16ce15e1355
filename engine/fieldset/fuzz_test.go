package fieldset

import "testing"

// FuzzFieldsV1 checks that a set read from FieldsV1 text writes back to text that reads as the
// same set, and that writing is stable.
func FuzzFieldsV1(f *testing.F) {
	f.Add(`{"f:metadata":{"f:labels":{".":{},"f:app":{}}}}`)
	f.Add(`{"f:spec":{"f:ports":{"k:{\"port\":80,\"protocol\":\"TCP\"}":{".":{},"f:port":{}}}}}`)
	f.Add(`{"f:finalizers":{"v:\"a\"":{},"v:1.5":{},"v:null":{}},"f:args":{"i:0":{}}}`)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := Parse(text)
		if err != nil {
			return
		}
		out, err := s.JSON()
		if err != nil {
			return
		}
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("written form %s does not read back: %v", out, err)
		}
		if !back.Equal(s) {
			t.Fatalf("round trip changed the set:\n%s\n---\n%s", s, back)
		}
		if again, _ := back.JSON(); again != out {
			t.Fatalf("writing is not stable: %s then %s", out, again)
		}
	})
}
