package apiserver

import "strings"

// nameCheck is a check of a name's syntax: the server's details, none when it accepts the name.
type nameCheck func(name string) []string

// nameRule is how the API server checks the names of one kind: the name itself, and a
// generateName prefix.
type nameRule struct {
	name, prefix nameCheck
}

// The name rules, as observed with kube-apiserver v1.37.2 (run-apiserver.sh), 2026-12-06: each
// served kind created (`kubectl create --dry-run=server`) with the names "a.b", "Admin:x",
// "Web_1", ".", "..", "a/b", "a%b" and names of 52, 53, 63, 64 and 254 characters, the
// metadata.name lines of the server's answer read apart from the spec's; generateName with
// "web-", "a-", "a--", "a.", "a-.", "-", "Web_" and 300 characters on a ConfigMap and a Service,
// "a/", ".", "..-" and "a%-" on a Role, 60 characters on a CronJob.
var (
	// subdomain: most kinds (ConfigMap, Pod, Deployment, ...): at most 253 characters. A
	// generateName is checked so less the '-' it ends with.
	subdomain = nameRule{name: subdomainOf("characters"), prefix: trimmed(subdomainOf("characters"))}
	// subdomainBytes: ReplicationController and DeviceClass say "253 bytes".
	subdomainBytes = nameRule{name: subdomainOf("bytes"), prefix: trimmed(subdomainOf("bytes"))}
	// labelName: Namespace, Service and StatefulSet, at most 63 characters, no dots; a generateName
	// likewise less its ending '-'.
	labelName = nameRule{name: labelProblems, prefix: trimmed(labelProblems)}
	// cronJob: a subdomain of at most 52 characters (said after the 253 one); a generateName of
	// 60 characters is accepted.
	cronJob = nameRule{name: cronJobName, prefix: subdomain.prefix}
	// pathSegment: names that only a URL's path must take ("Admin:x" and "a.b" are accepted); a
	// generateName is checked as it is ("." refused, "..-" accepted).
	pathSegment = nameRule{name: pathSegmentProblems, prefix: pathSegmentProblems}
)

// subdomainOf checks a subdomain of at most 253 bytes, the length said in unit.
func subdomainOf(unit string) nameCheck {
	return func(s string) []string { return subdomainProblems(s, 253, unit) }
}

// trimmed checks a name prefix less the '-' it ends with.
func trimmed(check nameCheck) nameCheck {
	return func(s string) []string { return check(strings.TrimRight(s, "-")) }
}

// cronJobName checks a CronJob's name: a subdomain of at most 52 characters.
func cronJobName(s string) []string {
	out := subdomainProblems(s, 253, "characters")
	if len(s) > 52 {
		out = append(out, tooLong(52, "characters"))
	}
	return out
}

// nameRules gives the rule of each built-in kind the playground checks, by API group and kind
// (the rule is the group's: core v1 Event takes path segments, events.k8s.io Event subdomains).
// Not here, and not checked: CertificateSigningRequest (no name was refused), and the kinds
// whose names depend on their spec (APIService: version.group; CustomResourceDefinition:
// plural.group; IPAddress: an IP address; ClusterTrustBundle: its signer name); kinds the
// server does not serve by default (alpha versions, metrics) or does not store (reviews).
var nameRules = map[string]nameRule{
	"/Namespace":                                   labelName,
	"/Service":                                     labelName,
	"apps/StatefulSet":                             labelName,
	"/ReplicationController":                       subdomainBytes,
	"resource.k8s.io/DeviceClass":                  subdomainBytes,
	"batch/CronJob":                                cronJob,
	"/Event":                                       pathSegment,
	"policy/PodDisruptionBudget":                   pathSegment,
	"rbac.authorization.k8s.io/Role":               pathSegment,
	"rbac.authorization.k8s.io/RoleBinding":        pathSegment,
	"rbac.authorization.k8s.io/ClusterRole":        pathSegment,
	"rbac.authorization.k8s.io/ClusterRoleBinding": pathSegment,
	"/ConfigMap":                                   subdomain,
	"/Endpoints":                                   subdomain,
	"/LimitRange":                                  subdomain,
	"/Node":                                        subdomain,
	"/PersistentVolume":                            subdomain,
	"/PersistentVolumeClaim":                       subdomain,
	"/Pod":                                         subdomain,
	"/PodTemplate":                                 subdomain,
	"/ResourceQuota":                               subdomain,
	"/Secret":                                      subdomain,
	"/ServiceAccount":                              subdomain,
	"admissionregistration.k8s.io/MutatingAdmissionPolicy":          subdomain,
	"admissionregistration.k8s.io/MutatingAdmissionPolicyBinding":   subdomain,
	"admissionregistration.k8s.io/MutatingWebhookConfiguration":     subdomain,
	"admissionregistration.k8s.io/ValidatingAdmissionPolicy":        subdomain,
	"admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding": subdomain,
	"admissionregistration.k8s.io/ValidatingWebhookConfiguration":   subdomain,
	"apps/ControllerRevision":                                       subdomain,
	"apps/DaemonSet":                                                subdomain,
	"apps/Deployment":                                               subdomain,
	"apps/ReplicaSet":                                               subdomain,
	"autoscaling/HorizontalPodAutoscaler":                           subdomain,
	"batch/Job":                                                     subdomain,
	"certificates.k8s.io/PodCertificateRequest":                     subdomain,
	"coordination.k8s.io/Lease":                                     subdomain,
	"discovery.k8s.io/EndpointSlice":                                subdomain,
	"events.k8s.io/Event":                                           subdomain,
	"flowcontrol.apiserver.k8s.io/FlowSchema":                       subdomain,
	"flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration":       subdomain,
	"networking.k8s.io/Ingress":                                     subdomain,
	"networking.k8s.io/IngressClass":                                subdomain,
	"networking.k8s.io/NetworkPolicy":                               subdomain,
	"networking.k8s.io/ServiceCIDR":                                 subdomain,
	"node.k8s.io/RuntimeClass":                                      subdomain,
	"resource.k8s.io/DeviceTaintRule":                               subdomain,
	"resource.k8s.io/ResourceClaim":                                 subdomain,
	"resource.k8s.io/ResourceClaimTemplate":                         subdomain,
	"resource.k8s.io/ResourceSlice":                                 subdomain,
	"scheduling.k8s.io/PriorityClass":                               subdomain,
	"storage.k8s.io/CSIDriver":                                      subdomain,
	"storage.k8s.io/CSINode":                                        subdomain,
	"storage.k8s.io/CSIStorageCapacity":                             subdomain,
	"storage.k8s.io/StorageClass":                                   subdomain,
	"storage.k8s.io/VolumeAttachment":                               subdomain,
	"storage.k8s.io/VolumeAttributesClass":                          subdomain,
	"storagemigration.k8s.io/StorageVersionMigration":               subdomain,
}

// ruleOf returns the name rule of a kind, nil when the playground does not check its names.
func ruleOf(apiVersion, kind string) (nameRule, bool) {
	rule, ok := nameRules[groupOf(apiVersion)+"/"+kind]
	return rule, ok
}

// groupOf is an apiVersion's group: "" for the core group ("v1").
func groupOf(apiVersion string) string {
	if i := strings.LastIndexByte(apiVersion, '/'); i >= 0 {
		return apiVersion[:i]
	}
	return ""
}
