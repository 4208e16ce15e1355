package applydiff

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// decodeStream reads a YAML stream as kubectl's resource builder does: documents are cut at
// "---" (util/yaml's YAMLReader), each converted with sigs.k8s.io/yaml (YAML 1.1 scalars) to
// JSON, empty documents skipped, and decoded by unstructured.UnstructuredJSONScheme (integers
// become int64). A List's items are not expanded: the generator never writes one.
func decodeStream(text string) ([]*unstructured.Unstructured, error) {
	docs, err := splitDocuments(text)
	if err != nil {
		return nil, err
	}
	var out []*unstructured.Unstructured
	for _, doc := range docs {
		obj, _, err := unstructured.UnstructuredJSONScheme.Decode(doc, nil, nil)
		if err != nil {
			return nil, fmt.Errorf("decoding %s: %w", doc, err)
		}
		u, ok := obj.(*unstructured.Unstructured)
		if !ok {
			return nil, fmt.Errorf("a document decoded as %T, not one object", obj)
		}
		out = append(out, u)
	}
	return out, nil
}

// splitDocuments returns the JSON of each non-empty document of a YAML stream.
func splitDocuments(text string) ([][]byte, error) {
	reader := utilyaml.NewYAMLReader(bufio.NewReader(strings.NewReader(text)))
	var out [][]byte
	for {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		data, err := yaml.YAMLToJSON(doc)
		if err != nil {
			return nil, err
		}
		data = bytes.TrimSpace(data)
		if len(data) == 0 || bytes.Equal(data, []byte("null")) {
			continue
		}
		out = append(out, data)
	}
}

// identity names a resource as the contract does: apiVersion/kind/namespace/name. Every kind
// the generator writes is namespaced, so a missing namespace is "default".
func identity(u *unstructured.Unstructured) string {
	return identityOf(u.GetAPIVersion(), u.GetKind(), u.GetNamespace(), u.GetName())
}

func identityOf(apiVersion, kind, namespace, name string) string {
	if namespace == "" {
		namespace = "default"
	}
	return strings.Join([]string{apiVersion, kind, namespace, name}, "/")
}

// identityOfData names a resource given as plain data.
func identityOfData(obj map[string]any) string {
	meta, _ := obj["metadata"].(map[string]any)
	str := func(m map[string]any, k string) string { s, _ := m[k].(string); return s }
	return identityOf(str(obj, "apiVersion"), str(obj, "kind"), str(meta, "namespace"), str(meta, "name"))
}
