package ssadiff

// A kind is a resource the generator makes, described by the parts of it that configs and
// updates set: each part sets its fields to random values from small pools, or clears them.

// part sets (or, with set false, clears) one part of an object.
type part func(d *dice, o object, set bool)

// kind is one resource.
type kind struct {
	apiVersion, name string
	parts            []part
	// custom marks the custom resource (its CRD goes into options.schema).
	custom bool
}

func kinds() []kind {
	return []kind{
		{apiVersion: "apps/v1", name: "Deployment", parts: deploymentParts()},
		{apiVersion: "v1", name: "ConfigMap", parts: configMapParts()},
		{apiVersion: "v1", name: "Service", parts: serviceParts()},
		{apiVersion: "stable.example.com/v1", name: "Widget", parts: widgetParts(), custom: true},
	}
}

// field is a part setting one path to a value drawn by gen, now and then to null.
func field(gen func(d *dice) interface{}, keys ...string) part {
	return func(d *dice, o object, set bool) {
		switch {
		case set && d.chance(0.04):
			setPath(o, nil, keys...)
		case set:
			setPath(o, gen(d), keys...)
		default:
			deletePath(o, keys...)
		}
	}
}

func str(options ...string) func(d *dice) interface{} {
	return func(d *dice) interface{} { return pick(d, options...) }
}

func num(options ...int64) func(d *dice) interface{} {
	return func(d *dice) interface{} { return pick(d, options...) }
}

func boolean() func(d *dice) interface{} {
	return func(d *dice) interface{} { return d.chance(0.5) }
}

// stringMap draws a map from keys to one of values each, with at least one key.
func stringMap(keys []string, values ...string) func(d *dice) interface{} {
	return func(d *dice) interface{} {
		m := object{}
		for _, k := range subset(d, 1, keys...) {
			m[k] = pick(d, values...)
		}
		return m
	}
}

// stringList draws a list of some of the options, in order.
func stringList(min int, options ...string) func(d *dice) interface{} {
	return func(d *dice) interface{} {
		var out []interface{}
		for _, o := range subset(d, min, options...) {
			out = append(out, o)
		}
		if out == nil {
			return []interface{}{}
		}
		return out
	}
}

// items draws a list of some of the item makers' items, in order (at least min).
func items(min int, makers ...func(d *dice) object) func(d *dice) interface{} {
	return func(d *dice) interface{} {
		out := []interface{}{}
		for _, m := range subset(d, min, makers...) {
			out = append(out, m(d))
		}
		return out
	}
}

func metadataParts() []part {
	return []part{
		field(stringMap([]string{"app", "tier", "team"}, "web", "api", "a"), "metadata", "labels"),
		field(stringMap([]string{"owner", "note"}, "x", "y"), "metadata", "annotations"),
		field(stringList(1, "example.com/a", "example.com/b"), "metadata", "finalizers"),
	}
}

func deploymentParts() []part {
	container := func(name string) func(d *dice) object {
		return func(d *dice) object {
			c := object{"name": name, "image": pick(d, "nginx:1.26", "nginx:1.27")}
			if d.chance(0.4) {
				c["args"] = stringList(0, "--a", "--b")(d)
			}
			if d.chance(0.5) {
				c["env"] = items(1,
					func(d *dice) object { return object{"name": "A", "value": pick(d, "1", "2")} },
					func(d *dice) object { return object{"name": "B", "value": pick(d, "1", "2")} },
					func(d *dice) object { return object{"name": "C"} })(d)
			}
			if d.chance(0.5) {
				c["ports"] = items(1,
					func(d *dice) object { return object{"containerPort": int64(80)} },
					func(d *dice) object { return object{"containerPort": int64(80), "protocol": "UDP"} },
					func(d *dice) object {
						return object{"containerPort": int64(443), "protocol": "TCP", "name": pick(d, "https", "tls")}
					})(d)
			}
			if d.chance(0.3) {
				c["resources"] = object{"limits": object{"cpu": pick(d, "100m", "200m")}}
			}
			return c
		}
	}
	return append(metadataParts(),
		field(num(1, 2, 3), "spec", "replicas"),
		field(num(5, 10), "spec", "revisionHistoryLimit"),
		field(func(d *dice) interface{} { return object{"matchLabels": object{"app": pick(d, "web", "api")}} }, "spec", "selector"),
		field(func(d *dice) interface{} {
			if d.chance(0.5) {
				return object{"type": "Recreate"}
			}
			return object{"type": "RollingUpdate", "rollingUpdate": object{"maxSurge": pick[interface{}](d, int64(1), "25%")}}
		}, "spec", "strategy"),
		field(stringMap([]string{"app", "version"}, "web", "v1", "v2"), "spec", "template", "metadata", "labels"),
		field(items(1, container("web"), container("sidecar")), "spec", "template", "spec", "containers"),
		field(stringMap([]string{"disk"}, "ssd", "hdd"), "spec", "template", "spec", "nodeSelector"),
		field(items(1,
			func(d *dice) object { return object{"key": "k1", "operator": "Exists"} },
			func(d *dice) object { return object{"key": "k2", "operator": "Equal", "value": pick(d, "a", "b")} }),
			"spec", "template", "spec", "tolerations"),
		field(boolean(), "spec", "paused"),
	)
}

func configMapParts() []part {
	return append(metadataParts(),
		field(stringMap([]string{"a", "b", "c", "d"}, "v1", "v2"), "data"),
		field(stringMap([]string{"a", "b"}, "v1", "v2"), "data"),
		field(boolean(), "immutable"),
	)
}

func serviceParts() []part {
	return append(metadataParts(),
		field(stringMap([]string{"app", "tier"}, "web", "api"), "spec", "selector"),
		field(items(1,
			func(d *dice) object {
				return object{"port": int64(80), "targetPort": pick[interface{}](d, int64(8080), "http")}
			},
			func(d *dice) object {
				return object{"port": int64(443), "protocol": "TCP", "name": pick(d, "https", "tls")}
			},
			func(d *dice) object { return object{"port": int64(53), "protocol": "UDP"} }),
			"spec", "ports"),
		field(str("ClusterIP", "NodePort"), "spec", "type"),
		field(str("None", "ClientIP"), "spec", "sessionAffinity"),
		field(stringList(1, "10.0.0.1", "10.0.0.2"), "spec", "externalIPs"),
	)
}

func widgetParts() []part {
	return append(metadataParts(),
		field(num(1, 2, 3), "spec", "replicas"),
		field(str("small", "large"), "spec", "size"),
		field(stringList(0, "red", "green", "blue"), "spec", "tags"),
		field(stringList(1, "build", "test", "deploy"), "spec", "steps"),
		field(items(1,
			func(d *dice) object { return object{"name": "alice", "role": pick(d, "admin", "dev")} },
			func(d *dice) object { return object{"name": "bob", "role": pick(d, "admin", "dev")} },
			func(d *dice) object { return object{"name": "carol"} }),
			"spec", "members"),
		field(items(1,
			func(d *dice) object { return object{"port": int64(80), "name": pick(d, "http", "web")} },
			func(d *dice) object { return object{"port": int64(80), "protocol": "UDP"} },
			func(d *dice) object { return object{"port": int64(443), "protocol": "TCP"} }),
			"spec", "ports"),
		field(stringMap([]string{"k1", "k2", "k3"}, "v1", "v2"), "spec", "settings"),
		field(stringMap([]string{"app"}, "x", "y"), "spec", "selector"),
		field(func(d *dice) interface{} {
			c := object{}
			if d.chance(0.7) {
				c["debug"] = d.chance(0.5)
			}
			if d.chance(0.7) {
				c["level"] = pick(d, int64(1), int64(2))
			}
			return c
		}, "spec", "config"),
	)
}

// widgetCRD declares the custom resource, for the engine (options.schema) and the reference.
const widgetCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              replicas: {type: integer}
              size: {type: string}
              tags:
                type: array
                x-kubernetes-list-type: set
                items: {type: string}
              steps:
                type: array
                items: {type: string}
              members:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [name]
                items:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    role: {type: string}
              ports:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [port, protocol]
                items:
                  type: object
                  required: [port]
                  properties:
                    port: {type: integer}
                    protocol: {type: string, default: TCP}
                    name: {type: string}
              settings:
                type: object
                additionalProperties: {type: string}
              selector:
                type: object
                x-kubernetes-map-type: atomic
                additionalProperties: {type: string}
              config:
                type: object
                properties:
                  debug: {type: boolean}
                  level: {type: integer}
          status:
            type: object
            properties:
              phase: {type: string}
`
