package apiserver

import (
	"strings"
	"testing"
)

// TestValuesAsObserved checks the values' rules on objects created with `kubectl create
// --dry-run=server` against kube-apiserver v1.37.2 (run-apiserver.sh, 2026-12-06), with what
// kubectl printed ("" when it created the object).
func TestValuesAsObserved(t *testing.T) {
	const sts = "metadata: {name: s}\nspec:\n  selector: {matchLabels: {app: a}}\n%SPEC%  template:\n    metadata: {labels: {app: a}}\n" +
		"    spec:\n      containers:\n%CONTAINERS%"
	const dep = "metadata: {name: d}\nspec:\n  selector: {matchLabels: {app: a}}\n%SPEC%  template:\n    metadata: {labels: {app: a}}\n" +
		"    spec:\n%POD%      containers:\n      - {name: c, image: nginx}\n"
	const c = "      - {name: c, image: nginx}\n"
	fill := func(template string, parts ...string) string {
		for i := 0; i+1 < len(parts); i += 2 {
			template = strings.ReplaceAll(template, parts[i], parts[i+1])
		}
		return template
	}
	cases := []struct {
		apiVersion, kind, object, printed string
	}{
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "  updateStrategy: {type: Foo}\n", "%CONTAINERS%", c),
			`The StatefulSet "s" is invalid: spec.updateStrategy: Invalid value: {"Type":"Foo","RollingUpdate":null}: must be 'RollingUpdate' or 'OnDelete'`},
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "  updateStrategy: {type: Foo, rollingUpdate: {partition: 2}}\n", "%CONTAINERS%", c),
			`The StatefulSet "s" is invalid: spec.updateStrategy: Invalid value: {"Type":"Foo","RollingUpdate":{"Partition":2,"MaxUnavailable":null}}: must be 'RollingUpdate' or 'OnDelete'`},
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "  updateStrategy: {type: OnDelete, rollingUpdate: {partition: 1}}\n", "%CONTAINERS%", c),
			`The StatefulSet "s" is invalid: spec.updateStrategy.rollingUpdate: Invalid value: {"Partition":1,"MaxUnavailable":null}: only allowed for updateStrategy 'RollingUpdate'`},
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "  updateStrategy: {type: OnDelete, rollingUpdate: {maxUnavailable: 2}}\n", "%CONTAINERS%", c),
			`The StatefulSet "s" is invalid: spec.updateStrategy.rollingUpdate: Invalid value: {"Partition":0,"MaxUnavailable":2}: only allowed for updateStrategy 'RollingUpdate'`},
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "  podManagementPolicy: Bogus\n", "%CONTAINERS%", c),
			`The StatefulSet "s" is invalid: spec.podManagementPolicy: Invalid value: "Bogus": must be 'OrderedReady' or 'Parallel'`},
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "", "%CONTAINERS%", "      - {name: c, image: nginx, ports: [{name: http, containerPort: 80}, {name: http, containerPort: 81}]}\n"),
			`The StatefulSet "s" is invalid: spec.template.spec.containers[0].ports[1].name: Duplicate value: "http"`},
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "", "%CONTAINERS%", "      - {name: c, image: nginx, ports: [{name: http, containerPort: 80}]}\n"+
			"      - {name: d, image: nginx, ports: [{name: http, containerPort: 81}]}\n"), ""}, // a warning only
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "", "%CONTAINERS%", c+"      - {name: c, image: busybox}\n"),
			`The StatefulSet "s" is invalid: spec.template.spec.containers[1].name: Duplicate value: "c"`},
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "", "%CONTAINERS%", "      - {name: c, image: nginx, env: [{name: A, valueFrom: {}}]}\n"),
			"The StatefulSet \"s\" is invalid: spec.template.spec.containers[0].env[0].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`"},
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "", "%CONTAINERS%", "      - {name: c, image: nginx, imagePullPolicy: Sometimes}\n"),
			`The StatefulSet "s" is invalid: spec.template.spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"`},
		{"apps/v1", "StatefulSet", fill(sts, "%SPEC%", "", "%CONTAINERS%", "      - {name: c, image: nginx, ports: [{containerPort: 80, protocol: TCPX}]}\n"),
			`The StatefulSet "s" is invalid: spec.template.spec.containers[0].ports[0].protocol: Unsupported value: "TCPX": supported values: "SCTP", "TCP", "UDP"`},
		{"apps/v1", "Deployment", fill(dep, "%SPEC%", "  strategy: {type: Foo}\n", "%POD%", ""),
			`The Deployment "d" is invalid: spec.strategy: Unsupported value: {"Type":"Foo","RollingUpdate":null}: supported values: "Recreate", "RollingUpdate"`},
		{"apps/v1", "Deployment", fill(dep, "%SPEC%", "  strategy: {type: Recreate, rollingUpdate: {maxSurge: 1}}\n", "%POD%", ""),
			"The Deployment \"d\" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"},
		{"apps/v1", "Deployment", fill(dep, "%SPEC%", "", "%POD%", "      restartPolicy: Never\n"),
			`The Deployment "d" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"`},
		{"apps/v1", "Deployment", fill(dep, "%SPEC%", "", "%POD%", "      restartPolicy: Sometimes\n"),
			"The Deployment \"d\" is invalid: \n* spec.template.spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\"\n" +
				`* spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always"`},
		{"apps/v1", "Deployment", fill(dep, "%SPEC%", "", "%POD%", "      dnsPolicy: Foo\n"),
			`The Deployment "d" is invalid: spec.template.spec.dnsPolicy: Unsupported value: "Foo": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"`},
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ipFamilies: [IPv5]\n  ports: [{port: 80}]\n",
			`The Service "s" is invalid: spec.ipFamilies[0]: Unsupported value: "IPv5": supported values: "IPv4", "IPv6"`},
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ports: [{port: 80, name: a}, {port: 81, name: a}]\n",
			`The Service "s" is invalid: spec.ports[1].name: Duplicate value: "a"`},
		// make apiserver-diff, seed 1: ssa-19, ssa-9, ssa-17
		{"v1", "Service", "metadata: {name: api}\nspec:\n  selector: {app: api}\n", `The Service "api" is invalid: spec.ports: Required value`},
		// 2026-12-07: a targetPort's name and number (make apiserver-diff seed 9, patch-14)
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ports: [{port: 80, name: a, protocol: XX, targetPort: \"Http2\"}, " +
			"{port: 81, targetPort: -5, protocol: UDP}, {name: c, port: 82, targetPort: 70000}, {name: d, port: 83, targetPort: 0}, {name: e, port: 84, targetPort: http-2}]\n",
			"The Service \"s\" is invalid: \n* spec.ports[0].protocol: Unsupported value: \"XX\": supported values: \"SCTP\", \"TCP\", \"UDP\"\n" +
				"* spec.ports[0].targetPort: Invalid value: \"Http2\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)\n" +
				"* spec.ports[1].name: Required value\n* spec.ports[1].targetPort: Invalid value: -5: must be between 1 and 65535, inclusive\n" +
				"* spec.ports[2].targetPort: Invalid value: 70000: must be between 1 and 65535, inclusive"},
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ports: [{port: 80, targetPort: \"-ABC--DEF-GHIJKLMNO-\"}]\n",
			"The Service \"s\" is invalid: \n" +
				"* spec.ports[0].targetPort: Invalid value: \"-ABC--DEF-GHIJKLMNO-\": must be no more than 15 characters\n" +
				"* spec.ports[0].targetPort: Invalid value: \"-ABC--DEF-GHIJKLMNO-\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)\n" +
				"* spec.ports[0].targetPort: Invalid value: \"-ABC--DEF-GHIJKLMNO-\": must contain at least one letter (a-z)\n" +
				"* spec.ports[0].targetPort: Invalid value: \"-ABC--DEF-GHIJKLMNO-\": must not contain consecutive hyphens\n" +
				"* spec.ports[0].targetPort: Invalid value: \"-ABC--DEF-GHIJKLMNO-\": must not begin or end with a hyphen"},
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ports: [{port: 80, targetPort: \"80\"}]\n",
			`The Service "s" is invalid: spec.ports[0].targetPort: Invalid value: "80": must contain at least one letter (a-z)`},
		// make apiserver-diff seed 3, patch-18: each port's name, then its protocol
		{"v1", "Service", "metadata: {name: search}\nspec:\n  ports: [{port: 9090}, {port: 80, protocol: TCP2, name: b}]\n",
			"The Service \"search\" is invalid: \n* spec.ports[0].name: Required value\n" +
				`* spec.ports[1].protocol: Unsupported value: "TCP2": supported values: "SCTP", "TCP", "UDP"`},
		{"v1", "Service", "metadata: {name: web}\nspec:\n  ports: [{port: 80, name: http}, {port: 81}]\n",
			`The Service "web" is invalid: spec.ports[1].name: Required value`},
		{"v1", "Service", "metadata: {name: web}\nspec:\n  ports: [{port: 80}, {port: 81, name: b}, {port: 82}]\n",
			"The Service \"web\" is invalid: \n* spec.ports[0].name: Required value\n* spec.ports[2].name: Required value"},
		{"v1", "Service", "metadata: {name: web}\nspec:\n  clusterIP: None\n", ""},
		{"networking.k8s.io/v1", "Ingress", "metadata: {name: i}\nspec:\n  rules:\n  - http:\n      paths:\n" +
			"      - {path: /, pathType: Foo, backend: {service: {name: s, port: {number: 80}}}}\n",
			`The Ingress "i" is invalid: spec.rules[0].http.paths[0].pathType: Unsupported value: "Foo": supported values: "Exact", "ImplementationSpecific", "Prefix"`},
		{"batch/v1", "Job", "metadata: {name: j}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n", ""},
		// observed 2026-12-06 on kube-apiserver v1.37.2 (kubectl create --dry-run=server)
		{"batch/v1", "Job", "metadata: {name: j}\nspec:\n  template:\n    spec:\n      containers: [{name: c, image: busybox}]\n",
			`The Job "j" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"`},
		{"batch/v1", "Job", "metadata: {name: j}\nspec:\n  template:\n    spec:\n      restartPolicy: Always\n      containers: [{name: c, image: busybox}]\n",
			`The Job "j" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"`},
		{"batch/v1", "Job", "metadata: {name: j}\nspec:\n  template:\n    spec:\n      restartPolicy: Foo\n      containers: [{name: c, image: busybox}]\n",
			"The Job \"j\" is invalid: \n* spec.template.spec.restartPolicy: Unsupported value: \"Foo\": supported values: \"Always\", \"OnFailure\", \"Never\"\n" +
				`* spec.template.spec.restartPolicy: Unsupported value: "Foo": supported values: "OnFailure", "Never"`},
		{"batch/v1", "CronJob", "metadata: {name: c}\nspec:\n  schedule: '* * * * *'\n  concurrencyPolicy: Foo\n  jobTemplate:\n    spec:\n      template:\n" +
			"        spec:\n          restartPolicy: Always\n          containers: [{name: a, image: x}]\n",
			"The CronJob \"c\" is invalid: \n* spec.concurrencyPolicy: Unsupported value: \"Foo\": supported values: \"Allow\", \"Forbid\", \"Replace\"\n" +
				`* spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"`},
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ports: [{port: 80}]\n  type: Foo\n",
			`The Service "s" is invalid: spec.type: Unsupported value: "Foo": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"`},
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ports: [{port: 80}]\n  type: Foo\n  sessionAffinity: Bar\n",
			"The Service \"s\" is invalid: \n* spec.sessionAffinity: Unsupported value: \"Bar\": supported values: \"ClientIP\", \"None\"\n" +
				`* spec.type: Unsupported value: "Foo": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"`},
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ports: [{port: 80}]\n  internalTrafficPolicy: Foo\n",
			`The Service "s" is invalid: spec.internalTrafficPolicy: Unsupported value: "Foo": supported values: "Cluster", "Local"`},
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ports: [{port: 80}]\n  type: NodePort\n  externalTrafficPolicy: Foo\n",
			`The Service "s" is invalid: spec.externalTrafficPolicy: Unsupported value: "Foo": supported values: "Cluster", "Local"`},
		{"v1", "Service", "metadata: {name: s}\nspec:\n  ports: [{port: 80}]\n  ipFamilyPolicy: Foo\n",
			`The Service "s" is invalid: spec.ipFamilyPolicy: Unsupported value: "Foo": supported values: "PreferDualStack", "RequireDualStack", "SingleStack"`},
	}
	for _, c := range cases {
		r := Check(Object{APIVersion: c.apiVersion, Kind: c.kind, Namespaced: true, Root: parse(t, c.object)})
		switch {
		case c.printed == "" && r != nil:
			t.Errorf("%s %s: refused (%s), the server accepts it", c.kind, c.object, r.Message())
		case c.printed != "" && r == nil:
			t.Errorf("%s %s: accepted, the server says %s", c.kind, c.object, c.printed)
		case r != nil && r.Message() != c.printed:
			t.Errorf("%s:\n got %s\nwant %s", c.kind, r.Message(), c.printed)
		}
	}
}
