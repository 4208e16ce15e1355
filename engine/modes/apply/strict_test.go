package apply_test

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// TestDirectivesLeftInAnAddedItemAreRefused: the config changes the volumeMounts of a container
// live lacks (deleted in live since last-applied), so kubectl's patch adds the container as the
// patch writes it, "$setElementOrder/volumeMounts" and a "$patch: delete" item included, and the
// API server's strict decoding refuses both (observed on kube-apiserver and kubectl v1.37.2:
// make apiserver-diff seed 1, apply-2, a CronJob; reduced here to a Deployment, whose volumes
// the mounts name). Under --validate=ignore the server drops them silently, and the remnant of
// the deleted item, {mountPath: /a}, has no name: the server refuses it (observed with this
// very Deployment, 2026-12-06).
func TestDirectivesLeftInAnAddedItemAreRefused(t *testing.T) {
	const head = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n" +
		"  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      volumes: [{name: a, emptyDir: {}}, {name: b, emptyDir: {}}]\n      containers:\n"
	original := head + "      - name: web\n        image: nginx\n        volumeMounts:\n        - {name: a, mountPath: /a}\n        - {name: b, mountPath: /b}\n" +
		"      - name: proxy\n        image: envoy\n"
	updated := head + "      - name: web\n        image: nginx\n        volumeMounts:\n        - {name: b, mountPath: /b}\n" +
		"      - name: proxy\n        image: envoy\n"
	live := head + "      - name: proxy\n        image: envoy\n"
	resp := run(t, original, updated, live)
	want := `The request is invalid: patch: Invalid value: "map[…]": strict decoding error: ` +
		`unknown field "spec.template.spec.containers[0].$setElementOrder/volumeMounts", ` +
		`unknown field "spec.template.spec.containers[0].volumeMounts[1].$patch"`
	if len(resp.Errors) != 2 || len(resp.Commands) != 1 || resp.Commands[0].Error != want {
		t.Fatalf("errors %+v\ncommands %+v", resp.Errors, resp.Commands)
	}
	resp = run(t, original, updated, live, func(o *contract.Options) { o.Validate = contract.ValidateIgnore })
	want = "The Deployment \"web\" is invalid: \n* spec.template.spec.containers[0].volumeMounts[1].name: Required value\n" +
		"* spec.template.spec.containers[0].volumeMounts[1].name: Not found: \"\""
	if len(resp.Commands) != 1 || resp.Commands[0].Error != want {
		t.Errorf("validate=ignore: %+v\n%+v", resp.Errors, resp.Commands)
	}
}
