package reproduce_test

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestRefusalQuotesTheClusterUID: a patch that changes live's uid is refused, and the refusal
// quotes the uid the patch sent, which the script writes with the cluster's uid; the message
// the script expects must say the same (make apiserver-diff seed 7, patch-13: the cluster
// quoted its own uid with -v2 after it, the script expected live's as given).
func TestRefusalQuotesTheClusterUID(t *testing.T) {
	const uid = "5f0c7e4a-2b8e-4c1d-9a7b-3e2f1d0c9b8a"
	req := &contract.Request{Mode: "patch", Options: contract.DefaultOptions(),
		Live:    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: flags\n  namespace: staging\n  uid: \"" + uid + "\"\ndata: {a: b}\n",
		Updated: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: flags\n  namespace: staging\n  uid: \"" + uid + "-v2\"\ndata: {a: c}\n"}
	script, resp := scriptOf(t, req)
	refused := false
	for _, c := range resp.Commands {
		refused = refused || strings.Contains(c.Error, uid+"-v2\": field is immutable")
	}
	if !refused {
		t.Fatalf("want the patch refused for its uid; commands: %+v", resp.Commands)
	}
	for _, want := range []string{
		`uid_1=$(kubectl get configmap flags -n staging -o jsonpath='{.metadata.uid}')`,
		`sed "s/` + uid + `/$uid_1/g" want-error-1.txt >want-error-1.txt.uid && mv want-error-1.txt.uid want-error-1.txt`,
	} {
		if !strings.Contains(script, want) {
			t.Errorf("the script lacks %q:\n%s", want, script)
		}
	}
}
