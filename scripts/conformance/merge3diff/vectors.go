package merge3diff

import (
	"encoding/json"
	"os"

	kmerge3 "sigs.k8s.io/kustomize/kyaml/yaml/merge3"
)

// vector is one recorded case of kyaml's merge3 tests.
type vector struct {
	Table, Description    string
	Origin, Update, Local string
	Actual, ActualErr     string
	Infer                 bool
}

func readVectors(file string) ([]vector, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var vs []vector
	return vs, json.Unmarshal(data, &vs)
}

// mergeStrings is kyaml's MergeStrings (guessing keys from the engine's list, set in init; the
// vectors only guess name, kyaml's own default).
func mergeStrings(local, origin, update string, infer bool) (string, error) {
	return kmerge3.MergeStrings(local, origin, update, infer)
}
