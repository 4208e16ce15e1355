package merge3diff

import (
	"fmt"

	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// The kinds a case draws its resources from. They stay clear of the few lists whose merge rule
// changed since Kubernetes 1.21 (kyaml's schema), such as ephemeral containers' ports: there the
// engine follows the current schema on purpose, and says so.

var images = []string{"nginx:1.25", "nginx:1.27", "redis:7", "busybox:1.36", "envoy:1.30", "app:v1", "app:v2"}

func (g *gen) name(prefix string) string { return fmt.Sprintf("%s-%d", prefix, g.d.intn(50)) }

func (g *gen) meta(name string) *yaml.Node {
	md := m("name", name)
	if g.d.chance(0.4) {
		set(md, "namespace", s(pick(g.d, "default", "shop", "web")))
	}
	if g.d.chance(0.6) {
		set(md, "labels", m("app", name, "tier", pick(g.d, "web", "db", "cache")))
	}
	if g.d.chance(0.3) {
		set(md, "annotations", m("owner", pick(g.d, "team-a", "team-b"), "example.com/rev", "3"))
	}
	if g.d.chance(0.15) {
		set(md, "finalizers", l("example.com/cleanup", "example.com/audit"))
	}
	return md
}

func (g *gen) container(name string) *yaml.Node {
	c := m("name", name, "image", pick(g.d, images...))
	if g.d.chance(0.4) {
		set(c, "args", l("--port=8080", pick(g.d, "--verbose", "--quiet")))
	}
	if g.d.chance(0.6) {
		set(c, "ports", g.ports())
	}
	if g.d.chance(0.5) {
		set(c, "env", l(m("name", "MODE", "value", pick(g.d, "prod", "dev")), m("name", "LEVEL", "value", "info")))
	}
	if g.d.chance(0.4) {
		set(c, "volumeMounts", l(m("name", "data", "mountPath", "/data"), m("name", "conf", "mountPath", "/etc/conf", "readOnly", true)))
	}
	if g.d.chance(0.4) {
		set(c, "resources", m("limits", m("cpu", pick(g.d, "100m", "500m"), "memory", "128Mi")))
	}
	return c
}

func (g *gen) ports() *yaml.Node {
	ports := l(m("containerPort", pick(g.d, 80, 8080), "name", "http"))
	if g.d.chance(0.5) {
		ports.Content = append(ports.Content, m("containerPort", 53, "protocol", "UDP", "name", "dns"))
	}
	if g.d.chance(0.3) {
		ports.Content = append(ports.Content, m("containerPort", 53, "protocol", "TCP"))
	}
	return ports
}

func (g *gen) podSpec() *yaml.Node {
	cs := l(g.container("main"))
	if g.d.chance(0.5) {
		cs.Content = append(cs.Content, g.container("sidecar"))
	}
	spec := m("containers", cs)
	if g.d.chance(0.3) {
		set(spec, "volumes", l(m("name", "data", "emptyDir", m()), m("name", "conf", "configMap", m("name", "conf"))))
	}
	if g.d.chance(0.2) {
		set(spec, "tolerations", l(m("key", "dedicated", "operator", "Exists")))
	}
	if g.d.chance(0.2) {
		set(spec, "nodeSelector", m("disk", "ssd"))
	}
	if g.d.chance(0.2) {
		set(spec, "initContainers", l(g.container("init")))
	}
	return spec
}

func (g *gen) deployment() *yaml.Node {
	name := g.name("web")
	spec := m("replicas", g.d.between(1, 5), "selector", m("matchLabels", m("app", name)),
		"template", m("metadata", m("labels", m("app", name)), "spec", g.podSpec()))
	if g.d.chance(0.3) {
		set(spec, "strategy", m("type", "RollingUpdate", "rollingUpdate", m("maxSurge", 1)))
	}
	return m("apiVersion", "apps/v1", "kind", pick(g.d, "Deployment", "StatefulSet", "DaemonSet"), "metadata", g.meta(name), "spec", spec)
}

func (g *gen) service() *yaml.Node {
	name := g.name("svc")
	ports := l(m("name", "http", "port", 80, "targetPort", 8080))
	if g.d.chance(0.5) {
		ports.Content = append(ports.Content, m("name", "dns", "port", 53, "protocol", "UDP"))
	}
	return m("apiVersion", "v1", "kind", "Service", "metadata", g.meta(name),
		"spec", m("selector", m("app", name), "ports", ports, "type", pick(g.d, "ClusterIP", "NodePort")))
}

func (g *gen) configMap() *yaml.Node {
	data := m("mode", pick(g.d, "prod", "dev"), "level", "info", "enabled", pick(g.d, "on", "yes", "true", "off"))
	if g.d.chance(0.3) {
		set(data, "script", s("#!/bin/sh\necho hello\n"))
	}
	return m("apiVersion", "v1", "kind", "ConfigMap", "metadata", g.meta(g.name("conf")), "data", data)
}

func (g *gen) pod() *yaml.Node {
	return m("apiVersion", "v1", "kind", "Pod", "metadata", g.meta(g.name("pod")), "spec", g.podSpec())
}

func (g *gen) cronJob() *yaml.Node {
	return m("apiVersion", "batch/v1", "kind", "CronJob", "metadata", g.meta(g.name("job")),
		"spec", m("schedule", "*/5 * * * *", "jobTemplate", m("spec", m("template", m("spec", g.podSpec())))))
}

func (g *gen) kustomization() *yaml.Node {
	gens := l(m("name", "app-config", "literals", l("MODE=prod", "LEVEL=info")))
	if g.d.chance(0.5) {
		gens.Content = append(gens.Content, m("name", "extra", "files", l("extra.properties")))
	}
	return m("apiVersion", "kustomize.config.k8s.io/v1beta1", "kind", "Kustomization", "metadata", m("name", g.name("kust")),
		"resources", l("deployment.yaml", "service.yaml"), "configMapGenerator", gens,
		"commonLabels", m("app", "shop"))
}

func (g *gen) widget() *yaml.Node {
	parts := l(m("name", "a", "size", 1), m("name", "b", "size", 2))
	return m("apiVersion", "example.com/v1", "kind", "Widget", "metadata", g.meta(g.name("widget")),
		"spec", m("parts", parts, "tags", l("red", "blue"), "mounts", l(m("mountPath", "/a", "readOnly", true))))
}

// resource draws one resource.
func (g *gen) resource() *yaml.Node {
	switch g.d.intn(10) {
	case 0, 1, 2:
		return g.deployment()
	case 3:
		return g.service()
	case 4:
		return g.configMap()
	case 5:
		return g.pod()
	case 6:
		return g.cronJob()
	case 7:
		return g.kustomization()
	default:
		return g.widget()
	}
}
