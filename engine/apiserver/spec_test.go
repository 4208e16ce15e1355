package apiserver

import "testing"

// TestSpecAsObserved checks the object's own rules on objects kubectl created (live empty) or
// patched (`kubectl patch` of live) against kube-apiserver v1.37.2 (run-apiserver.sh,
// 2026-12-06), with what kubectl printed.
func TestSpecAsObserved(t *testing.T) {
	cases := []struct {
		apiVersion, kind, live, object, printed string
	}{
		{"v1", "Secret", "metadata: {name: s1}\ntype: Opaque\n", "metadata: {name: s1}\ntype: x\n",
			`The Secret "s1" is invalid: type: Invalid value: "x": field is immutable`},
		{"v1", "Secret", "metadata: {name: s9}\nimmutable: true\ndata: {a: Yg==}\n", "metadata: {name: s9}\nimmutable: true\ndata: {a: Yw==}\n",
			"The Secret \"s9\" is invalid: data: Forbidden: field is immutable when `immutable` is set"},
		{"v1", "Secret", "metadata: {name: s8}\ndata: {a: Yg==}\n", "metadata: {name: s8}\ndata: {a: Yw==}\n", ""},
		// make apiserver-diff seed 4, ssa-1: immutable: true undone by kubectl replace
		{"v1", "ConfigMap", "metadata: {name: web}\nimmutable: true\ndata: {a: v1}\n", "metadata: {name: web}\nimmutable: false\ndata: {a: v1}\n",
			"The ConfigMap \"web\" is invalid: immutable: Forbidden: field is immutable when `immutable` is set"},
		{"v1", "ConfigMap", "metadata: {name: web}\nimmutable: false\ndata: {a: v1}\n", "metadata: {name: web}\nimmutable: true\ndata: {a: v1}\n", ""},
		{"v1", "Secret", "metadata: {name: t1}\ntype: example.com/x\n", "metadata: {name: t1}\ntype: null\n",
			`The Secret "t1" is invalid: type: Invalid value: "Opaque": field is immutable`},
		{"apps/v1", "StatefulSet", "metadata: {name: billing}\nspec:\n  serviceName: a\n  selector: {matchLabels: {app: a}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n", "metadata: {name: billing}\nspec:\n  serviceName: b\n  selector: {matchLabels: {app: a}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			`The StatefulSet "billing" is invalid: spec.serviceName: Invalid value: "b": field is immutable`},
		{"apps/v1", "StatefulSet", "metadata: {name: billing}\nspec:\n  serviceName: a\n  selector: {matchLabels: {app: a}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n", "metadata: {name: billing}\nspec:\n  serviceName: null\n  selector: {matchLabels: {app: a}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			`The StatefulSet "billing" is invalid: spec.serviceName: Invalid value: "": field is immutable`},
		{"apps/v1", "ReplicaSet", "metadata: {name: rs}\nspec:\n  selector: {matchLabels: {app: a}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			"metadata: {name: rs}\nspec:\n  selector: {matchLabels: {app: b}}\n  template: {metadata: {labels: {app: b}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			`The ReplicaSet "rs" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"b"}}: field is immutable`},
		{"apps/v1", "Deployment", "metadata: {name: dep}\nspec:\n  selector: {matchLabels: {app: a}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			"metadata: {name: dep}\nspec:\n  selector:\n    matchLabels: {app: a}\n    matchExpressions: [{key: app, operator: In, values: [a]}]\n" +
				"  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			`The Deployment "dep" is invalid: spec.selector: Invalid value: {"matchLabels":{"app":"a"},"matchExpressions":[{"key":"app","operator":"In","values":["a"]}]}: field is immutable`},
		{"apps/v1", "Deployment", "metadata: {name: dep}\nspec:\n  selector: {matchLabels: {app: a}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			"metadata: {name: dep}\nspec:\n  selector: {matchLabels: {app: b}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			"The Deployment \"dep\" is invalid: \n* spec.template.metadata.labels: Invalid value: {\"app\":\"a\"}: `selector` does not match template `labels`\n" +
				`* spec.selector: Invalid value: {"matchLabels":{"app":"b"}}: field is immutable`},
		{"apps/v1", "Deployment", "", "metadata: {name: d9}\nspec:\n  selector: {matchLabels: {app: a, tier: x}}\n  template: {metadata: {labels: {app: b}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			"The Deployment \"d9\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"b\"}: `selector` does not match template `labels`"},
		{"apps/v1", "Deployment", "", "metadata: {name: d9}\nspec:\n  selector: {matchLabels: {app: a}}\n  template: {spec: {containers: [{name: c, image: nginx}]}}\n",
			"The Deployment \"d9\" is invalid: spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`"},
		{"apps/v1", "Deployment", "", "metadata: {name: d9}\nspec:\n  selector: {matchLabels: {app: a}}\n  template: {metadata: {labels: {app: a}}, spec: {containers: []}}\n",
			`The Deployment "d9" is invalid: spec.template.spec.containers: Required value`},
		// a patch with $patch: replace on the spec, as make apiserver-diff's patch-0 (seed 1) sends
		// (kubectl patch of live, observed)
		{"apps/v1", "StatefulSet", "metadata: {name: billing}\nspec:\n  selector: {matchLabels: {app: billing}}\n  template: {metadata: {labels: {app: billing}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			"metadata: {name: billing}\nspec:\n  serviceName: billing\n  template: {spec: {restartPolicy: Always}}\n",
			"The StatefulSet \"billing\" is invalid: \n* spec.selector: Required value\n* spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`\n" +
				"* spec.template.spec.containers: Required value\n* spec.selector: Invalid value: null: field is immutable\n" +
				`* spec.serviceName: Invalid value: "billing": field is immutable`},
		// make apiserver-diff seed 1, patch-0 (observed, kubectl patch): a spec without template,
		// selector or a valid retention policy
		{"apps/v1", "StatefulSet", "metadata: {name: billing}\nspec:\n  selector: {matchLabels: {app: billing}}\n  template: {metadata: {labels: {app: billing}}, spec: {containers: [{name: c, image: nginx}]}}\n",
			"metadata: {name: billing}\nspec:\n  persistentVolumeClaimRetentionPolicy: {whenDeleted: Retain, whenScaled: Retain2}\n",
			"The StatefulSet \"billing\" is invalid: \n* spec.persistentVolumeClaimRetentionPolicy.whenScaled: Unsupported value: \"Retain2\": supported values: \"Retain\", \"Delete\"\n" +
				"* spec.selector: Required value\n* spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`\n" +
				"* spec.template.spec.containers: Required value\n* spec.selector: Invalid value: null: field is immutable"},
		{"apps/v1", "StatefulSet", "", "metadata: {name: ok}\nspec:\n  selector: {matchExpressions: [{key: app, operator: NotIn, values: [b]}]}\n" +
			"  template: {metadata: {labels: {app: a}}, spec: {containers: [{name: c, image: nginx}]}}\n", ""},
	}
	for _, c := range cases {
		checkAsObserved(t, c.apiVersion, c.kind, c.live, c.object, c.printed)
	}
}

// checkAsObserved checks a namespaced object (created when live is "", else updated from live)
// against what kubectl printed: "" for accepted.
func checkAsObserved(t *testing.T, apiVersion, kind, live, object, printed string) {
	t.Helper()
	obj := Object{APIVersion: apiVersion, Kind: kind, Namespaced: true, Root: parse(t, object)}
	if live != "" {
		obj.Live = parse(t, live)
	}
	r := Check(obj)
	switch {
	case printed == "" && r != nil:
		t.Errorf("%s %s: refused (%s), the server accepts it", kind, object, r.Message())
	case printed != "" && r == nil:
		t.Errorf("%s %s: accepted, the server says %s", kind, object, printed)
	case r != nil && r.Message() != printed:
		t.Errorf("%s:\n got %s\nwant %s", kind, r.Message(), printed)
	}
}
