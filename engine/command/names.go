package command

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/stream"
)

// SplitAPIVersion returns the group and version of an apiVersion: ("apps", "v1") of apps/v1,
// ("", "v1") of v1.
func SplitAPIVersion(apiVersion string) (group, version string) {
	if g, v, ok := strings.Cut(apiVersion, "/"); ok {
		return g, v
	}
	return "", apiVersion
}

// typeName is how kubectl's printed lines name a kind: the kind in lower case, then a dot and the
// API group unless it is the core group ("deployment.apps", "configmap",
// "widget.example.com"). Observed with kubectl v0.37.2's name printer for every built-in kind
// and for custom kinds (scripts/conformance/kubectlout).
func typeName(id stream.ID) string {
	group, _ := SplitAPIVersion(id.APIVersion)
	kind := strings.ToLower(id.Kind)
	if group == "" {
		return kind
	}
	return kind + "." + group
}

// Printed is the line kubectl prints for a resource and what was done to it:
// "deployment.apps/web configured".
func Printed(id stream.ID, outcome string) string {
	return PrintedName(id) + " " + outcome
}

// PrintedName is the resource as the line kubectl prints for it names it (Printed):
// "deployment.apps/web".
func PrintedName(id stream.ID) string {
	return typeName(id) + "/" + id.Name
}

// TypeArg is the TYPE argument that names a kind, version included, on kubectl's command line:
// "deployment.v1.apps", "horizontalpodautoscaler.v2.autoscaling"; a core kind is its lower-case
// kind ("configmap").
func TypeArg(id stream.ID) string {
	group, version := SplitAPIVersion(id.APIVersion)
	kind := strings.ToLower(id.Kind)
	if group == "" {
		return kind
	}
	return kind + "." + version + "." + group
}
