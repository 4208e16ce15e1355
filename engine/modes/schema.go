package modes

import (
	smp "github.com/mergeplay/mergeplay/engine/smpold"
	"github.com/mergeplay/mergeplay/engine/stream"
)

// PatchSchema returns the strategic-merge-patch schema of a resource, or nil when kubectl would
// not send it a strategic merge patch: kinds no schema describes and kinds a CRD in the user's
// schema declares (custom resources). Documents without a known kind take options.schemaType;
// options.multiKeys widens merge keys to the fields server-side apply keys on.
func (in *Input) PatchSchema(id stream.ID) smp.Schema {
	for _, k := range in.User.Kinds() {
		if k.FromCRD && k.APIVersion == id.APIVersion && k.Kind == id.Kind {
			return nil
		}
	}
	typed := smp.Typed
	if in.Request.Options.MultiKeys {
		typed = smp.TypedMultiKeys
	}
	if root := in.Schema.Root(id.APIVersion, id.Kind); root != nil {
		return typed(root)
	}
	if name := in.Request.Options.SchemaType; name != "" {
		if t := in.Schema.Named(name); t != nil {
			return typed(t)
		}
	}
	return nil
}
