package yamldiff

import (
	"fmt"
	"strings"
)

// An object template writes one resource with one slot for a class's text. Slots are typed, so
// that a value the class writes is one the API server accepts in that field: the trick is in how
// the value is written, not in what it is.
type slot uint8

const (
	boolSlot       slot = iota // a boolean field of a Deployment
	intSlot                    // an integer field of a Deployment
	stringSlot                 // a value of a ConfigMap's data
	anySlot                    // a field of a custom resource (no schema: any value)
	keySlot                    // a key of a ConfigMap's data (the value is a string)
	anyKeySlot                 // a key of a custom resource's map
	annotationSlot             // a value of a ConfigMap's annotations
	typoSlot                   // a field name a Deployment does not declare (the text is the name)
)

// object writes the resource of a slot named name, with text as the slot's value (or key).
func object(s slot, name, text string) string {
	switch s {
	case boolSlot:
		return deployment(name, "1", text, "false", "80")
	case intSlot:
		return deployment(name, text, "false", "true", "8080")
	case stringSlot:
		return configMap(name, "value", text)
	case keySlot:
		return configMap(name, text, "value")
	case anyKeySlot:
		return widget(name, "labels:\n    "+text+": x")
	case typoSlot:
		return typoed(name, text)
	case annotationSlot:
		return strings.Replace(configMap(name, "value", "x"), "  labels:\n", "  annotations:\n    example.com/flag: "+text+"\n  labels:\n", 1)
	}
	return widget(name, "value: "+text)
}

func deployment(name, replicas, hostNetwork, stdin, port string) string {
	return fmt.Sprintf(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: %s
spec:
  replicas: %s
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      hostNetwork: %s
      containers:
      - name: main
        image: nginx:1.27
        stdin: %s
        ports:
        - containerPort: %s
`, name, replicas, hostNetwork, stdin, port)
}

func configMap(name, key, value string) string {
	return fmt.Sprintf(`apiVersion: v1
kind: ConfigMap
metadata:
  name: %s
  labels:
    app: web
data:
  plain: base
  %s: %s
`, name, key, indentAfterFirst(value, "  "))
}

func widget(name, spec string) string {
	return fmt.Sprintf(`apiVersion: example.com/v1
kind: Widget
metadata:
  name: %s
spec:
  size: 1
  %s
`, name, indentAfterFirst(spec, "  "))
}

// indentAfterFirst indents every line of a multi-line text but the first, which continues a
// line already begun.
func indentAfterFirst(text, indent string) string {
	return strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", "\n"+indent)
}
