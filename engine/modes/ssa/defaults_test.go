package ssa_test

import (
	"os"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/managed"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestApplyOwnsNoDefault applies the server-side apply cases of the API server's observed
// defaults (engine/apiserver/testdata/defaults.txt, kube-apiserver v1.37.2) onto nothing and
// wants the Apply entry the server wrote: what was applied and nothing the server defaulted, a
// port's key holding the protocol it defaulted (k:{"containerPort":80,"protocol":"TCP"}); and
// the defaults in the result, marked ssa/server-default.
func TestApplyOwnsNoDefault(t *testing.T) {
	data, err := os.ReadFile("../../apiserver/testdata/defaults.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, block := range strings.Split(string(data), "\n=== ")[1:] {
		head, rest, _ := strings.Cut(block, "\n")
		if !strings.HasSuffix(head, ": ssa") {
			continue
		}
		n++
		sent := strings.SplitN(strings.SplitN(rest, "--- sent\n", 2)[1], "--- stored\n", 2)
		resp := run(t, sent[0], "", `{"manager": "applier"}`)
		if len(resp.Errors) > 0 {
			t.Fatalf("%s: %+v", head, resp.Errors)
		}
		got, err := yamltree.ParseOne(yamltree.Input("result"), resp.Result, yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, err := yamltree.ParseOne(yamltree.Input("stored"), sent[1], yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		entry := func(obj *yamltree.Node) *yamltree.Node { return managed.ManagedFieldsOf(obj).Items[0].Get("fieldsV1") }
		if !yamltree.Equal(entry(got), entry(want)) {
			t.Errorf("%s: the Apply entry owns\n%s\nwant (the server's)\n%s", head, yamltree.EmitNode(entry(got)), yamltree.EmitNode(entry(want)))
		}
		defaults := 0
		for _, f := range resp.Fields {
			if f.Rule == "ssa/server-default" && f.Mark == contract.Added {
				defaults++
			}
		}
		if defaults == 0 {
			t.Errorf("%s: no default marked", head)
		}
	}
	if n == 0 {
		t.Fatal("no server-side apply case observed")
	}
}
