package helm_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

const cm = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: helm\ndata:\n  k: v\n"

// owned is cm as a release named a owns it, with an entry of helm of the given operation.
func owned(operation string) string {
	return strings.Replace(cm, "  namespace: helm\n", "  namespace: helm\n  labels:\n    app.kubernetes.io/managed-by: Helm\n"+
		"  annotations:\n    meta.helm.sh/release-name: a\n    meta.helm.sh/release-namespace: helm\n"+
		"  managedFields:\n  - manager: helm\n    operation: "+operation+"\n    apiVersion: v1\n    time: 2026-01-01T00:00:00Z\n"+
		"    fieldsType: FieldsV1\n    fieldsV1:\n      f:data:\n        f:k: {}\n", 1)
}

// TestHelmSteps checks what one step does in each case: refusals, the method Helm 4 picks, the
// entry it leaves and its command line.
func TestHelmSteps(t *testing.T) {
	tests := []struct {
		name, mode, original, updated, live string
		set                                 func(*contract.Options)
		// want is a substring of the error, or of the command line then the managers after it.
		wantErr, wantLine, wantManagers string
	}{
		{name: "helm3 install", mode: "helm3", updated: cm, wantLine: "helm install a ./chart -n helm", wantManagers: "helm Update"},
		{name: "helm4 install: server-side", mode: "helm4", updated: cm, wantLine: "helm install a ./chart -n helm", wantManagers: "helm Apply"},
		{name: "helm4 install --server-side=false", mode: "helm4", updated: cm, set: func(o *contract.Options) { o.ServerSide = "false" },
			wantLine: "helm install a ./chart -n helm --server-side=false", wantManagers: "helm Update"},
		{name: "helm4 upgrade auto of a Helm 3 release: client-side", mode: "helm4", original: cm, updated: strings.Replace(cm, "k: v", "k: w", 1),
			live: owned("Update"), wantLine: "helm upgrade a ./chart -n helm", wantManagers: "helm Update"},
		{name: "helm4 upgrade auto of a Helm 4 release: server-side", mode: "helm4", original: cm, updated: strings.Replace(cm, "k: v", "k: w", 1),
			live: owned("Apply"), wantLine: "helm upgrade a ./chart -n helm", wantManagers: "helm Apply"},
		{name: "helm4 --server-side=true moves helm's Update entry", mode: "helm4", original: cm, updated: cm, live: owned("Update"),
			set: func(o *contract.Options) { o.ServerSide = "true" }, wantLine: "--server-side=true", wantManagers: "helm Apply"},
		{name: "helm3 install of an object no release owns", mode: "helm3", updated: cm, live: cm,
			wantErr: `Error: INSTALLATION FAILED: Unable to continue with install: ConfigMap "a" in namespace "helm" exists and cannot be imported into the current release: invalid ownership metadata; label validation error: missing key "app.kubernetes.io/managed-by": must be set to "Helm"`},
		{name: "helm4 upgrade adding an object another release owns", mode: "helm4", original: strings.Replace(cm, "name: a", "name: b", 1),
			updated: strings.Replace(cm, "name: a", "name: b", 1) + "---\n" + cm, live: strings.Replace(owned("Update"), "release-name: a", "release-name: other", 1),
			set:     func(o *contract.Options) { o.Release = "a" },
			wantErr: `Error: UPGRADE FAILED: unable to continue with update: ConfigMap "a" in namespace "helm" exists and cannot be imported into the current release: invalid ownership metadata; annotation validation error: key "meta.helm.sh/release-name" must equal "a": current value is "other"`},
		{name: "an object without a name", mode: "helm3", updated: "apiVersion: v1\nkind: ConfigMap\n", wantErr: "without apiVersion, kind and metadata.name"},
		{name: "no release name", mode: "helm4", updated: "", wantErr: "options.release"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := step(tt.mode, tt.original, tt.updated, tt.set)
			req.Live, req.Options.Now = tt.live, "2026-01-01T00:00:00Z"
			resp := handler.Default().Handle(context.Background(), req)
			if tt.wantErr != "" {
				var got []string
				for _, e := range resp.Errors {
					got = append(got, e.Message)
				}
				for _, c := range resp.Commands {
					got = append(got, c.Error)
				}
				if !strings.Contains(strings.Join(got, "\n"), tt.wantErr) {
					t.Errorf("errors %q, want %q", got, tt.wantErr)
				}
				return
			}
			if len(resp.Errors) > 0 || len(resp.Commands) != 1 {
				t.Fatalf("errors %+v, commands %+v", resp.Errors, resp.Commands)
			}
			if !strings.Contains(resp.Commands[0].Line, tt.wantLine) {
				t.Errorf("command %q, want %q", resp.Commands[0].Line, tt.wantLine)
			}
			if got := strings.ReplaceAll(managers(resp), "/", " "); strings.TrimSpace(got) != tt.wantManagers {
				t.Errorf("managers %q, want %q", got, tt.wantManagers)
			}
		})
	}
}

// TestHelmDeletesWhatTheRenderDrops: an upgrade whose new render drops an object of the previous
// one deletes it (Helm 3, Helm 4 client-side and server-side): the result lacks it, its mark is
// deleted whole by helm/deleted; with helm.sh/resource-policy: keep on live's object it stays,
// marked by helm/kept; an object live lacks, or one the previous render did not hold, is left.
func TestHelmDeletesWhatTheRenderDrops(t *testing.T) {
	b := strings.Replace(cm, "name: a", "name: b", 1)
	kept := strings.Replace(owned("Update"), "  annotations:\n", "  annotations:\n    helm.sh/resource-policy: keep\n", 1)
	tests := []struct {
		name, mode, serverSide, original, live string
		want                                   string // the names of the result's objects
		wantRule                               string // the rule of a's mark
	}{
		{name: "Helm 3", mode: "helm3", original: cm + "---\n" + b, live: owned("Update"), want: "b", wantRule: "helm/deleted"},
		{name: "Helm 4 client-side", mode: "helm4", original: cm + "---\n" + b, live: owned("Update"), want: "b", wantRule: "helm/deleted"},
		{name: "Helm 4 server-side", mode: "helm4", original: cm + "---\n" + b, live: owned("Apply"), want: "b", wantRule: "helm/deleted"},
		{name: "Helm 4 --server-side=true", mode: "helm4", serverSide: "true", original: cm + "---\n" + b, live: owned("Update"), want: "b", wantRule: "helm/deleted"},
		{name: "the keep policy", mode: "helm3", original: cm + "---\n" + b, live: kept, want: "b a", wantRule: "helm/kept"},
		{name: "the keep policy, Helm 4", mode: "helm4", original: cm + "---\n" + b, live: strings.Replace(kept, "Update", "Apply", 1), want: "b a", wantRule: "helm/kept"},
		{name: "not in the previous render", mode: "helm3", original: b, live: owned("Update"), want: "b a", wantRule: "ssa/untouched-object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := step(tt.mode, tt.original, b, func(o *contract.Options) { o.Release, o.ServerSide = "a", tt.serverSide })
			req.Live, req.Options.Now = tt.live, "2026-01-01T00:00:00Z"
			resp := handler.Default().Handle(context.Background(), req)
			if len(resp.Errors) > 0 || len(resp.Conflicts) > 0 {
				t.Fatalf("errors %+v, conflicts %+v", resp.Errors, resp.Conflicts)
			}
			var names []string
			for _, line := range strings.Split(resp.Result, "\n") {
				if name, ok := strings.CutPrefix(line, "  name: "); ok {
					names = append(names, name)
				}
			}
			if strings.Join(names, " ") != tt.want {
				t.Errorf("objects %q, want %q:\n%s", names, tt.want, resp.Result)
			}
			rule := ""
			for _, f := range resp.Fields {
				if strings.HasSuffix(f.Resource, "/a") && f.Path == "" {
					rule = f.Rule
				}
			}
			if rule != tt.wantRule {
				t.Errorf("a's mark has the rule %q, want %q: %+v", rule, tt.wantRule, resp.Fields)
			}
		})
	}
}

// TestHelm4LeavesItsMoveAfterARefusedApply: Helm 4's first server-side upgrade of a release
// applied client-side moves helm's Update entry into an Apply entry, keeping its time, before
// its apply; when the apply conflicts the step is refused, and extra.afterRefusal holds the
// object with the move (the next step of a history meets it).
func TestHelm4LeavesItsMoveAfterARefusedApply(t *testing.T) {
	live := strings.Replace(owned("Update"), "        f:k: {}\n", "        f:k: {}\n  - manager: other\n    operation: Update\n    apiVersion: v1\n"+
		"    time: 2026-01-01T00:00:00Z\n    fieldsType: FieldsV1\n    fieldsV1:\n      f:data:\n        f:o: {}\n", 1)
	live = strings.Replace(live, "data:\n  k: v\n", "data:\n  k: v\n  o: mine\n", 1)
	req := step("helm4", cm, strings.Replace(cm, "k: v", "k: v\n  o: chart", 1), func(o *contract.Options) { o.ServerSide = "true" })
	req.Live, req.Options.Now = live, "2026-06-01T00:00:00Z"
	resp := handler.Default().Handle(context.Background(), req)
	if len(resp.Conflicts) != 1 || resp.Result != "" {
		t.Fatalf("conflicts %+v, result %q: want one conflict and no result", resp.Conflicts, resp.Result)
	}
	left, ok := resp.LeftAfterRefusal()
	if !ok {
		t.Fatalf("no extra.afterRefusal: %v", resp.Extra)
	}
	for _, want := range []string{"manager: helm\n    operation: Apply\n    apiVersion: v1\n    time: 2026-01-01T00:00:00Z", "manager: other", "o: mine"} {
		if !strings.Contains(left.Result, want) {
			t.Errorf("afterRefusal.result lacks %q:\n%s", want, left.Result)
		}
	}
	if strings.Contains(left.Result, "operation: Update\n    apiVersion: v1\n    time: 2026-01-01T00:00:00Z\n    fieldsType: FieldsV1\n    fieldsV1:\n      f:data:\n        f:k") {
		t.Errorf("helm's Update entry is still there:\n%s", left.Result)
	}
}
