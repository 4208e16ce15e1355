package main

import (
	"fmt"
	"reflect"

	apiextensionsapply "k8s.io/apiextensions-apiserver/pkg/client/applyconfiguration"
	apiextensionsclientset "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apiextensionsscheme "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/scheme"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/client-go/applyconfigurations"
	"k8s.io/client-go/kubernetes"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	aggregatorapply "k8s.io/kube-aggregator/pkg/client/applyconfiguration"
	aggregatorclientset "k8s.io/kube-aggregator/pkg/client/clientset_generated/clientset"
	aggregatorscheme "k8s.io/kube-aggregator/pkg/client/clientset_generated/clientset/scheme"
	metricsclientset "k8s.io/metrics/pkg/client/clientset/versioned"
	metricsscheme "k8s.io/metrics/pkg/client/clientset/versioned/scheme"
	smdschema "sigs.k8s.io/structured-merge-diff/v6/schema"
)

// source is one body of API types the built-in schema covers: how to register its kinds, the
// server-side-apply type converter generated beside them, a kind that converter knows (to read its
// schema from), and its typed clientset (for scopes).
type source struct {
	name        string
	addToScheme func(*runtime.Scheme) error
	converter   func(*runtime.Scheme) managedfields.TypeConverter
	probe       schema.GroupVersionKind
	clientset   reflect.Type
}

// sources are client-go's kinds (k8s.io/api), the CustomResourceDefinition kinds of
// k8s.io/apiextensions-apiserver and the APIService kinds of k8s.io/kube-aggregator, which
// client-go leaves out, and the metrics.k8s.io kinds of k8s.io/metrics, which have no
// server-side-apply types (nothing applies them): only their scope is generated. A source
// without a converter gives scopes only.
func sources() []source {
	return []source{
		{
			name:        "client-go",
			addToScheme: clientgoscheme.AddToScheme,
			converter:   applyconfigurations.NewTypeConverter,
			probe:       schema.GroupVersionKind{Version: "v1", Kind: "ConfigMap"},
			clientset:   reflect.TypeFor[kubernetes.Interface](),
		},
		{
			name:        "apiextensions-apiserver",
			addToScheme: apiextensionsscheme.AddToScheme,
			converter:   apiextensionsapply.NewTypeConverter,
			probe:       schema.GroupVersionKind{Group: "apiextensions.k8s.io", Version: "v1", Kind: "CustomResourceDefinition"},
			clientset:   reflect.TypeFor[apiextensionsclientset.Interface](),
		},
		{
			name:        "kube-aggregator",
			addToScheme: aggregatorscheme.AddToScheme,
			converter:   aggregatorapply.NewTypeConverter,
			probe:       schema.GroupVersionKind{Group: "apiregistration.k8s.io", Version: "v1", Kind: "APIService"},
			clientset:   reflect.TypeFor[aggregatorclientset.Interface](),
		},
		{
			name:        "metrics",
			addToScheme: metricsscheme.AddToScheme,
			clientset:   reflect.TypeFor[metricsclientset.Interface](),
		},
	}
}

// newScheme returns a scheme holding the kinds of every source.
func newScheme() (*runtime.Scheme, error) {
	s := runtime.NewScheme()
	for _, src := range sources() {
		if err := src.addToScheme(s); err != nil {
			return nil, fmt.Errorf("%s: register kinds: %w", src.name, err)
		}
	}
	return s, nil
}

// ssaSchema returns the server-side-apply schemas of every source as one: their named types, a
// type two sources both declare (ObjectMeta) declared alike.
func ssaSchema(s *runtime.Scheme) (*smdschema.Schema, error) {
	out := &smdschema.Schema{}
	index := map[string]int{}
	for _, src := range sources() {
		if src.converter == nil {
			continue
		}
		part, err := converterSchema(s, src.converter(s), src.probe)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", src.name, err)
		}
		for _, def := range part.Types {
			if i, ok := index[def.Name]; ok {
				if !out.Types[i].Equals(&def) {
					return nil, fmt.Errorf("%s: type %s differs from another source's", src.name, def.Name)
				}
				continue
			}
			index[def.Name] = len(out.Types)
			out.Types = append(out.Types, def)
		}
	}
	return out, nil
}

// converterSchema returns the whole server-side-apply schema a type converter holds, read from the
// typed value of a kind it knows.
func converterSchema(s *runtime.Scheme, tc managedfields.TypeConverter, probe schema.GroupVersionKind) (*smdschema.Schema, error) {
	obj, err := s.New(probe)
	if err != nil {
		return nil, fmt.Errorf("server-side-apply schema: %w", err)
	}
	obj.GetObjectKind().SetGroupVersionKind(probe)
	tv, err := tc.ObjectToTyped(obj)
	if err != nil {
		return nil, fmt.Errorf("server-side-apply schema: %w", err)
	}
	return tv.Schema(), nil
}

// kindScopesOfAll finds the scopes of the kinds every source's clientset serves.
func kindScopesOfAll(s *runtime.Scheme) (map[schema.GroupVersionKind]string, error) {
	all := map[schema.GroupVersionKind]string{}
	for _, src := range sources() {
		scopes, err := kindScopes(s, src.clientset)
		if err != nil {
			return nil, fmt.Errorf("%s: scopes: %w", src.name, err)
		}
		for gvk, scope := range scopes {
			all[gvk] = scope
		}
	}
	return all, nil
}
