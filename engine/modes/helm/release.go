package helm

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/modes"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Manager is the field manager Helm 3 (an Update) and Helm 4 (an Apply, or an Update when it
// applies client-side) write as (observed: the package's doc).
const Manager = "helm"

// The ownership metadata Helm adds to every object it installs or upgrades (since v3.2), and
// checks on an object its release does not hold yet.
const (
	ManagedByLabel      = "app.kubernetes.io/managed-by"
	ManagedByHelm       = "Helm"
	ReleaseNameKey      = "meta.helm.sh/release-name"
	ReleaseNamespaceKey = "meta.helm.sh/release-namespace"
)

// release is the release a step acts for: its name and namespace (helm -n).
type release struct {
	name, namespace string
}

// releaseOf is the release of a request: options.release, else the name of the first object of
// the new render (or of live); its namespace is that object's, "default" when it names none.
func releaseOf(in *modes.Input) release {
	var first *stream.Resource
	for _, rs := range [][]*stream.Resource{in.Updated, in.Original, in.Live} {
		if len(rs) > 0 && first == nil {
			first = rs[0]
		}
	}
	r := release{name: in.Request.Options.Release, namespace: "default"}
	if first != nil {
		if r.name == "" {
			r.name = first.ID.Name
		}
		if first.ID.Namespace != "" {
			r.namespace = first.ID.Namespace
		}
	}
	return r
}

// stamped is a render's object with the ownership metadata Helm sets before it sends it: the
// label and the two annotations, over any the chart gives.
func (r release) stamped(obj *yamltree.Node) *yamltree.Node {
	out := obj.Clone()
	meta := out.Get("metadata")
	if !meta.IsMap() {
		meta = yamltree.NewMap()
		out.Set("metadata", meta)
	}
	set := func(field, key, value string) {
		m := meta.Get(field)
		if !m.IsMap() {
			m = yamltree.NewMap()
			meta.Set(field, m)
		}
		m.Set(key, yamltree.NewString(value))
	}
	set("labels", ManagedByLabel, ManagedByHelm)
	set("annotations", ReleaseNameKey, r.name)
	set("annotations", ReleaseNamespaceKey, r.namespace)
	return out
}

// stampAll is stamped on every object of a render.
func (r release) stampAll(rs []*stream.Resource) []*stream.Resource {
	out := make([]*stream.Resource, len(rs))
	for i, res := range rs {
		c := *res
		c.Root = r.stamped(res.Root)
		out[i] = &c
	}
	return out
}

// ownershipError is why a live object cannot join the release, in Helm's words ("invalid
// ownership metadata; label validation error: missing key ..."), or "" when its metadata names
// this release: Helm then adopts it.
func (r release) ownershipError(live *yamltree.Node) string {
	var errs []string
	check := func(what, field, key, want string) {
		got := live.Lookup("metadata", field, key)
		switch {
		case got == nil:
			errs = append(errs, what+" validation error: missing key "+strconv.Quote(key)+": must be set to "+strconv.Quote(want))
		case got.Str() != want:
			errs = append(errs, what+" validation error: key "+strconv.Quote(key)+" must equal "+strconv.Quote(want)+": current value is "+strconv.Quote(got.Str()))
		}
	}
	check("label", "labels", ManagedByLabel, ManagedByHelm)
	check("annotation", "annotations", ReleaseNameKey, r.name)
	check("annotation", "annotations", ReleaseNamespaceKey, r.namespace)
	if len(errs) == 0 {
		return ""
	}
	return "invalid ownership metadata; " + strings.Join(errs, "; ")
}

// resourceString names an object as Helm's errors do: `Deployment "web" in namespace "helm"`.
func resourceString(id stream.ID) string {
	s := id.Kind + " " + strconv.Quote(id.Name)
	if id.Namespace != "" {
		s += " in namespace " + strconv.Quote(id.Namespace)
	}
	return s
}
