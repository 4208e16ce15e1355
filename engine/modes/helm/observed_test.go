package helm_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/history"
	"github.com/mergeplay/mergeplay/engine/internal/observed"
	"github.com/mergeplay/mergeplay/engine/rfc3339"
	"github.com/mergeplay/mergeplay/engine/schema"
	"github.com/mergeplay/mergeplay/engine/stream"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// deployment is observe-helm.sh's deployment(): a Deployment NAME in namespace helm with one
// container NAME running image, and replicas unless empty.
func deployment(name, image, replicas string) string {
	out := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: " + name + "\n  namespace: helm\nspec:\n"
	if replicas != "" {
		out += "  replicas: " + replicas + "\n"
	}
	return out + "  selector:\n    matchLabels:\n      app: " + name + "\n  template:\n    metadata:\n      labels:\n        app: " + name +
		"\n    spec:\n      containers:\n      - name: " + name + "\n        image: " + image + "\n"
}

func configMap(name string) string {
	return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n  namespace: helm\ndata:\n  k: v\n"
}

// replayed pairs an observed command with the engine's step standing for it.
type replayed struct {
	command string
	step    *contract.Request
}

// patchB is the merge patch {"spec":{"b":2,"z":1}} of sequence O, sent as the object it leaves
// (a merge patch step is another writer's): the same update by kubectl-patch.
const patchB = `kubectl patch foo.example.com/cr -n helm --type merge -p {"spec":{"b":2,"z":1}}`

// annotateDB is kubectl annotate of sequence P, sent as the object it leaves (kubectl annotate
// of one object of several, which the annotate step would write to all): the same update by
// kubectl-annotate.
const annotateDB = "kubectl annotate configmap/db -n helm helm.sh/resource-policy=keep"

// fills write some steps' objects from the objects before them (editedObjects), by command.
var fills = map[string]func(before string) string{
	patchB: func(before string) string { return strings.Replace(before, "  b: 1\n", "  b: 2\n  z: 1\n", 1) },
	annotateDB: func(before string) string {
		for _, doc := range strings.Split(strings.TrimPrefix(before, "---\n"), "---\n") {
			if strings.Contains(doc, "  name: db\n") {
				return strings.Replace(doc, "  annotations:\n", "  annotations:\n    helm.sh/resource-policy: keep\n", 1)
			}
		}
		return ""
	},
}

func step(mode, original, updated string, set func(*contract.Options)) *contract.Request {
	opts := contract.DefaultOptions()
	if set != nil {
		set(&opts)
	}
	return &contract.Request{Mode: mode, Original: original, Updated: updated, Options: opts}
}

func serverSide(v string) func(*contract.Options) {
	return func(o *contract.Options) { o.ServerSide = v }
}
func args(a string) func(*contract.Options) { return func(o *contract.Options) { o.Args = a } }
func replicas(n string) func(*contract.Options) {
	return func(o *contract.Options) { o.Replicas = n }
}

// edit is kubectl edit changing the container's image from nginx:1.27 or 1.28 to nginx:1.29, as
// the script's editor does: its object is filled in by editedObjects.
func edit() *contract.Request { return step("edit", "", "", nil) }

// sequences are the observed sequences H to P of testdata/observed.txt as histories, each with
// the initial live object; every step's command is the script's line.
func sequences() [][]replayed {
	web, web128, web3 := deployment("web", "nginx:1.27", "2"), deployment("web", "nginx:1.28", "2"), deployment("web", "nginx:1.28", "")
	h4, h43, h4no := deployment("h4", "nginx:1.27", "2"), deployment("h4", "nginx:1.28", "3"), deployment("h4", "nginx:1.28", "")
	mig, mig128, mig3 := deployment("mig", "nginx:1.27", "2"), deployment("mig", "nginx:1.28", "2"), deployment("mig", "nginx:1.28", "3")
	csa, csa128, taken := deployment("csa", "nginx:1.27", "2"), deployment("csa", "nginx:1.28", "2"), deployment("taken", "nginx:1.27", "2")
	a, b := configMap("a"), configMap("b")
	story, story128 := deployment("story", "nginx:1.27", "2"), deployment("story", "nginx:1.28", "2")
	foo := "apiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: cr\n  namespace: helm\nspec:\n"
	return append([][]replayed{{
		{"helm install web ./web-1 -n helm", step("helm3", "", web, nil)},
		{"kubectl edit deployment/web -n helm", edit()},
		{"kubectl label deployment/web -n helm tier=front", step("label", "", "", args("tier=front"))},
		{"kubectl scale deployment/web -n helm --replicas=5", step("scale", "", "", replicas("5"))},
		{"helm upgrade web ./web-1 -n helm", step("helm3", web, web, nil)},
		{"helm upgrade web ./web-1 -n helm", step("helm3", web, web, nil)},
		{"kubectl edit deployment/web -n helm", edit()},
		{"helm upgrade web ./web-2 -n helm", step("helm3", web, web128, nil)},
		{"helm upgrade web ./web-3 -n helm", step("helm3", web128, web3, nil)},
	}, {
		{"kubectl create -f taken.yaml", step("create", "", taken, nil)},
		{"helm install taken ./taken -n helm", step("helm3", "", taken, nil)},
		{"helm install taken ./taken -n helm", step("helm4", "", taken, nil)},
		{"kubectl label deployment/taken -n helm app.kubernetes.io/managed-by=Helm", step("label", "", "", args("app.kubernetes.io/managed-by=Helm"))},
		{"kubectl annotate deployment/taken -n helm meta.helm.sh/release-name=other meta.helm.sh/release-namespace=helm",
			step("annotate", "", "", args("meta.helm.sh/release-name=other meta.helm.sh/release-namespace=helm"))},
		{"helm install taken ./taken -n helm", step("helm3", "", taken, nil)},
		{"kubectl annotate deployment/taken -n helm meta.helm.sh/release-name=taken --overwrite", step("annotate", "", "", args("meta.helm.sh/release-name=taken --overwrite"))},
		{"helm install taken ./taken -n helm", step("helm3", "", taken, nil)},
	}, {
		{"helm install h4 ./h4-1 -n helm", step("helm4", "", h4, nil)},
		{"kubectl edit deployment/h4 -n helm", edit()},
		{"kubectl scale deployment/h4 -n helm --replicas=5", step("scale", "", "", replicas("5"))},
		{"helm upgrade h4 ./h4-1 -n helm", step("helm4", h4, h4, nil)},
		{"helm upgrade h4 ./h4-2 -n helm", step("helm4", h4, h43, nil)},
		{"helm upgrade h4 ./h4-2 -n helm --force-conflicts", step("helm4", h4, h43, func(o *contract.Options) { o.Force = true })},
		{"helm upgrade h4 ./h4-3 -n helm", step("helm4", h43, h4no, nil)},
	}, {
		{"helm install mig ./mig-1 -n helm", step("helm3", "", mig, nil)},
		{"kubectl edit deployment/mig -n helm", edit()},
		{"helm upgrade mig ./mig-2 -n helm", step("helm4", mig, mig128, nil)},
		{"helm upgrade mig ./mig-3 -n helm --server-side=true", step("helm4", mig128, mig3, serverSide("true"))},
		{"helm upgrade mig ./mig-2 -n helm --server-side=auto", step("helm4", mig3, mig128, serverSide("auto"))},
	}, {
		{"helm install csa ./csa-1 -n helm --server-side=false", step("helm4", "", csa, serverSide("false"))},
		{"helm upgrade csa ./csa-2 -n helm", step("helm4", csa, csa128, nil)},
	}, {
		{"helm install two ./two-1 -n helm", step("helm3", "", a, func(o *contract.Options) { o.Release = "two" })},
		{"kubectl create -f b.yaml", step("create", "", b, nil)},
		{"helm upgrade two ./two-2 -n helm", step("helm3", a, a+"---\n"+b, func(o *contract.Options) { o.Release = "two" })},
		{"helm upgrade two ./two-2 -n helm", step("helm4", a, a+"---\n"+b, func(o *contract.Options) { o.Release = "two" })},
		{"helm upgrade two ./two-2 -n helm --server-side=true", step("helm4", a, a+"---\n"+b, func(o *contract.Options) { o.Release, o.ServerSide = "two", "true" })},
	}, {
		{"helm install story ./story-1 -n helm", step("helm3", "", story, nil)},
		{"kubectl scale deployment/story -n helm --replicas=5", step("scale", "", "", replicas("5"))},
		{"helm upgrade story ./story-2 -n helm", step("helm4", story, story128, nil)},
		{"kubectl scale deployment/story -n helm --replicas=5", step("scale", "", "", replicas("5"))},
		{"helm upgrade story ./story-2 -n helm --server-side=true", step("helm4", story128, story128, serverSide("true"))},
		{"helm upgrade story ./story-2 -n helm --server-side=true --force-conflicts", step("helm4", story128, story128, func(o *contract.Options) {
			o.ServerSide, o.Force = "true", true
		})},
	}, {
		{"helm install cr ./cr-1 -n helm", step("helm3", "", foo+"  a: 1\n  b: 1\n", nil)},
		{patchB, step("controller", "", "", func(o *contract.Options) { o.Manager = "kubectl-patch" })},
		{"helm upgrade cr ./cr-2 -n helm", step("helm3", foo+"  a: 1\n  b: 1\n", foo+"  b: 1\n  c: 1\n", nil)},
	}}, dropped()...)
}

// dropped are sequence P: upgrades whose new render drops a ConfigMap, under Helm 3 (release
// drop: da and db) and Helm 4 (release drop4: ea and eb), with the keep policy set by kubectl
// annotate, or by the chart.
func dropped() [][]replayed {
	cm := func(name, extra string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n  namespace: helm\n" + extra + "data:\n  k: v\n"
	}
	keep := "  annotations:\n    helm.sh/resource-policy: keep\n"
	da, db, ea, eb, ebKeep := cm("da", ""), cm("db", ""), cm("ea", ""), cm("eb", ""), cm("eb", keep)
	rel := func(name string) func(*contract.Options) { return func(o *contract.Options) { o.Release = name } }
	both := func(a, b string) string { return a + "---\n" + b }
	return [][]replayed{{
		{"helm install drop ./drop-ab -n helm", step("helm3", "", both(da, db), rel("drop"))},
		{"helm upgrade drop ./drop-a -n helm", step("helm3", both(da, db), da, rel("drop"))},
		{"helm upgrade drop ./drop-ab -n helm", step("helm3", da, both(da, db), rel("drop"))},
		{annotateDB, step("controller", "", "", func(o *contract.Options) { o.Manager = "kubectl-annotate" })},
		{"helm upgrade drop ./drop-a -n helm", step("helm3", both(da, db), da, rel("drop"))},
	}, {
		{"helm install drop4 ./drop4-ab -n helm", step("helm4", "", both(ea, eb), rel("drop4"))},
		{"helm upgrade drop4 ./drop4-a -n helm", step("helm4", both(ea, eb), ea, rel("drop4"))},
		{"helm upgrade drop4 ./drop4-abkeep -n helm", step("helm4", ea, both(ea, ebKeep), rel("drop4"))},
		{"helm upgrade drop4 ./drop4-a -n helm", step("helm4", both(ea, ebKeep), ea, rel("drop4"))},
		{"helm upgrade drop4 ./drop4-ab -n helm", step("helm4", ea, both(ea, eb), rel("drop4"))},
		{"helm upgrade drop4 ./drop4-a -n helm", step("helm4", both(ea, eb), ea, rel("drop4"))},
	}}
}

// knownTimes are the commands after which the times of the engine's entries are known to differ
// from the API server's, and why.
var knownTimes = map[string]string{
	"helm upgrade web ./web-3 -n helm": "the API server defaults the replicas Helm 3's patch removed to 1, a change helm's update " +
		"then owns (spec.replicas), so its entry takes the command's time; the engine does not add the API server's defaults",
}

// start is the time of a sequence's first step; step i is answered i minutes later (stepTime),
// so that an entry's time tells the step that wrote it, as the observation's NOW and BEFORE do.
const start = "2026-01-01T00:00:00Z"

// stepTime is the time step i (from 0) of a sequence is answered at.
func stepTime(t testing.TB, i int) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339, start)
	if err != nil {
		t.Fatal(err)
	}
	return at.Add(time.Duration(i) * time.Minute)
}

// historyOf is a sequence as a history request, each step at its own time.
func historyOf(t testing.TB, seq []replayed) *contract.Request {
	req := &contract.Request{Mode: contract.History, Options: contract.DefaultOptions()}
	req.Options.Now = start
	for i, r := range seq {
		r.step.Options.Now = rfc3339.Format(stepTime(t, i))
		req.Steps = append(req.Steps, r.step)
	}
	return req
}

// editedObjects gives each edit step its object: the object the steps before it leave, with the
// container's image changed to nginx:1.29 (or as the step's fill writes it).
func editedObjects(t *testing.T, seq []replayed) {
	t.Helper()
	for i, r := range seq {
		fill := fills[r.command]
		if r.step.Mode != "edit" && fill == nil {
			continue
		}
		resp := handler.Default().Handle(context.Background(), historyOf(t, seq[:i]))
		if fill != nil {
			r.step.Updated = fill(resp.Result)
			continue
		}
		before := resp.Result
		for _, image := range []string{"nginx:1.27", "nginx:1.28"} {
			before = strings.Replace(before, "image: "+image, "image: nginx:1.29", 1)
		}
		if before == resp.Result {
			t.Fatalf("step %d: the object before the edit holds no image to edit:\n%s", i+1, resp.Result)
		}
		r.step.Updated = before
	}
}

// TestHelmAgreesWithTheAPIServer replays the sequences of testdata/observed.txt (helm v3.21.4
// and v4.3.2, kube-apiserver v1.37.2) as histories and compares each step with what the real
// tools did: what the command printed (each line the engine prints among Helm's, Helm's error
// holding the engine's), the managedFields entries after it (observed.CompareEntries) and their
// times (observed.CompareTimes: written by the step, or kept from an earlier one), and which
// objects exist after it. The object after a step is the one the history hands the next step
// (history.After): after Helm 4's refused first server-side upgrade, helm's moved entry.
func TestHelmAgreesWithTheAPIServer(t *testing.T) {
	steps := observed.NewCursor(observed.Read(t, "testdata/observed.txt"))
	builtin, err := schema.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, seq := range sequences() {
		editedObjects(t, seq)
		resp := handler.Default().Handle(context.Background(), historyOf(t, seq))
		if len(resp.Steps) != len(seq) {
			t.Fatalf("%d steps answered, want %d: %+v", len(resp.Steps), len(seq), resp.Errors)
		}
		live := ""
		for i, r := range seq {
			got, want := resp.Steps[i], steps.Next(t, r.command)
			t.Run(r.command, func(t *testing.T) {
				comparePrinted(t, got, want)
				live = history.After(got, live)
				if want.Listed {
					compareObjects(t, live, want.Objects)
				}
				if want.ManagedFields == "" {
					return
				}
				object, id := objectNamed(t, live, want)
				typ := builtin.Root(id.APIVersion, id.Kind)
				if typ == nil {
					typ = schema.Deduced() // a custom resource without its CRD
				}
				observed.CompareEntries(t, typ, object, want.ManagedFields)
				if why, known := knownTimes[r.command]; known {
					t.Logf("times not compared: %s", why)
					return
				}
				observed.CompareTimes(t, object, want.ManagedFields, stepTime(t, i))
			})
		}
	}
}

// compareObjects compares the names of the objects after a step with those the cluster held.
func compareObjects(t *testing.T, live string, want []string) {
	t.Helper()
	var got []string
	for _, r := range observed.Resources(t, live) {
		got = append(got, r.ID.Name)
	}
	slices.Sort(got)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("objects %q after the step; the cluster held %q", got, want)
	}
}

// objectNamed is the object of live whose managedFields the observation shows ("---
// configmap/db managedFields" names db, foo.example.com/cr names cr), as text, and its identity.
func objectNamed(t *testing.T, live string, want observed.Step) (string, stream.ID) {
	t.Helper()
	for _, r := range observed.Resources(t, live) {
		if strings.HasSuffix(want.Shown, "/"+r.ID.Name) {
			text, _ := yamltree.Emit([]*yamltree.Document{{Root: r.Root}})
			return text, r.ID
		}
	}
	t.Fatalf("no object %q among the objects after the step", want.Shown)
	return "", stream.ID{}
}

// comparePrinted compares what the step's command prints with what the tool printed: every
// line of the engine's output among the tool's (the engine leaves out the time, the revision
// and the test suite), and the engine's error within the tool's.
func comparePrinted(t *testing.T, got *contract.Response, want observed.Step) {
	t.Helper()
	if len(got.Commands) != 1 {
		t.Fatalf("%d commands, want 1: %+v", len(got.Commands), got.Errors)
	}
	c := got.Commands[0]
	for _, line := range c.Output {
		if !strings.Contains(want.Stdout, line+"\n") {
			t.Errorf("prints %q; the tool printed %q", line, want.Stdout)
		}
	}
	if (c.Error != "") != (want.Stdout == "") {
		t.Errorf("error %q; the tool printed %q, error %q", c.Error, want.Stdout, want.Stderr)
	}
	if c.Error != "" && !strings.Contains(want.Stderr, strings.Split(c.Error, "config.yaml")[0]) {
		t.Errorf("error %q, the tool's %q", c.Error, want.Stderr)
	}
}
