package apiserver

import (
	"fmt"
	"testing"
)

// TestLocate places each problem at the config's value, else live's, else the field or the
// metadata holding it in the config.
func TestLocate(t *testing.T) {
	config := parse(t, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Web_1\n  labels:\n    \"a b\": x\n    c: -y\n  finalizers: [a/b, noslash]\n")
	live := parse(t, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\n  annotations:\n    \"e f\": x\n")
	tests := []struct {
		at   Place
		want string
	}{
		{Place{Field: "name"}, "updated:4:9"},
		{Place{Field: "labels", Key: "a b"}, "updated:6:5"},
		{Place{Field: "labels", Key: "c", Value: true}, "updated:7:8"},
		{Place{Field: "finalizers", Key: "noslash"}, "updated:8:21"},
		{Place{Field: "finalizers"}, "updated:8:3"},
		{Place{Field: "annotations", Key: "e f"}, "updated:6:5"}, // live's line: live's positions name their input as parsed
		{Place{Field: "annotations"}, "updated:3:1"},             // the config's metadata, before live's annotations,
		{Place{Field: "labels", Key: "gone"}, "updated:5:3"},
	}
	for _, tt := range tests {
		pos := Locate(Problem{At: tt.at}, config, live)
		if got := fmt.Sprintf("%s:%d:%d", pos.Input, pos.Line, pos.Column); got != tt.want {
			t.Errorf("%+v: got %s, want %s", tt.at, got, tt.want)
		}
	}
}
