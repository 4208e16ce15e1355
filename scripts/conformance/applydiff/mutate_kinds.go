package applydiff

import "slices"

// editReplicas changes, removes or nulls replicas.
func (b *builder) editReplicas(r *resource) bool {
	if r.kind != kindDeployment && r.kind != kindStatefulSet {
		return false
	}
	spec := r.doc.mapAt("spec")
	switch {
	case spec.has("replicas") && b.d.chance(0.3):
		spec.del("replicas")
		return b.noted(r, "replicas removed (left to the autoscaler)")
	case spec.has("replicas") && b.d.chance(0.2):
		spec.set("replicas", nil)
		return b.noted(r, "replicas: null")
	}
	spec.set("replicas", int64(b.d.between(1, 8)))
	return b.noted(r, "replicas set")
}

// editStrategy switches a Deployment's strategy (retainKeys drops the other type's fields),
// removes it, or changes its parameters.
func (b *builder) editStrategy(r *resource) bool {
	if r.kind != kindDeployment {
		return false
	}
	spec := r.doc.mapAt("spec")
	s := spec.mapAt("strategy")
	switch {
	case s == nil:
		spec.set("strategy", b.strategy(b.d.chance(0.4)))
		return b.noted(r, "strategy added")
	case s.get("type") == "RollingUpdate" && b.d.chance(0.6):
		spec.set("strategy", newMap("type", "Recreate"))
		return b.noted(r, "strategy RollingUpdate -> Recreate, rollingUpdate removed")
	case s.get("type") == "Recreate" && b.d.chance(0.6):
		spec.set("strategy", b.strategy(true))
		return b.noted(r, "strategy Recreate -> RollingUpdate")
	case b.d.chance(0.4):
		spec.del("strategy")
		return b.noted(r, "strategy removed")
	case s.has("rollingUpdate"):
		s.mapAt("rollingUpdate").set("maxSurge", pick[any](b.d, "30%", int64(2)))
		return b.noted(r, "maxSurge changed")
	}
	return false
}

// editStatefulSet changes claim templates (an atomic list) or the update strategy.
func (b *builder) editStatefulSet(r *resource) bool {
	if r.kind != kindStatefulSet {
		return false
	}
	spec := r.doc.mapAt("spec")
	claims := spec.listAt("volumeClaimTemplates")
	switch b.d.intn(3) {
	case 0:
		claims.items[0].(*omap).mapAt("spec", "resources", "requests").set("storage", pick(b.d, "2Gi", "10Gi"))
		return b.noted(r, "claim storage changed")
	case 1:
		if hasClaim(claims, "logs") {
			return false
		}
		claims.items = append(claims.items, b.claim("logs", "512Mi"))
		return b.noted(r, "claim template added")
	}
	spec.set("updateStrategy", newMap("type", "OnDelete"))
	return b.noted(r, "updateStrategy OnDelete")
}

// hasClaim reports whether a claim template list has a claim named name.
func hasClaim(l *olist, name string) bool {
	for _, it := range l.items {
		if it.(*omap).mapAt("metadata").get("name") == name {
			return true
		}
	}
	return false
}

// editCronJob changes the schedule, suspends, or drops a policy.
func (b *builder) editCronJob(r *resource) bool {
	if r.kind != kindCronJob {
		return false
	}
	spec := r.doc.mapAt("spec")
	switch b.d.intn(4) {
	case 0:
		spec.set("schedule", pick(b.d, "*/10 * * * *", "30 2 * * 1-5"))
		return b.noted(r, "schedule changed")
	case 1:
		spec.set("suspend", true)
		return b.noted(r, "suspended")
	case 2:
		if !spec.has("concurrencyPolicy") {
			return false
		}
		spec.del("concurrencyPolicy")
		return b.noted(r, "concurrencyPolicy removed")
	}
	spec.mapAt("jobTemplate", "spec").set("backoffLimit", int64(b.d.between(0, 3)))
	return b.noted(r, "backoffLimit set")
}

// editService adds, removes or reorders ports, changes a target port, the type or the selector.
func (b *builder) editService(r *resource) bool {
	if r.kind != kindService {
		return false
	}
	spec := r.doc.mapAt("spec")
	ports := spec.listAt("ports")
	if len(ports.items) == 0 {
		return false
	}
	switch b.d.intn(6) {
	case 0:
		n := pick(b.d, portNumbers...)
		if hasNamed(ports, "port", n) {
			return false
		}
		ports.items = slices.Insert(ports.items, b.d.intn(len(ports.items)+1), any(b.servicePort(n)))
		return b.noted(r, "service port added")
	case 1:
		ports.removeAt(b.d.intn(len(ports.items)))
		return b.noted(r, "service port removed")
	case 2:
		if len(ports.items) < 2 {
			return false
		}
		b.d.shuffle(ports.items)
		return b.noted(r, "service ports reordered")
	case 3:
		ports.items[0].(*omap).set("targetPort", pick[any](b.d, int64(9000), "web"))
		return b.noted(r, "targetPort changed")
	case 4:
		spec.set("type", pick(b.d, "NodePort", "ClusterIP"))
		return b.noted(r, "type changed")
	}
	spec.ensureMap("selector").set("track", "stable")
	return b.noted(r, "selector extended")
}

// editWidget changes the custom resource: scalars, YAML 1.1 scalars, nested maps removed or
// nulled, lists (replaced whole by a JSON merge patch) changed.
func (b *builder) editWidget(r *resource) bool {
	if r.kind != kindWidget {
		return false
	}
	spec := r.doc.mapAt("spec")
	settings := spec.mapAt("settings")
	switch b.d.intn(9) {
	case 0:
		spec.set("size", pick(b.d, "tiny", "huge"))
		return b.noted(r, "size changed")
	case 1:
		if settings == nil || !settings.has("limits") {
			return false
		}
		settings.del("limits")
		return b.noted(r, "settings.limits removed")
	case 2:
		if settings == nil {
			return false
		}
		settings.set("color", nil)
		return b.noted(r, "settings.color: null")
	case 3:
		spec.del("settings")
		return b.noted(r, "settings removed")
	case 4:
		items := spec.listAt("items")
		if items == nil || len(items.items) < 2 {
			return false
		}
		b.d.shuffle(items.items)
		return b.noted(r, "items reordered")
	case 5:
		items := spec.listAt("items")
		if items == nil || hasNamed(items, "name", "epsilon") {
			return false
		}
		items.items = append(items.items, newMap("name", "epsilon", "value", int64(5)))
		return b.noted(r, "item added")
	case 6:
		spec.set("enabled", pick[any](b.d, raw{text: "off", value: false}, raw{text: "Yes", value: true}, false))
		return b.noted(r, "enabled toggled")
	case 7:
		spec.ensureMap("settings").set("features", newMap("beta", true, "ratio", 0.25))
		return b.noted(r, "settings.features set")
	}
	spec.set("tags", flowList("team-b"))
	return b.noted(r, "tags replaced")
}
