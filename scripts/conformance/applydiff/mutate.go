package applydiff

import "slices"

// editFunc changes a config resource; it reports false when it does not apply to it.
type editFunc func(r *resource) bool

// edit applies zero to four random edits to a config resource (zero now and then, so that some
// applies change nothing but drift).
func (b *builder) edit(r *resource) {
	if b.d.chance(0.08) {
		return
	}
	edits := []editFunc{
		b.editLabels, b.editAnnotations, b.editFinalizers,
		b.editImage, b.editContainers, b.editEnv, b.editEnv, b.editPorts, b.editArgs, b.editResources,
		b.editVolumes, b.editNodeSelector, b.editTolerations, b.editPodMisc,
		b.editReplicas, b.editStrategy, b.editStrategy, b.editStatefulSet, b.editCronJob,
		b.editService, b.editService, b.editWidget, b.editWidget, b.editWidget, b.editDirective,
	}
	want := b.d.between(1, 4)
	for tries := 0; want > 0 && tries < 40; tries++ {
		if pick(b.d, edits...)(r) {
			want--
		}
	}
}

// noted records an edit of r.
func (b *builder) noted(r *resource, what string) bool {
	b.note("config %s: %s", resourceName(r), what)
	return true
}

// editLabels changes, adds or nulls a label, or nulls the whole map.
func (b *builder) editLabels(r *resource) bool {
	labels := r.doc.mapAt("metadata", "labels")
	if labels == nil {
		return false
	}
	switch b.d.intn(5) {
	case 0:
		labels.set("version", pick(b.d, "v2", "v3"))
		return b.noted(r, "label version added")
	case 1:
		if len(labels.keys) < 2 {
			return false
		}
		labels.set(labels.keys[len(labels.keys)-1], nil)
		return b.noted(r, "a label set to null")
	case 2:
		if b.d.chance(0.5) {
			r.doc.mapAt("metadata").set("labels", nil)
			return b.noted(r, "labels: null")
		}
		r.doc.mapAt("metadata").del("labels")
		return b.noted(r, "labels removed")
	}
	labels.set("tier", pick(b.d, "edge", "backend", "batch"))
	return b.noted(r, "label tier changed")
}

// editAnnotations removes, nulls, changes or adds the annotations.
func (b *builder) editAnnotations(r *resource) bool {
	meta := r.doc.mapAt("metadata")
	ann := meta.mapAt("annotations")
	switch {
	case ann == nil:
		meta.set("annotations", newMap("example.com/reviewed-by", pick(b.d, "alice", "bob & carol")))
		return b.noted(r, "annotations added")
	case b.d.chance(0.3):
		meta.del("annotations")
		return b.noted(r, "annotations removed")
	case b.d.chance(0.3):
		meta.set("annotations", nil)
		return b.noted(r, "annotations: null")
	}
	ann.set(ann.keys[0], "changed <v2>")
	return b.noted(r, "an annotation changed")
}

// editFinalizers adds, removes or reorders finalizers (merged as a set of primitives).
func (b *builder) editFinalizers(r *resource) bool {
	meta := r.doc.mapAt("metadata")
	l, _ := meta.get("finalizers").(*olist)
	switch {
	case l == nil:
		meta.set("finalizers", strList("example.com/cleanup"))
		return b.noted(r, "finalizers added")
	case b.d.chance(0.4) && len(l.items) > 0:
		l.removeAt(b.d.intn(len(l.items)))
		return b.noted(r, "a finalizer removed")
	case b.d.chance(0.3) && len(l.items) > 1:
		b.d.shuffle(l.items)
		return b.noted(r, "finalizers reordered")
	case b.d.chance(0.3):
		meta.del("finalizers")
		return b.noted(r, "finalizers removed")
	}
	if slices.Contains(l.items, any("example.com/retain")) {
		return false
	}
	l.items = slices.Insert(l.items, b.d.intn(len(l.items)+1), any("example.com/retain"))
	return b.noted(r, "a finalizer added")
}

// podSpec returns a resource's pod spec, or nil.
func podSpecOf(r *resource) *omap {
	path := podSpecPath(r.kind)
	if path == nil {
		return nil
	}
	return r.doc.mapAt(path...)
}

// pickContainer returns a random container of r, or nil.
func (b *builder) pickContainer(r *resource) *omap {
	cs := containersOf(r.kind, r.doc)
	if len(cs) == 0 {
		return nil
	}
	return pick(b.d, cs...)
}

// editImage changes a container's image.
func (b *builder) editImage(r *resource) bool {
	c := b.pickContainer(r)
	if c == nil {
		return false
	}
	c.set("image", b.image())
	return b.noted(r, containerName(c)+": image changed")
}

// editContainers adds, removes or reorders containers.
func (b *builder) editContainers(r *resource) bool {
	spec := podSpecOf(r)
	if spec == nil {
		return false
	}
	l := spec.listAt("containers")
	switch {
	case len(l.items) > 1 && b.d.chance(0.4):
		i := b.d.intn(len(l.items))
		name := containerName(l.items[i].(*omap))
		l.removeAt(i)
		return b.noted(r, "container "+name+" removed")
	case len(l.items) > 1 && b.d.chance(0.4):
		b.d.shuffle(l.items)
		return b.noted(r, "containers reordered")
	}
	name := pick(b.d, sidecarNames...)
	for _, c := range containersOf(r.kind, r.doc) {
		if containerName(c) == name {
			return false
		}
	}
	l.items = slices.Insert(l.items, b.d.intn(len(l.items)+1), any(b.container(name, nil)))
	return b.noted(r, "container "+name+" added")
}
