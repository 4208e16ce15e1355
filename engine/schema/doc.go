// Package schema says how Kubernetes merges a value: for each field, what a strategic merge patch does
// with it (kubectl apply, kubectl patch) and what server-side apply does with it.
//
// A [Set] holds named [Type] values and an index from apiVersion and kind to the root type of a
// resource. A Type is a scalar, a map (with declared fields, a value type for other keys, or both), a
// list, or untyped (the value's own shape decides; see [Deduced]). A [Field] of a map carries the
// strategic-merge-patch view, taken from Go struct tags or x-kubernetes-patch-* extensions: its
// [PatchStrategy] and merge key. The Field's Type carries the server-side-apply view: [ListType] and
// list-map keys, [MapType]. The two views are kept apart because they disagree: container ports merge
// on containerPort in a strategic merge patch but are keyed on containerPort and protocol by
// server-side apply.
//
// Lookups go by resource, then by path:
//
//	root := set.Root("apps/v1", "Deployment")
//	f, t := root.Lookup("spec", "template", "spec", "containers", "ports")
//	// f.Strategy == PatchMerge, f.MergeKey == "containerPort"
//	// t.ListType == ListMap, t.Keys == []string{"containerPort", "protocol"}
//
// Where schemas come from:
//   - [Builtin]: the Kubernetes API types, generated from k8s.io/api and client-go's server-side-apply
//     schema by scripts/conformance/schemagen into builtin.json, never written by hand.
//   - [Load]: a user schema: an OpenAPI v2 or v3 document, a CustomResourceDefinition, or a
//     structured-merge-diff schema as its tests write them. [Merge] puts it on top of the built-ins.
//
// What it is not: a validator. Descriptions, formats, enums, required fields and unions are dropped;
// only what decides a merge is kept (and field defaults, which server-side apply uses for missing
// list-map keys).
//
// Surprises:
//   - A type reference may override the relationship of the named type it refers to (smd's
//     elementRelationship on a reference, OpenAPI's x-kubernetes-map-type beside a $ref). The field
//     then holds a copy of the named type, with the same Name, with the override applied.
//   - Types may refer to themselves (the strategic merge patch test type mergeItem does): Types are
//     pointers and a walk over them must guard against cycles.
//   - A list without any list type is atomic in server-side apply, whatever its patch strategy,
//     unless it came from an OpenAPI document: there, as in Kubernetes, a patch strategy "merge"
//     stands in for a missing x-kubernetes-list-type.
//   - IntOrString, Quantity and Time are scalars in both views.
//
// The package holds no mutable state: [Builtin] parses the embedded file on every call; callers cache.
package schema
