package merge3diff

import (
	"fmt"

	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// Node builders: the generator writes manifests as yaml.v3 nodes, so that comments and styles are
// part of the case.

// m builds a map from alternating keys and values (strings, numbers, bools, nodes).
func m(kvs ...any) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for i := 0; i+1 < len(kvs); i += 2 {
		n.Content = append(n.Content, s(kvs[i]), v(kvs[i+1]))
	}
	return n
}

// l builds a list.
func l(items ...any) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, it := range items {
		n.Content = append(n.Content, v(it))
	}
	return n
}

// v turns a Go value into a node.
func v(x any) *yaml.Node {
	if n, ok := x.(*yaml.Node); ok {
		return n
	}
	return s(x)
}

// s builds a scalar with the tag a YAML 1.2 reader gives it.
func s(x any) *yaml.Node {
	switch t := x.(type) {
	case *yaml.Node:
		return t
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: t}
	case int:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: fmt.Sprint(t)}
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(t)}
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	}
	panic(fmt.Sprintf("no scalar for %T", x))
}

// get returns the value under key in map n, or nil.
func get(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// lookup follows keys through maps.
func lookup(n *yaml.Node, keys ...string) *yaml.Node {
	for _, k := range keys {
		n = get(n, k)
	}
	return n
}

// set puts value under key in map n (in place, else appended).
func set(n *yaml.Node, key string, value *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content[i+1] = value
			return
		}
	}
	n.Content = append(n.Content, s(key), value)
}

// del removes key from map n.
func del(n *yaml.Node, key string) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content = append(n.Content[:i:i], n.Content[i+2:]...)
			return
		}
	}
}

// keyNode returns the key node of key in map n, or nil.
func keyNode(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i]
		}
	}
	return nil
}

// copyNode copies a tree.
func copyNode(n *yaml.Node) *yaml.Node { return yaml.CopyYNode(n) }
