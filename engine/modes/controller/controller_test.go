package controller

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestThroughASubresource: what an update through each subresource stores, from live and the
// object the controller sends.
func TestThroughASubresource(t *testing.T) {
	live := "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 2, paused: true}\nstatus: {replicas: 2}\n"
	tests := []struct {
		sub, config, want string
	}{
		{"scale", "spec: {replicas: 5, paused: false}\nstatus: {replicas: 9}\n",
			`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"paused":true,"replicas":5},"status":{"replicas":2}}`},
		{"status", "spec: {replicas: 5}\nstatus: {replicas: 9}\n",
			`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"paused":true,"replicas":2},"status":{"replicas":9}}`},
		{"status", "spec: {replicas: 5}\n",
			`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"paused":true,"replicas":2}}`},
		{"scale", "metadata: {name: web}\n",
			`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"paused":true},"status":{"replicas":2}}`},
	}
	l, err := yamltree.ParseOne(yamltree.Live, live, yamltree.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		c, err := yamltree.ParseOne(yamltree.Updated, tt.config, yamltree.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := yamltree.SortedJSON(through(tt.sub, l, c)); got != tt.want {
			t.Errorf("%s with %q:\n got %s\nwant %s", tt.sub, tt.config, got, tt.want)
		}
	}
}
