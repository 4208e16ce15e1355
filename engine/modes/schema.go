package modes

import (
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
)

// PatchType returns the type that describes a resource for strategic merge patches, or nil when
// kubectl would not send it a strategic merge patch: kinds no schema describes and kinds a CRD
// in the user's schema declares (custom resources). Documents without a known kind take
// options.schemaType.
func (in *Input) PatchType(id stream.ID) *schema.Type {
	for _, k := range in.User.Kinds() {
		if k.FromCRD && k.APIVersion == id.APIVersion && k.Kind == id.Kind {
			return nil
		}
	}
	if _, root := in.Roots(id.APIVersion, id.Kind); root != nil {
		return root
	}
	if name := in.Request.Options.SchemaType; name != "" {
		return in.Schema.Named(name)
	}
	return nil
}

// kindRoots is a kind and its root types in the user's schema and in Schema.
type kindRoots struct {
	apiVersion, kind string
	user, all        *schema.Type
}

// Roots returns the root type of a kind in the user's schema (User) and in the built-in kinds
// with the user's on top (Schema); nil where a schema does not know it. It keeps the last kind
// looked up: a stream holds few kinds, often one, and each step of a request (the validation,
// the decoding, the patch's type) asks for each of its thousands of resources' kind, which two
// maps keyed by strings answered again each time.
func (in *Input) Roots(apiVersion, kind string) (user, all *schema.Type) {
	if k := in.lastKind; k != nil && k.apiVersion == apiVersion && k.kind == kind {
		return k.user, k.all
	}
	k := &kindRoots{apiVersion: apiVersion, kind: kind, user: in.User.Root(apiVersion, kind), all: in.Schema.Root(apiVersion, kind)}
	in.lastKind = k
	return k.user, k.all
}
