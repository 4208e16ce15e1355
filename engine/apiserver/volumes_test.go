package apiserver

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/schema"
)

// claimStatus is the status every claim template's quote ends with.
const claimStatus = `"Status":{"Phase":"Pending","AccessModes":null,"Capacity":null,"Conditions":null,"AllocatedResources":null,"AllocatedResourceStatuses":null,"CurrentVolumeAttributesClassName":null,"ModifyVolumeStatus":null,"HealthStatus":null}`

// statefulSet is a StatefulSet named web whose container mounts data, with claim templates
// written after "volumeClaimTemplates:" (none when empty).
func statefulSet(templates string, spec ...string) string {
	s := "metadata: {name: web}\nspec:\n  serviceName: web\n  selector: {matchLabels: {app: web}}\n" +
		"  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n      - name: c\n        image: nginx:1.27\n" +
		"        volumeMounts: [{name: data, mountPath: /data}]\n" + strings.Join(spec, "")
	if templates != "" {
		s += "  volumeClaimTemplates: " + templates + "\n"
	}
	return s
}

// TestVolumesAsObserved checks the rules of volumes, volumeMounts and claim templates on
// objects kubectl created (kubectl create --dry-run=server), applied and patched against
// kube-apiserver v1.37.2 (run-apiserver.sh, 2026-12-06), with what kubectl printed.
func TestVolumesAsObserved(t *testing.T) {
	data1Gi := "[{metadata: {name: data}, spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}}]"
	stored1Gi := "[{apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: data}, spec: {accessModes: [ReadWriteOnce], " +
		"resources: {requests: {storage: 1Gi}}, volumeMode: Filesystem}, status: {phase: Pending}}]"
	claim := func(meta, spec string) string { return `{` + meta + `"Spec":{` + spec + `},` + claimStatus + `}` }
	plainSpec := func(storage string) string {
		return `"AccessModes":["ReadWriteOnce"],"Selector":null,"Resources":{"Limits":null,"Requests":{"storage":"` + storage + `"}},` +
			`"VolumeName":"","StorageClassName":null,"VolumeMode":"Filesystem","DataSource":null,"DataSourceRef":null,"VolumeAttributesClassName":null`
	}
	cases := []struct {
		name, apiVersion, kind, live, object, printed string
	}{
		{"claim storage changed (kubectl apply)", "apps/v1", "StatefulSet", statefulSet(stored1Gi), statefulSet(strings.Replace(data1Gi, "1Gi", "2Gi", 1)),
			`The StatefulSet "web" is invalid: spec.volumeClaimTemplates: Invalid value: [` + claim(`"name":"data",`, plainSpec("2Gi")) + `]: field is immutable`},
		{"claim as stored against the config's (kubectl apply unchanged)", "apps/v1", "StatefulSet", statefulSet(stored1Gi), statefulSet(data1Gi), ""},
		// 2026-12-07: created with storage 62.5Ki, stored and shown as 64k; applied again as
		// 62.5Ki, 64k and 64000: configured; then as -62.5Ki: refused, the request's claim
		// quoted as decoded (-64000, not -64k)
		{"claim written otherwise than stored, of the same value", "apps/v1", "StatefulSet",
			statefulSet(strings.Replace(stored1Gi, "1Gi", "64k", 1)), statefulSet(strings.Replace(data1Gi, "1Gi", "62.5Ki", 1)), ""},
		// make apiserver-diff seed 8, patch-10 (kubectl patch -p '{"spec":{"volumeClaimTemplates":[]}}')
		{"claim templates emptied", "apps/v1", "StatefulSet", statefulSet(stored1Gi),
			strings.Replace(statefulSet("[]"), "        volumeMounts: [{name: data, mountPath: /data}]\n", "", 1),
			`The StatefulSet "web" is invalid: spec.volumeClaimTemplates: Invalid value: []: field is immutable`},
		{"claim storage quoted as decoded", "apps/v1", "StatefulSet",
			statefulSet(strings.Replace(stored1Gi, "1Gi", "64k", 1)), statefulSet(strings.Replace(data1Gi, "1Gi", "-62.5Ki", 1)),
			`The StatefulSet "web" is invalid: spec.volumeClaimTemplates: Invalid value: [` + claim(`"name":"data",`, plainSpec("-64000")) + `]: field is immutable`},
		{"claim replaced (kubectl patch --type json)", "apps/v1", "StatefulSet", statefulSet(data1Gi),
			statefulSet("[{apiVersion: v1, kind: PersistentVolumeClaim, metadata: {name: data, labels: {a: b}, annotations: {x: \"y\"}}, " +
				"spec: {accessModes: [ReadWriteOnce], storageClassName: fast, volumeMode: Block, selector: {matchLabels: {q: r}}, " +
				"resources: {requests: {storage: 1Gi}, limits: {storage: 1000Mi}}}}]"),
			`The StatefulSet "web" is invalid: spec.volumeClaimTemplates: Invalid value: [` + claim(`"name":"data","labels":{"a":"b"},"annotations":{"x":"y"},`,
				`"AccessModes":["ReadWriteOnce"],"Selector":{"matchLabels":{"q":"r"}},"Resources":{"Limits":{"storage":"1000Mi"},"Requests":{"storage":"1Gi"}},`+
					`"VolumeName":"","StorageClassName":"fast","VolumeMode":"Block","DataSource":null,"DataSourceRef":null,"VolumeAttributesClassName":null`) +
				`]: field is immutable`},
		{"claim added (kubectl patch --type json)", "apps/v1", "StatefulSet", statefulSet(data1Gi),
			statefulSet("[{metadata: {name: data}, spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}}, " +
				"{metadata: {name: logs}, spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 0.5Gi}}}}]"),
			`The StatefulSet "web" is invalid: spec.volumeClaimTemplates: Invalid value: [` + claim(`"name":"data",`, plainSpec("1Gi")) + "," +
				claim(`"name":"logs",`, plainSpec("512Mi")) + `]: field is immutable`},
		{"claims removed (kubectl patch --type json)", "apps/v1", "StatefulSet", statefulSet(data1Gi), statefulSet(""),
			"The StatefulSet \"web\" is invalid: \n* spec.template.spec.containers[0].volumeMounts[0].name: Not found: \"data\"\n" +
				"* spec.volumeClaimTemplates: Invalid value: null: field is immutable"},
		{"every immutable field (kubectl patch --type merge)", "apps/v1", "StatefulSet", statefulSet(data1Gi),
			strings.Replace(strings.Replace(statefulSet("", "  podManagementPolicy: Parallel\n"), "serviceName: web", "serviceName: x", 1),
				"{app: web}}\n  template:\n    metadata: {labels: {app: web}}", "{app: web, b: c}}\n  template:\n    metadata: {labels: {app: web, b: c}}", 1),
			"The StatefulSet \"web\" is invalid: \n* spec.template.spec.containers[0].volumeMounts[0].name: Not found: \"data\"\n" +
				"* spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"web\",\"b\":\"c\"}}: field is immutable\n" +
				"* spec.volumeClaimTemplates: Invalid value: null: field is immutable\n* spec.serviceName: Invalid value: \"x\": field is immutable\n" +
				"* spec.podManagementPolicy: Invalid value: \"Parallel\": field is immutable"},
		{"mounts of a Deployment", "apps/v1", "Deployment", "",
			"metadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec:\n" +
				"      volumes: [{name: cfg, configMap: {name: x}}]\n      containers:\n      - name: c\n        image: nginx\n" +
				"        volumeMounts: [{name: data, mountPath: /data}, {mountPath: /x}, {name: cfg}, {name: cfg, mountPath: /data}]\n",
			"The Deployment \"d\" is invalid: \n* spec.template.spec.containers[0].volumeMounts[0].name: Not found: \"data\"\n" +
				"* spec.template.spec.containers[0].volumeMounts[1].name: Required value\n" +
				"* spec.template.spec.containers[0].volumeMounts[1].name: Not found: \"\"\n" +
				"* spec.template.spec.containers[0].volumeMounts[2].mountPath: Required value\n" +
				"* spec.template.spec.containers[0].volumeMounts[3].mountPath: Invalid value: \"/data\": must be unique"},
		{"mounts among a container's other rules", "apps/v1", "Deployment", "",
			"metadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: e}}\n    spec:\n" +
				"      dnsPolicy: Foo\n      volumes: [{name: cfg, configMap: {name: x}}, {name: cfg, emptyDir: {}}]\n" +
				"      initContainers:\n      - name: i\n        image: busybox\n        volumeMounts: [{name: nope, mountPath: /n}]\n" +
				"      containers:\n      - name: c\n        image: nginx\n        imagePullPolicy: Sometimes\n" +
				"        ports: [{name: p, containerPort: 80}, {name: p, containerPort: 81, protocol: XX}]\n        env: [{name: A, valueFrom: {}}]\n" +
				"        volumeMounts: [{name: data, mountPath: /data}, {name: cfg, mountPath: /data}]\n" +
				"      - name: c2\n        image: nginx\n        volumeMounts: [{name: cfg, mountPath: /data}]\n",
			"The Deployment \"d\" is invalid: \n* spec.template.metadata.labels: Invalid value: {\"app\":\"e\"}: `selector` does not match template `labels`\n" +
				"* spec.template.spec.volumes[1].name: Duplicate value: \"cfg\"\n" +
				"* spec.template.spec.containers[0].ports[1].name: Duplicate value: \"p\"\n" +
				"* spec.template.spec.containers[0].ports[1].protocol: Unsupported value: \"XX\": supported values: \"SCTP\", \"TCP\", \"UDP\"\n" +
				"* spec.template.spec.containers[0].env[0].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`\n" +
				"* spec.template.spec.containers[0].volumeMounts[0].name: Not found: \"data\"\n" +
				"* spec.template.spec.containers[0].volumeMounts[1].mountPath: Invalid value: \"/data\": must be unique\n" +
				"* spec.template.spec.containers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\"\n" +
				"* spec.template.spec.initContainers[0].volumeMounts[0].name: Not found: \"nope\"\n" +
				"* spec.template.spec.dnsPolicy: Unsupported value: \"Foo\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\""},
		// 2026-12-07 (kubectl create --dry-run=server)
		{"images required", "apps/v1", "Deployment", "",
			"metadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec:\n" +
				"      dnsPolicy: Foo\n      initContainers:\n      - name: i\n        imagePullPolicy: Sometimes\n      containers:\n      - name: c\n" +
				"        ports: [{name: p, containerPort: 80}, {name: p, containerPort: 81, protocol: XX}]\n        env: [{name: A, valueFrom: {}}]\n" +
				"        imagePullPolicy: Sometimes\n      - name: c2\n        image: \"\"\n",
			"The Deployment \"d\" is invalid: \n* spec.template.spec.containers[0].image: Required value\n" +
				"* spec.template.spec.containers[0].ports[1].name: Duplicate value: \"p\"\n" +
				"* spec.template.spec.containers[0].ports[1].protocol: Unsupported value: \"XX\": supported values: \"SCTP\", \"TCP\", \"UDP\"\n" +
				"* spec.template.spec.containers[0].env[0].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`\n" +
				"* spec.template.spec.containers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\"\n" +
				"* spec.template.spec.containers[1].image: Required value\n" +
				"* spec.template.spec.initContainers[0].image: Required value\n" +
				"* spec.template.spec.initContainers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\"\n" +
				"* spec.template.spec.dnsPolicy: Unsupported value: \"Foo\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\""},
		{"volumes' names and init containers", "apps/v1", "Deployment", "",
			"metadata: {name: d}\nspec:\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec:\n" +
				"      volumes: [{name: a}, {emptyDir: {}}, {name: \"B_c\", emptyDir: {}}]\n      initContainers:\n      - name: i\n        image: busybox\n" +
				"        imagePullPolicy: Sometimes\n        ports: [{name: p, containerPort: 80}, {name: p, containerPort: 81}]\n" +
				"        volumeMounts: [{name: nope, mountPath: /n}, {name: a, mountPath: /n}]\n" +
				"      containers:\n      - name: c\n        image: nginx\n        volumeMounts: [{name: a, mountPath: /data}, {name: a, mountPath: relative}]\n",
			"The Deployment \"d\" is invalid: \n* spec.template.spec.volumes[1].name: Required value\n" +
				"* spec.template.spec.volumes[2].name: Invalid value: \"B_c\": " + labelRule + "\n" +
				"* spec.template.spec.initContainers[0].ports[1].name: Duplicate value: \"p\"\n" +
				"* spec.template.spec.initContainers[0].volumeMounts[0].name: Not found: \"nope\"\n" +
				"* spec.template.spec.initContainers[0].volumeMounts[1].mountPath: Invalid value: \"/n\": must be unique\n" +
				"* spec.template.spec.initContainers[0].imagePullPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"IfNotPresent\", \"Never\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkAsObserved(t, c.apiVersion, c.kind, c.live, c.object, c.printed) })
	}
}

// TestClaimTemplatesEmptiedAsStored: an emptied list of claim templates, which the stored object
// leaves out (omitempty), is quoted as the server decoded it, [] (make apiserver-diff seed 8,
// patch-10, kube-apiserver v1.37.2).
func TestClaimTemplatesEmptiedAsStored(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	live := "apiVersion: apps/v1\nkind: StatefulSet\n" + statefulSet("[{metadata: {name: data}, spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}}]")
	emptied := "apiVersion: apps/v1\nkind: StatefulSet\n" + strings.Replace(statefulSet("[]"), "        volumeMounts: [{name: data, mountPath: /data}]\n", "", 1)
	stored := Store(parse(t, emptied), set.Root("apps/v1", "StatefulSet"), func(f *schema.Field, _ *schema.Type) []string { return f.MergeKeys() })
	if stored.Root.Get("spec").Has("volumeClaimTemplates") {
		t.Fatal("the stored object holds the emptied list")
	}
	r := Check(Object{APIVersion: "apps/v1", Kind: "StatefulSet", Namespaced: true, Root: stored.Root, Live: parse(t, live), Drops: stored.Drops})
	want := `The StatefulSet "web" is invalid: spec.volumeClaimTemplates: Invalid value: []: field is immutable`
	if r == nil || r.Message() != want {
		t.Errorf("got %v, want %s", r, want)
	}
}
