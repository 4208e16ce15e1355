package reference

import (
	"fmt"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// writer answers a history's writer (kubectl create, replace, edit, label, annotate, a
// controller's update without a subresource) as the API server does: the object the writer sends
// (the config for create, replace, edit and a controller; live with its labels or annotations edited for label
// and annotate, kubectl's refusals included), recorded by the field manager as an update by the
// writer's manager. A controller's update through a subresource is not composed: the API
// server's subresource handlers are not in the reference libraries.
func (p *Pipelines) writer(req *contract.Request) (string, error) {
	lives, err := applydiff.SplitDocuments(req.Live)
	if err != nil {
		return "", fmt.Errorf("live: %w", err)
	}
	held, err := identities(lives)
	if err != nil {
		return "", fmt.Errorf("live: %w", err)
	}
	manager := managers[req.Mode]
	var sent string
	switch req.Mode {
	case "create", "replace", "edit":
		sent, err = createOrReplace(req, held)
	case "label", "annotate":
		sent, err = edit(req.Mode, req.Options.Args, req.Live)
	case "controller":
		if req.Options.Subresource != "" {
			return "", fmt.Errorf("options.subresource: the reference composes no update through a subresource")
		}
		manager, sent = req.Options.Manager, req.Updated
	}
	if err != nil {
		return "", err
	}
	out, err := p.recorded(req.Live, sent, manager)
	if err != nil {
		return "", err
	}
	return withUnsent(out, sent, lives)
}

// withUnsent is a writer's result with the live objects it did not send, as they were.
func withUnsent(out, sent string, lives [][]byte) (string, error) {
	docs, err := applydiff.SplitDocuments(sent)
	if err != nil {
		return "", err
	}
	named, err := identities(docs)
	if err != nil {
		return "", err
	}
	for _, l := range lives {
		if id, err := identity(l); err == nil && !named[id] {
			out += "---\n" + string(l)
		}
	}
	return out, nil
}

// createOrReplace is the config (for edit, the edited object), refused where create meets an
// object live holds, or replace or edit one live lacks.
func createOrReplace(req *contract.Request, held map[string]bool) (string, error) {
	docs, err := applydiff.SplitDocuments(req.Updated)
	if err != nil {
		return "", fmt.Errorf("updated: %w", err)
	}
	for _, d := range docs {
		id, err := identity(d)
		if err != nil {
			return "", fmt.Errorf("updated: %w", err)
		}
		switch {
		case req.Mode == "create" && held[id]:
			return "", fmt.Errorf("%s: AlreadyExists", id)
		case req.Mode != "create" && !held[id]:
			return "", fmt.Errorf("%s: NotFound", id)
		}
	}
	return req.Updated, nil
}

// edit is live with kubectl label's or annotate's words carried out (key=value, key-,
// --overwrite), refused where a key live holds would change value without --overwrite.
func edit(mode, args, live string) (string, error) {
	field := map[string]string{"label": "labels", "annotate": "annotations"}[mode]
	docs, err := applydiff.SplitDocuments(live)
	if err != nil || len(docs) == 0 {
		return "", fmt.Errorf("live: %v (kubectl %s acts on live's objects)", err, mode)
	}
	words := strings.Fields(args)
	overwrite := false
	for _, w := range words {
		overwrite = overwrite || w == "--overwrite"
	}
	out := make([]string, 0, len(docs))
	for _, d := range docs {
		var obj map[string]any
		if err := yaml.Unmarshal(d, &obj); err != nil {
			return "", err
		}
		meta, _ := obj["metadata"].(map[string]any)
		if meta == nil {
			meta = map[string]any{}
			obj["metadata"] = meta
		}
		m, _ := meta[field].(map[string]any)
		if m == nil {
			m = map[string]any{}
		}
		for _, w := range words {
			key, value, set := strings.Cut(w, "=")
			switch {
			case w == "--overwrite":
			case set:
				if old, ok := m[key]; ok && old != value && !overwrite {
					return "", fmt.Errorf("%q already has a value (%v), and --overwrite is false", key, old)
				}
				m[key] = value
			case strings.HasSuffix(w, "-"):
				delete(m, strings.TrimSuffix(w, "-"))
			default:
				return "", fmt.Errorf("%q: at least one %s update is required", w, strings.TrimSuffix(field, "s"))
			}
		}
		if len(m) > 0 {
			meta[field] = m
		} else {
			delete(meta, field)
		}
		y, err := yaml.Marshal(obj)
		if err != nil {
			return "", err
		}
		out = append(out, string(y))
	}
	return strings.Join(out, "---\n"), nil
}

// identity is a document's identity as kubectl pairs objects (applydiff.IdentityOfData).
func identity(doc []byte) (string, error) {
	var obj map[string]any
	if err := yaml.Unmarshal(doc, &obj); err != nil {
		return "", err
	}
	return applydiff.IdentityOfData(obj), nil
}

// identities are the identities of documents.
func identities(docs [][]byte) (map[string]bool, error) {
	out := make(map[string]bool, len(docs))
	for _, d := range docs {
		id, err := identity(d)
		if err != nil {
			return nil, err
		}
		out[id] = true
	}
	return out, nil
}
