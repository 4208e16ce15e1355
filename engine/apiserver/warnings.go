package apiserver

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// Warnings are the warnings the API server sends back with an object it accepts, which kubectl
// prints on its standard error ("Warning: " and the text, a line each): for a pod spec, each
// port defined again (the same containerPort, protocol, hostIP and hostPort as an earlier port
// of the pod, its init containers' first, each earlier one told), then each port named again
// (after the first port of that name, which services and probes use). Observed on
// kube-apiserver v1.37.2, 2026-12-06 (kubectl create --dry-run=server of a Pod and a
// Deployment; make apiserver-diff seed 1, apply-2). A refused object gets none. Not modelled:
// the other warnings (a deprecated field such as spec.externalIPs, an API version to be
// removed).
func Warnings(obj Object) []string {
	at := podSpecPath(obj.APIVersion, obj.Kind)
	if at == nil {
		return nil
	}
	return podWarnings(obj.Root.Lookup(at...), at)
}

// WarningsOnUpdate are the warnings the API server sends back with an object it accepts as an
// update of old (both as stored): Warnings when the pod template (a Pod's spec) changed, none
// when it did not (observed on kube-apiserver v1.37.2, 2026-12-06: kubectl apply of a Deployment
// holding a port defined twice warns of it when it creates the object and when the template
// changes, not when the patch leaves the template as it was).
func WarningsOnUpdate(obj, old Object) []string {
	at := podSpecPath(obj.APIVersion, obj.Kind)
	if at == nil {
		return nil
	}
	template := at
	if n := len(at); n > 1 && at[n-2] == "template" {
		template = at[:n-1] // the template's metadata counts
	}
	if yamltree.Equal(obj.Root.Lookup(template...), old.Root.Lookup(template...)) {
		return nil
	}
	return Warnings(obj)
}

// podWarnings are the warnings on the pod spec at path at.
func podWarnings(spec *yamltree.Node, at []string) []string {
	var ports []podPort
	for _, list := range []string{"initContainers", "containers"} {
		for i, c := range itemsOf(spec.Get(list)) {
			for j, p := range itemsOf(c.Get("ports")) {
				if p.IsMap() {
					ports = append(ports, podPort{node: p, at: strings.Join(at, ".") + "." + list + "[" + strconv.Itoa(i) + "].ports[" + strconv.Itoa(j) + "]"})
				}
			}
		}
	}
	var out []string
	for i, p := range ports {
		for _, earlier := range ports[:i] {
			if p.definition() == earlier.definition() {
				out = append(out, "Warning: "+p.at+": duplicate port definition with "+earlier.at)
			}
		}
	}
	for i, p := range ports {
		name := p.node.Get("name").Str()
		for _, earlier := range ports[:i] {
			if name != "" && earlier.node.Get("name").Str() == name {
				out = append(out, "Warning: "+p.at+": duplicate port name "+strconv.Quote(name)+" with "+earlier.at+
					", services and probes that select ports by name will use "+earlier.at)
				break
			}
		}
	}
	return out
}

// podPort is a container's port and its place in the object, as the warnings write it.
type podPort struct {
	_    incomparable.Field
	node *yamltree.Node
	at   string
}

// definition is what makes two ports the same: containerPort, protocol (TCP when missing),
// hostIP and hostPort.
func (p podPort) definition() string {
	protocol := p.node.Get("protocol").Str()
	if protocol == "" {
		protocol = "TCP"
	}
	return p.node.Get("containerPort").Str() + "/" + protocol + "/" + p.node.Get("hostIP").Str() + "/" + p.node.Get("hostPort").Str()
}
