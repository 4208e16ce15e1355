package merge3diff

import (
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/examples"
)

// TestExamplesMatchKyaml checks every merge3 example's expected result against kyaml.
func TestExamplesMatchKyaml(t *testing.T) {
	all, err := examples.Load(os.DirFS("../../../examples"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ex := range all {
		if ex.Mode != "merge3" {
			continue
		}
		n++
		c := &Case{Original: ex.Request.Original, Updated: ex.Request.Updated, Live: ex.Request.Live, InferKeys: ex.Request.Options.InferKeys}
		if ref := Reference(c); ref.Failed() || ref.Result != ex.Expected {
			t.Errorf("%s: kyaml answers differently (%s):\n%s", ex.Name, ref.Err, ref.Result)
		}
	}
	if n == 0 {
		t.Error("no merge3 example")
	}
}

// TestVectorsMatchKyaml runs the engine's recorded vectors through kyaml's MergeStrings again,
// so a kyaml upgrade that changes an answer shows here first.
func TestVectorsMatchKyaml(t *testing.T) {
	vs, err := readVectors("../../../engine/modes/merge3/testdata/kyaml-merge3-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		got, err := mergeStrings(v.Local, v.Origin, v.Update, v.Infer)
		if got != v.Actual || (err != nil) != (v.ActualErr != "") {
			t.Errorf("%s/%s: kyaml now answers %q (%v), recorded %q", v.Table, v.Description, got, err, v.Actual)
		}
	}
}
