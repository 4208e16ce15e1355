package applydiff

// drift changes live the way a cluster does after kubectl created the object: the server's
// metadata, defaults and status, then other actors (an autoscaler, a sidecar injector, people
// running kubectl edit), each now and then.
func (b *builder) drift(kind string, obj *omap) {
	b.serverMetadata(obj)
	if b.d.chance(0.8) {
		b.serverDefaults(kind, obj)
	}
	if b.d.chance(0.6) {
		b.status(kind, obj)
	}
	actors := []struct {
		p   float64
		act func(string, *omap) bool
	}{
		{0.2, b.driftReplicas},
		{0.12, b.injectSidecar},
		{0.2, b.driftLabel},
		{0.12, b.driftAnnotation},
		{0.25, b.driftReorder},
		{0.1, b.driftRemoveItem},
		{0.15, b.driftOwnedField},
		{0.08, b.driftFinalizer},
		{0.15, b.driftCustom},
		{0.08, b.driftEnv},
	}
	for _, a := range actors {
		if b.d.chance(a.p) {
			a.act(kind, obj)
		}
	}
}

// driftReplicas: an autoscaler changed replicas.
func (b *builder) driftReplicas(kind string, obj *omap) bool {
	spec := obj.mapAt("spec")
	if kind != kindDeployment && kind != kindStatefulSet {
		return false
	}
	n := int64(b.d.between(6, 12))
	spec.set("replicas", n)
	b.note("live %s: an autoscaler set replicas to %d", kind, n)
	return true
}

// injectSidecar: a mutating webhook added a proxy container, an init container, a volume and
// an annotation to the pod template.
func (b *builder) injectSidecar(kind string, obj *omap) bool {
	path := podSpecPath(kind)
	if path == nil {
		return false
	}
	spec := obj.mapAt(path...)
	proxy := newMap("name", "istio-proxy", "image", "docker.io/istio/proxyv2:1.22.0",
		"args", newList("proxy", "sidecar", "--log_output_level=default:info"),
		"ports", newList(newMap("containerPort", int64(15090), "name", "http-envoy-prom", "protocol", "TCP")),
		"volumeMounts", newList(newMap("mountPath", "/etc/istio/proxy", "name", "istio-envoy")))
	containers := spec.listAt("containers")
	if b.d.chance(0.5) {
		containers.items = append(containers.items, proxy)
	} else {
		containers.items = append([]any{proxy}, containers.items...)
	}
	vols, _ := spec.get("volumes").(*olist)
	if vols == nil {
		vols = newList()
		spec.set("volumes", vols)
	}
	vols.items = append(vols.items, newMap("emptyDir", newMap("medium", "Memory"), "name", "istio-envoy"))
	template := obj.mapAt(path[:len(path)-1]...)
	template.ensureMap("metadata").ensureMap("annotations").set("sidecar.istio.io/status", `{"containers":["istio-proxy"],"volumes":["istio-envoy"]}`)
	b.note("live %s: a webhook injected the istio-proxy sidecar", kind)
	return true
}

// driftLabel: someone added a label.
func (b *builder) driftLabel(kind string, obj *omap) bool {
	obj.mapAt("metadata").ensureMap("labels").set("team", pick(b.d, "payments", "search"))
	b.note("live %s: a label was added", kind)
	return true
}

// driftAnnotation: a controller added an annotation.
func (b *builder) driftAnnotation(kind string, obj *omap) bool {
	obj.mapAt("metadata").ensureMap("annotations").set(pick(b.d, "deployment.kubernetes.io/revision", "example.com/checked"), "2")
	b.note("live %s: a controller added an annotation", kind)
	return true
}

// driftFinalizer: a controller added a finalizer.
func (b *builder) driftFinalizer(kind string, obj *omap) bool {
	meta := obj.mapAt("metadata")
	l, _ := meta.get("finalizers").(*olist)
	if l == nil {
		l = newList()
		meta.set("finalizers", l)
	}
	l.items = append(l.items, "example.com/controller-lock")
	b.note("live %s: a controller added a finalizer", kind)
	return true
}

// driftEnv: a webhook added an environment variable to a container.
func (b *builder) driftEnv(kind string, obj *omap) bool {
	cs := containersOf(kind, obj)
	if len(cs) == 0 {
		return false
	}
	c := cs[b.d.intn(len(cs))]
	env, _ := c.get("env").(*olist)
	if env == nil {
		env = newList()
		c.set("env", env)
	}
	env.items = append(env.items, newMap("name", "OTEL_SERVICE_NAME", "value", "shop"))
	b.note("live %s: a webhook added env OTEL_SERVICE_NAME", kind)
	return true
}

// driftCustom: the Widget's controller wrote into spec.
func (b *builder) driftCustom(kind string, obj *omap) bool {
	if kind != kindWidget {
		return false
	}
	spec := obj.mapAt("spec")
	if b.d.chance(0.5) {
		spec.ensureMap("settings").set("extra", newMap("injected", true, "by", "widget-controller"))
		b.note("live Widget: the controller added spec.settings.extra")
	} else {
		items, _ := spec.get("items").(*olist)
		if items == nil {
			return false
		}
		items.items = append(items.items, newMap("name", "omega", "value", int64(99)))
		b.note("live Widget: the controller appended an item")
	}
	return true
}

// containersOf returns the containers of a kind's pod spec.
func containersOf(kind string, obj *omap) []*omap {
	path := podSpecPath(kind)
	if path == nil {
		return nil
	}
	l := obj.listAt(append(path, "containers")...)
	var out []*omap
	for _, it := range listItems(l) {
		if c, ok := it.(*omap); ok {
			out = append(out, c)
		}
	}
	return out
}
