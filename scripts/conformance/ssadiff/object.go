package ssadiff

import (
	"encoding/json"
	"fmt"
)

// object is an unstructured Kubernetes object: maps, slices, strings, int64, bool.
type object = map[string]interface{}

// setPath puts value at the path of keys in o, creating maps on the way.
func setPath(o object, value interface{}, keys ...string) {
	for _, k := range keys[:len(keys)-1] {
		next, ok := o[k].(object)
		if !ok {
			next = object{}
			o[k] = next
		}
		o = next
	}
	o[keys[len(keys)-1]] = value
}

// deletePath removes the last key of the path from o, when there.
func deletePath(o object, keys ...string) {
	for _, k := range keys[:len(keys)-1] {
		next, ok := o[k].(object)
		if !ok {
			return
		}
		o = next
	}
	delete(o, keys[len(keys)-1])
}

// deepCopy copies an object through JSON, which keeps every int an int64 once read back by
// decodeObject.
func deepCopy(o object) object {
	out, err := decodeObject(mustJSON(o))
	if err != nil {
		panic(err)
	}
	return out
}

// decodeObject reads JSON as the API server reads an object: integers as int64.
func decodeObject(text []byte) (object, error) {
	var v interface{}
	dec := json.NewDecoder(bytesReader(text))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	o, ok := toInt64(v).(object)
	if !ok {
		return nil, fmt.Errorf("not an object: %s", text)
	}
	return o, nil
}

func toInt64(v interface{}) interface{} {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case map[string]interface{}:
		for k, e := range x {
			x[k] = toInt64(e)
		}
		return x
	case []interface{}:
		for i, e := range x {
			x[i] = toInt64(e)
		}
		return x
	}
	return v
}

func mustJSON(v interface{}) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// decodeAny reads any JSON value.
func decodeAny(text []byte) (interface{}, error) {
	var v interface{}
	if err := json.Unmarshal(text, &v); err != nil {
		return nil, err
	}
	return v, nil
}
