package applydiff

import (
	"context"
	"reflect"
	"testing"
)

// TestGeneratedYAMLReadsBack checks the emitter on generated and edited resources of every
// kind: kubectl's reader must see exactly the tree the generator built.
func TestGeneratedYAMLReadsBack(t *testing.T) {
	kinds := []string{kindDeployment, kindService, kindStatefulSet, kindCronJob, kindWidget}
	for i := range 200 {
		b := &builder{d: newDice(7, i), namespace: "prod"}
		for _, kind := range kinds {
			r := b.newResource(kind, "web")
			b.edit(r)
			text := r.text()
			objs, err := decodeStream(text)
			if err != nil || len(objs) != 1 {
				t.Fatalf("%s: %v\n%s", kind, err, text)
			}
			if got, want := jsonData(t, objs[0].Object), toData(r.doc); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s reads back differently: %s\n%s", kind, firstDiff("", want, got), text)
			}
		}
	}
}

// TestGeneratorIsDeterministic checks that a case depends on the seed and its index alone,
// whatever the number of workers.
func TestGeneratorIsDeterministic(t *testing.T) {
	g := Generator{Seed: 42}
	for i := range 20 {
		a, errA := g.Case(i)
		b, errB := g.Case(i)
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("case %d differs between two generations (%v, %v)", i, errA, errB)
		}
	}
	one := Run(context.Background(), Config{Seed: 42, Cases: 60, Workers: 1})
	two := Run(context.Background(), Config{Seed: 42, Cases: 60, Workers: 2})
	for i := range one {
		if !reflect.DeepEqual(one[i].Ref, two[i].Ref) || !reflect.DeepEqual(one[i].Features, two[i].Features) {
			t.Fatalf("case %d answered differently with one and two workers", i)
		}
	}
	if other, _ := (Generator{Seed: 43}).Case(0); reflect.DeepEqual(other.Updated, one[0].Case.Updated) {
		t.Errorf("seeds 42 and 43 give the same case")
	}
}
