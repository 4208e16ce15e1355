package applydiff

import (
	"reflect"
	"testing"
)

func TestEmitReadsBackAsKubectlReadsIt(t *testing.T) {
	doc := newMap(
		"apiVersion", "v1",
		"kind", "ConfigMap",
		"metadata", newMap("name", "x", "labels", newMap("on", "yes", "app.kubernetes.io/name", "web")),
		"data", newMap(
			"script", "echo a\necho b\n",
			"oneline", "a: b #c",
			"empty", "",
			"number", "0755",
			"star", "*/5 * * * *",
			"amp", "a&b<c>",
			"flags", "--a=1",
			"dash", "-v=2",
			"quantity", "500m",
			"percent", "25%",
			"annotation", "{\"a\":1}\n",
		),
		"spec", newMap(
			"mode", raw{text: "0644", value: int64(420)},
			"flag", raw{text: "on", value: true},
			"ratio", 1.0,
			"none", nil,
			"empty", newMap(),
			"list", newList(newMap("name", "a", "value", int64(1)), newList("x", "y"), newList()),
			"flow", flowList("--a=1,2", "b"),
		),
	)
	for _, lay := range []layout{{}, {indentLists: true, comment: "a comment"}} {
		text := emitDoc(doc, lay)
		objs, err := decodeStream(text)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		if got, want := jsonData(t, objs[0].Object), toData(doc); !reflect.DeepEqual(got, want) {
			t.Errorf("read back differently:\n%s\ngot  %v\nwant %v", text, got, want)
		}
	}
}

func TestPlainScalars(t *testing.T) {
	for s, want := range map[string]bool{
		"500m": true, "64Mi": true, "25%": true, "--metrics": true, "-v=2": true, "nginx:1.25": true,
		"1.25": false, "0644": false, "1e3": false, "-1": false, "---": false, "yes": false, "On": false,
		"*/5 * * * *": false, "a: b": false, "": false, "1:20": false, "2025-11-02": false, "-": false,
	} {
		if got := plainOK(s, false); got != want {
			t.Errorf("plainOK(%q) = %v, want %v", s, got, want)
		}
	}
}
