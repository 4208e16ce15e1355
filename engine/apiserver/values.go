package apiserver

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The values the API server refuses in a pod spec and in the specs of workloads, Services and
// Ingresses: enumerations, names that must be unique in a list, a valueFrom without a source,
// a rolling update where the strategy has none. Each rule and message was observed with
// kube-apiserver v1.37.2 (run-apiserver.sh, 2026-12-06, kubectl create --dry-run=server;
// TestValuesAsObserved).

// enum is a field whose value must be one of a list, and how the server words a value outside
// it: `Unsupported value: "X": supported values: "A", "B"` (the list quoted, in the server's
// order), or, with mustBe set, `Invalid value: "X": must be 'A' or 'B'`.
type enum struct {
	values []string
	mustBe bool
}

// refusal words the refusal of value, or returns "" when value is one of the enumeration's.
func (e enum) refusal(value string) string {
	if slices.Contains(e.values, value) {
		return ""
	}
	if e.mustBe {
		return "Invalid value: " + strconv.Quote(value) + ": must be '" + strings.Join(e.values, "' or '") + "'"
	}
	quoted := make([]string, len(e.values))
	for i, v := range e.values {
		quoted[i] = strconv.Quote(v)
	}
	return "Unsupported value: " + strconv.Quote(value) + ": supported values: " + strings.Join(quoted, ", ")
}

// Enumerations the package checks.
var (
	pullPolicies     = enum{values: []string{"Always", "IfNotPresent", "Never"}}
	protocols        = enum{values: []string{"SCTP", "TCP", "UDP"}}
	restartPolicies  = enum{values: []string{"Always", "OnFailure", "Never"}}
	alwaysRestart    = enum{values: []string{"Always"}}
	dnsPolicies      = enum{values: []string{"ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"}}
	ipFamilies       = enum{values: []string{"IPv4", "IPv6"}}
	pathTypes        = enum{values: []string{"Exact", "ImplementationSpecific", "Prefix"}}
	podManagement    = enum{values: []string{"OrderedReady", "Parallel"}, mustBe: true}
	jobRestart       = enum{values: []string{"OnFailure", "Never"}}
	serviceTypes     = enum{values: []string{"ClusterIP", "ExternalName", "LoadBalancer", "NodePort"}}
	affinities       = enum{values: []string{"ClientIP", "None"}}
	trafficPolicies  = enum{values: []string{"Cluster", "Local"}}
	ipFamilyPolicies = enum{values: []string{"PreferDualStack", "RequireDualStack", "SingleStack"}}
	concurrency      = enum{values: []string{"Allow", "Forbid", "Replace"}}
	retention        = enum{values: []string{"Retain", "Delete"}}
	valueFromSources = []string{"fieldRef", "resourceFieldRef", "configMapKeyRef", "secretKeyRef", "fileKeyRef"}
)

// checker adds problems found at paths below a root.
type checker struct {
	r    *Refusal
	root *yamltree.Node
}

// add records a problem at path (steps from the root: field names, list indices as numbers).
func (c checker) add(path []string, detail string) {
	c.r.Problems = append(c.r.Problems, Problem{Field: fieldName(path), Detail: detail, At: Place{Path: slices.Clone(path)}})
}

// enum checks the scalar at path, when there is one, against e.
func (c checker) enum(path []string, e enum) {
	if v := lookupPath(c.root, path); v.IsScalar() && !v.IsNull() {
		if d := e.refusal(v.Str()); d != "" {
			c.add(path, d)
		}
	}
}

// unique refuses an item of the list at path whose field name repeats an earlier item's.
func (c checker) unique(path []string, name string) {
	seen := map[string]bool{}
	for i, it := range itemsOf(lookupPath(c.root, path)) {
		v := it.Get(name)
		if !it.IsMap() || !v.IsScalar() || v.IsNull() || v.Str() == "" {
			continue
		}
		if seen[v.Str()] {
			c.add(at(path, strconv.Itoa(i), name), "Duplicate value: "+strconv.Quote(v.Str()))
		}
		seen[v.Str()] = true
	}
}

// The restart policies a kind's pods may have.
type restarts uint8

const (
	anyRestart    restarts = iota // Pod, PodTemplate
	restartAlways                 // a workload: Always only
	restartNever                  // a Job's or CronJob's: OnFailure or Never, required
)

// podSpec checks the pod spec at path, of a kind whose pods restart as policy says and whose
// containers may mount claims besides the pod's volumes.
func (c checker) podSpec(path []string, policy restarts, claims []string) {
	pod := lookupPath(c.root, path)
	if !pod.IsMap() {
		return
	}
	volumes := c.volumes(path, pod, claims)
	c.unique(at(path, "containers"), "name")
	for _, list := range []string{"containers", "initContainers"} {
		for i, container := range itemsOf(pod.Get(list)) {
			c.container(at(path, list, strconv.Itoa(i)), container, volumes)
		}
	}
	c.restartPolicy(at(path, "restartPolicy"), policy)
	c.enum(at(path, "dnsPolicy"), dnsPolicies)
}

// restartPolicy checks a pod spec's restart policy: a value outside both the pod's list and the
// kind's is refused twice (observed: "Sometimes" in a Deployment, "Foo" in a Job); a Job's pods
// must name OnFailure or Never, and Always, "" or none is told so.
func (c checker) restartPolicy(path []string, policy restarts) {
	switch policy {
	case restartAlways:
		c.enum(path, restartPolicies)
		c.enum(path, alwaysRestart)
	case restartNever:
		if v := lookupPath(c.root, path).Str(); v == "" || v == "Always" {
			c.add(path, `Required value: valid values: "OnFailure", "Never"`)
			return
		}
		c.enum(path, restartPolicies)
		c.enum(path, jobRestart)
	}
}

// restartsOf is how the pods of a kind restart.
func restartsOf(apiVersion, kind string) restarts {
	switch {
	case isWorkload(apiVersion, kind):
		return restartAlways
	case apiVersion == "batch/v1" && (kind == "Job" || kind == "CronJob"):
		return restartNever
	}
	return anyRestart
}

// container checks one container: its image, given and not empty (a regular or an init
// container alike), its ports' names and protocols, the sources of its environment, its
// volumeMounts (against the pod's volumes), its pull policy: in that order (observed on
// kube-apiserver v1.37.2, 2026-12-07: kubectl create --dry-run=server of a Deployment breaking
// each; make apiserver-diff seed 8, patch-5 and patch-7).
func (c checker) container(path []string, container *yamltree.Node, volumes []string) {
	if container.Get("image").Str() == "" {
		c.add(at(path, "image"), "Required value")
	}
	c.unique(at(path, "ports"), "name")
	for j := range itemsOf(container.Get("ports")) {
		c.enum(at(path, "ports", strconv.Itoa(j), "protocol"), protocols)
	}
	for k, env := range itemsOf(container.Get("env")) {
		from := env.Get("valueFrom")
		if from.IsMap() && !slices.ContainsFunc(valueFromSources, from.Has) {
			c.add(at(path, "env", strconv.Itoa(k), "valueFrom"), `Invalid value: "": must specify one of: `+
				"`fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`")
		}
	}
	c.volumeMounts(path, container, volumes)
	c.enum(at(path, "imagePullPolicy"), pullPolicies)
}

// values checks the values of the object's kind.
func (r *Refusal) values(obj Object) {
	c := checker{r: r, root: obj.Root}
	if obj.APIVersion == "batch/v1" && obj.Kind == "CronJob" { // before its job's pod spec (observed)
		c.enum([]string{"spec", "concurrencyPolicy"}, concurrency)
	}
	if path := podSpecPath(obj.APIVersion, obj.Kind); path != nil {
		c.podSpec(path, restartsOf(obj.APIVersion, obj.Kind), claimNames(obj))
	}
	switch [2]string{obj.APIVersion, obj.Kind} {
	case [2]string{"apps/v1", "Deployment"}:
		c.strategy()
	case [2]string{"apps/v1", "StatefulSet"}:
		c.updateStrategy()
		c.enum([]string{"spec", "podManagementPolicy"}, podManagement)
	case [2]string{"v1", "Service"}:
		c.servicePorts() // ipFamilies: checked first, apart (serviceIPs)
		c.unique([]string{"spec", "ports"}, "name")
		c.serviceEnums()
		if obj.Live == nil && obj.decoded("spec.allocateLoadBalancerNodePorts", nil) != nil {
			// set on a Service created of another type than LoadBalancer, which an update clears
			// (clearing); observed on kube-apiserver v1.37.2, 2026-12-07
			c.add([]string{"spec", "allocateLoadBalancerNodePorts"}, "Forbidden: may only be used when `type` is 'LoadBalancer'")
		}
	case [2]string{"networking.k8s.io/v1", "Ingress"}:
		c.ingressPaths()
	}
}

// servicePorts checks a Service's ports: at least one, but for an ExternalName or headless
// Service (clusterIP None), a name for each when there are several, and each one's protocol,
// port by port (observed: make apiserver-diff seed 3, patch-18).
func (c checker) servicePorts() {
	spec := c.root.Get("spec")
	if !spec.IsMap() {
		return
	}
	ports := itemsOf(spec.Get("ports"))
	if len(ports) == 0 && spec.Get("type").Str() != "ExternalName" && spec.Get("clusterIP").Str() != "None" {
		c.add([]string{"spec", "ports"}, "Required value")
	}
	for i, port := range ports {
		if name := port.Get("name"); len(ports) > 1 && port.IsMap() && (name.IsNull() || name.Str() == "") {
			c.add([]string{"spec", "ports", strconv.Itoa(i), "name"}, "Required value")
		}
		c.enum([]string{"spec", "ports", strconv.Itoa(i), "protocol"}, protocols)
		c.targetPort([]string{"spec", "ports", strconv.Itoa(i), "targetPort"}, port.Get("targetPort"))
	}
}

// portNameRules are the rules of a port's name (a Service port's targetPort given as a string),
// each with the server's message, told in this order, every one that fails (observed on
// kube-apiserver v1.37.2, 2026-12-07: kubectl create --dry-run=server of Services whose
// targetPort breaks one rule or several; make apiserver-diff seed 9, patch-14).
var portNameRules = []struct {
	fails   func(name string) bool
	message string
}{
	{func(n string) bool { return len(n) > 15 }, "must be no more than 15 characters"},
	{func(n string) bool { return strings.Trim(n, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" },
		"must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)"},
	{func(n string) bool { return !strings.ContainsAny(n, "abcdefghijklmnopqrstuvwxyz") }, "must contain at least one letter (a-z)"},
	{func(n string) bool { return strings.Contains(n, "--") }, "must not contain consecutive hyphens"},
	{func(n string) bool { return strings.HasPrefix(n, "-") || strings.HasSuffix(n, "-") }, "must not begin or end with a hyphen"},
}

// targetPort checks a Service port's targetPort: a name by portNameRules, a number from 1 to
// 65535 (0, or none, is the port itself).
func (c checker) targetPort(path []string, v *yamltree.Node) {
	switch {
	case v == nil || v.IsNull():
	case v.Tag == yamltree.StrTag && v.Value != "":
		for _, r := range portNameRules {
			if r.fails(v.Value) {
				c.add(path, "Invalid value: "+strconv.Quote(v.Value)+": "+r.message)
			}
		}
	case v.Tag == yamltree.IntTag:
		if n, err := strconv.ParseInt(v.Value, 0, 64); err == nil && (n < 0 || n > 65535) {
			c.add(path, "Invalid value: "+strconv.FormatInt(n, 10)+": must be between 1 and 65535, inclusive")
		}
	}
}

// serviceEnums checks a Service's enumerations, in the order of their names (observed:
// sessionAffinity before type). externalTrafficPolicy is checked only for the types that take
// one (NodePort, LoadBalancer): on another type the server refuses any value ("may only be set
// for externally-accessible services"), but clears it itself when the type changes, which the
// package does not model.
func (c checker) serviceEnums() {
	if typ := c.root.Lookup("spec", "type").Str(); typ == "NodePort" || typ == "LoadBalancer" {
		c.enum([]string{"spec", "externalTrafficPolicy"}, trafficPolicies)
	}
	for _, f := range []struct {
		name string
		e    enum
	}{{"internalTrafficPolicy", trafficPolicies}, {"ipFamilyPolicy", ipFamilyPolicies}, {"sessionAffinity", affinities}, {"type", serviceTypes}} {
		c.enum([]string{"spec", f.name}, f.e)
	}
}

// strategy checks a Deployment's strategy: its type (whose refusal writes the strategy as the
// server's Go value, checked only without rollingUpdate), and no rollingUpdate with Recreate.
func (c checker) strategy() {
	s := lookupPath(c.root, []string{"spec", "strategy"})
	typ, rolling := s.Get("type"), s.Get("rollingUpdate")
	switch {
	case !typ.IsScalar() || typ.IsNull():
	case typ.Str() == "Recreate" && rolling != nil && !rolling.IsNull():
		c.add([]string{"spec", "strategy", "rollingUpdate"}, "Forbidden: may not be specified when strategy `type` is 'Recreate'")
	case typ.Str() != "Recreate" && typ.Str() != "RollingUpdate" && rolling == nil:
		c.add([]string{"spec", "strategy"}, `Unsupported value: {"Type":`+strconv.Quote(typ.Str())+`,"RollingUpdate":null}: supported values: "Recreate", "RollingUpdate"`)
	}
}

// updateStrategy checks a StatefulSet's updateStrategy: its type, and no rollingUpdate with
// OnDelete.
func (c checker) updateStrategy() {
	s := lookupPath(c.root, []string{"spec", "updateStrategy"})
	typ, rolling := s.Get("type"), s.Get("rollingUpdate")
	if !typ.IsScalar() || typ.IsNull() {
		return
	}
	written := "null"
	if rolling.IsMap() {
		written = `{"Partition":` + orJSON(rolling.Get("partition"), "0") + `,"MaxUnavailable":` + orJSON(rolling.Get("maxUnavailable"), "null") + "}"
	}
	switch typ.Str() {
	case "RollingUpdate":
	case "OnDelete":
		if rolling.IsMap() {
			c.add([]string{"spec", "updateStrategy", "rollingUpdate"}, "Invalid value: "+written+": only allowed for updateStrategy 'RollingUpdate'")
		}
	default:
		c.add([]string{"spec", "updateStrategy"}, `Invalid value: {"Type":`+strconv.Quote(typ.Str())+`,"RollingUpdate":`+written+`}: must be 'RollingUpdate' or 'OnDelete'`)
	}
}

// ingressPaths checks the pathType of every path of an Ingress's rules.
func (c checker) ingressPaths() {
	for i, rule := range itemsOf(c.root.Lookup("spec", "rules")) {
		for j := range itemsOf(rule.Lookup("http", "paths")) {
			c.enum([]string{"spec", "rules", strconv.Itoa(i), "http", "paths", strconv.Itoa(j), "pathType"}, pathTypes)
		}
	}
}

// orJSON writes a scalar as JSON, or otherwise when there is none.
func orJSON(n *yamltree.Node, otherwise string) string {
	if n == nil || n.IsNull() {
		return otherwise
	}
	return compactJSON(n, nil)
}

// at is path followed by steps, in a slice of its own.
func at(path []string, steps ...string) []string {
	return append(slices.Clone(path), steps...)
}

// lookupPath follows steps from n: a map's field by name, a list's item by its index.
func lookupPath(n *yamltree.Node, steps []string) *yamltree.Node {
	for _, s := range steps {
		if n.IsList() {
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(n.Items) {
				return nil
			}
			n = n.Items[i]
			continue
		}
		if !n.IsMap() {
			return nil
		}
		n = n.Get(s)
	}
	return n
}

// fieldName writes a path as the server names a field: spec.ports[1].name.
func fieldName(path []string) string {
	var b strings.Builder
	for _, s := range path {
		if _, err := strconv.Atoi(s); err == nil {
			b.WriteString("[" + s + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}
