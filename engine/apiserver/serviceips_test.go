package apiserver

import "testing"

// TestServiceIPsAsObserved: Services created (kubectl create --dry-run=server) and patched
// against kube-apiserver v1.37.2 (run-apiserver.sh, 2026-12-06), with what kubectl printed.
func TestServiceIPsAsObserved(t *testing.T) {
	const invalidIP = `: must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`
	cases := []struct{ name, live, object, printed string }{
		{"families and address first, alone", "", "metadata: {name: s1}\nspec:\n  clusterIP: patched\n  ipFamilies: [IPv42]\n" +
			"  sessionAffinity: Foo\n  type: Bar\n  ports: [{port: 80}, {port: 81}]\n",
			"The Service \"s1\" is invalid: \n* spec.ipFamilies[0]: Unsupported value: \"IPv42\": supported values: \"IPv4\", \"IPv6\"\n" +
				"* spec.clusterIPs[0]: Invalid value: \"patched\"" + invalidIP},
		{"an IPv4 address out of range", "", "metadata: {name: s1}\nspec:\n  clusterIP: \"10.0.0.300\"\n  ports: [{port: 80}]\n",
			`The Service "s1" is invalid: spec.clusterIPs[0]: Invalid value: "10.0.0.300"` + invalidIP},
		{"before the metadata", "", "metadata: {name: S_4, labels: {\"a b\": c}}\nspec:\n  clusterIP: abc\n  ports: [{port: 80}]\n",
			`The Service "S_4" is invalid: spec.clusterIPs[0]: Invalid value: "abc"` + invalidIP},
		{"headless: the other rules", "", "metadata: {name: s4}\nspec:\n  clusterIP: None\n  sessionAffinity: Foo\n  ports: [{port: 80}, {port: 81}]\n",
			"The Service \"s4\" is invalid: \n* spec.ports[0].name: Required value\n* spec.ports[1].name: Required value\n" +
				`* spec.sessionAffinity: Unsupported value: "Foo": supported values: "ClientIP", "None"`},
		{"patched to no address", "metadata: {name: s5}\nspec:\n  clusterIP: 10.111.140.26\n  ports: [{port: 80}]\n",
			"metadata: {name: s5}\nspec:\n  clusterIP: abc\n  sessionAffinity: Foo\n  ports: [{port: 80}]\n",
			`The Service "s5" is invalid: spec.clusterIPs[0]: Invalid value: "abc"` + invalidIP},
		{"patched to another address", "metadata: {name: s5}\nspec:\n  clusterIP: 10.111.140.26\n  ports: [{port: 80}]\n",
			"metadata: {name: s5}\nspec:\n  clusterIP: 10.96.0.99\n  ports: [{port: 80}]\n",
			`The Service "s5" is invalid: spec.clusterIPs[0]: Invalid value: ["10.96.0.99"]: may not change once set`},
		{"a second clusterIPs item, alone (make apiserver-diff seed 3, patch-14)", "metadata: {name: s6}\nspec:\n  clusterIP: 10.96.178.50\n  ports: [{port: 80, name: a}]\n",
			"metadata: {name: s6}\nspec:\n  clusterIP: 10.96.178.50\n  clusterIPs: [10.96.178.50, 10.96.178.50-v2]\n  ports: [{port: 80, name: a}, {port: 81, name: a}]\n",
			`The Service "s6" is invalid: spec.clusterIPs[1]: Invalid value: "10.96.178.50-v2"` + invalidIP},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkAsObserved(t, "v1", "Service", c.live, c.object, c.printed) })
	}
}

func TestIsIP(t *testing.T) {
	for s, want := range map[string]bool{"10.0.0.1": true, "010.0.0.1": true, "10.0.0.256": false, "10.0.0": false, "a.b.c.d": false,
		"::": true, "::1": true, "fd00::a": true, "2001:db8::ffff": true, "1:2:3:4:5:6:7:8": true, "1:2:3:4:5:6:7": false,
		"1:2:3:4:5:6:7:8:9": false, "1::2::3": false, "::ffff:10.0.0.1": true, "12345::": false, "g::": false, "": false} {
		if got := isIP(s); got != want {
			t.Errorf("isIP(%q) = %v, want %v", s, got, want)
		}
	}
}
