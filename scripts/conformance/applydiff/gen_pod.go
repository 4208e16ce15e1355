package applydiff

import "fmt"

// Pools the generator draws realistic values from.
var (
	sidecarNames = []string{"log-shipper", "metrics-exporter", "proxy", "config-reloader"}
	images       = []string{"nginx", "redis", "postgres", "busybox", "ghcr.io/acme/api", "registry.example.com/team/worker", "quay.io/prometheus/node-exporter"}
	tags         = []string{"1.25", "1.27-alpine", "7.2", "16.3", "v2.3.1", "v2.4.0", "latest", "1.36"}
	envNames     = []string{"LOG_LEVEL", "DATABASE_URL", "POD_NAMESPACE", "API_KEY", "FEATURE_FLAGS", "PORT", "CACHE_TTL", "REDIS_HOST", "JAVA_OPTS"}
	envValues    = []string{"info", "debug", "postgres://db:5432/app?sslmode=disable&timeout=5", "8080", "true", "300", "redis.cache.svc", "-Xmx512m -Dfile.encoding=UTF-8", "a<b>c", ""}
	portNumbers  = []int64{80, 443, 8080, 8443, 9090, 5432, 6379, 3000}
	argPool      = []string{"--port=8080", "--log-level=info", "--config=/etc/app/config.yaml", "--metrics", "--workers=4", "-v=2", "--listen=:9090"}
)

// volumeKinds are the volumes a pod may hold: name, mount path and a source builder.
var volumeKinds = []struct {
	name, mountPath string
}{
	{"config", "/etc/app"}, {"cache", "/var/cache/app"}, {"secrets", "/etc/secrets"}, {"data", "/data"}, {"tmp", "/tmp"},
}

// image returns a random image reference.
func (b *builder) image() string {
	return pick(b.d, images...) + ":" + pick(b.d, tags...)
}

// podSpec builds a pod template's spec. restartPolicy is set for Jobs.
func (b *builder) podSpec(app, restartPolicy string) *omap {
	spec := newMap()
	vols := some(b.d, 0, 3, volumeKinds...)
	if b.d.chance(0.4) {
		vols = nil
	}
	var volNames []string
	for _, v := range vols {
		volNames = append(volNames, v.name)
	}
	containers := newList(b.container(app, volNames))
	for _, name := range some(b.d, 0, 2, sidecarNames...) {
		containers.items = append(containers.items, b.container(name, volNames))
	}
	if b.d.chance(0.1) {
		spec.set("initContainers", newList(b.initContainer()))
	}
	spec.set("containers", containers)
	if restartPolicy != "" {
		spec.set("restartPolicy", restartPolicy)
	}
	if len(vols) > 0 {
		l := newList()
		for _, v := range vols {
			l.items = append(l.items, b.volume(v.name))
		}
		spec.set("volumes", l)
	}
	b.podExtras(spec, app)
	return spec
}

// podExtras adds the optional scheduling and identity fields of a pod spec.
func (b *builder) podExtras(spec *omap, app string) {
	if b.d.chance(0.3) {
		spec.set("serviceAccountName", app)
	}
	if b.d.chance(0.3) {
		spec.set("nodeSelector", newMap("kubernetes.io/os", "linux", "disktype", pick(b.d, "ssd", "hdd")))
	}
	if b.d.chance(0.3) {
		spec.set("tolerations", b.tolerations(b.d.between(1, 2)))
	}
	if b.d.chance(0.2) {
		spec.set("imagePullSecrets", newList(newMap("name", "regcred")))
	}
}

// tolerations builds an atomic list of n tolerations.
func (b *builder) tolerations(n int) *olist {
	all := []any{
		newMap("key", "dedicated", "operator", "Equal", "value", "app", "effect", "NoSchedule"),
		newMap("key", "node.kubernetes.io/not-ready", "operator", "Exists", "effect", "NoExecute", "tolerationSeconds", int64(300)),
		newMap("key", "spot", "operator", "Exists"),
	}
	return newList(some(b.d, n, n, all...)...)
}

// initContainer builds an init container with a multi-line script.
func (b *builder) initContainer() *omap {
	return newMap("name", "init-db", "image", "busybox:1.36",
		"command", flowList("sh", "-c"),
		"args", newList("until nc -z db 5432; do\n  sleep 1\ndone\n"))
}

// container builds one container; volNames are the pod's volumes it may mount.
func (b *builder) container(name string, volNames []string) *omap {
	c := newMap("name", name, "image", b.image())
	if b.d.chance(0.2) {
		c.set("command", pick(b.d, flowList("/bin/app"), strList("/usr/local/bin/entrypoint", "serve")))
	}
	if b.d.chance(0.4) {
		args := &olist{flow: b.d.chance(0.4)}
		for _, a := range some(b.d, 1, 3, argPool...) {
			args.items = append(args.items, a)
		}
		c.set("args", args)
	}
	if b.d.chance(0.6) {
		c.set("ports", b.ports())
	}
	if b.d.chance(0.6) {
		c.set("env", b.envList(b.d.between(1, 4)))
	}
	if len(volNames) > 0 && b.d.chance(0.7) {
		c.set("volumeMounts", b.mounts(some(b.d, 1, len(volNames), volNames...)))
	}
	if b.d.chance(0.5) {
		c.set("resources", b.resources())
	}
	if b.d.chance(0.15) {
		c.set("livenessProbe", newMap("httpGet", newMap("path", "/healthz", "port", int64(8080)), "initialDelaySeconds", int64(5)))
	}
	return c
}

// ports builds a container's ports; sometimes the same port for TCP and UDP (a DNS server).
func (b *builder) ports() *olist {
	l := newList()
	if b.d.chance(0.15) {
		l.items = append(l.items,
			newMap("name", "dns-tcp", "containerPort", int64(53), "protocol", "TCP"),
			newMap("name", "dns", "containerPort", int64(53), "protocol", "UDP"))
	}
	for _, p := range some(b.d, 1, 2, portNumbers...) {
		l.items = append(l.items, b.port(p))
	}
	return l
}

// port builds one container port.
func (b *builder) port(n int64) *omap {
	p := newMap()
	if b.d.chance(0.6) {
		p.set("name", fmt.Sprintf("p%d", n))
	}
	p.set("containerPort", n)
	if b.d.chance(0.5) {
		p.set("protocol", "TCP")
	}
	return p
}

// envList builds n environment variables.
func (b *builder) envList(n int) *olist {
	l := newList()
	for _, name := range some(b.d, n, n, envNames...) {
		l.items = append(l.items, b.envVar(name))
	}
	return l
}

// envVar builds one variable, with a value or a valueFrom.
func (b *builder) envVar(name string) *omap {
	switch b.d.intn(5) {
	case 0:
		return newMap("name", name, "valueFrom", newMap("secretKeyRef", newMap("name", "app-secret", "key", "api-key")))
	case 1:
		return newMap("name", name, "valueFrom", newMap("fieldRef", newMap("fieldPath", "metadata.namespace")))
	}
	return newMap("name", name, "value", pick(b.d, envValues...))
}

// mounts builds volume mounts for the named volumes.
func (b *builder) mounts(names []string) *olist {
	l := newList()
	for _, n := range names {
		m := newMap("name", n, "mountPath", mountPathOf(n))
		if b.d.chance(0.3) {
			m.set("readOnly", true)
		}
		l.items = append(l.items, m)
	}
	return l
}

// mountPathOf returns where a volume of the pool is mounted.
func mountPathOf(name string) string {
	for _, v := range volumeKinds {
		if v.name == name {
			return v.mountPath
		}
	}
	return "/mnt/" + name
}

// volumeSources are the volume sources the generator writes.
var volumeSources = []string{"configMap", "secret", "emptyDir"}

// volume builds a volume with a random source.
func (b *builder) volume(name string) *omap {
	return b.volumeWith(name, pick(b.d, volumeSources...))
}

// volumeWith builds a volume with the named source: a configMap (its defaultMode sometimes
// written in octal, 0644, which YAML 1.1 reads as 420), a secret, or an emptyDir.
func (b *builder) volumeWith(name, source string) *omap {
	var body *omap
	switch source {
	case "configMap":
		body = newMap("name", "app-"+name)
		if b.d.chance(0.3) {
			body.set("defaultMode", pick(b.d, raw{text: "0644", value: int64(420)}, raw{text: "0755", value: int64(493)}))
		}
	case "secret":
		body = newMap("secretName", "app-"+name)
	default:
		body = newMap()
		if b.d.chance(0.4) {
			body = newMap("medium", "Memory", "sizeLimit", "64Mi")
		}
	}
	return newMap("name", name, source, body)
}

// resources builds requests and limits; cpu is sometimes a number.
func (b *builder) resources() *omap {
	cpu := any(pick(b.d, "100m", "250m", "500m"))
	if b.d.chance(0.2) {
		cpu = int64(1)
	}
	r := newMap("limits", newMap("cpu", cpu, "memory", pick(b.d, "128Mi", "256Mi", "1Gi")))
	if b.d.chance(0.7) {
		r.set("requests", newMap("cpu", "50m", "memory", "64Mi"))
	}
	return r
}
