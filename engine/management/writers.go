package management

// writer is what a managedFields entry's manager, operation and subresource say of the tool
// that wrote it.
type writer struct {
	manager, operation, subresource string
	// tool names the command or program ("kubectl scale"); says is the sentence the summary
	// writes for the entry, after the manager's name.
	tool, says string
}

// writers are the managers kubectl and the API server name, observed on kube-apiserver and
// kubectl v1.37.2 (run-apiserver.sh, 2026-12-06): each command run on a Deployment, the entries
// read back with `kubectl get -o yaml --show-managed-fields`. Rows marked "documented" were not
// run here.
var writers = []writer{
	{"kubectl-client-side-apply", "Update", "", "kubectl apply (client-side)",
		"wrote the fields `kubectl apply` (client-side) patched: the patches kubectl computes from the last-applied annotation"},
	{"kubectl", "Apply", "", "kubectl apply --server-side",
		"applied it server-side under kubectl's default field manager: it owns the fields its last config named, and a later apply that drops one of them deletes it"},
	{"kubectl-last-applied", "Apply", "", "kubectl apply --server-side",
		"owns the last-applied annotation alone: kubectl kept the annotation when `kubectl apply --server-side` took the object over from client-side apply"},
	{"kubectl", "Update", "scale", "kubectl scale",
		"set spec.replicas through the scale subresource: a server-side apply that sets another value conflicts with it (\"conflict with \\\"kubectl\\\" with subresource \\\"scale\\\"\")"},
	{"kubectl-edit", "Update", "", "kubectl edit", "wrote the fields changed in `kubectl edit` (kubectl sends the edit as a patch; the last-applied annotation is left as it was)"},
	{"kubectl-patch", "Update", "", "kubectl patch", "wrote the fields a `kubectl patch` changed"},
	{"kubectl-label", "Update", "", "kubectl label", "set the labels `kubectl label` changed"},
	{"kubectl-annotate", "Update", "", "kubectl annotate", "set the annotations `kubectl annotate` changed"},
	{"kubectl-set", "Update", "", "kubectl set", "wrote the fields a `kubectl set` command (image, env, resources...) changed"},
	{"kubectl-create", "Update", "", "kubectl create", "created the object with `kubectl create`: it owns every field it sent, until another writer changes them"},
	{"kubectl-replace", "Update", "", "kubectl replace", "wrote the fields `kubectl replace` changed"},
	{"kubectl-rollout", "Update", "", "kubectl rollout", "wrote the pod template's restartedAt annotation (`kubectl rollout restart`)"},
	{"before-first-apply", "Update", "", "the API server",
		"holds the fields the object had when server-side apply first met it without managedFields: a server-side apply that sets another value conflicts with it"},
	// Documented, not run here (no controllers run beside run-apiserver.sh's API server): the
	// controllers of kube-controller-manager update under its name (the HPA through the scale
	// subresource, the Deployment controller the status).
	{"kube-controller-manager", "Update", "scale", "the HorizontalPodAutoscaler",
		"set spec.replicas through the scale subresource (the HPA): a server-side apply that sets replicas conflicts with it, and a client-side apply whose config drops a replicas it had deletes the field, so the Deployment falls back to its default of 1 (documented)"},
	{"kube-controller-manager", "Update", "status", "a controller", "writes the status (a controller of kube-controller-manager)"},
	// Observed with helm v3.21.4 and v4.3.2 on kube-apiserver v1.37.2 (engine/modes/helm): Helm 3
	// (and Helm 4 upgrading a release Helm 3 installed) updates under "helm"; Helm 4 applies
	// server-side under the same name.
	{"helm", "Update", "", "Helm 3", "wrote the fields Helm 3's three-way patch changed (helm install or helm upgrade; Helm 4 too, on a release applied client-side)"},
	{"helm", "Apply", "", "Helm 4", "applied it server-side (Helm 4's helm install or upgrade): it owns the fields the chart rendered"},
}

// writerOf finds the row for an entry; nil for a manager the table does not know.
func writerOf(manager, operation, subresource string) *writer {
	for i := range writers {
		w := &writers[i]
		if w.manager == manager && w.operation == operation && w.subresource == subresource {
			return w
		}
	}
	return nil
}

// unknownSays is the sentence for a manager the table does not know.
func unknownSays(operation, subresource string) string {
	on := ""
	if subresource != "" {
		on = " through the " + subresource + " subresource"
	}
	if operation == "Apply" {
		return "applied it server-side" + on + " (a tool or controller using server-side apply under this name): it owns the fields it last applied"
	}
	return "updated it" + on + ": a client or controller that names itself so (a client that gives no field manager is named after its user agent's program name)"
}
