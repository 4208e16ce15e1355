package applydiff

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/handler"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/client-go/kubernetes/scheme"
)

// How kubectl apply reads annotations, probed (issue 15 item 2): a ConfigMap whose annotations
// (flow text; "" for none) differ in last-applied (the original editor), the config and live.
// TestAnnotationsProbe runs kubectl's steps and the engine on each and wants the same answer;
// with -v it prints kubectl's patch and result, or its refusal (a config whose annotation is not
// a string does not decode: objectmeta.go), the facts engine/modes/apply/annotations.go states:
//
//	cd scripts/conformance && go test ./applydiff -run TestAnnotationsProbe -v
type annotationsProbe struct {
	name                    string
	original, updated, live string
}

// lastAppliedNamingZ is a last-applied annotation naming data.z, which live holds and the
// config does not: read, it makes the patch delete z.
const lastAppliedNamingZ = `kubectl.kubernetes.io/last-applied-configuration: '{"apiVersion":"v1","data":{"a":"1","z":"2"},"kind":"ConfigMap","metadata":{"name":"probe","namespace":"default"}}'`

var annotationsProbes = []annotationsProbe{
	{name: "a boolean in the config", original: "{a: s1, b: s2}", updated: "{a: true, b: s2, c: s3}", live: "{a: s1, b: s2, d: s4}"},
	{name: "a null in the config", original: "{a: s1}", updated: "{a: null, b: s2}", live: "{a: s1}"},
	{name: "a null and a number in the config", original: "{a: s1}", updated: "{a: null, b: 1}", live: "{a: s1}"},
	{name: "a map in the config", original: "{a: s1}", updated: "{a: {x: 1}, b: s2}", live: "{a: s1}"},
	{name: "created with a boolean", updated: "{a: true, b: s2}"},
	{name: "created with a null", updated: "{a: null, b: s2}"},
	{name: "a boolean in last-applied", original: "{a: true, b: s2}", updated: "{a: s1, b: s2}", live: "{a: s1, b: s2}"},
	{name: "a null in last-applied", original: "{a: null, b: s2}", updated: "{b: s2}", live: "{a: s1, b: s2}"},
	{name: "a boolean in live", original: "{a: s1}", updated: "{a: s1}", live: "{a: true, e: 1}"},
	{name: "a boolean everywhere", original: "{a: true}", updated: "{a: true}", live: "{a: true}"},
	{name: "a null everywhere", original: "{a: ~}", updated: "{a: ~}", live: "{a: ~}"},
	{name: "a boolean in live, no original", updated: "{a: s1}", live: "{a: true}"},
	{name: "a boolean in live beside last-applied, no original", updated: "{a: s1}", live: "{a: true, " + lastAppliedNamingZ + "}"},
	{name: "a null in live beside last-applied, no original", updated: "{a: s1}", live: "{a: null, " + lastAppliedNamingZ + "}"},
	{name: "annotations null", original: "{a: s1}", updated: "null", live: "{a: s1}"},
	{name: "annotations a list", original: "{a: s1}", updated: "[1]", live: "{a: s1}"},
}

// annotatedConfigMap writes the probe's ConfigMap with annotations (and data z in live).
func annotatedConfigMap(annotations, data string) string {
	text := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: probe\n"
	if annotations != "" {
		text += "  annotations: " + annotations + "\n"
	}
	return text + "data: " + data + "\n"
}

// strictDecoder decodes as the API server does with kubectl's default --validate=strict.
var strictDecoder = serializer.NewCodecFactory(scheme.Scheme, serializer.EnableStrict).UniversalDeserializer()

func TestAnnotationsProbe(t *testing.T) {
	h := handler.Default()
	for _, p := range annotationsProbes {
		c := &Case{Updated: annotatedConfigMap(p.updated, `{a: "1"}`), Overwrite: true}
		if p.original != "" {
			c.Original = annotatedConfigMap(p.original, `{a: "1"}`)
		}
		if p.live != "" {
			c.Live = annotatedConfigMap(p.live, `{a: "1", z: "2"}`)
		}
		ref, eng := Reference(c), Engine(context.Background(), h, c)
		var b strings.Builder
		refused := ""
		if ref.Input != "" {
			fmt.Fprintf(&b, "  kubectl refuses: %s\n", ref.Input)
		}
		for _, o := range ref.Outcomes {
			res, _ := json.Marshal(o.Result["metadata"])
			fmt.Fprintf(&b, "  %s: patch %s\n  result.metadata %s\n", o.Action, o.Patch, res)
			if refused = serverRefusal(o.Result); refused != "" {
				fmt.Fprintf(&b, "  the API server refuses it: %s\n", refused)
			}
		}
		t.Logf("%s:\n%s", p.name, b.String())
		if refused != "" {
			// the API server decodes the patched object, which kubectl's steps alone do not
			if !engineRefuses(eng, "live", refused) {
				t.Errorf("%s: the API server refuses the result (%s); the engine: %s", p.name, refused, engineErrors(eng))
			}
			continue
		}
		if diffs := Compare(ref, eng); len(diffs) > 0 {
			t.Errorf("%s: %s", p.name, strings.Join(diffs, "\n"))
		}
	}
}

// serverRefusal is the API server's strict decoding error for an object, or "".
func serverRefusal(obj map[string]any) string {
	data, err := json.Marshal(obj)
	if err != nil || obj == nil {
		return ""
	}
	if _, _, err := strictDecoder.Decode(data, nil, nil); err != nil {
		return err.Error()
	}
	return ""
}

// engineRefuses reports whether the engine refused in input with the server's message.
func engineRefuses(eng *EngineAnswer, input, message string) bool {
	for _, e := range eng.Response.Errors {
		if e.Input == input && strings.Contains(e.Message, message) {
			return eng.Response.Result == ""
		}
	}
	return false
}
