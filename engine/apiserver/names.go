package apiserver

import "strings"

// nameRule is how the API server checks the names of one kind (a kind of rule rather than
// functions: closures would weigh in the wasm).
type nameRule uint8

// The name rules, as observed with kube-apiserver v1.37.2 (run-apiserver.sh), 2026-12-06: each
// served kind created (`kubectl create --dry-run=server`) with the names "a.b", "Admin:x",
// "Web_1", ".", "..", "a/b", "a%b" and names of 52, 53, 63, 64 and 254 characters, the
// metadata.name lines of the server's answer read apart from the spec's; generateName with
// "web-", "a-", "a--", "a.", "a-.", "-", "Web_" and 300 characters on a ConfigMap and a Service,
// "a/", ".", "..-" and "a%-" on a Role, 60 characters on a CronJob.
const (
	// subdomain: most kinds (ConfigMap, Pod, Deployment, ...): at most 253 characters. A
	// generateName is checked so less the '-' it ends with.
	subdomain nameRule = iota
	// subdomainBytes: ReplicationController and DeviceClass say "253 bytes".
	subdomainBytes
	// labelName: Namespace, Service and StatefulSet, at most 63 characters, no dots; a
	// generateName likewise less its ending '-'.
	labelName
	// cronJob: a subdomain of at most 52 characters (said after the 253 one); a generateName of
	// 60 characters is accepted.
	cronJob
	// pathSegment: names that only a URL's path must take ("Admin:x" and "a.b" are accepted); a
	// generateName is checked as it is ("." refused, "..-" accepted).
	pathSegment
)

// name checks a name by the rule.
func (r nameRule) name(s string) []string {
	switch r {
	case labelName:
		return labelProblems(s)
	case pathSegment:
		return pathSegmentProblems(s)
	case subdomainBytes:
		return subdomainProblems(s, 253, "bytes")
	}
	out := subdomainProblems(s, 253, "characters")
	if r == cronJob && len(s) > 52 {
		out = append(out, tooLong(52, "characters"))
	}
	return out
}

// prefix checks a generateName by the rule.
func (r nameRule) prefix(s string) []string {
	switch r {
	case pathSegment:
		return pathSegmentProblems(s)
	case cronJob:
		r = subdomain
	}
	return r.name(strings.TrimRight(s, "-"))
}

// ruleKinds gives the rule of each built-in kind the playground checks, as "group/Kind" words
// ("/Kind" for the core group): the rule is the group's (core v1 Event takes path segments,
// events.k8s.io Event subdomains). Not here, and not checked: CertificateSigningRequest (no name
// was refused), and the kinds whose names depend on their spec (APIService: version.group;
// CustomResourceDefinition: plural.group; IPAddress: an IP address; ClusterTrustBundle: its
// signer name); kinds the server does not serve by default (alpha versions, metrics) or does not
// store (reviews). Words in a string rather than a map: a map literal of sixty keys compiles to
// 20 KB of WebAssembly.
var ruleKinds = []struct {
	rule  nameRule
	kinds string
}{
	{labelName, "/Namespace /Service apps/StatefulSet"},
	{subdomainBytes, "/ReplicationController resource.k8s.io/DeviceClass"},
	{cronJob, "batch/CronJob"},
	{pathSegment, "/Event policy/PodDisruptionBudget rbac.authorization.k8s.io/Role rbac.authorization.k8s.io/RoleBinding " +
		"rbac.authorization.k8s.io/ClusterRole rbac.authorization.k8s.io/ClusterRoleBinding"},
	{subdomain, "/ConfigMap /Endpoints /LimitRange /Node /PersistentVolume /PersistentVolumeClaim /Pod /PodTemplate " +
		"/ResourceQuota /Secret /ServiceAccount " +
		"admissionregistration.k8s.io/MutatingAdmissionPolicy admissionregistration.k8s.io/MutatingAdmissionPolicyBinding " +
		"admissionregistration.k8s.io/MutatingWebhookConfiguration admissionregistration.k8s.io/ValidatingAdmissionPolicy " +
		"admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding admissionregistration.k8s.io/ValidatingWebhookConfiguration " +
		"apps/ControllerRevision apps/DaemonSet apps/Deployment apps/ReplicaSet autoscaling/HorizontalPodAutoscaler batch/Job " +
		"certificates.k8s.io/PodCertificateRequest coordination.k8s.io/Lease discovery.k8s.io/EndpointSlice events.k8s.io/Event " +
		"flowcontrol.apiserver.k8s.io/FlowSchema flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration " +
		"networking.k8s.io/Ingress networking.k8s.io/IngressClass networking.k8s.io/NetworkPolicy networking.k8s.io/ServiceCIDR " +
		"node.k8s.io/RuntimeClass resource.k8s.io/DeviceTaintRule resource.k8s.io/ResourceClaim resource.k8s.io/ResourceClaimTemplate " +
		"resource.k8s.io/ResourceSlice scheduling.k8s.io/PriorityClass storage.k8s.io/CSIDriver storage.k8s.io/CSINode " +
		"storage.k8s.io/CSIStorageCapacity storage.k8s.io/StorageClass storage.k8s.io/VolumeAttachment " +
		"storage.k8s.io/VolumeAttributesClass storagemigration.k8s.io/StorageVersionMigration"},
}

// ruleOf returns the name rule of a kind, and false when the playground does not check its names.
func ruleOf(apiVersion, kind string) (nameRule, bool) {
	word := " " + groupOf(apiVersion) + "/" + kind + " "
	for _, r := range ruleKinds {
		if strings.Contains(" "+r.kinds+" ", word) {
			return r.rule, true
		}
	}
	return 0, false
}

// groupOf is an apiVersion's group: "" for the core group ("v1").
func groupOf(apiVersion string) string {
	if i := strings.LastIndexByte(apiVersion, '/'); i >= 0 {
		return apiVersion[:i]
	}
	return ""
}
