// Package writer holds what kubectl's writers share, the modes that act on a live object by one
// request of their own (kubectl create, replace, edit, scale, label, annotate, a controller's
// update): the field managers kubectl sends them as, the API server's resource names in its
// messages, a refusal as kubectl prints it, and the last-applied annotation's text kubectl writes
// (lastapplied.go: kubectl apply's, which kubectl create and replace rewrite too; the apply and
// ssa modes read it from here). Each writer is a mode package of its own
// (engine/modes/create, replace, edit, scale, label, controller); the update itself is the ssa
// mode's (ssa.Write), so that a writer's marks, reasons and managedFields are those of an update
// by its manager.
//
// The managers, observed with kubectl and kube-apiserver v1.37.2 (testdata/observed.txt, taken
// by scripts/reproduce/observe-writers.sh): kubectl create sends as kubectl-create, kubectl
// replace as kubectl-replace, kubectl label as kubectl-label, kubectl annotate as
// kubectl-annotate, kubectl edit as kubectl-edit, kubectl patch as kubectl-patch, client-side
// kubectl apply as kubectl-client-side-apply (a create or a patch), and kubectl scale as kubectl
// through the scale subresource; each an Update entry.
package writer

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// The field managers kubectl's writers send as (observed: the package's doc).
const (
	ManagerCreate          = "kubectl-create"
	ManagerReplace         = "kubectl-replace"
	ManagerLabel           = "kubectl-label"
	ManagerAnnotate        = "kubectl-annotate"
	ManagerEdit            = "kubectl-edit"
	ManagerPatch           = "kubectl-patch"
	ManagerClientSideApply = "kubectl-client-side-apply"
	ManagerScale           = "kubectl"
)

// ResourceName is how the API server's messages name a kind: its resource, plural and in lower
// case, then a dot and the API group unless it is the core group ("deployments.apps",
// "configmaps"). The plural is the one Kubernetes guesses from a kind (a kind ending in s takes
// es, in y ies, else s), which the built-in kinds follow but Endpoints (its resource is
// endpoints).
func ResourceName(id stream.ID) string {
	plural := Plural(id.Kind)
	if group, _ := command.SplitAPIVersion(id.APIVersion); group != "" {
		return plural + "." + group
	}
	return plural
}

// Plural is the resource of a kind, as ResourceName says: "deployments".
func Plural(kind string) string {
	kind = strings.ToLower(kind)
	plural := kind + "s"
	switch {
	case kind == "endpoints":
		plural = kind
	case strings.HasSuffix(kind, "s"):
		plural = kind + "es"
	case strings.HasSuffix(kind, "y"):
		plural = kind[:len(kind)-1] + "ies"
	}
	return plural
}

// APIPath is the path of an object, or of its subresource, on the API server:
// /apis/apps/v1/namespaces/default/deployments/web/scale.
func APIPath(id stream.ID, subresource string) string {
	path := "/api/" + id.APIVersion
	if strings.Contains(id.APIVersion, "/") {
		path = "/apis/" + id.APIVersion
	}
	if id.Namespace != "" {
		path += "/namespaces/" + id.Namespace
	}
	path += "/" + Plural(id.Kind) + "/" + id.Name
	if subresource != "" {
		path += "/" + subresource
	}
	return path
}

// AlreadyExists is the API server's answer to a create of an object it holds, as kubectl create
// -f FILE prints it: `Error from server (AlreadyExists): error when creating "config.yaml":
// deployments.apps "web" already exists`.
func AlreadyExists(id stream.ID, file string) string {
	return "Error from server (AlreadyExists): error when creating " + `"` + file + `": ` + ResourceName(id) + ` "` + id.Name + `" already exists`
}

// Refuse records that the tool refuses one resource: an error at pos of input (the message a
// reader reads) and the line kubectl prints on its standard error, which the commands print.
// The history then leaves the object as it was.
func Refuse(resp *contract.Response, input yamltree.Input, pos yamltree.Pos, message, printed string) {
	resp.Errors = append(resp.Errors, contract.Error{Input: string(input), Line: pos.Line, Column: pos.Column, Message: message})
	resp.Refused = append(resp.Refused, contract.Refusal{Printed: printed, Errors: 1})
}

// RefuseObject is Refuse of one object of the config, named by id: a tool that goes on past it
// (modes.Mode.GoesOn) writes the others.
func RefuseObject(resp *contract.Response, id stream.ID, pos yamltree.Pos, message, printed string) {
	Refuse(resp, yamltree.Updated, pos, message, printed)
	resp.Refused[len(resp.Refused)-1].Resource = id.String()
}

// NotFound is the API server's answer to a request on an object it does not hold, as kubectl
// prints it: `Error from server (NotFound): deployments.apps "web" not found`; file is the file
// kubectl names when it read the object from one (kubectl replace -f), else "".
func NotFound(id stream.ID, file string) string {
	at := ""
	if file != "" {
		at = "error when replacing " + `"` + file + `": `
	}
	return "Error from server (NotFound): " + at + ResourceName(id) + ` "` + id.Name + `" not found`
}

// Sent is a live resource with the object a writer sends in its place (the same identity).
func Sent(live *stream.Resource, object *yamltree.Node) *stream.Resource {
	out := *live
	out.Root = object
	return &out
}

// Target names a live object on kubectl's command line as TYPE/NAME ("deployment.apps/web"),
// with -n NAMESPACE when it has one.
func Target(id stream.ID) []string {
	words := []string{strings.TrimSuffix(command.Printed(id, ""), " ")}
	if id.Namespace != "" {
		words = append(words, "-n", id.Namespace)
	}
	return words
}
