package main

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
)

// metaPackage holds the types every group version registers besides its own: WatchEvent, Status,
// the *Options kinds, APIGroup and friends. They are request and response envelopes, not resources.
const metaPackage = "k8s.io/apimachinery/pkg/apis/meta/v1"

// kind is a kind of resource the built-in schema describes.
type kind struct {
	GVK schema.GroupVersionKind
	// GoType is the kind's Go struct type.
	GoType reflect.Type
	// TypeName is the name of its root type in the server-side-apply schema.
	TypeName string
}

// APIVersion returns the kind's apiVersion as documents write it.
func (k kind) APIVersion() string {
	return k.GVK.GroupVersion().String()
}

// selectKinds returns the kinds of scheme the built-in schema describes, sorted by apiVersion and
// kind, and a note for each kind left out. A kind is left out when it is internal, a list (FooList,
// List), a type of the meta package (WatchEvent, Status, DeleteOptions and the other options), or
// when the server-side-apply schema ssa has no type for it (Scale, TokenReview, Binding and other
// subresources and reviews: nothing applies them).
func selectKinds(scheme *runtime.Scheme, ssa *smdschema.Schema) (kinds []kind, skipped []string) {
	for gvk, t := range scheme.AllKnownTypes() {
		reason := ""
		name, err := scheme.ToOpenAPIDefinitionName(gvk)
		switch {
		case gvk.Version == runtime.APIVersionInternal:
			continue
		case t.PkgPath() == metaPackage:
			reason = "meta"
		case strings.HasSuffix(gvk.Kind, "List"):
			reason = "list"
		case err != nil:
			reason = "no OpenAPI name: " + err.Error()
		default:
			if _, ok := ssa.FindNamedType(name); !ok {
				reason = "no server-side-apply type " + name
			}
		}
		if reason != "" {
			skipped = append(skipped, fmt.Sprintf("%s %s: %s", gvk.GroupVersion(), gvk.Kind, reason))
			continue
		}
		kinds = append(kinds, kind{GVK: gvk, GoType: t, TypeName: name})
	}
	slices.SortFunc(kinds, func(a, b kind) int {
		return cmp.Or(cmp.Compare(a.APIVersion(), b.APIVersion()), cmp.Compare(a.GVK.Kind, b.GVK.Kind))
	})
	slices.Sort(skipped)
	return kinds, skipped
}
