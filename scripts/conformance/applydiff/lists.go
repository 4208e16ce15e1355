package applydiff

// namedList is a list of an object with the path that names it in a story.
type namedList struct {
	name string
	l    *olist
}

// listsOf returns the lists of an object that edits and drift reorder, add to and remove from:
// merge lists (containers, env, ports, volumes, mounts, Service ports), sets of primitives
// (finalizers) and atomic lists (args, tolerations, claim templates, the Widget's lists).
func listsOf(kind string, obj *omap) []namedList {
	var out []namedList
	add := func(name string, v any) {
		if l, ok := v.(*olist); ok && len(l.items) > 0 {
			out = append(out, namedList{name, l})
		}
	}
	add("metadata.finalizers", obj.mapAt("metadata").get("finalizers"))
	if path := podSpecPath(kind); path != nil {
		spec := obj.mapAt(path...)
		for _, k := range []string{"containers", "volumes", "tolerations"} {
			add(k, spec.get(k))
		}
		for _, c := range containersOf(kind, obj) {
			for _, k := range []string{"env", "ports", "volumeMounts", "args"} {
				add(containerName(c)+"."+k, c.get(k))
			}
		}
	}
	switch kind {
	case kindService:
		add("spec.ports", obj.mapAt("spec").get("ports"))
	case kindStatefulSet:
		add("spec.volumeClaimTemplates", obj.mapAt("spec").get("volumeClaimTemplates"))
	case kindWidget:
		add("spec.items", obj.mapAt("spec").get("items"))
		add("spec.tags", obj.mapAt("spec").get("tags"))
	}
	return out
}

// containerName returns a container's name, or "container" when it has none.
func containerName(c *omap) string {
	if s, ok := c.get("name").(string); ok {
		return s
	}
	return "container"
}

// longerThan keeps the lists with more than n items.
func longerThan(ls []namedList, n int) []namedList {
	var out []namedList
	for _, l := range ls {
		if len(l.l.items) > n {
			out = append(out, l)
		}
	}
	return out
}

// removeAt removes item i of a list.
func (l *olist) removeAt(i int) {
	l.items = append(l.items[:i:i], l.items[i+1:]...)
}

// driftReorder: the server or a person left a list in another order.
func (b *builder) driftReorder(kind string, obj *omap) bool {
	ls := longerThan(listsOf(kind, obj), 1)
	if len(ls) == 0 {
		return false
	}
	l := pick(b.d, ls...)
	b.d.shuffle(l.l.items)
	b.note("live %s: %s reordered", kind, l.name)
	return true
}

// driftRemoveItem: someone removed an item with kubectl edit.
func (b *builder) driftRemoveItem(kind string, obj *omap) bool {
	ls := listsOf(kind, obj)
	if len(ls) == 0 {
		return false
	}
	l := pick(b.d, ls...)
	l.l.removeAt(b.d.intn(len(l.l.items)))
	b.note("live %s: an item of %s was removed", kind, l.name)
	return true
}

// driftOwnedField: someone changed a field the config owns (kubectl set image, kubectl edit).
func (b *builder) driftOwnedField(kind string, obj *omap) bool {
	spec := obj.mapAt("spec")
	switch kind {
	case kindWidget:
		spec.set("size", "xlarge")
		b.note("live Widget: spec.size changed to xlarge")
	case kindService:
		spec.ensureMap("selector").set("app", "canary")
		b.note("live Service: spec.selector.app changed to canary")
	default:
		cs := containersOf(kind, obj)
		if len(cs) == 0 {
			return false
		}
		c := pick(b.d, cs...)
		c.set("image", "registry.example.com/hotfix:v9")
		b.note("live %s: kubectl set image on %s", kind, containerName(c))
	}
	return true
}
