package applydiff

import "slices"

// editEnv changes a container's environment: add, remove, change, reorder, switch a value to a
// valueFrom, set a value to null, or drop the whole list.
func (b *builder) editEnv(r *resource) bool {
	c := b.pickContainer(r)
	if c == nil {
		return false
	}
	who := containerName(c) + ": "
	env, _ := c.get("env").(*olist)
	if env == nil {
		c.set("env", b.envList(1))
		return b.noted(r, who+"env added")
	}
	if len(env.items) == 0 {
		return false
	}
	v := env.items[b.d.intn(len(env.items))].(*omap)
	switch b.d.intn(7) {
	case 0:
		env.removeAt(slices.Index(env.items, any(v)))
		return b.noted(r, who+"env "+containerName(v)+" removed")
	case 1:
		if len(env.items) < 2 {
			return false
		}
		b.d.shuffle(env.items)
		return b.noted(r, who+"env reordered")
	case 2:
		v.del("value")
		v.set("valueFrom", newMap("configMapKeyRef", newMap("name", "app-config", "key", "level")))
		return b.noted(r, who+"env "+containerName(v)+" switched to valueFrom")
	case 3:
		v.set("value", nil)
		return b.noted(r, who+"env "+containerName(v)+" value: null")
	case 4:
		c.del("env")
		return b.noted(r, who+"env removed")
	case 5:
		for _, name := range envNames {
			if !hasNamed(env, "name", name) {
				env.items = append(env.items, b.envVar(name))
				return b.noted(r, who+"env "+name+" added")
			}
		}
		return false
	}
	v.del("valueFrom")
	v.set("value", pick(b.d, "warn", "9090", "x&y", "on"))
	return b.noted(r, who+"env "+containerName(v)+" value changed")
}

// hasNamed reports whether a list of maps has an item whose key field equals value.
func hasNamed(l *olist, key string, value any) bool {
	for _, it := range listItems(l) {
		if m, ok := it.(*omap); ok && m.get(key) == value {
			return true
		}
	}
	return false
}

// editPorts adds a port (or the UDP twin of a TCP port: ports merge on containerPort alone),
// removes, reorders, or drops a protocol.
func (b *builder) editPorts(r *resource) bool {
	c := b.pickContainer(r)
	if c == nil {
		return false
	}
	who := containerName(c) + ": "
	ports, _ := c.get("ports").(*olist)
	if ports == nil || len(ports.items) == 0 {
		c.set("ports", newList(b.port(pick(b.d, portNumbers...))))
		return b.noted(r, who+"ports added")
	}
	p := ports.items[b.d.intn(len(ports.items))].(*omap)
	switch b.d.intn(5) {
	case 0:
		twin := newMap("name", "udp", "containerPort", p.get("containerPort"), "protocol", "UDP")
		ports.items = append(ports.items, twin)
		return b.noted(r, who+"UDP twin of a port added")
	case 1:
		ports.removeAt(slices.Index(ports.items, any(p)))
		return b.noted(r, who+"a port removed")
	case 2:
		if len(ports.items) < 2 {
			return false
		}
		b.d.shuffle(ports.items)
		return b.noted(r, who+"ports reordered")
	case 3:
		p.del("protocol")
		p.set("name", "renamed")
		return b.noted(r, who+"a port renamed")
	}
	n := pick(b.d, portNumbers...)
	if hasNamed(ports, "containerPort", n) {
		return false
	}
	ports.items = slices.Insert(ports.items, b.d.intn(len(ports.items)+1), any(b.port(n)))
	return b.noted(r, who+"a port added")
}

// editArgs changes, removes or nulls args (an atomic list).
func (b *builder) editArgs(r *resource) bool {
	c := b.pickContainer(r)
	if c == nil {
		return false
	}
	who := containerName(c) + ": "
	args, _ := c.get("args").(*olist)
	switch {
	case args == nil:
		c.set("args", flowList("--verbose"))
		return b.noted(r, who+"args added")
	case b.d.chance(0.3):
		c.del("args")
		return b.noted(r, who+"args removed")
	case b.d.chance(0.2):
		c.set("args", nil)
		return b.noted(r, who+"args: null")
	}
	args.items = append(args.items, "--debug")
	return b.noted(r, who+"args changed")
}

// editResources removes, nulls, changes or adds a container's resources.
func (b *builder) editResources(r *resource) bool {
	c := b.pickContainer(r)
	if c == nil {
		return false
	}
	who := containerName(c) + ": "
	res := c.mapAt("resources")
	switch {
	case res == nil:
		c.set("resources", b.resources())
		return b.noted(r, who+"resources added")
	case b.d.chance(0.3):
		c.del("resources")
		return b.noted(r, who+"resources removed")
	case b.d.chance(0.2):
		c.set("resources", nil)
		return b.noted(r, who+"resources: null")
	case b.d.chance(0.3) && res.has("requests"):
		res.del("requests")
		return b.noted(r, who+"requests removed")
	}
	res.ensureMap("limits").set("cpu", pick[any](b.d, "2", "750m", int64(2)))
	return b.noted(r, who+"cpu limit changed")
}

// editVolumes adds a volume and its mount, removes one with its mounts, switches a volume's
// source (volumes merge with retainKeys) or reorders them.
func (b *builder) editVolumes(r *resource) bool {
	spec := podSpecOf(r)
	if spec == nil {
		return false
	}
	vols, _ := spec.get("volumes").(*olist)
	if vols == nil || len(vols.items) == 0 || b.d.chance(0.25) {
		return b.addVolume(r, spec, vols)
	}
	v := vols.items[b.d.intn(len(vols.items))].(*omap)
	name := containerName(v)
	switch b.d.intn(3) {
	case 0:
		vols.removeAt(slices.Index(vols.items, any(v)))
		removeMounts(r, name)
		return b.noted(r, "volume "+name+" removed with its mounts")
	case 1:
		if len(vols.items) < 2 {
			return false
		}
		b.d.shuffle(vols.items)
		return b.noted(r, "volumes reordered")
	}
	old := v.keys[len(v.keys)-1]
	source := pick(b.d, volumeSources...)
	if source == old {
		return false
	}
	*v = *b.volumeWith(name, source)
	return b.noted(r, "volume "+name+" switched from "+old+" to "+source)
}

// addVolume adds a volume of the pool the pod lacks, mounted in its first container.
func (b *builder) addVolume(r *resource, spec *omap, vols *olist) bool {
	v := pick(b.d, volumeKinds...)
	if hasNamed(vols, "name", v.name) {
		return false
	}
	if vols == nil {
		vols = newList()
		spec.set("volumes", vols)
	}
	vols.items = append(vols.items, b.volume(v.name))
	c := containersOf(r.kind, r.doc)[0]
	mounts, _ := c.get("volumeMounts").(*olist)
	if mounts == nil {
		mounts = newList()
		c.set("volumeMounts", mounts)
	}
	if !hasNamed(mounts, "mountPath", v.mountPath) {
		mounts.items = append(mounts.items, newMap("name", v.name, "mountPath", v.mountPath))
	}
	return b.noted(r, "volume "+v.name+" added and mounted")
}

// removeMounts removes the mounts of a volume from every container.
func removeMounts(r *resource, name string) {
	for _, c := range containersOf(r.kind, r.doc) {
		mounts, _ := c.get("volumeMounts").(*olist)
		if mounts == nil {
			continue
		}
		mounts.items = slices.DeleteFunc(mounts.items, func(it any) bool { return it.(*omap).get("name") == name })
	}
}

// editNodeSelector removes, nulls, adds or changes the node selector.
func (b *builder) editNodeSelector(r *resource) bool {
	spec := podSpecOf(r)
	if spec == nil {
		return false
	}
	ns := spec.mapAt("nodeSelector")
	switch {
	case ns == nil:
		spec.set("nodeSelector", newMap("topology.kubernetes.io/zone", "eu-west-1a"))
		return b.noted(r, "nodeSelector added")
	case b.d.chance(0.4):
		spec.del("nodeSelector")
		return b.noted(r, "nodeSelector removed")
	case b.d.chance(0.3):
		spec.set("nodeSelector", nil)
		return b.noted(r, "nodeSelector: null")
	}
	ns.set("disktype", "nvme")
	return b.noted(r, "nodeSelector changed")
}

// editTolerations changes the tolerations (an atomic list).
func (b *builder) editTolerations(r *resource) bool {
	spec := podSpecOf(r)
	if spec == nil {
		return false
	}
	if !spec.has("tolerations") || b.d.chance(0.5) {
		spec.set("tolerations", b.tolerations(b.d.between(1, 3)))
		return b.noted(r, "tolerations replaced")
	}
	spec.del("tolerations")
	return b.noted(r, "tolerations removed")
}

// editPodMisc changes the service account or the image pull secrets.
func (b *builder) editPodMisc(r *resource) bool {
	spec := podSpecOf(r)
	if spec == nil {
		return false
	}
	switch {
	case spec.has("imagePullSecrets") && b.d.chance(0.5):
		spec.del("imagePullSecrets")
		return b.noted(r, "imagePullSecrets removed")
	case spec.has("serviceAccountName"):
		spec.set("serviceAccountName", nil)
		return b.noted(r, "serviceAccountName: null")
	}
	spec.set("serviceAccountName", "runner")
	return b.noted(r, "serviceAccountName added")
}

// editDirective writes a patch directive into the config, as a hand-written config may hold
// one: a nodeSelector holding "$patch: replace" (or delete), a container's resources holding
// "$patch: replace", or a container listed as {name, $patch: delete}. kubectl sends none of them
// as data (issue 30: the engine once wrote them into the result); the differential checks what
// it does send. Directives kubectl's diff writes too ("$setElementOrder/containers", a
// strategy's "$retainKeys") are left out: with both, strategicpatch keeps either at random
// (smpfacts' departure "directive beside its list").
func (b *builder) editDirective(r *resource) bool {
	spec := podSpecOf(r)
	if spec == nil {
		return false
	}
	switch b.d.between(0, 2) {
	case 0:
		spec.set("nodeSelector", newMap("$patch", pick(b.d, "replace", "delete"), "disktype", "nvme"))
		return b.noted(r, "nodeSelector holding $patch")
	case 1:
		c := b.pickContainer(r)
		if c == nil {
			return false
		}
		c.set("resources", newMap("$patch", "replace", "limits", newMap("cpu", "1")))
		return b.noted(r, "a container's resources holding $patch: replace")
	}
	containers := spec.listAt("containers")
	if containers == nil || len(containers.items) == 0 {
		return false
	}
	containers.items = append(containers.items, newMap("name", "sidecar", "$patch", "delete"))
	return b.noted(r, "a container {name: sidecar, $patch: delete}")
}
