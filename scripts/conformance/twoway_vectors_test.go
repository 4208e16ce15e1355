package conformance

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/smp"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// mergeItem declares, as Go struct tags, what swagger-merge-item.json declares as OpenAPI
// extensions: the test type of the recorded strategic-merge-patch vectors.
type mergeItem struct {
	Name                  string               `json:"name,omitempty"`
	Value                 string               `json:"value,omitempty"`
	Other                 string               `json:"other,omitempty"`
	MergingList           []mergeItem          `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList        []mergeItem          `json:"nonMergingList,omitempty"`
	MergingIntList        []int                `json:"mergingIntList,omitempty" patchStrategy:"merge"`
	NonMergingIntList     []int                `json:"nonMergingIntList,omitempty"`
	MergeItemPtr          *mergeItem           `json:"mergeItemPtr,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	SimpleMap             map[string]string    `json:"simpleMap,omitempty"`
	ReplacingItem         runtime.RawExtension `json:"replacingItem,omitempty" patchStrategy:"replace"`
	RetainKeysMap         retainKeysMergeItem  `json:"retainKeysMap,omitempty" patchStrategy:"retainKeys"`
	RetainKeysMergingList []mergeItem          `json:"retainKeysMergingList,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`
}

type retainKeysMergeItem struct {
	Name           string            `json:"name,omitempty"`
	Value          string            `json:"value,omitempty"`
	Other          string            `json:"other,omitempty"`
	SimpleMap      map[string]string `json:"simpleMap,omitempty"`
	MergingList    []mergeItem       `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList []mergeItem       `json:"nonMergingList,omitempty"`
	MergingIntList []int             `json:"mergingIntList,omitempty" patchStrategy:"merge"`
}

// TestTwoWayVectorsApplyAsTheServerDoes completes engine/smp's two-way vector test: for every
// recorded case, the engine's two-way patch applied to Original by the engine gives exactly what
// the API server's StrategicMergePatch gives with the same patch, including the two cases whose
// Modified repeats a merge key (which no patch can reproduce, so engine/smp cannot compare them
// with Modified).
func TestTwoWayVectorsApplyAsTheServerDoes(t *testing.T) {
	data, err := os.ReadFile("../../engine/smp/testdata/smp-threeway-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct {
		Description        string
		Original, Modified json.RawMessage
	}
	if err = json.Unmarshal(data, &vectors); err != nil {
		t.Fatal(err)
	}
	swagger, err := os.ReadFile("../../engine/smp/testdata/swagger-merge-item.json")
	if err != nil {
		t.Fatal(err)
	}
	set, err := schema.Load(string(swagger), nil)
	if err != nil {
		t.Fatal(err)
	}
	sch := smp.For(set.Named("mergeItem"), smp.PatchMergeKeys)
	compared := 0
	for _, v := range vectors {
		original, modified := parse(t, v.Original), parse(t, v.Modified)
		patch, err := smp.TwoWay(smp.Align(orEmpty(original), orEmpty(modified), nil, sch))
		if err != nil {
			t.Fatalf("%s: %v", v.Description, err)
		}
		applied, err := smp.Apply(orEmpty(original), patch, sch)
		if err != nil {
			t.Fatalf("%s: %v", v.Description, err)
		}
		engine := applied.Result
		patchJSON, err := patch.JSON()
		if err != nil {
			t.Fatal(err)
		}
		originalJSON := []byte(v.Original)
		if string(originalJSON) == "null" || len(originalJSON) == 0 {
			originalJSON = []byte("{}")
		}
		ref, err := strategicpatch.StrategicMergePatch(originalJSON, []byte(patchJSON), mergeItem{})
		if err != nil {
			t.Fatalf("%s: reference: %v", v.Description, err)
		}
		engineJSON, _ := yamltree.JSON(orEmpty(engine))
		if !sameJSON(t, engineJSON, string(ref)) {
			t.Errorf("%s: applying the two-way patch\n engine    %s\n reference %s", v.Description, engineJSON, ref)
		}
		compared++
	}
	t.Logf("two-way vectors: %d patches applied by the engine and by the API server's code, compared", compared)
}

func parse(t *testing.T, raw json.RawMessage) *yamltree.Node {
	t.Helper()
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	n, err := yamltree.ParseOne(yamltree.Original, string(raw), yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func orEmpty(n *yamltree.Node) *yamltree.Node {
	if n == nil {
		return yamltree.NewMap()
	}
	return n
}

func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(x, y)
}
