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
	if root := in.Schema.Root(id.APIVersion, id.Kind); root != nil {
		return root
	}
	if name := in.Request.Options.SchemaType; name != "" {
		return in.Schema.Named(name)
	}
	return nil
}
