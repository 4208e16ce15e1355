package apiserver

import (
	"slices"
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
func rulesOf(typ string) string {
	switch strings.TrimPrefix(typ, "io.k8s.api.") {
	case "apps.v1.DeploymentSpec":
		return `replicas=1 progressDeadlineSeconds=600 revisionHistoryLimit=10 strategy={}`
	case "apps.v1.DeploymentStrategy", "apps.v1.StatefulSetUpdateStrategy", "apps.v1.DaemonSetUpdateStrategy":
		return `type="RollingUpdate" rollingUpdate={}?type=RollingUpdate`
	case "apps.v1.RollingUpdateDeployment":
		return `maxSurge="25%" maxUnavailable="25%"`
	case "apps.v1.StatefulSetSpec":
		return `replicas=1 revisionHistoryLimit=10 podManagementPolicy="OrderedReady" serviceName="" persistentVolumeClaimRetentionPolicy={} updateStrategy={}`
	case "apps.v1.StatefulSetPersistentVolumeClaimRetentionPolicy":
		return `whenDeleted="Retain" whenScaled="Retain"`
	case "apps.v1.RollingUpdateStatefulSetStrategy":
		return `partition=0 maxUnavailable=1`
	case "apps.v1.DaemonSetSpec":
		return `revisionHistoryLimit=10 updateStrategy={}`
	case "apps.v1.RollingUpdateDaemonSet":
		return `maxSurge=0 maxUnavailable=1`
	case "apps.v1.ReplicaSetSpec", "core.v1.ReplicationControllerSpec":
		return `replicas=1`
	case "batch.v1.JobSpec": // a Job's own spec: a CronJob's jobTemplate is not defaulted so (observed)
		return `backoffLimit=6?own completionMode="NonIndexed"?own completions=1?own,!parallelism manualSelector=false?own ` +
			`parallelism=1?own podReplacementPolicy="TerminatingOrFailed"?own,!podFailurePolicy suspend=false?own`
	case "batch.v1.CronJobSpec":
		return `concurrencyPolicy="Allow" failedJobsHistoryLimit=1 successfulJobsHistoryLimit=3 suspend=false`
	case "batch.v1.JobTemplateSpec", "core.v1.PodTemplateSpec":
		return `metadata={}`
	case "core.v1.PodSpec": // enableServiceLinks: a Pod's own spec, not a template's
		return `dnsPolicy="ClusterFirst" enableServiceLinks=true?own restartPolicy="Always" schedulerName="default-scheduler" ` +
			`securityContext={} terminationGracePeriodSeconds=30`
	case "core.v1.Container":
		return `imagePullPolicy=@pullPolicy resources={} terminationMessagePath="/dev/termination-log" terminationMessagePolicy="File"`
	case "core.v1.ContainerPort", "networking.v1.NetworkPolicyPort":
		return `protocol="TCP"`
	case "core.v1.ResourceRequirements":
		return `requests=@limits`
	case "core.v1.Probe":
		return `failureThreshold=3 periodSeconds=10 successThreshold=1 timeoutSeconds=1`
	case "core.v1.HTTPGetAction":
		return `scheme="HTTP"`
	case "core.v1.ObjectFieldSelector":
		return `apiVersion="v1"`
	case "core.v1.ResourceFieldSelector":
		return `divisor="0"`
	case "core.v1.ConfigMapVolumeSource", "core.v1.SecretVolumeSource", "core.v1.DownwardAPIVolumeSource", "core.v1.ProjectedVolumeSource":
		return `defaultMode=420`
	case "core.v1.HostPathVolumeSource":
		return `type=""`
	case "core.v1.PersistentVolumeClaim": // a StatefulSet's volumeClaimTemplates, not a root object
		return `apiVersion="v1"?inside kind="PersistentVolumeClaim"?inside status={}?inside`
	case "core.v1.PersistentVolumeClaimStatus":
		return `phase="Pending"`
	case "core.v1.PersistentVolumeClaimSpec":
		return `volumeMode="Filesystem"`
	case "core.v1.ServiceSpec":
		return `internalTrafficPolicy="Cluster"?type!=ExternalName sessionAffinity="None" type="ClusterIP" ` +
			`externalTrafficPolicy="Cluster"?type=NodePort|LoadBalancer allocateLoadBalancerNodePorts=true?type=LoadBalancer`
	case "core.v1.ServicePort":
		return `protocol="TCP" targetPort=@port`
	case "core.v1.Secret":
		return `type="Opaque"`
	case "networking.v1.NetworkPolicySpec":
		return `policyTypes=@policyTypes`
	case "autoscaling.v2.HorizontalPodAutoscalerSpec":
		return `minReplicas=1 metrics=@cpuMetric`
	}
	return ""
}

// A rule is one default of rulesOf's, written field=value?condition: the field the server
// writes when the object lacks it (or, for a map, the keys it lacks); the value a number,
// true or false, a quoted string, {} (a struct's zero value) or @name, worked out from the
// object (computed); the condition, when there is one, a list of: type=A|B (the object's type
// field, once defaulted, is one of them), type!=A, own (a kind's own spec, at "spec"; not a
// template's), inside (not a root object), !field (the object lacks the field).
type rule struct {
	field, value, when string
}

// rules reads a type's rules.
func rules(typ string) []rule {
	words := strings.Fields(rulesOf(typ))
	out := make([]rule, len(words))
	for i, w := range words {
		field, rest, _ := strings.Cut(w, "=")
		value, when, _ := strings.Cut(rest, "?")
		out[i] = rule{field: field, value: value, when: when}
	}
	return out
}

// holds says whether a rule's condition holds for map m at its place.
func (r rule) holds(m *yamltree.Node, at place) bool {
	for _, c := range strings.Split(r.when, ",") {
		typ := m.Get("type").Str()
		switch {
		case c == "":
		case c == "own" && at.api != "spec", c == "inside" && at.api == "":
			return false
		case strings.HasPrefix(c, "!") && m.Has(c[1:]):
			return false
		case strings.HasPrefix(c, "type!=") && typ == c[len("type!="):]:
			return false
		case strings.HasPrefix(c, "type=") && !slices.Contains(strings.Split(c[len("type="):], "|"), typ):
			return false
		}
	}
	return true
}

// valueOf is a rule's value for map m; nil for none.
func (r rule) valueOf(m *yamltree.Node) *yamltree.Node {
	v := r.value
	switch {
	case v == "{}":
		return yamltree.NewMap()
	case v == "true" || v == "false":
		return yamltree.NewScalar(yamltree.BoolTag, v)
	case strings.HasPrefix(v, `"`):
		return yamltree.NewString(strings.Trim(v, `"`))
	case strings.HasPrefix(v, "@"):
		return computed(v[1:], m)
	}
	return yamltree.NewScalar(yamltree.IntTag, v)
}

// computed is a default worked out from the object.
func computed(name string, m *yamltree.Node) *yamltree.Node {
	switch name {
	case "pullPolicy":
		return pullPolicy(m)
	case "port":
		return port(m)
	case "limits":
		return limits(m)
	case "policyTypes":
		return policyTypes(m)
	}
	return cpuMetric()
}

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
func cpuMetric() *yamltree.Node {
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
