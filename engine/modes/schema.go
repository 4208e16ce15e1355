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
	k := in.rootsOf(id.APIVersion, id.Kind)
	if k.fromCRD {
		return nil
	}
	if k.all != nil {
		return k.all
	}
	if name := in.Request.Options.SchemaType; name != "" {
		return in.Schema.Named(name)
	}
	return nil
}

// kindRoots is a kind, its root types in the user's schema and in Schema, and whether a CRD of
// the user's schema declares it.
type kindRoots struct {
	apiVersion, kind string
	user, all        *schema.Type
	fromCRD          bool
}

// Roots returns the root type of a kind in the user's schema (User) and in the built-in kinds
// with the user's on top (Schema); nil where a schema does not know it.
func (in *Input) Roots(apiVersion, kind string) (user, all *schema.Type) {
	k := in.rootsOf(apiVersion, kind)
	return k.user, k.all
}

// rootsOf looks up a kind in the schemas, keeping the last kind looked up: a stream holds few
// kinds, often one, and each step of a request (the validation, the decoding, the patch's type)
// asks for each of its thousands of resources' kind, which maps keyed by strings (and a sorted
// list of the user's kinds) answered again each time.
func (in *Input) rootsOf(apiVersion, kind string) *kindRoots {
	if k := in.lastKind; k != nil && k.apiVersion == apiVersion && k.kind == kind {
		return k
	}
	k := &kindRoots{apiVersion: apiVersion, kind: kind, user: in.User.Root(apiVersion, kind), all: in.Schema.Root(apiVersion, kind)}
	for _, u := range in.User.Kinds() {
		if u.FromCRD && u.APIVersion == apiVersion && u.Kind == kind {
			k.fromCRD = true
		}
	}
	in.lastKind = k
	return k
}
