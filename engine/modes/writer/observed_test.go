package writer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/internal/observed"
	"github.com/mergeplay/mergeplay/engine/schema"
)

const web = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: writers
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: web
        image: nginx:1.27
`

// replayed pairs an observed command (by its line, as the script printed it) with the engine's
// step standing for it.
type replayed struct {
	command string
	step    *contract.Request
}

// annotationsAfter are, for some commands, the annotation keys the object held afterwards.
var annotationsAfter = map[string][]string{
	"kubectl apply --server-side -f untracked.yaml": {"kubectl.kubernetes.io/last-applied-configuration"},
}

func step(mode, updated string, set func(*contract.Options)) *contract.Request {
	opts := contract.DefaultOptions()
	if set != nil {
		set(&opts)
	}
	return &contract.Request{Mode: mode, Updated: updated, Options: opts}
}

func args(a string) func(*contract.Options) { return func(o *contract.Options) { o.Args = a } }

// sequenceA is the observed sequence A, as a history. The edit's object is the one
// before it with the container's image changed (editedA), as the script's editor changes it.
var sequenceA = []replayed{
	{"kubectl create -f web.yaml", step("create", web, nil)},
	{"kubectl create -f web.yaml", step("create", web, nil)},
	{"kubectl apply -f web-128.yaml", step("apply", strings.Replace(web, "nginx:1.27", "nginx:1.28", 1), nil)},
	{"kubectl apply -f web-3.yaml", step("apply", strings.Replace(web, "replicas: 2", "replicas: 3", 1), nil)},
	{"kubectl scale deployment/web -n writers --replicas=7", step("scale", "", func(o *contract.Options) { o.Replicas = "7" })},
	{"kubectl label deployment/web -n writers tier=front", step("label", "", args("tier=front"))},
	{"kubectl label deployment/web -n writers tier=back", step("label", "", args("tier=back"))},
	{"kubectl label deployment/web -n writers tier=back --overwrite", step("label", "", args("tier=back --overwrite"))},
	{"kubectl annotate deployment/web -n writers note=hello", step("annotate", "", args("note=hello"))},
	{"kubectl annotate deployment/web -n writers note=bye", step("annotate", "", args("note=bye"))},
	{"kubectl label deployment/web -n writers tier-", step("label", "", args("tier-"))},
	{"kubectl label deployment/web -n writers absent-", step("label", "", args("absent-"))},
	{`kubectl patch deployment/web -n writers -p {"spec":{"minReadySeconds":3}}`, minReadySeconds("3")},
	{`kubectl patch deployment/web -n writers --type merge -p {"spec":{"minReadySeconds":4}}`, step("mergepatch", `{"spec":{"minReadySeconds":4}}`, nil)},
	{`kubectl patch deployment/web -n writers --type json -p [{"op":"replace","path":"/spec/minReadySeconds","value":5}]`,
		step("jsonpatch", `[{"op":"replace","path":"/spec/minReadySeconds","value":5}]`, nil)},
	{"kubectl edit deployment/web -n writers", step("edit", "", nil)}, // its object: editedA
	{"kubectl replace -f web.yaml", step("replace", web, nil)},
	{`kubectl patch deployment/web -n writers --subresource=scale --field-manager=kube-controller-manager --type merge -p {"spec":{"replicas":4}}`,
		step("controller", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: writers}\nspec: {replicas: 4}\n", func(o *contract.Options) {
			o.Manager, o.Subresource = "kube-controller-manager", contract.SubresourceScale
		})},
	{"kubectl apply --server-side -f web.yaml", step("ssa", web, nil)},
	{"kubectl apply --server-side -f web-3.yaml", step("ssa", strings.Replace(web, "replicas: 2", "replicas: 3", 1), nil)},
	{"kubectl scale deployment/web -n writers --replicas=9", step("scale", "", func(o *contract.Options) { o.Replicas = "9" })},
	{"kubectl apply --server-side -f web-3.yaml", step("ssa", strings.Replace(web, "replicas: 2", "replicas: 3", 1), nil)},
}

// minReadySeconds is the strategic merge patch setting spec.minReadySeconds.
func minReadySeconds(n string) *contract.Request {
	return step("patch", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: writers\nspec:\n  minReadySeconds: "+n+"\n", nil)
}

// editedA gives sequence A's edit step its object: the object the steps before it leave, with
// the container's image line changed (not the image inside the last-applied annotation's JSON).
func editedA(t *testing.T) {
	t.Helper()
	for i, r := range sequenceA {
		if r.step.Mode != "edit" {
			continue
		}
		req := &contract.Request{Mode: contract.History, Options: contract.DefaultOptions()}
		req.Options.Now = "2026-01-01T00:00:00Z"
		for _, before := range sequenceA[:i] {
			req.Steps = append(req.Steps, before.step)
		}
		resp := handler.Default().Handle(context.Background(), req)
		if !strings.Contains(resp.Result, "image: nginx:1.27") {
			t.Fatalf("the object before the edit holds no image line nginx:1.27:\n%s", resp.Result)
		}
		r.step.Updated = strings.Replace(resp.Result, "image: nginx:1.27", "image: nginx:1.29", 1)
	}
}

// sequenceB is the observed sequences B and D on the Deployment api, but for the commands on
// objects live does not hold (a writer of a history acts on live's object) and the words kubectl
// refuses before it sends anything (options the engine refuses whole).
var sequenceB = []replayed{
	{"kubectl apply -f api.yaml", step("apply", api, nil)},
	{"kubectl replace -f gone.yaml", step("replace", strings.ReplaceAll(web, "name: web", "name: gone"), nil)},
	{"kubectl scale deployment/api -n writers --replicas=2", step("scale", "", func(o *contract.Options) { o.Replicas = "2" })},
	{"kubectl label deployment/api -n writers app=api a=b", step("label", "", args("app=api a=b"))},
	{"kubectl annotate deployment/api -n writers a=1 b=2 --overwrite", step("annotate", "", args("a=1 b=2 --overwrite"))},
	{"kubectl label deployment/api -n writers a=b", step("label", "", args("a=b"))},
	{"kubectl label deployment/api -n writers a=b --overwrite", step("label", "", args("a=b --overwrite"))},
	{"kubectl annotate deployment/api -n writers a=1", step("annotate", "", args("a=1"))},
	{"kubectl annotate deployment/api -n writers zz-", step("annotate", "", args("zz-"))},
	{"kubectl label deployment/api -n writers a=c x=y", step("label", "", args("a=c x=y"))},
	{"kubectl annotate deployment/api -n writers a- b-", step("annotate", "", args("a- b-"))},
}

// sequenceF is the observed sequence F: a client-side apply creates the object, then kubectl
// apply --server-side sends the same config (kubectl's migration of the client-side owner), then
// a config without replicas.
var sequenceF = []replayed{
	{"kubectl apply -f mig.yaml", step("apply", mig, nil)},
	{"kubectl apply --server-side -f mig.yaml", step("ssa", mig, nil)},
	{"kubectl apply --server-side -f mig-noreplicas.yaml", step("ssa", strings.Replace(mig, "  replicas: 2\n", "", 1), nil)},
}

// sequenceH is the observed sequence H: JSON patches the API server refuses (a failed test, a
// path that does not exist, an unknown op, a patch that is no list, a test that crashes the
// library), then JSON and merge patches it carries out, a rename it refuses, a merge patch that
// changes nothing and a null JSON patch.
var sequenceH = []replayed{
	{"kubectl create -f jp.yaml", step("create", strings.ReplaceAll(web, "web", "jp"), nil)},
	jsonStep(`[{"op":"test","path":"/spec/replicas","value":3}]`),
	jsonStep(`[{"op":"remove","path":"/spec/paused"}]`),
	jsonStep(`[{"op":"bogus","path":"/spec/replicas"}]`),
	jsonStep(`{"op":"add"}`),
	jsonStep(`[{"op":"test","path":"/spec/template/spec/containers","value":[null]}]`),
	jsonStep(`[{"op":"test","path":"/spec/replicas","value":2},{"op":"add","path":"/metadata/labels","value":{"tier":"front"}}]`),
	mergeStep(`{"metadata":{"labels":{"tier":null}},"spec":{"minReadySeconds":2}}`),
	mergeStep(`{"metadata":{"name":"other"}}`),
	mergeStep(`{"spec":{"minReadySeconds":2}}`),
	jsonStep(`null`),
}

// jsonStep and mergeStep are kubectl patch --type json and --type merge of deployment/jp, as
// observed.txt prints them, with the step standing for them.
func jsonStep(patch string) replayed {
	return replayed{"kubectl patch deployment/jp -n writers --type json -p " + patch, step("jsonpatch", patch, nil)}
}

func mergeStep(patch string) replayed {
	return replayed{"kubectl patch deployment/jp -n writers --type merge -p " + patch, step("mergepatch", patch, nil)}
}

// sequenceG is the last step of the observed sequence G: kubectl apply --server-side onto an
// object whose managedFields were reset, holding the last-applied annotation of the client-side
// apply that created it and an annotation kubectl annotate set (the history's initial live).
var sequenceG = []replayed{
	{"kubectl apply --server-side -f untracked.yaml", step("ssa", untracked, nil)},
}

// untracked is the script's untracked.yaml; untrackedLive the object sequence G applies it to.
var (
	untracked     = strings.ReplaceAll(web, "name: web", "name: untracked")
	untrackedLive = strings.Replace(untracked, "  namespace: writers\n", "  namespace: writers\n  annotations:\n    tier: front\n"+
		"    kubectl.kubernetes.io/last-applied-configuration: '{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"annotations\":{},\"name\":\"untracked\",\"namespace\":\"writers\"},"+
		"\"spec\":{\"replicas\":2,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"image\":\"nginx:1.27\",\"name\":\"untracked\"}]}}}}'\n", 1)
)

// mig is the script's mig.yaml.
var mig = strings.ReplaceAll(web, "name: web", "name: mig")

// api is the script's api.yaml: web.yaml named api, its container too.
var api = strings.ReplaceAll(web, "name: web", "name: api")

// TestWritersAgreeWithTheAPIServer replays sequences of testdata/observed.txt as histories and
// compares each step with what kube-apiserver v1.37.2 answered: what kubectl printed (its
// output, or its refusal) and, per managedFields entry, the manager, operation, subresource,
// whether it has a time, and the fields it owns among those the engine's object holds (the API
// server also owns the defaults it adds, which the engine does not model), compared as leaves.
func TestWritersAgreeWithTheAPIServer(t *testing.T) {
	steps := observed.NewCursor(observed.Read(t, "testdata/observed.txt"))
	editedA(t)
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	typ := builtin.Root("apps/v1", "Deployment")
	for _, seq := range []struct {
		live  string
		steps []replayed
	}{{"", sequenceA}, {"", sequenceB}, {"", sequenceF}, {untrackedLive, sequenceG}, {"", sequenceH}} {
		req := &contract.Request{Mode: contract.History, Live: seq.live, Options: contract.DefaultOptions()}
		req.Options.Now = "2026-01-01T00:00:00Z"
		for _, r := range seq.steps {
			req.Steps = append(req.Steps, r.step)
		}
		resp := handler.Default().Handle(context.Background(), req)
		if len(resp.Steps) != len(seq.steps) {
			t.Fatalf("%d steps answered, want %d: %+v", len(resp.Steps), len(seq.steps), resp.Errors)
		}
		live := seq.live
		for i, r := range seq.steps {
			got, want := resp.Steps[i], steps.Next(t, r.command)
			t.Run(r.command, func(t *testing.T) {
				comparePrinted(t, got, want)
				if len(got.Errors) == 0 && len(got.Conflicts) == 0 {
					live = got.Result
				}
				if want.ManagedFields != "" {
					observed.CompareEntries(t, typ, live, want.ManagedFields)
				}
				if keys, ok := annotationsAfter[r.command]; ok {
					compareAnnotations(t, live, keys)
				}
			})
		}
	}
}

// comparePrinted compares what the step's command prints with what kubectl printed.
func comparePrinted(t *testing.T, got *contract.Response, want observed.Step) {
	t.Helper()
	if len(got.Commands) != 1 {
		t.Fatalf("%d commands, want 1", len(got.Commands))
	}
	c := got.Commands[0]
	out := strings.Join(c.Output, "\n")
	if out != "" {
		out += "\n"
	}
	if !strings.Contains(want.Stdout, out) || (c.Error != "") != (want.Stderr != "" && !strings.HasPrefix(want.Stderr, "Warning")) {
		t.Errorf("prints %q, error %q; kubectl printed %q, error %q", out, c.Error, want.Stdout, want.Stderr)
	}
	// The engine's commands read the config from config.yaml; the script's from NAME.yaml.
	if c.Error != "" && !strings.Contains(want.Stderr, strings.Split(c.Error, "config.yaml")[0]) {
		t.Errorf("error %q, kubectl's %q", c.Error, want.Stderr)
	}
}

// compareAnnotations compares the annotation keys of the engine's object with the API server's.
func compareAnnotations(t *testing.T, result string, want []string) {
	t.Helper()
	var got []string
	for _, f := range observed.Parse(t, result).Lookup("metadata", "annotations").Fields {
		got = append(got, f.Name())
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("annotations %v, the API server's %v", got, want)
	}
}
