package handler

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// partialStream is three objects: ConfigMaps a and c with data k, and Secret b of its type and
// data.
func partialStream(k, secretType, secretData string) string {
	configMap := func(name string) string {
		return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n  namespace: default\ndata:\n  k: " + k + "\n"
	}
	secret := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: b\n  namespace: default\ntype: " + secretType + "\ndata:\n" + secretData
	return configMap("a") + "---\n" + secret + "---\n" + configMap("c")
}

// refusedSecret is what kubectl prints of the Secret's refusal.
const refusedSecret = `The Secret "b" is invalid: type: Invalid value: "kubernetes.io/basic-auth": field is immutable`

// TestOneObjectRefusedOthersAccepted checks that when the API server refuses one object of a file
// and accepts the others, apply, server-side apply (apply and update) and patch answer as kubectl
// goes on through the file: no errors, the accepted objects merged, the refused one as live holds
// it, extra.refused naming it with its error at the config's line, and the commands printing the
// accepted objects and failing with the refusal. Observed with kubectl and kube-apiserver v1.37.2
// (docs/apiserver.md, a file of several objects): `configmap/a configured`, `configmap/c
// configured`, then the Secret's refusal on standard error, exit status 1.
func TestOneObjectRefusedOthersAccepted(t *testing.T) {
	tests := []struct {
		mode, operation string
		force           bool
		commands        []string // each command's output, then "! " and its error
	}{
		{"apply", "apply", false, []string{"configmap/a configured\nconfigmap/c configured\n! " + refusedSecret}},
		{"ssa", "apply", true, []string{"configmap/a serverside-applied\nconfigmap/c serverside-applied\n! " + refusedSecret}},
		{"ssa", "update", false, []string{"configmap/a replaced\nconfigmap/c replaced\n! " + refusedSecret}},
		{"patch", "apply", false, []string{"configmap/a patched\n! ", "configmap/c patched\n! ", "\n! " + refusedSecret}},
	}
	// live is what a cluster holds; config changes the three: the ConfigMaps' data, and the
	// Secret's type, which the API server refuses (immutable).
	live := partialStream(`"1"`, "Opaque", "  k: MQ==\n")
	config := partialStream(`"2"`, "kubernetes.io/basic-auth", "  username: dQ==\n  password: cA==\n")
	h := Default()
	for _, tt := range tests {
		opts := contract.DefaultOptions()
		opts.Operation, opts.Force, opts.Now = tt.operation, tt.force, "2026-01-01T00:00:00Z"
		resp := h.Handle(context.Background(), &contract.Request{Mode: tt.mode, Updated: config, Live: live, Options: opts})
		name := tt.mode + " " + tt.operation
		if len(resp.Errors) > 0 || len(resp.Conflicts) > 0 {
			t.Fatalf("%s: errors %+v, conflicts %+v", name, resp.Errors, resp.Conflicts)
		}
		if !strings.Contains(resp.Result, `k: "2"`) || !strings.Contains(resp.Result, "type: Opaque") || strings.Contains(resp.Result, "basic-auth") {
			t.Errorf("%s: the result is not the ConfigMaps changed and the Secret as live holds it:\n%s", name, resp.Result)
		}
		refused, _ := resp.Extra[contract.RefusedKey].(contract.RefusedObjects)
		want := contract.Error{Input: "updated", Line: 14, Column: 1, Message: refusedSecret}
		if len(refused) != 1 || refused[0].Resource != "v1/Secret/default/b" || refused[0].Printed != refusedSecret || len(refused[0].Errors) != 1 || refused[0].Errors[0] != want {
			t.Fatalf("%s: extra.refused %+v", name, refused)
		}
		if lines := strings.Split(resp.Result, "\n"); refused[0].Line < 1 || lines[refused[0].Line-1] != "apiVersion: v1" || lines[refused[0].Line] != "kind: Secret" {
			t.Errorf("%s: extra.refused's line %d is not the Secret's first line in the result", name, refused[0].Line)
		}
		for _, f := range resp.Fields {
			if f.Resource == "v1/Secret/default/b" && (f.Mark != contract.Ignored || f.Reason != refusedReason(refusedSecret)) {
				t.Errorf("%s: the refused Secret's mark %+v", name, f)
			}
		}
		var got []string
		for _, c := range resp.Commands {
			got = append(got, strings.Join(c.Output, "\n")+"\n! "+c.Error)
		}
		if strings.Join(got, "|") != strings.Join(tt.commands, "|") {
			t.Errorf("%s: commands print\n%q\nwant\n%q", name, got, tt.commands)
		}
	}
}

// TestEveryObjectRefusedStaysRefused checks that a request whose every object the API server
// refuses is refused whole, as before: errors, no result, no extra.refused.
func TestEveryObjectRefusedStaysRefused(t *testing.T) {
	secret := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: b\n  namespace: default\ntype: Opaque\n"
	opts := contract.DefaultOptions()
	resp := Default().Handle(context.Background(), &contract.Request{Mode: "apply", Updated: strings.Replace(secret, "Opaque", "kubernetes.io/tls", 1), Live: secret, Options: opts})
	if _, listed := resp.Extra[contract.RefusedKey]; len(resp.Errors) != 1 || resp.Result != "" || listed {
		t.Errorf("errors %+v, result %q, extra %v", resp.Errors, resp.Result, resp.Extra)
	}
}

// TestWritersGoOnPastAnObject checks that kubectl create -f and replace -f, a history's writers,
// go on past the object they refuse (one live holds; one live lacks) and write the others, as
// kubectl v1.37.2 does (docs/apiserver.md).
func TestWritersGoOnPastAnObject(t *testing.T) {
	stream := partialStream(`"2"`, "Opaque", "  k: MQ==\n")
	secret := "apiVersion: v1\nkind: Secret\nmetadata:\n  name: b\n  namespace: default\ntype: Opaque\ndata:\n  k: MQ==\n"
	configMaps := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: default\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n"
	tests := []struct {
		mode, live, printed string
	}{
		{"create", secret, "configmap/a created\nconfigmap/c created\n! Error from server (AlreadyExists): error when creating \"config.yaml\": secrets \"b\" already exists"},
		{"replace", configMaps, "configmap/a replaced\nconfigmap/c replaced\n! Error from server (NotFound): error when replacing \"config.yaml\": secrets \"b\" not found"},
	}
	for _, tt := range tests {
		opts := contract.DefaultOptions()
		opts.Now = "2026-01-01T00:00:00Z"
		resp := Default().Handle(context.Background(), &contract.Request{Mode: tt.mode, Updated: stream, Live: tt.live, Options: opts})
		refused, _ := resp.Extra[contract.RefusedKey].(contract.RefusedObjects)
		if len(resp.Errors) > 0 || len(refused) != 1 || refused[0].Resource != "v1/Secret/default/b" || strings.Count(resp.Result, `k: "2"`) != 2 {
			t.Fatalf("%s: errors %+v, extra.refused %+v, result:\n%s", tt.mode, resp.Errors, refused, resp.Result)
		}
		if len(resp.Commands) != 1 || strings.Join(resp.Commands[0].Output, "\n")+"\n! "+resp.Commands[0].Error != tt.printed {
			t.Errorf("%s: commands %+v", tt.mode, resp.Commands)
		}
	}
}

// TestFoundPartialRefusals keeps the shapes make apiserver-diff found (kube-apiserver v1.37.2):
// a patch of a file of two, the API server refusing one, is a kubectl patch each, the refused
// one failing alone (seed 1, patch-15); an apply creating an object beside a refused one creates
// it (seed 2, apply-12: `statefulset.apps/new-auth created`).
func TestFoundPartialRefusals(t *testing.T) {
	live := partialStream(`"1"`, "Opaque", "  k: MQ==\n")
	config := partialStream(`"2"`, "kubernetes.io/basic-auth", "  username: dQ==\n  password: cA==\n")
	two := config[:strings.LastIndex(config, "---\n")]
	created := strings.Replace(config, "name: c", "name: d", 1)
	tests := []struct {
		mode, updated string
		commands      []string
	}{
		{"patch", two, []string{"configmap/a patched\n! ", "\n! " + refusedSecret}},
		{"apply", created, []string{"configmap/a configured\nconfigmap/d created\n! " + refusedSecret}},
	}
	for _, tt := range tests {
		opts := contract.DefaultOptions()
		opts.Now = "2026-01-01T00:00:00Z"
		resp := Default().Handle(context.Background(), &contract.Request{Mode: tt.mode, Updated: tt.updated, Live: live, Options: opts})
		var got []string
		for _, c := range resp.Commands {
			got = append(got, strings.Join(c.Output, "\n")+"\n! "+c.Error)
		}
		if len(resp.Errors) > 0 || strings.Join(got, "|") != strings.Join(tt.commands, "|") {
			t.Errorf("%s: errors %+v, commands print\n%q\nwant\n%q", tt.mode, resp.Errors, got, tt.commands)
		}
	}
}

// TestWarningsBeforeARefusal: kubectl apply over a file whose Deployment the API server accepts
// with warnings (a port defined and named twice) and whose Secret it refuses prints the
// warnings, then the refusal, on standard error (observed with kubectl and kube-apiserver
// v1.37.2: make apiserver-diff seed 1, apply-2).
func TestWarningsBeforeARefusal(t *testing.T) {
	deployment := func(image string) string {
		return "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\nspec:\n" +
			"  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers:\n" +
			"      - {name: a, image: " + image + ", ports: [{containerPort: 80, name: http}]}\n" +
			"      - {name: b, image: " + image + ", ports: [{containerPort: 80, name: http}]}\n"
	}
	live := deployment("nginx:1.27") + "---\n" + partialStream(`"1"`, "Opaque", "  k: MQ==\n")
	config := deployment("nginx:1.28") + "---\n" + partialStream(`"1"`, "kubernetes.io/basic-auth", "  username: dQ==\n")
	resp := Default().Handle(context.Background(), &contract.Request{Mode: "apply", Updated: config, Live: live, Options: contract.DefaultOptions()})
	if len(resp.Errors) > 0 || len(resp.Commands) != 1 {
		t.Fatalf("errors %+v, commands %+v", resp.Errors, resp.Commands)
	}
	const warned = "Warning: spec.template.spec.containers[1].ports[0]: duplicate port definition with spec.template.spec.containers[0].ports[0]\n" +
		`Warning: spec.template.spec.containers[1].ports[0]: duplicate port name "http" with spec.template.spec.containers[0].ports[0], services and probes that select ports by name will use spec.template.spec.containers[0].ports[0]` + "\n"
	if got := resp.Commands[0].Error; got != warned+refusedSecret {
		t.Errorf("error:\n%s\nwant:\n%s", got, warned+refusedSecret)
	}
}

// TestLiveWithoutDefaultsNoted: a live object given without the API server's defaults a
// cluster's object holds is noted in extra.management (the answer merges it as given), under
// apiServer on only.
func TestLiveWithoutDefaultsNoted(t *testing.T) {
	live := "apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: default}\nspec:\n  ports: [{port: 80}]\n"
	for _, apiServer := range []string{"on", "off"} {
		opts := contract.DefaultOptions()
		opts.APIServer = apiServer
		resp := Default().Handle(context.Background(), &contract.Request{Mode: "apply", Updated: live, Live: live, Options: opts})
		raw, err := json.Marshal(resp.Extra["management"])
		if err != nil {
			t.Fatal(err)
		}
		noted := strings.Contains(string(raw), "Given without 5 of the API server's defaults (protocol, targetPort, internalTrafficPolicy, …)")
		if noted != (apiServer == "on") {
			t.Errorf("apiServer %s: management %s", apiServer, raw)
		}
	}
}

// TestEachPatchFailsWithItsOwnRefusal checks that when the API server refuses every object of a
// patch stream, each kubectl patch fails with its own object's refusal alone (make apiserver-diff
// seed 9, patch-11, kubectl v1.37.2), and a file's one command with all of them.
func TestEachPatchFailsWithItsOwnRefusal(t *testing.T) {
	secret := func(name, typ string) string {
		return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: " + name + "\n  namespace: default\ntype: " + typ + "\n"
	}
	live := secret("a", "Opaque") + "---\n" + secret("b", "Opaque")
	updated := secret("a", "kubernetes.io/tls") + "---\n" + secret("b", "kubernetes.io/basic-auth")
	refusedA := `The Secret "a" is invalid: type: Invalid value: "kubernetes.io/tls": field is immutable`
	refusedB := `The Secret "b" is invalid: type: Invalid value: "kubernetes.io/basic-auth": field is immutable`
	for mode, want := range map[string][]string{
		"patch": {refusedA, refusedB},
		"apply": {refusedA + "\n" + refusedB},
	} {
		resp := Default().Handle(context.Background(), &contract.Request{Mode: mode, Updated: updated, Live: live, Options: contract.DefaultOptions()})
		var got []string
		for _, c := range resp.Commands {
			if len(c.Output) > 0 {
				t.Errorf("%s: %s prints %v though it fails", mode, c.Line, c.Output)
			}
			got = append(got, c.Error)
		}
		if strings.Join(got, "\n--\n") != strings.Join(want, "\n--\n") {
			t.Errorf("%s: the commands' errors:\n%s\nwant:\n%s", mode, strings.Join(got, "\n--\n"), strings.Join(want, "\n--\n"))
		}
	}
}
