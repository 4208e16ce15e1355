package applydiff

// The kinds the generator writes.
const (
	kindDeployment  = "Deployment"
	kindService     = "Service"
	kindStatefulSet = "StatefulSet"
	kindCronJob     = "CronJob"
	kindWidget      = "Widget"
)

// kindWeights draws kinds: Deployments most, then the custom resource.
var kindWeights = []string{
	kindDeployment, kindDeployment, kindDeployment, kindDeployment,
	kindService, kindService, kindStatefulSet, kindStatefulSet, kindCronJob, kindWidget, kindWidget,
}

// appNames name the generated applications.
var appNames = []string{"web", "api", "worker", "cache", "db", "frontend", "gateway", "auth", "billing", "search"}

// resource is one generated object with its layout.
type resource struct {
	kind string
	doc  *omap
	lay  layout
	// fresh is set on a resource the config adds (kubectl creates it).
	fresh bool
}

// text writes the resource as a YAML document.
func (r *resource) text() string { return emitDoc(r.doc, r.lay) }

// podSpecPath is where a kind keeps its pod spec; nil for kinds without one.
func podSpecPath(kind string) []string {
	switch kind {
	case kindDeployment, kindStatefulSet:
		return []string{"spec", "template", "spec"}
	case kindCronJob:
		return []string{"spec", "jobTemplate", "spec", "template", "spec"}
	}
	return nil
}

// newResource builds a resource of kind named name.
func (b *builder) newResource(kind, name string) *resource {
	r := &resource{kind: kind, lay: layout{indentLists: b.d.chance(0.5)}}
	if b.d.chance(0.15) {
		r.lay.comment = name + ": managed by the platform team"
	}
	switch kind {
	case kindDeployment:
		r.doc = b.deployment(name)
	case kindService:
		r.doc = b.service(name)
	case kindStatefulSet:
		r.doc = b.statefulSet(name)
	case kindCronJob:
		r.doc = b.cronJob(name)
	default:
		r.doc = b.widget(name)
	}
	return r
}

// metadata builds an object's metadata: name, namespace, labels, sometimes annotations and
// finalizers (a list of primitives merged as a set).
func (b *builder) metadata(name string) *omap {
	m := newMap("name", name)
	if b.namespace != "" && b.d.chance(0.9) {
		m.set("namespace", b.namespace)
	}
	labels := newMap("app", name)
	if b.d.chance(0.5) {
		labels.set("tier", pick(b.d, "frontend", "backend", "data"))
	}
	if b.d.chance(0.3) {
		labels.set("app.kubernetes.io/part-of", "shop")
	}
	m.set("labels", labels)
	if b.d.chance(0.4) {
		m.set("annotations", newMap("description", pick(b.d, "the "+name+" service", "owned by team a&b"), "example.com/owner", "team-"+name))
	}
	if b.d.chance(0.25) {
		m.set("finalizers", strList(some(b.d, 1, 2, "example.com/cleanup", "example.com/audit", "example.com/backup")...))
	}
	return m
}

// podTemplate builds a template with the app's labels.
func (b *builder) podTemplate(name, restartPolicy string) *omap {
	meta := newMap("labels", newMap("app", name))
	if b.d.chance(0.2) {
		meta.set("annotations", newMap("prometheus.io/scrape", "true", "prometheus.io/port", "9090"))
	}
	return newMap("metadata", meta, "spec", b.podSpec(name, restartPolicy))
}

// deployment builds an apps/v1 Deployment.
func (b *builder) deployment(name string) *omap {
	spec := newMap()
	if b.d.chance(0.8) {
		spec.set("replicas", int64(b.d.between(1, 5)))
	}
	spec.set("selector", newMap("matchLabels", newMap("app", name)))
	if b.d.chance(0.5) {
		spec.set("strategy", b.strategy(b.d.chance(0.7)))
	}
	if b.d.chance(0.15) {
		spec.set("minReadySeconds", int64(10))
	}
	spec.set("template", b.podTemplate(name, ""))
	return newMap("apiVersion", "apps/v1", "kind", kindDeployment, "metadata", b.metadata(name), "spec", spec)
}

// strategy builds a Deployment strategy: RollingUpdate (with or without its parameters) or
// Recreate. Its $retainKeys patch strategy removes the other type's parameters.
func (b *builder) strategy(rolling bool) *omap {
	if !rolling {
		return newMap("type", "Recreate")
	}
	s := newMap("type", "RollingUpdate")
	if b.d.chance(0.7) {
		s.set("rollingUpdate", newMap("maxSurge", pick[any](b.d, int64(1), "25%", "50%"), "maxUnavailable", pick[any](b.d, int64(0), "25%")))
	}
	return s
}

// service builds a v1 Service.
func (b *builder) service(name string) *omap {
	spec := newMap("selector", newMap("app", name))
	if b.d.chance(0.3) {
		spec.set("type", pick(b.d, "ClusterIP", "NodePort", "LoadBalancer"))
	}
	ports := newList()
	for _, p := range some(b.d, 1, 3, portNumbers...) {
		ports.items = append(ports.items, b.servicePort(p))
	}
	spec.set("ports", ports)
	return newMap("apiVersion", "v1", "kind", kindService, "metadata", b.metadata(name), "spec", spec)
}

// servicePort builds one Service port; targetPort is a number or a port name.
func (b *builder) servicePort(port int64) *omap {
	p := newMap("name", pick(b.d, "http", "https", "metrics", "grpc")+"-"+itoa(port), "port", port)
	if b.d.chance(0.7) {
		p.set("targetPort", pick[any](b.d, port+8000, "http"))
	}
	if b.d.chance(0.5) {
		p.set("protocol", "TCP")
	}
	return p
}

// statefulSet builds an apps/v1 StatefulSet with volume claim templates (an atomic list).
func (b *builder) statefulSet(name string) *omap {
	spec := newMap("serviceName", name)
	if b.d.chance(0.8) {
		spec.set("replicas", int64(b.d.between(1, 5)))
	}
	spec.set("selector", newMap("matchLabels", newMap("app", name)))
	if b.d.chance(0.2) {
		spec.set("podManagementPolicy", "Parallel")
	}
	if b.d.chance(0.3) {
		spec.set("updateStrategy", newMap("type", "RollingUpdate", "rollingUpdate", newMap("partition", int64(0))))
	}
	spec.set("template", b.podTemplate(name, ""))
	claims := newList(b.claim("data", "1Gi"))
	if b.d.chance(0.3) {
		claims.items = append(claims.items, b.claim("logs", "512Mi"))
	}
	spec.set("volumeClaimTemplates", claims)
	return newMap("apiVersion", "apps/v1", "kind", kindStatefulSet, "metadata", b.metadata(name), "spec", spec)
}

// claim builds a volume claim template.
func (b *builder) claim(name, size string) *omap {
	spec := newMap("accessModes", flowList("ReadWriteOnce"), "resources", newMap("requests", newMap("storage", size)))
	if b.d.chance(0.5) {
		spec.set("storageClassName", pick(b.d, "standard", "fast-ssd"))
	}
	return newMap("metadata", newMap("name", name), "spec", spec)
}

// cronJob builds a batch/v1 CronJob.
func (b *builder) cronJob(name string) *omap {
	spec := newMap("schedule", pick(b.d, "*/5 * * * *", "0 3 * * *", "@hourly"))
	if b.d.chance(0.5) {
		spec.set("concurrencyPolicy", pick(b.d, "Forbid", "Replace"))
	}
	if b.d.chance(0.2) {
		spec.set("suspend", false)
	}
	if b.d.chance(0.3) {
		spec.set("successfulJobsHistoryLimit", int64(b.d.between(1, 5)))
	}
	job := newMap()
	if b.d.chance(0.5) {
		job.set("backoffLimit", int64(b.d.between(0, 6)))
	}
	job.set("template", b.podTemplate(name, pick(b.d, "OnFailure", "Never")))
	spec.set("jobTemplate", newMap("spec", job))
	return newMap("apiVersion", "batch/v1", "kind", kindCronJob, "metadata", b.metadata(name), "spec", spec)
}

// widget builds the custom resource example.com/v1 Widget: nested maps, lists of maps and of
// scalars, and YAML 1.1 scalars (yes, on, 0755).
func (b *builder) widget(name string) *omap {
	spec := newMap("size", pick(b.d, "small", "medium", "large"), "replicas", int64(b.d.between(1, 9)))
	spec.set("enabled", pick[any](b.d, raw{text: "yes", value: true}, raw{text: "on", value: true}, any(true), raw{text: "no", value: false}))
	if b.d.chance(0.3) {
		spec.set("permissions", raw{text: "0755", value: int64(493)})
	}
	settings := newMap("color", pick(b.d, "blue", "green", "red"))
	if b.d.chance(0.7) {
		settings.set("limits", newMap("min", int64(1), "max", int64(b.d.between(5, 20))))
	}
	if b.d.chance(0.4) {
		settings.set("features", newMap("beta", b.d.chance(0.5), "ratio", pick(b.d, 0.5, 1.5)))
	}
	spec.set("settings", settings)
	items := newList()
	for i, n := range some(b.d, 1, 3, "alpha", "beta", "gamma", "delta") {
		items.items = append(items.items, newMap("name", n, "value", int64(i+1)))
	}
	spec.set("items", items)
	spec.set("tags", &olist{flow: b.d.chance(0.5), items: []any{"team-a", pick[any](b.d, "prod", "canary")}})
	return newMap("apiVersion", "example.com/v1", "kind", kindWidget, "metadata", b.metadata(name), "spec", spec)
}
