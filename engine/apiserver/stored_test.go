package apiserver

import (
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// TestStoredAsObserved stores objects created with `kubectl create --dry-run=server -o yaml`
// (d1, d2) and applied with `kubectl apply --server-side --dry-run=server` (d3, a null label)
// against kube-apiserver v1.37.2 (run-apiserver.sh, 2026-12-06), and wants what the server's
// answer lacks of the object sent to be dropped, nothing else, and the server's answer less what
// it allocates (uid, status): the defaults are TestDefaultsAsObserved's.
func TestStoredAsObserved(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, sent string
		// dropped are the fields the server's answer lacks, as Drop.Field writes them (why);
		// stored is the server's answer, less what it adds, as the package writes it.
		dropped []string
		stored  string
	}{{
		name: "d1",
		sent: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d1\n  labels:\n    a: null\n    b: \"\"\n  annotations: {}\n" +
			"spec:\n  paused: false\n  replicas: 0\n  minReadySeconds: 0\n  revisionHistoryLimit: null\n  selector:\n    matchLabels: {app: d1}\n" +
			"  template:\n    metadata:\n      creationTimestamp: null\n      labels: {app: d1}\n    spec:\n      nodeSelector: {}\n" +
			"      hostNetwork: false\n      serviceAccountName: \"\"\n      volumes: []\n      tolerations: null\n      containers:\n" +
			"      - name: c\n        image: nginx\n        args: []\n        env:\n        - name: E\n          value: \"\"\n        ports: null\n" +
			"        resources: {}\n        stdin: false\n",
		dropped: []string{"metadata.labels.a (null as empty)", "metadata.annotations (empty)", "spec.paused (empty)",
			"spec.minReadySeconds (empty)", "spec.revisionHistoryLimit (null)", "spec.template.metadata.creationTimestamp (null)",
			"spec.template.spec.nodeSelector (empty)", "spec.template.spec.hostNetwork (empty)",
			"spec.template.spec.serviceAccountName (empty)", "spec.template.spec.volumes (empty)", "spec.template.spec.tolerations (null)",
			"spec.template.spec.containers[0].args (empty)", "spec.template.spec.containers[0].env[0].value (empty)",
			"spec.template.spec.containers[0].ports (null)", "spec.template.spec.containers[0].stdin (empty)"},
		stored: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d1\n  labels:\n    a: \"\"\n    b: \"\"\nspec:\n" +
			"  replicas: 0\n  selector:\n    matchLabels: {app: d1}\n  template:\n    metadata:\n      labels: {app: d1}\n" +
			"    spec:\n      containers:\n      - name: c\n        image: nginx\n        env:\n        - name: E\n" +
			"        resources: {}\n        imagePullPolicy: Always\n        terminationMessagePath: /dev/termination-log\n" +
			"        terminationMessagePolicy: File\n      dnsPolicy: ClusterFirst\n      restartPolicy: Always\n" +
			"      schedulerName: default-scheduler\n      securityContext: {}\n      terminationGracePeriodSeconds: 30\n" +
			"  progressDeadlineSeconds: 600\n  revisionHistoryLimit: 10\n  strategy:\n    type: RollingUpdate\n" +
			"    rollingUpdate:\n      maxSurge: 25%\n      maxUnavailable: 25%\n",
	}, {
		name: "d2 (kubectl --validate=ignore; warn printed Warning: unknown field for each unknown one)",
		sent: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d2\nspec:\n  strategy: {}\n  selector:\n    matchLabels: {app: d1}\n" +
			"    matchExpressions: []\n  template:\n    metadata:\n      labels: {app: d1}\n      annotations: null\n    spec:\n" +
			"      affinity: {}\n      containers:\n      - name: c\n        image: nginx\n        securityContext: {}\n" +
			"        livenessProbe: null\n        foo: 1\n        ports:\n        - containerPort: 80\n          hostPort: 0\n" +
			"          name: \"\"\n      bogus: {x: 1}\n  unknownTop: 3\n",
		dropped: []string{"spec.selector.matchExpressions (empty)", "spec.template.metadata.annotations (null)",
			"spec.template.spec.containers[0].livenessProbe (null)", "spec.template.spec.containers[0].foo (unknown)",
			"spec.template.spec.containers[0].ports[0].hostPort (empty)", "spec.template.spec.containers[0].ports[0].name (empty)",
			"spec.template.spec.bogus (unknown)", "spec.unknownTop (unknown)"},
		stored: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d2\nspec:\n  strategy:\n    type: RollingUpdate\n" +
			"    rollingUpdate:\n      maxSurge: 25%\n      maxUnavailable: 25%\n  selector:\n    matchLabels: {app: d1}\n" +
			"  template:\n    metadata:\n      labels: {app: d1}\n    spec:\n      affinity: {}\n      containers:\n" +
			"      - name: c\n        image: nginx\n        securityContext: {}\n        ports:\n" +
			"        - containerPort: 80\n          protocol: TCP\n        imagePullPolicy: Always\n        resources: {}\n" +
			"        terminationMessagePath: /dev/termination-log\n        terminationMessagePolicy: File\n" +
			"      dnsPolicy: ClusterFirst\n      restartPolicy: Always\n      schedulerName: default-scheduler\n" +
			"      securityContext: {}\n      terminationGracePeriodSeconds: 30\n  replicas: 1\n" +
			"  progressDeadlineSeconds: 600\n  revisionHistoryLimit: 10\n",
	}, {
		name: "d3 (quantities: kubectl create --dry-run=server -o yaml)",
		sent: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d3\nspec:\n  selector:\n    matchLabels: {app: d3}\n" +
			"  template:\n    metadata:\n      labels: {app: d3}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n" +
			"        resources:\n          requests: {cpu: 0.5, memory: 0.5Gi}\n          limits: {cpu: 2, memory: 1Gi, ephemeral-storage: 1000M}\n",
		dropped: []string{"spec.template.spec.containers[0].resources.requests.cpu (quantity)",
			"spec.template.spec.containers[0].resources.requests.memory (quantity)",
			"spec.template.spec.containers[0].resources.limits.ephemeral-storage (quantity)"},
		stored: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d3\nspec:\n  selector:\n    matchLabels: {app: d3}\n" +
			"  template:\n    metadata:\n      labels: {app: d3}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n" +
			"        resources:\n          requests: {cpu: 500m, memory: 512Mi}\n          limits: {cpu: \"2\", memory: 1Gi, ephemeral-storage: 1G}\n" +
			"        imagePullPolicy: Always\n        terminationMessagePath: /dev/termination-log\n        terminationMessagePolicy: File\n" +
			"      dnsPolicy: ClusterFirst\n      restartPolicy: Always\n      schedulerName: default-scheduler\n" +
			"      securityContext: {}\n      terminationGracePeriodSeconds: 30\n  replicas: 1\n" +
			"  progressDeadlineSeconds: 600\n  revisionHistoryLimit: 10\n  strategy:\n    type: RollingUpdate\n" +
			"    rollingUpdate:\n      maxSurge: 25%\n      maxUnavailable: 25%\n",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			obj := parse(t, c.sent)
			before := yamltree.EmitNode(obj)
			s := Store(obj, set.Root("apps/v1", "Deployment"), func(f *schema.Field, _ *schema.Type) []string { return f.MergeKeys() })
			var got []string
			for _, d := range s.Drops {
				got = append(got, d.Field+" ("+whyText(d.Why)+")")
			}
			if strings.Join(got, "\n") != strings.Join(c.dropped, "\n") {
				t.Errorf("dropped:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.dropped, "\n"))
			}
			if out := yamltree.EmitNode(s.Root); out != c.stored {
				t.Errorf("stored:\n%s\nwant:\n%s", out, c.stored)
			}
			if yamltree.EmitNode(obj) != before {
				t.Error("Store changed the object it was given")
			}
		})
	}
}

func whyText(w Why) string {
	return map[Why]string{DroppedNull: "null", DroppedEmpty: "empty", DroppedUnknown: "unknown", NullAsEmpty: "null as empty", PrunedNull: "pruned null", CanonicalQuantity: "quantity"}[w]
}

// TestStoreOverKeepsLiveDefaults: a StatefulSet created without an updateStrategy (or with a
// rollingUpdate lacking maxUnavailable) holds the defaults type RollingUpdate and rollingUpdate
// {partition: 0, maxUnavailable: 1} on a cluster; a write turning it to OnDelete keeps that
// rollingUpdate, which the server then refuses quoting "MaxUnavailable":1, unless the write's
// document sets rollingUpdate (null: deleted). Observed on kube-apiserver v1.37.2, 2026-12-06,
// with kubectl apply (make apiserver-diff seed 2, apply-28; and by hand).
func TestStoreOverKeepsLiveDefaults(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	root := set.Root("apps/v1", "StatefulSet")
	keys := func(f *schema.Field, _ *schema.Type) []string { return f.MergeKeys() }
	head := "apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db}\nspec:\n  serviceName: db\n"
	cases := []struct {
		name, live, result, sent, want string
	}{{
		name:   "live without an updateStrategy",
		live:   head,
		result: head + "  updateStrategy: {type: OnDelete}\n",
		sent:   head + "  updateStrategy: {type: OnDelete}\n",
		want:   "rollingUpdate={partition: 0, maxUnavailable: 1} live",
	}, {
		name:   "live's rollingUpdate without maxUnavailable",
		live:   head + "  updateStrategy: {type: RollingUpdate, rollingUpdate: {partition: 0}}\n",
		result: head + "  updateStrategy: {type: OnDelete, rollingUpdate: {partition: 0}}\n",
		sent:   head + "  updateStrategy: {type: OnDelete}\n",
		want:   "rollingUpdate={partition: 0, maxUnavailable: 1} live",
	}, {
		name:   "the write deletes rollingUpdate",
		live:   head,
		result: head + "  updateStrategy: {type: OnDelete}\n",
		sent:   head + "  updateStrategy: {type: OnDelete, rollingUpdate: null}\n",
		want:   "rollingUpdate=<none>",
	}, {
		name:   "live already OnDelete",
		live:   head + "  updateStrategy: {type: OnDelete}\n",
		result: head + "  updateStrategy: {type: OnDelete}\n",
		sent:   head + "  replicas: 2\n",
		want:   "rollingUpdate=<none>",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			live, sent := parse(t, c.live), parse(t, c.sent)
			stored := Store(live, root, keys).Root
			at := func(p fieldpath.Path) (*yamltree.Node, *yamltree.Node, bool) {
				_, isSent := lookup(sent, p)
				given, _ := lookup(live, p)
				kept, _ := lookup(stored, p)
				return given, kept, isSent
			}
			s := StoreOver(parse(t, c.result), root, keys, at)
			got := "rollingUpdate=<none>"
			if ru := s.Root.Get("spec").Get("updateStrategy").Get("rollingUpdate"); ru != nil {
				got = "rollingUpdate={partition: " + ru.Get("partition").Str() + ", maxUnavailable: " + ru.Get("maxUnavailable").Str() + "}"
				for _, d := range s.Defaults {
					if strings.HasPrefix(d.Field, "spec.updateStrategy.rollingUpdate") && d.FromLive {
						got += " live"
						break
					}
				}
			}
			if got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// lookup follows a path of fields from root: the node and whether it is there.
func lookup(root *yamltree.Node, p fieldpath.Path) (*yamltree.Node, bool) {
	n := root
	for _, e := range p {
		if !n.IsMap() || !n.Has(e.Field) {
			return nil, false
		}
		n = n.Get(e.Field)
	}
	return n, true
}

// TestSessionAffinityConfigCleared: a Service's sessionAffinityConfig is cleared unless its
// sessionAffinity is ClientIP, and given its default when it is (kube-apiserver v1.37.2,
// 2026-12-06; make apiserver-diff seed 2, ssa-0 and seed 4, ssa-2).
func TestSessionAffinityConfigCleared(t *testing.T) {
	set, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	root := set.Root("v1", "Service")
	head := "apiVersion: v1\nkind: Service\nmetadata: {name: s}\nspec:\n  ports: [{port: 80}]\n"
	for _, c := range []struct{ spec, want string }{
		{"  sessionAffinity: None\n  sessionAffinityConfig: {clientIP: {timeoutSeconds: 100}}\n", "<none> cleared"},
		{"  sessionAffinityConfig: {clientIP: {timeoutSeconds: 100}}\n", "<none> cleared"},
		{"  sessionAffinity: ClientIP\n  sessionAffinityConfig: {clientIP: {timeoutSeconds: 100}}\n", "100"},
		{"  sessionAffinity: ClientIP\n", "10800"},
	} {
		s := Store(parse(t, head+c.spec), root, nil)
		got := "<none>"
		if v := s.Root.Lookup("spec", "sessionAffinityConfig", "clientIP", "timeoutSeconds"); v != nil {
			got = v.Str()
		}
		for _, d := range s.Drops {
			if d.Why == Cleared && d.Field == "spec.sessionAffinityConfig" && d.Unless == "sessionAffinity: ClientIP" {
				got += " cleared"
			}
		}
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.spec, got, c.want)
		}
	}
}
