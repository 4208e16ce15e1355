package management

// notesOf says what the object's state means for the next writer. fromCluster: the object was
// read from a cluster (it carries a uid, resourceVersion or creationTimestamp). Each sentence
// was observed on kube-apiserver and kubectl v1.37.2 (run-apiserver.sh, 2026-12-06) unless it
// says it is documented.
func notesOf(s *Summary, fromCluster bool) []string {
	var notes []string
	add := func(note string) { notes = append(notes, note) }
	clientSide, serverSide := s.has("kubectl-client-side-apply", "Update"), s.has("kubectl", "Apply")
	switch {
	case s.LastApplied > 0 && serverSide:
		add("It moved from client-side to server-side apply: kubectl kept the last-applied annotation (" + size(s.LastApplied) + "), owned by kubectl-last-applied.")
	case s.LastApplied > 0:
		add("kubectl apply (client-side) manages it: the last-applied annotation (" + size(s.LastApplied) + ") holds the config it last applied, and the next `kubectl apply` deletes what the annotation holds and the new config does not.")
	}
	if clientSide && !serverSide {
		add("`kubectl apply --server-side` would take it over: kubectl moves the fields of kubectl-client-side-apply to the field manager kubectl and keeps the last-applied annotation under kubectl-last-applied.")
	}
	if len(s.Managers) == 0 && fromCluster {
		add("No managedFields: `kubectl get -o yaml` leaves them out unless you add --show-managed-fields. Read as it is, the object has no managers: a server-side apply gives its fields to before-first-apply and conflicts with it on every value it changes.")
	}
	for _, m := range s.Managers {
		if m.Subresource == "scale" {
			add("spec.replicas is held by " + m.Manager + " through the scale subresource (" + orManager(m.Tool, m.Manager) + "): a server-side apply whose config sets another replicas conflicts with it unless forced; leave replicas out of the config to let it scale.")
		}
	}
	if r := s.Helm; r != nil {
		switch {
		case r.Name != "":
			add("Helm release " + r.Name + inNamespace(r.Namespace) + " owns it (observed with Helm 3 and 4: they upgrade the objects their release-name and release-namespace annotations name, and refuse to take an object whose annotations name another release).")
		case r.Heritage == "Tiller":
			add("Its heritage label says Helm 2 (Tiller) rendered it.")
		default:
			add("Its app.kubernetes.io/managed-by label says Helm manages it, but no release annotation names the release.")
		}
	}
	return notes
}

// has reports whether the object has an entry of manager for operation on the main resource.
func (s *Summary) has(manager, operation string) bool {
	for _, m := range s.Managers {
		if m.Manager == manager && m.Operation == operation && m.Subresource == "" {
			return true
		}
	}
	return false
}

// orManager is the tool's name, or the manager's when the table does not know it.
func orManager(tool, manager string) string {
	if tool == "" {
		return manager
	}
	return tool
}

// inNamespace writes " (namespace NS)", or nothing for no namespace.
func inNamespace(ns string) string {
	if ns == "" {
		return ""
	}
	return " (namespace " + ns + ")"
}
