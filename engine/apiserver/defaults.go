package apiserver

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The API server's defaults, by OpenAPI type name: the fields it writes into an object of that
// type that lacks them, with their values, in the order it writes them, and the few that it
// writes only when a condition holds (stated in the rule). Observed on kube-apiserver v1.37.2,
// 2026-12-06, by scripts/reproduce/observe-defaults.sh (testdata/defaults.txt, which
// TestDefaultsAsObserved replays). A default's own type's defaults follow it (a Deployment's
// strategy {} gets type RollingUpdate, then rollingUpdate, then its maxSurge and maxUnavailable).
//
// Not here, as the server does not default them but allocates or stamps them (docs/apiserver.md):
// uid, resourceVersion, creationTimestamp, generation, a Service's clusterIP(s), ipFamilies,
// ipFamilyPolicy, nodePorts and healthCheckNodePort, a Job's controller-uid selector and labels,
// status; nor what admission plugins add (a Pod's serviceAccountName, tolerations, token volume,
// priority; a PVC's finalizer) or a kind's own strategy writes (a DaemonSet's
// deprecated.daemonset.template.generation annotation, a Secret's stringData moved into data).
func rulesOf(typ string) []rule {
	switch strings.TrimPrefix(typ, "io.k8s.api.") {
	case "apps.v1.DeploymentSpec":
		return []rule{{field: "replicas", value: number("1")}, {field: "progressDeadlineSeconds", value: number("600")},
			{field: "revisionHistoryLimit", value: number("10")}, {field: "strategy", value: emptyMap}}
	case "apps.v1.DeploymentStrategy":
		return []rule{{field: "type", value: text("RollingUpdate")}, {field: "rollingUpdate", value: emptyMap, when: rollingUpdate}}
	case "apps.v1.RollingUpdateDeployment":
		return []rule{{field: "maxSurge", value: text("25%")}, {field: "maxUnavailable", value: text("25%")}}
	case "apps.v1.StatefulSetSpec":
		return []rule{{field: "replicas", value: number("1")}, {field: "revisionHistoryLimit", value: number("10")},
			{field: "podManagementPolicy", value: text("OrderedReady")}, {field: "serviceName", value: text("")},
			{field: "persistentVolumeClaimRetentionPolicy", value: emptyMap}, {field: "updateStrategy", value: emptyMap}}
	case "apps.v1.StatefulSetPersistentVolumeClaimRetentionPolicy":
		return []rule{{field: "whenDeleted", value: text("Retain")}, {field: "whenScaled", value: text("Retain")}}
	case "apps.v1.StatefulSetUpdateStrategy":
		return []rule{{field: "type", value: text("RollingUpdate")}, {field: "rollingUpdate", value: emptyMap, when: rollingUpdate}}
	case "apps.v1.RollingUpdateStatefulSetStrategy":
		return []rule{{field: "partition", value: number("0")}, {field: "maxUnavailable", value: number("1")}}
	case "apps.v1.DaemonSetSpec":
		return []rule{{field: "revisionHistoryLimit", value: number("10")}, {field: "updateStrategy", value: emptyMap}}
	case "apps.v1.DaemonSetUpdateStrategy":
		return []rule{{field: "type", value: text("RollingUpdate")}, {field: "rollingUpdate", value: emptyMap, when: rollingUpdate}}
	case "apps.v1.RollingUpdateDaemonSet":
		return []rule{{field: "maxSurge", value: number("0")}, {field: "maxUnavailable", value: number("1")}}
	case "apps.v1.ReplicaSetSpec", "core.v1.ReplicationControllerSpec":
		return []rule{{field: "replicas", value: number("1")}}
	case "batch.v1.JobSpec":
		return []rule{{field: "backoffLimit", value: number("6"), when: jobsOwn}, {field: "completionMode", value: text("NonIndexed"), when: jobsOwn},
			{field: "completions", value: number("1"), when: jobsOwnWithout("parallelism")}, {field: "manualSelector", value: boolean("false"), when: jobsOwn},
			{field: "parallelism", value: number("1"), when: jobsOwn},
			{field: "podReplacementPolicy", value: text("TerminatingOrFailed"), when: jobsOwnWithout("podFailurePolicy")},
			{field: "suspend", value: boolean("false"), when: jobsOwn}}
	case "batch.v1.CronJobSpec":
		return []rule{{field: "concurrencyPolicy", value: text("Allow")}, {field: "failedJobsHistoryLimit", value: number("1")},
			{field: "successfulJobsHistoryLimit", value: number("3")}, {field: "suspend", value: boolean("false")}}
	case "batch.v1.JobTemplateSpec", "core.v1.PodTemplateSpec":
		return []rule{{field: "metadata", value: emptyMap}}
	case "core.v1.PodSpec":
		return []rule{{field: "dnsPolicy", value: text("ClusterFirst")}, {field: "enableServiceLinks", value: boolean("true"), when: podsOwn},
			{field: "restartPolicy", value: text("Always")}, {field: "schedulerName", value: text("default-scheduler")},
			{field: "securityContext", value: emptyMap}, {field: "terminationGracePeriodSeconds", value: number("30")}}
	case "core.v1.Container":
		return []rule{{field: "imagePullPolicy", value: pullPolicy}, {field: "resources", value: emptyMap},
			{field: "terminationMessagePath", value: text("/dev/termination-log")}, {field: "terminationMessagePolicy", value: text("File")}}
	case "core.v1.ContainerPort", "networking.v1.NetworkPolicyPort":
		return []rule{{field: "protocol", value: text("TCP")}}
	case "core.v1.ResourceRequirements":
		return []rule{{field: "requests", value: limits}}
	case "core.v1.Probe":
		return []rule{{field: "failureThreshold", value: number("3")}, {field: "periodSeconds", value: number("10")},
			{field: "successThreshold", value: number("1")}, {field: "timeoutSeconds", value: number("1")}}
	case "core.v1.HTTPGetAction":
		return []rule{{field: "scheme", value: text("HTTP")}}
	case "core.v1.ObjectFieldSelector":
		return []rule{{field: "apiVersion", value: text("v1")}}
	case "core.v1.ResourceFieldSelector":
		return []rule{{field: "divisor", value: text("0")}}
	case "core.v1.ConfigMapVolumeSource", "core.v1.SecretVolumeSource", "core.v1.DownwardAPIVolumeSource", "core.v1.ProjectedVolumeSource":
		return []rule{{field: "defaultMode", value: number("420")}}
	case "core.v1.HostPathVolumeSource":
		return []rule{{field: "type", value: text("")}}
	case "core.v1.PersistentVolumeClaim":
		return []rule{{field: "apiVersion", value: text("v1"), when: inside}, {field: "kind", value: text("PersistentVolumeClaim"), when: inside},
			{field: "status", value: emptyMap, when: inside}}
	case "core.v1.PersistentVolumeClaimStatus":
		return []rule{{field: "phase", value: text("Pending")}}
	case "core.v1.PersistentVolumeClaimSpec":
		return []rule{{field: "volumeMode", value: text("Filesystem")}}
	case "core.v1.ServiceSpec":
		return []rule{{field: "internalTrafficPolicy", value: text("Cluster"), when: serviceTypeNot("ExternalName")},
			{field: "sessionAffinity", value: text("None")}, {field: "type", value: text("ClusterIP")},
			{field: "externalTrafficPolicy", value: text("Cluster"), when: serviceTypeIn("NodePort", "LoadBalancer")},
			{field: "allocateLoadBalancerNodePorts", value: boolean("true"), when: serviceTypeIn("LoadBalancer")}}
	case "core.v1.ServicePort":
		return []rule{{field: "protocol", value: text("TCP")}, {field: "targetPort", value: port}}
	case "core.v1.Secret":
		return []rule{{field: "type", value: text("Opaque")}}
	case "networking.v1.NetworkPolicySpec":
		return []rule{{field: "policyTypes", value: policyTypes}}
	case "autoscaling.v2.HorizontalPodAutoscalerSpec":
		return []rule{{field: "minReplicas", value: number("1")}, {field: "metrics", value: cpuMetric}}
	}
	return nil
}

// A rule is one default: the field the server writes when the object lacks it (or, for a map,
// the keys it lacks), its value worked out from the object, when the condition holds.
type rule struct {
	field string
	// value is the default for the object m that lacks the field; nil for none.
	value func(m *yamltree.Node) *yamltree.Node
	// when says whether the rule holds for m at its place; nil: always.
	when func(m *yamltree.Node, at place) bool
}

// text, number and boolean are constant defaults; emptyMap is a struct's zero value, {}.
func text(s string) func(*yamltree.Node) *yamltree.Node {
	return func(*yamltree.Node) *yamltree.Node { return yamltree.NewString(s) }
}

func number(s string) func(*yamltree.Node) *yamltree.Node {
	return func(*yamltree.Node) *yamltree.Node { return yamltree.NewScalar(yamltree.IntTag, s) }
}

func boolean(s string) func(*yamltree.Node) *yamltree.Node {
	return func(*yamltree.Node) *yamltree.Node { return yamltree.NewScalar(yamltree.BoolTag, s) }
}

func emptyMap(*yamltree.Node) *yamltree.Node { return yamltree.NewMap() }

// pullPolicy is a container's imagePullPolicy: Always for an image without a tag or tagged
// latest, IfNotPresent for another tag or a digest (a registry's port is no tag); none without
// an image.
func pullPolicy(c *yamltree.Node) *yamltree.Node {
	image := c.Get("image")
	if image == nil || !image.IsScalar() {
		return nil
	}
	name := image.Str()
	if strings.Contains(name, "@") {
		return yamltree.NewString("IfNotPresent")
	}
	last := name[strings.LastIndex(name, "/")+1:]
	tag := ""
	if i := strings.LastIndex(last, ":"); i >= 0 {
		tag = last[i+1:]
	}
	if tag == "" || tag == "latest" {
		return yamltree.NewString("Always")
	}
	return yamltree.NewString("IfNotPresent")
}

// port is a Service port's targetPort: its port.
func port(p *yamltree.Node) *yamltree.Node {
	if v := p.Get("port"); v != nil && v.IsScalar() && !v.IsNull() {
		return yamltree.NewScalar(v.Tag, v.Value)
	}
	return nil
}

// limits are a container's requests: its limits, each one the requests lack.
func limits(r *yamltree.Node) *yamltree.Node {
	l := r.Get("limits")
	if !l.IsMap() || len(l.Fields) == 0 {
		return nil
	}
	out := yamltree.NewMap()
	for _, f := range l.Fields {
		if f.Value.IsScalar() {
			out.Set(f.Name(), yamltree.NewScalar(f.Value.Tag, f.Value.Value))
		}
	}
	return out
}

// policyTypes are a NetworkPolicy's: Ingress, and Egress when it holds egress rules.
func policyTypes(spec *yamltree.Node) *yamltree.Node {
	out := yamltree.NewList(yamltree.NewString("Ingress"))
	if spec.Has("egress") {
		out.Items = append(out.Items, yamltree.NewString("Egress"))
	}
	return out
}

// cpuMetric is an autoscaling/v2 HorizontalPodAutoscaler's metrics: 80% of the CPU requested.
func cpuMetric(*yamltree.Node) *yamltree.Node {
	target := yamltree.NewMap()
	target.Set("type", yamltree.NewString("Utilization"))
	target.Set("averageUtilization", yamltree.NewScalar(yamltree.IntTag, "80"))
	resource := yamltree.NewMap()
	resource.Set("name", yamltree.NewString("cpu"))
	resource.Set("target", target)
	metric := yamltree.NewMap()
	metric.Set("type", yamltree.NewString("Resource"))
	metric.Set("resource", resource)
	return yamltree.NewList(metric)
}

// rollingUpdate holds for a strategy of type RollingUpdate.
func rollingUpdate(m *yamltree.Node, _ place) bool { return m.Get("type").Str() == "RollingUpdate" }

// jobsOwn holds for a Job's own spec: a CronJob's jobTemplate is not defaulted so (observed).
func jobsOwn(_ *yamltree.Node, at place) bool { return at.api == "spec" }

// jobsOwnWithout holds for a Job's own spec without the field.
func jobsOwnWithout(field string) func(*yamltree.Node, place) bool {
	return func(m *yamltree.Node, at place) bool { return at.api == "spec" && !m.Has(field) }
}

// podsOwn holds for a Pod's own spec (a pod template's is not defaulted so).
func podsOwn(_ *yamltree.Node, at place) bool { return at.api == "spec" }

// inside holds for an object inside another (a StatefulSet's volumeClaimTemplates), not a root.
func inside(_ *yamltree.Node, at place) bool { return at.api != "" }

// serviceTypeIn and serviceTypeNot hold for a Service spec's type (once defaulted) among types,
// or not that one.
func serviceTypeIn(types ...string) func(*yamltree.Node, place) bool {
	return func(m *yamltree.Node, _ place) bool {
		t := m.Get("type").Str()
		for _, want := range types {
			if t == want {
				return true
			}
		}
		return false
	}
}

func serviceTypeNot(typ string) func(*yamltree.Node, place) bool {
	return func(m *yamltree.Node, _ place) bool { return m.Get("type").Str() != typ }
}
