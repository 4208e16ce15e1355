// Package conformance runs the reference Kubernetes libraries (k8s.io/apimachinery,
// sigs.k8s.io/kustomize/kyaml, sigs.k8s.io/structured-merge-diff) against mergeplay's engine.
//
// It lives in its own Go module so that the reference libraries never reach the product's
// go.mod or its WebAssembly build: they are test oracles, nothing more.
package conformance
