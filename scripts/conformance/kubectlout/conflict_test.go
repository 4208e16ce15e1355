package kubectlout

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/command"
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/examples"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	runtimeschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields/managedfieldstest"
	"k8s.io/cli-runtime/pkg/genericiooptions"
	"k8s.io/cli-runtime/pkg/resource"
	"k8s.io/client-go/applyconfigurations"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest/fake"
	"k8s.io/kubectl/pkg/cmd/apply"
	cmdtesting "k8s.io/kubectl/pkg/cmd/testing"
	cmdutil "k8s.io/kubectl/pkg/cmd/util"
	"sigs.k8s.io/yaml"
)

// conflictCases are ssa requests that stop on conflicts: the examples that do, and cases built
// here around one Deployment whose fields several managers own.
func conflictCases(t *testing.T) map[string]*contract.Request {
	t.Helper()
	all, err := examples.Load(os.DirFS("../../../examples"))
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]*contract.Request{}
	for _, ex := range all {
		if ex.Mode == "ssa" && !ex.Request.Options.Force && strings.Contains(strings.Join(ex.Marks, "\n"), "conflict ") {
			cases["example "+ex.Name] = ex.Request
		}
	}
	head := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: shop\n"
	for name, config := range map[string]string{
		"updater through a subresource":            "spec: {replicas: 3}",
		"updater with no subresource":              "  labels: {tier: gold}",
		"an applier and two fields":                "spec: {minReadySeconds: 9, paused: true}",
		"three owners and four fields":             "  labels: {tier: gold}\nspec: {replicas: 3, minReadySeconds: 9, paused: true}",
		"an updater without a time and an applier": "  labels: {team: a}\nspec: {paused: true}",
	} {
		req := &contract.Request{Mode: "ssa", Live: ownedDeployment, Updated: head + config + "\n", Options: contract.DefaultOptions()}
		req.Options.Now = "2026-01-01T00:00:00Z"
		cases[name] = req
	}
	return cases
}

// ownedDeployment is a Deployment whose fields five managers own.
const ownedDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  labels: {tier: silver, team: b}
  managedFields:
  - manager: helm
    operation: Apply
    apiVersion: apps/v1
    time: "2025-05-01T09:00:00Z"
    fieldsType: FieldsV1
    fieldsV1: {"f:spec": {"f:minReadySeconds": {}, "f:paused": {}}}
  - manager: kube-controller-manager
    operation: Update
    apiVersion: apps/v1
    subresource: scale
    time: "2025-05-02T12:00:00Z"
    fieldsType: FieldsV1
    fieldsV1: {"f:spec": {"f:replicas": {}}}
  - manager: editor
    operation: Update
    apiVersion: apps/v1
    time: "2025-05-03T08:30:00Z"
    fieldsType: FieldsV1
    fieldsV1: {"f:metadata": {"f:labels": {"f:tier": {}}}}
  - manager: labeller
    operation: Update
    apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1: {"f:metadata": {"f:labels": {"f:team": {}}}}
spec:
  replicas: 7
  minReadySeconds: 5
  paused: false
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - {name: web, image: "web:1"}
`

func TestConflictMessages(t *testing.T) {
	h := handler.Default()
	for name, req := range conflictCases(t) {
		t.Run(name, func(t *testing.T) {
			resp := h.Handle(context.Background(), req)
			if len(resp.Conflicts) == 0 || len(resp.Commands) != 1 {
				t.Fatalf("the engine found no conflict: %+v %+v", resp.Errors, resp.Commands)
			}
			engine := resp.Commands[0].Error
			status := referenceConflict(t, req)
			if !strings.HasPrefix(engine, "error: "+status.ErrStatus.Message+"\n") {
				t.Errorf("the API server's message:\n%s\nthe engine's error:\n%s", status.ErrStatus.Message, engine)
			}
			if got := kubectlApplyError(t, req, status); got != engine {
				t.Errorf("kubectl prints:\n%s\nthe engine says:\n%s", got, engine)
			}
			t.Logf("%s", engine)
		})
	}
}

// objectOf reads a YAML object as kubectl does (JSON through sigs.k8s.io/yaml).
func objectOf(t *testing.T, text string) *unstructured.Unstructured {
	t.Helper()
	var obj map[string]any
	if err := yaml.Unmarshal([]byte(text), &obj); err != nil {
		t.Fatal(err)
	}
	return &unstructured.Unstructured{Object: obj}
}

// referenceConflict runs the API server's field manager on the request and returns its refusal.
func referenceConflict(t *testing.T, req *contract.Request) *apierrors.StatusError {
	t.Helper()
	live, config := objectOf(t, req.Live), objectOf(t, req.Updated)
	gv, err := runtimeschema.ParseGroupVersion(live.GetAPIVersion())
	if err != nil {
		t.Fatal(err)
	}
	fm := managedfieldstest.NewFakeFieldManager(applyconfigurations.NewTypeConverter(scheme.Scheme), gv.WithKind(live.GetKind()))
	_, err = fm.Apply(live, config, req.Options.Manager, req.Options.Force)
	var status *apierrors.StatusError
	if !errors.As(err, &status) || !apierrors.IsConflict(err) {
		t.Fatalf("the field manager did not refuse the apply: %v", err)
	}
	return status
}

// kubectlApplyError runs kubectl apply --server-side on the request's config against a fake
// server that answers every request with the field manager's refusal, and returns what kubectl
// prints as its fatal error.
func kubectlApplyError(t *testing.T, req *contract.Request, status *apierrors.StatusError) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), command.ConfigFile)
	if err := os.WriteFile(file, []byte(req.Updated), 0o644); err != nil {
		t.Fatal(err)
	}
	body, err := runtime.Encode(scheme.Codecs.LegacyCodec(), &status.ErrStatus)
	if err != nil {
		t.Fatal(err)
	}
	namespace := objectOf(t, req.Updated).GetNamespace()
	if namespace == "" {
		namespace = "default"
	}
	tf := cmdtesting.NewTestFactory().WithNamespace(namespace)
	defer tf.Cleanup()
	tf.UnstructuredClient = &fake.RESTClient{
		NegotiatedSerializer: resource.UnstructuredPlusDefaultContentConfig().NegotiatedSerializer,
		Client: fake.CreateHTTPClient(func(*http.Request) (*http.Response, error) {
			return &http.Response{StatusCode: http.StatusConflict, Header: cmdtesting.DefaultHeader(),
				Body: io.NopCloser(bytes.NewReader(body))}, nil
		}),
	}
	var fatal string
	cmdutil.BehaviorOnFatal(func(msg string, _ int) { fatal = msg })
	defer cmdutil.DefaultBehaviorOnFatal()
	streams, _, _, _ := genericiooptions.NewTestIOStreams()
	cmd := apply.NewCmdApply("kubectl", tf, streams)
	for flag, value := range map[string]string{"filename": file, "server-side": "true", "validate": "false", "field-manager": req.Options.Manager} {
		if err := cmd.Flags().Set(flag, value); err != nil {
			t.Fatal(err)
		}
	}
	cmd.Run(cmd, []string{})
	return strings.TrimSuffix(fatal, "\n")
}
