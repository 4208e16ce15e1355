package yamldiff

import (
	"fmt"
	"strings"
)

// flowCommentTrick writes a custom resource's list or map in flow style over several lines with
// comment lines inside.
func flowCommentTrick(d *dice) trick {
	texts := []string{
		"[a,\n# c\nb]", "[a,\n  # c\n  b, c]", "{x: 1,\n# c\ny: 2}", "{x: 1, # c\n z: 2}", "[1, 2, # c\n 3]",
		"[\n  # first\n  a,\n  b\n]", "{\n  # c\n  a: 1\n}", "[a, {b: 1,\n  # c\n  c: 2}]",
	}
	return trick{slot: anySlot, text: pick(d, texts...), plain: "[a, b]"}
}

// anchorTrick writes anchors, aliases and merge keys.
func anchorTrick(d *dice) trick {
	texts := []string{
		"&a 1", "&m {x: 1, y: 2}", "&l [1, 2]", "{<<: {x: 1}, y: 2}", "{<<: [{x: 1}, {x: 2, z: 3}], y: 2}",
		"&a {x: &b 1, y: *b}", "[&a x, *a, *a]", "{a: &v yes, b: *v}",
	}
	return trick{slot: anySlot, text: pick(d, texts...), plain: "{x: 1}"}
}

// documentsCase writes a stream with null, empty and comment-only documents around resources.
func documentsCase(d *dice, mode string, index int) *Case {
	a, b := object(stringSlot, "a", "one"), object(stringSlot, "b", "two")
	fillers := []string{"---\n~\n", "---\nnull\n", "---\n", "--- # c\n", "# only a comment\n---\n",
		"---\n# comment\n", "...\n", "---\n---\n", "--- \n", "---\n...\n", "---\nNULL\n", "---\n!!null\n"}
	var parts []string
	for _, obj := range []string{a, b} {
		if d.chance(0.7) {
			parts = append(parts, pick(d, fillers...))
		}
		parts = append(parts, "---\n"+obj)
	}
	if d.chance(0.5) {
		parts = append(parts, pick(d, fillers...))
	}
	text := strings.Join(parts, "")
	c := &Case{Mode: mode, Index: index, Story: "a stream with null, empty and comment-only documents"}
	plain := "---\n" + a + "---\n" + b
	if mode == "patch" {
		// kubectl patch -p reads one document: the stream is live's, read as a file
		c.Updated, c.Live = object(stringSlot, "a", "changed"), text
		return c
	}
	c.Original, c.Updated, c.Live = assemble(mode, text, plain, placement(index%int(placements)))
	return c
}

// errorLineTrick breaks a resource's text where kubectl says on which line: a mis-indented key or
// item, an unclosed flow collection, an unterminated quote.
func errorLineTrick(d *dice) trick {
	texts := []string{
		"x\n   bad: indent", "[1, 2\nnext: 3", "[1,\nnext: 3", "{a: 1\nnext: 3", "'open\nnext: 3", "\"open\nnext: 3",
		"x\n bad: indent", "a: b: c", "[a]]", "{a: 1}}", "- x\n- y", "x\n\t- tab",
	}
	return trick{slot: pick(d, stringSlot, anySlot), text: pick(d, texts...), plain: "plain"}
}

// scopeKinds are cluster-scoped kinds a manifest may hold, with a field to change.
var scopeKinds = []struct{ apiVersion, kind, spec string }{
	{"v1", "Namespace", "metadata:\n  labels:\n    team: %s\n"},
	{"rbac.authorization.k8s.io/v1", "ClusterRole", "rules:\n- apiGroups: [\"\"]\n  resources: [pods]\n  verbs: [%s]\n"},
	{"v1", "PersistentVolume", "spec:\n  capacity:\n    storage: 1Gi\n  accessModes: [ReadWriteOnce]\n  hostPath:\n    path: /data/%s\n"},
	{"storage.k8s.io/v1", "StorageClass", "provisioner: example.com/%s\n"},
	{"scheduling.k8s.io/v1", "PriorityClass", "value: 1000\ndescription: %s\n"},
	{"apiregistration.k8s.io/v1", "APIService", "spec:\n  group: metrics.k8s.io\n  version: v1beta1\n  groupPriorityMinimum: 100\n  versionPriority: 100\n  insecureSkipTLSVerify: true\n  service:\n    name: metrics-server\n    namespace: kube-system\n  caBundle: %s\n"},
	{"apiextensions.k8s.io/v1", "CustomResourceDefinition", "spec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema: {type: object, description: %s}\n"},
	{"networking.k8s.io/v1", "IngressClass", "spec:\n  controller: example.com/%s\n"},
	{"admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration", "metadata:\n  labels:\n    v: %s\nwebhooks: []\n"},
}

// scopeCase writes a cluster-scoped resource without a namespace.
func scopeCase(d *dice, mode string, index int) *Case {
	k := scopeKinds[d.intn(len(scopeKinds))]
	write := func(value string) string {
		head := fmt.Sprintf("apiVersion: %s\nkind: %s\nmetadata:\n  name: thing%d\n", k.apiVersion, k.kind, index%7)
		body := fmt.Sprintf(k.spec, value)
		if strings.HasPrefix(body, "metadata:\n") {
			return head + strings.TrimPrefix(body, "metadata:\n")
		}
		return head + body
	}
	values := []string{"aGVsbG8=", "d29ybGQ="}
	if !strings.Contains(k.spec, "caBundle") {
		values = []string{"red", "blue"}
	}
	c := &Case{Mode: mode, Index: index, Story: k.apiVersion + " " + k.kind + " without a namespace"}
	c.Original, c.Updated, c.Live = assemble(mode, write(values[0]), write(values[1]), placement(index%2))
	return c
}

// annotationTrick writes annotations that are not strings: a boolean, a number, a null.
func annotationTrick(d *dice) trick {
	texts := []string{"true", "1", "~", "null", "\"true\"", "yes", "1.5", "''"}
	return trick{slot: annotationSlot, text: pick(d, texts...), plain: "\"x\""}
}
