package validate

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestDecodingWording checks each message against the one the API server's strict decoding
// gave for the same object (apimachinery v0.37.2, recorded in scripts/conformance/yamldiff's
// validation class).
func TestDecodingWording(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string // "line:column message"
	}{
		{"unknown fields", "kind: Deployment\nmetadata: {name: a, foo: 1}\nspec:\n  replica: 2\n  template:\n    spec:\n      containers:\n      - name: x\n        imagePulPolicy: Always\n",
			[]string{`2:21 strict decoding error: unknown field "metadata.foo"`, `4:3 strict decoding error: unknown field "spec.replica"`,
				`9:9 strict decoding error: unknown field "spec.template.spec.containers[0].imagePulPolicy"`}},
		{"a string for an int32", "kind: Deployment\nspec:\n  replicas: \"two\"\n",
			[]string{`3:13 json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32`}},
		{"a number for a label", "kind: Deployment\nmetadata:\n  labels: {a: 1}\n",
			[]string{`3:15 json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string`}},
		{"a string port in a list item", "kind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: x\n        ports:\n        - containerPort: \"80\"\n",
			[]string{`8:26 json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32`}},
		{"a list for a struct", "kind: Deployment\nspec:\n  selector: []\n",
			[]string{`3:13 json: cannot unmarshal array into Go struct field DeploymentSpec.spec.selector of type v1.LabelSelector`}},
		{"a map for a list", "kind: Deployment\nspec:\n  template:\n    spec:\n      containers: {}\n",
			[]string{`5:19 json: cannot unmarshal object into Go struct field PodSpec.spec.template.spec.containers of type []v1.Container`}},
		{"YAML 1.1: yes is a boolean", "kind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n      - name: x\n        image: yes\n",
			[]string{`7:16 json: cannot unmarshal bool into Go struct field Container.spec.template.spec.containers.image of type string`}},
		{"directives, nulls and quantities pass", "kind: Deployment\nspec:\n  $retainKeys: [replicas]\n  replicas: null\n  template:\n    spec:\n      containers:\n      - name: x\n        $patch: delete\n        resources: {limits: {cpu: 1, memory: 1Gi}}\n",
			nil},
	}
	root := deployment(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj, err := yamltree.ParseOne(yamltree.Updated, "apiVersion: apps/v1\n"+tt.text, yamltree.Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := describe(Object(obj, root))
			if strings.Join(got, "\n") != strings.Join(shift(tt.want), "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(shift(tt.want), "\n"))
			}
		})
	}
}

func deployment(t *testing.T) *schema.Type {
	t.Helper()
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return set.Root("apps/v1", "Deployment")
}

func describe(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%d:%d %s", p.Pos.Line, p.Pos.Column, p.Message))
	}
	return out
}

// shift moves the lines of want by one: the tests' texts get an apiVersion line on top.
func shift(want []string) []string {
	var out []string
	for _, w := range want {
		line, rest, _ := strings.Cut(w, ":")
		n, _ := strconv.Atoi(line)
		out = append(out, strconv.Itoa(n+1)+":"+rest)
	}
	return out
}
