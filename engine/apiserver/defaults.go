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
// strategy {} gets type RollingUpdate, then rollingUpdate). A map's default fills the keys a
// map given lacks: a rollingUpdate given under type RollingUpdate gets the fields it lacks, one
// under OnDelete none (observed: the refusal quotes "MaxUnavailable":null).
//
// Not here, as the server does not default them but allocates or stamps them (docs/apiserver.md):
// uid, resourceVersion, creationTimestamp, generation, a Service's clusterIP(s), ipFamilies,
// ipFamilyPolicy, nodePorts and healthCheckNodePort, a Job's controller-uid selector and labels,
// status; nor what admission plugins add (a Pod's serviceAccountName, tolerations, token volume,
// priority; a PVC's finalizer) or a kind's own strategy writes (a DaemonSet's
// deprecated.daemonset.template.generation annotation, a Secret's stringData moved into data).
//
// A line each: the type (its OpenAPI name less "io.k8s.api."), then its rules (rule). A JobSpec's rules hold for a Job's own spec: a CronJob's
// jobTemplate is not defaulted so (observed); a PodSpec's enableServiceLinks for a Pod's own spec,
// not a template's; a PersistentVolumeClaim's for a StatefulSet's volumeClaimTemplates, not a
// root object.
const defaultsTable = `
apps.v1.DeploymentSpec replicas=1 progressDeadlineSeconds=600 revisionHistoryLimit=10 strategy={}
apps.v1.DeploymentStrategy type="RollingUpdate" rollingUpdate={"maxSurge":"25%","maxUnavailable":"25%"}?type=RollingUpdate
apps.v1.StatefulSetUpdateStrategy type="RollingUpdate" rollingUpdate={"partition":0,"maxUnavailable":1}?type=RollingUpdate
apps.v1.DaemonSetUpdateStrategy type="RollingUpdate" rollingUpdate={"maxSurge":0,"maxUnavailable":1}?type=RollingUpdate
apps.v1.StatefulSetSpec replicas=1 revisionHistoryLimit=10 podManagementPolicy="OrderedReady" serviceName="" persistentVolumeClaimRetentionPolicy={} updateStrategy={}
apps.v1.StatefulSetPersistentVolumeClaimRetentionPolicy whenDeleted="Retain" whenScaled="Retain"
apps.v1.DaemonSetSpec revisionHistoryLimit=10 updateStrategy={}
apps.v1.ReplicaSetSpec replicas=1
core.v1.ReplicationControllerSpec replicas=1
batch.v1.JobSpec backoffLimit=6?own completionMode="NonIndexed"?own completions=1?own,!parallelism manualSelector=false?own parallelism=1?own podReplacementPolicy="TerminatingOrFailed"?own,!podFailurePolicy suspend=false?own
batch.v1.CronJobSpec concurrencyPolicy="Allow" failedJobsHistoryLimit=1 successfulJobsHistoryLimit=3 suspend=false
batch.v1.JobTemplateSpec metadata={}
core.v1.PodTemplateSpec metadata={}
core.v1.PodSpec dnsPolicy="ClusterFirst" enableServiceLinks=true?own restartPolicy="Always" schedulerName="default-scheduler" securityContext={} serviceAccount=@serviceAccountName terminationGracePeriodSeconds=30
core.v1.Container imagePullPolicy=@pullPolicy resources={} terminationMessagePath="/dev/termination-log" terminationMessagePolicy="File"
core.v1.ContainerPort protocol="TCP"
networking.v1.NetworkPolicyPort protocol="TCP"
core.v1.ResourceRequirements requests=@limits?pod
core.v1.Probe failureThreshold=3 periodSeconds=10 successThreshold=1 timeoutSeconds=1
core.v1.HTTPGetAction scheme="HTTP"
core.v1.ObjectFieldSelector apiVersion="v1"
core.v1.ResourceFieldSelector divisor="0"
core.v1.ConfigMapVolumeSource defaultMode=420
core.v1.SecretVolumeSource defaultMode=420
core.v1.DownwardAPIVolumeSource defaultMode=420
core.v1.ProjectedVolumeSource defaultMode=420
core.v1.HostPathVolumeSource type=""
core.v1.PersistentVolumeClaim apiVersion="v1"?inside kind="PersistentVolumeClaim"?inside status={}?inside
core.v1.PersistentVolumeClaimStatus phase="Pending"
core.v1.PersistentVolumeClaimSpec volumeMode="Filesystem"
core.v1.ServiceSpec internalTrafficPolicy="Cluster"?type!=ExternalName sessionAffinity="None" type="ClusterIP" externalTrafficPolicy="Cluster"?external allocateLoadBalancerNodePorts=true?type=LoadBalancer sessionAffinityConfig={"clientIP":{"timeoutSeconds":10800}}?sessionAffinity=ClientIP
core.v1.ServicePort protocol="TCP" targetPort=@port
core.v1.Secret type="Opaque"
networking.v1.NetworkPolicySpec policyTypes=@policyTypes
autoscaling.v2.HorizontalPodAutoscalerSpec minReplicas=1 metrics=[{"type":"Resource","resource":{"name":"cpu","target":{"type":"Utilization","averageUtilization":80}}}]
`

// rulesByType holds defaultsTable's rules by type, read once when the package starts (about 60
// lines, never written after): reading it at every Store was a twelfth of a server-side apply's
// keystroke.
var rulesByType = ruleTable()

// ruleTable reads defaultsTable: the rules of each type.
func ruleTable() map[string][]rule {
	table := map[string][]rule{}
	for _, line := range strings.Split(defaultsTable, "\n") {
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		rules := make([]rule, len(words)-1)
		for i, w := range words[1:] {
			r := &rules[i]
			r.field, w, _ = strings.Cut(w, "=")
			var when string
			r.value, when, _ = strings.Cut(w, "?")
			if when != "" {
				r.when = strings.Split(when, ",")
			}
			if strings.HasPrefix(r.value, "{") && r.value != "{}" || strings.HasPrefix(r.value, "[") {
				r.shape, _ = yamltree.ParseOne(yamltree.Input("defaults"), r.value, yamltree.Options{})
				fresh(r.shape)
			}
		}
		table["io.k8s.api."+words[0]] = rules
	}
	return table
}

// fresh makes a value read from the table one the engine made: no position, block style.
func fresh(n *yamltree.Node) {
	if n == nil {
		return
	}
	n.Pos, n.End, n.Style = yamltree.Pos{}, yamltree.Pos{}, yamltree.Plain
	for _, f := range n.Fields {
		f.Key.Pos, f.Key.End = yamltree.Pos{}, yamltree.Pos{}
		fresh(f.Value)
	}
	for _, it := range n.Items {
		fresh(it)
	}
}

// A rule is one default of defaultsTable's, written field=value?condition: the field the server
// writes when the object lacks it (or, for a map, the keys it lacks); the value a number,
// true or false, a quoted string, {} (a struct's zero value) or @name, worked out from the
// object (computed), or a JSON list or map; the condition, when there is one, a list of:
// field=A|B (the object's field, once defaulted, is one of them: type=RollingUpdate), field!=A,
// own (a kind's own spec, at "spec"; not a template's), pod (a Pod's own containers: a
// template's requests do not take its limits, observed in make apiserver-diff seed 1), inside
// (not a root object), external (a Service reached from outside: external), !field (the object
// lacks the field).
type rule struct {
	field, value string
	// when are the conditions, each as the table writes it.
	when []string
	// shape is a map's or a list's value read once with the table; each use copies it.
	shape *yamltree.Node
}

// holds says whether a rule's condition holds for map m at its place.
func (r rule) holds(m *yamltree.Node, at *place) bool {
	for _, c := range r.when {
		name, values, is := strings.Cut(c, "=")
		name, isNot := strings.CutSuffix(name, "!")
		switch {
		case c == "own" && !at.isTop("spec"), c == "inside" && at.up == nil:
			return false
		case c == "pod" && !inPodContainer(at.api()):
			return false
		case c == "external" && !external(m):
			return false
		case strings.HasPrefix(c, "!") && m.Has(c[1:]):
			return false
		case is && isNot && m.Get(name).Str() == values:
			return false
		case is && !isNot && !oneOf(values, m.Get(name).Str()):
			return false
		}
	}
	return true
}

// inPodContainer reports whether api (a place as the server's messages write it) is in a
// Pod's container or init container.
func inPodContainer(api string) bool {
	return strings.HasPrefix(api, "spec.containers[") || strings.HasPrefix(api, "spec.initContainers[")
}

// oneOf reports whether v is one of values, written a|b|c (split without allocating).
func oneOf(values, v string) bool {
	for {
		one, rest, more := strings.Cut(values, "|")
		if one == v {
			return true
		}
		if !more {
			return false
		}
		values = rest
	}
}

// external reports whether a Service is reached from outside the cluster: of type NodePort or
// LoadBalancer, or with externalIPs (observed: a ClusterIP Service with externalIPs gets
// externalTrafficPolicy Cluster; make apiserver-diff seed 4, ssa-2).
func external(spec *yamltree.Node) bool {
	typ := spec.Get("type").Str()
	return typ == "NodePort" || typ == "LoadBalancer" || len(itemsOf(spec.Get("externalIPs"))) > 0
}

// computed reports whether the rule's value is worked out from the object (@name).
func (r rule) computed() bool { return strings.HasPrefix(r.value, "@") }

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
	case r.computed():
		return computed(v[1:], m)
	case r.shape != nil:
		return r.shape.Clone()
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
	case "serviceAccountName":
		return serviceAccountName(m)
	case "limits":
		return limits(m)
	}
	return policyTypes(m)
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

// serviceAccountName is a pod spec's deprecated serviceAccount: its serviceAccountName, when it
// names one (observed: make apiserver-diff seed 2, apply-17, where kubectl apply's create owns
// it).
func serviceAccountName(spec *yamltree.Node) *yamltree.Node {
	if n := spec.Get("serviceAccountName"); n.IsScalar() && !n.IsNull() && n.Value != "" {
		return yamltree.NewString(n.Value)
	}
	return nil
}

// limits are a container's requests: its limits, each one the requests lack.
func limits(r *yamltree.Node) *yamltree.Node {
	if l := r.Get("limits"); l.IsMap() && len(l.Fields) > 0 {
		return l.Clone()
	}
	return nil
}

// policyTypes are a NetworkPolicy's: Ingress, and Egress when it holds egress rules.
func policyTypes(spec *yamltree.Node) *yamltree.Node {
	out := yamltree.NewList(yamltree.NewString("Ingress"))
	if spec.Has("egress") {
		out.Items = append(out.Items, yamltree.NewString("Egress"))
	}
	return out
}
