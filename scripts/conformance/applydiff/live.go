package applydiff

import (
	"fmt"

	"k8s.io/kubectl/pkg/util"
)

// liveStream builds live from config0: each resource as kubectl apply created it (the
// last-applied annotation written by CreateApplyAnnotation, nulls pruned), or, now and then, as
// `kubectl create` left it (no annotation), then drifted by the server and by other actors.
// Live is written as the API server returns objects: keys sorted, lists flush.
func (b *builder) liveStream(config0 []*resource) (string, error) {
	annotate := !b.d.chance(0.06)
	if !annotate {
		b.note("live was created without kubectl apply: no last-applied annotation")
	}
	docs := make([]string, 0, len(config0))
	for _, r := range config0 {
		obj, err := createdObject(r.text(), annotate)
		if err != nil {
			return "", err
		}
		b.drift(r.kind, obj)
		sortKeys(obj)
		docs = append(docs, emitDoc(obj, layout{}))
	}
	if len(docs) > 1 && b.d.chance(0.3) {
		docs[0], docs[len(docs)-1] = docs[len(docs)-1], docs[0]
		b.note("live stream in another order")
	}
	return emitStream(docs), nil
}

// createdObject returns what the API server stores when kubectl creates the object from a
// config document: with annotate, apply.go's create path (GetModifiedConfiguration, then
// CreateApplyAnnotation, then nulls pruned); without, the config as it is, nulls pruned.
func createdObject(text string, annotate bool) (*omap, error) {
	objs, err := decodeStream(text)
	if err != nil || len(objs) != 1 {
		return nil, fmt.Errorf("reading a generated config: %v\n%s", err, text)
	}
	obj := objs[0]
	defaultNamespace(obj)
	if annotate {
		if _, err := modifiedConfiguration(obj); err != nil {
			return nil, err
		}
		if err := util.CreateApplyAnnotation(obj, codec()); err != nil {
			return nil, err
		}
	}
	pruneNulls(obj.Object)
	return fromData(obj.Object).(*omap), nil
}
