package writer

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/stream"
)

func TestNamesAsTheAPIServerWritesThem(t *testing.T) {
	tests := []struct {
		id                     stream.ID
		resource, path, exists string
	}{
		{stream.ID{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "default", Name: "web"}, "deployments.apps",
			"/apis/apps/v1/namespaces/default/deployments/web/scale", `Error from server (AlreadyExists): error when creating "config.yaml": deployments.apps "web" already exists`},
		{stream.ID{APIVersion: "v1", Kind: "ConfigMap", Namespace: "a", Name: "c"}, "configmaps",
			"/api/v1/namespaces/a/configmaps/c/scale", `Error from server (AlreadyExists): error when creating "config.yaml": configmaps "c" already exists`},
		{stream.ID{APIVersion: "networking.k8s.io/v1", Kind: "NetworkPolicy", Namespace: "a", Name: "p"}, "networkpolicies.networking.k8s.io",
			"/apis/networking.k8s.io/v1/namespaces/a/networkpolicies/p/scale", `Error from server (AlreadyExists): error when creating "config.yaml": networkpolicies.networking.k8s.io "p" already exists`},
		{stream.ID{APIVersion: "networking.k8s.io/v1", Kind: "Ingress", Name: "i"}, "ingresses.networking.k8s.io",
			"/apis/networking.k8s.io/v1/ingresses/i/scale", `Error from server (AlreadyExists): error when creating "config.yaml": ingresses.networking.k8s.io "i" already exists`},
		{stream.ID{APIVersion: "v1", Kind: "Endpoints", Namespace: "a", Name: "e"}, "endpoints",
			"/api/v1/namespaces/a/endpoints/e/scale", `Error from server (AlreadyExists): error when creating "config.yaml": endpoints "e" already exists`},
	}
	for _, tt := range tests {
		t.Run(tt.id.Kind, func(t *testing.T) {
			if got := ResourceName(tt.id); got != tt.resource {
				t.Errorf("ResourceName %q, want %q", got, tt.resource)
			}
			if got := APIPath(tt.id, "scale"); got != tt.path {
				t.Errorf("APIPath %q, want %q", got, tt.path)
			}
			if got := AlreadyExists(tt.id, "config.yaml"); got != tt.exists {
				t.Errorf("AlreadyExists %q, want %q", got, tt.exists)
			}
		})
	}
}
