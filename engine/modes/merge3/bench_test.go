package merge3

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// benchDeployment writes a Deployment with containers containers, each with env variables,
// ports and volume mounts; version picks the edits: 0 upstream before, 1 upstream now (images
// changed, variables added and removed), 2 the local copy (variables and a port added, a
// field edited).
func benchDeployment(containers, env, version int) string {
	var b strings.Builder
	b.WriteString("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: {app: web}\nspec:\n  replicas: 3\n  template:\n    spec:\n      containers:\n")
	for c := 0; c < containers; c++ {
		image := "app:v1"
		if version == 1 && c%3 == 0 {
			image = "app:v2"
		}
		fmt.Fprintf(&b, "      - name: c%d\n        image: %s # pinned\n        env:\n", c, image)
		for e := 0; e < env; e++ {
			if version == 1 && e%7 == 3 {
				continue
			}
			fmt.Fprintf(&b, "        - name: VAR_%d\n          value: \"%d\"\n", e, e)
		}
		switch version {
		case 1:
			fmt.Fprintf(&b, "        - name: ADDED_%d\n          value: new\n", c)
		case 2:
			fmt.Fprintf(&b, "        - name: LOCAL_%d\n          value: mine\n", c)
		}
		b.WriteString("        ports:\n        - containerPort: 80\n          name: http\n        - containerPort: 53\n          protocol: UDP\n")
		if version == 2 {
			b.WriteString("        - containerPort: 53\n          protocol: TCP\n")
		}
		b.WriteString("        volumeMounts:\n        - {name: data, mountPath: /data}\n        - {name: conf, mountPath: /etc/conf, readOnly: true}\n")
	}
	return b.String()
}

// BenchmarkMergeResource times the merge of one resource (the walk, the list matching and the
// decisions recorded), without reading or writing text: a Deployment of 20 containers with 30
// environment variables each.
func BenchmarkMergeResource(b *testing.B) {
	defs := testSchemas(b)
	texts := [3]string{benchDeployment(20, 30, 0), benchDeployment(20, 30, 1), benchDeployment(20, 30, 2)}
	inputs := [3]yamltree.Input{yamltree.Original, yamltree.Updated, yamltree.Live}
	var roots [3]*ynode.Node
	for i := range texts {
		roots[i] = parseRoot(b, inputs[i], texts[i])
	}
	for b.Loop() {
		b.StopTimer()
		t := triple{original: roots[0].Copy(), updated: roots[1].Copy(), live: roots[2].Copy()}
		b.StartTimer()
		if _, err := mergeResource(t, defs, nil, nil); err != nil {
			b.Fatal(err)
		}
	}
}
