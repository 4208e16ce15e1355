//go:build tools

// Package apiserver pins the API server, etcd and kubectl that scripts/reproduce/run-apiserver.sh
// builds to run the reproduce scripts against: k8s.io/kubernetes v1.37.2 (the release of the
// apimachinery and kubectl the conformance module runs) and etcd v3.7.0. Nothing imports it;
// the build tag keeps it out of every build.
package apiserver

import (
	_ "go.etcd.io/etcd/server/v3"
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kubectl"
)
