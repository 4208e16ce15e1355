// Package smpfacts states, as a table, what strategic merge patch does in the cases whose
// behaviour surprises (orderings, de-duplication, directives, errors), and checks each fact
// against the reference (k8s.io/apimachinery's strategicpatch, as kubectl and the API server
// run it) and against mergeplay's engine/smp. engine/smp's doc comments cite these facts.
//
// The probe (probe_test.go) answers ad-hoc questions the same way:
//
//	cd scripts/conformance && go test ./smpfacts -run TestProbe -probe.cases cases.jsonl -v
package smpfacts

import (
	"encoding/json"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/client-go/kubernetes/scheme"
)

// Case is one question to the reference: Op is "apply" (StrategicMergePatch of Patch into
// Live), "three" (CreateThreeWayMergePatch of Original, Modified and Live), "two"
// (CreateTwoWayMergePatch of Original and Modified), "two-apply" (that patch applied to Live,
// as Helm 2 upgrades) or "conflict" (three with overwrite false: the patch, or the conflict). Kind names the schema: an apiVersion/kind the client-go scheme registers
// ("apps/v1/Deployment"), or "mergeItem", the test type of the recorded vectors.
type Case struct {
	Name     string          `json:"name,omitempty"`
	Op       string          `json:"op"`
	Kind     string          `json:"kind"`
	Original json.RawMessage `json:"original,omitempty"`
	Modified json.RawMessage `json:"modified,omitempty"`
	Live     json.RawMessage `json:"live,omitempty"`
	Patch    json.RawMessage `json:"patch,omitempty"`
}

// Answer is what the reference did: Output is the result or the patch as JSON, Error its error.
type Answer struct {
	Output string `json:"output,omitempty"`
	Error  string `json:"error,omitempty"`
}

// dataStruct returns the Go value whose struct tags give the schema of kind.
func dataStruct(kind string) (any, error) {
	if kind == "mergeItem" {
		return &mergeItem{}, nil
	}
	gv, k := splitKind(kind)
	parsed, err := schema.ParseGroupVersion(gv)
	if err != nil {
		return nil, err
	}
	return scheme.Scheme.New(parsed.WithKind(k))
}

func splitKind(kind string) (string, string) {
	for i := len(kind) - 1; i >= 0; i-- {
		if kind[i] == '/' {
			return kind[:i], kind[i+1:]
		}
	}
	return "", kind
}

// orEmpty is "{}" for an absent document.
func orEmpty(raw json.RawMessage) []byte {
	if len(raw) == 0 || string(raw) == "null" {
		return []byte("{}")
	}
	return raw
}

// Reference answers a case with the reference library. A panic of the library is an answer
// too: Error "panic: ...".
func Reference(c Case) (a Answer) {
	defer func() {
		if r := recover(); r != nil {
			a = Answer{Error: fmt.Sprintf("panic: %v", r)}
		}
	}()
	obj, err := dataStruct(c.Kind)
	if err != nil {
		return Answer{Error: "schema: " + err.Error()}
	}
	meta, err := strategicpatch.NewPatchMetaFromStruct(obj)
	if err != nil {
		return Answer{Error: "schema: " + err.Error()}
	}
	var out []byte
	switch c.Op {
	case "apply":
		out, err = strategicpatch.StrategicMergePatch(orEmpty(c.Live), orEmpty(c.Patch), obj)
	case "three", "conflict":
		out, err = strategicpatch.CreateThreeWayMergePatch(orEmpty(c.Original), orEmpty(c.Modified), orEmpty(c.Live), meta, c.Op == "three")
	case "two":
		out, err = strategicpatch.CreateTwoWayMergePatch(orEmpty(c.Original), orEmpty(c.Modified), obj)
	case "two-apply":
		out, err = strategicpatch.CreateTwoWayMergePatch(orEmpty(c.Original), orEmpty(c.Modified), obj)
		if err == nil {
			out, err = strategicpatch.StrategicMergePatch(orEmpty(c.Live), out, obj)
		}
	default:
		err = fmt.Errorf("unknown op %q", c.Op)
	}
	if err != nil {
		return Answer{Error: err.Error()}
	}
	return Answer{Output: string(out)}
}
