package applydiff

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utiljson "k8s.io/apimachinery/pkg/util/json"
)

// ConfigFile is the name kubectl's refusals give the config: the file the engine's commands
// apply (engine/command.ConfigFile).
const ConfigFile = "config.yaml"

// metadataOnlyObject is an object as far as kubectl's first decoding of a config reads it; its
// name is the one kubectl's message gives a metadata that is not a map (observed with kubectl
// v1.37.2: "json: cannot unmarshal array into Go struct field metadataOnlyObject.metadata of
// type v1.ObjectMeta").
type metadataOnlyObject struct {
	Metadata metav1.ObjectMeta `json:"metadata"`
}

// decodeMetadata decodes one document's JSON (as kubectl read it from the file) into ObjectMeta
// and returns kubectl's refusal, or "". `kubectl apply -f` (client-side and --server-side,
// replace and create alike) refuses a document whose metadata does not decode, before anything
// else, with this message (observed with kubectl v1.37.2: `kubectl apply --validate=false
// --dry-run=client -f config.yaml` prints `error: unable to decode "config.yaml": json: cannot
// unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string`). Field
// names match exactly (`Name: 5` is accepted, as kubectl does), which apimachinery's json
// decoding does and encoding/json would not.
func decodeMetadata(doc []byte) string {
	var obj metadataOnlyObject
	if err := utiljson.Unmarshal(doc, &obj); err != nil {
		return fmt.Sprintf("unable to decode %q: %v", ConfigFile, err)
	}
	return ""
}

// MetadataRefusal reads a config as `kubectl apply -f` reads a file and returns kubectl's
// refusal of its first document whose metadata does not decode as ObjectMeta, or "" (also when
// the text cannot be read at all: that is another refusal). A List is one document: its own
// metadata is decoded so, not its items' (observed with kubectl v1.37.2: an item's bad label
// reaches the API server, which refuses the object as it decodes it).
func MetadataRefusal(text string) string {
	docs, err := fileDocuments(text)
	if err != nil {
		return ""
	}
	for _, doc := range docs {
		if refusal := decodeMetadata(doc); refusal != "" {
			return refusal
		}
	}
	return ""
}
