package applydiff

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
)

// decodeStream reads a YAML stream as kubectl apply -f does (splitDocuments), each document
// decoded by unstructured.UnstructuredJSONScheme (integers become int64).
func decodeStream(text string) ([]*unstructured.Unstructured, error) {
	docs, err := splitDocuments(text)
	if err != nil {
		return nil, err
	}
	var out []*unstructured.Unstructured
	for _, doc := range docs {
		obj, _, err := unstructured.UnstructuredJSONScheme.Decode(doc, nil, nil)
		if err != nil {
			return nil, fmt.Errorf("decoding %.200s: %w", doc, err)
		}
		u, ok := obj.(*unstructured.Unstructured)
		if !ok {
			return nil, fmt.Errorf("a document decoded as %T, not one object", obj)
		}
		out = append(out, u)
	}
	return out, nil
}

// splitDocuments returns the JSON of each object of a YAML (or JSON) stream as kubectl apply -f
// reads a file: apimachinery's YAMLOrJSONDecoder cuts it into documents (YAML 1.1 scalars
// through sigs.k8s.io/yaml), empty and null documents are skipped, and a list (a document
// holding items, which UnstructuredJSONScheme decodes as an UnstructuredList: List,
// ConfigMapList) gives its items, as the resource builder's Flatten does.
func splitDocuments(text string) ([][]byte, error) {
	docs, err := fileDocuments(text)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, data := range docs {
		items, err := flattenList(data)
		if err != nil {
			return nil, err
		}
		out = append(out, items...)
	}
	return out, nil
}

// fileDocuments returns the JSON of each document of a YAML (or JSON) stream as kubectl apply -f
// cuts a file (a List is one document), empty and null documents skipped.
func fileDocuments(text string) ([][]byte, error) {
	decoder := utilyaml.NewYAMLOrJSONDecoder(strings.NewReader(text), 4096)
	var out [][]byte
	for {
		var doc runtime.RawExtension
		err := decoder.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		data := bytes.TrimSpace(doc.Raw)
		if len(data) == 0 || bytes.Equal(data, []byte("null")) {
			continue
		}
		out = append(out, data)
	}
}

// flattenList returns the JSON of each item when data is a list, else data alone. Only documents
// naming "items" are decoded twice.
func flattenList(data []byte) ([][]byte, error) {
	if !bytes.Contains(data, []byte(`"items"`)) {
		return [][]byte{data}, nil
	}
	obj, _, err := unstructured.UnstructuredJSONScheme.Decode(data, nil, nil)
	if err != nil {
		return nil, fmt.Errorf("decoding %.200s: %w", data, err)
	}
	list, ok := obj.(*unstructured.UnstructuredList)
	if !ok {
		return [][]byte{data}, nil
	}
	out := make([][]byte, 0, len(list.Items))
	for _, item := range list.Items {
		itemJSON, err := json.Marshal(item.Object)
		if err != nil {
			return nil, err
		}
		out = append(out, itemJSON)
	}
	return out, nil
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
