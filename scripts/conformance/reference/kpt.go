package reference

import (
	"encoding/json"
	"fmt"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"github.com/mergeplay/mergeplay/scripts/conformance/merge3diff"
)

// lastApplied is kubectl's annotation holding the config last applied.
const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// kpt answers kpt pkg update then kubectl apply (mode kpt) by composing the references: the
// local copy is live's last-applied annotations (less the namespace kubectl wrote where upstream
// names none: the engine's choice, docs/modes/kpt.md), merged with kyaml's merge3
// (merge3diff.Reference: upstream before, upstream after, the local copy), then applied with
// kubectl's client-side apply and recorded by the field manager (the apply pipeline).
func (p *Pipelines) kpt(req *contract.Request) (string, error) {
	local, err := localCopy(req)
	if err != nil {
		return "", err
	}
	ans := merge3diff.Reference(&merge3diff.Case{Original: req.Original, Updated: req.Updated, Live: local, InferKeys: req.Options.InferKeys})
	if ans.Failed() {
		return "", fmt.Errorf("kyaml: %s", ans.Err)
	}
	opts := req.Options
	opts.InferKeys = false
	return p.Text(&contract.Request{Mode: "apply", Updated: ans.Result, Live: req.Live, Options: opts})
}

// localCopy is the local copy of the package, as YAML.
func localCopy(req *contract.Request) (string, error) {
	lives, err := applydiff.SplitDocuments(req.Live)
	if err != nil {
		return "", fmt.Errorf("live: %w", err)
	}
	namespaced, err := upstreamNamespaced(req)
	if err != nil {
		return "", err
	}
	var docs []string
	for _, l := range lives {
		var obj map[string]any
		if err := json.Unmarshal(l, &obj); err != nil {
			return "", err
		}
		meta, _ := obj["metadata"].(map[string]any)
		annotations, _ := meta["annotations"].(map[string]any)
		text, _ := annotations[lastApplied].(string)
		if text == "" {
			continue
		}
		var copied map[string]any
		if err := json.Unmarshal([]byte(text), &copied); err != nil {
			return "", fmt.Errorf("live: the last-applied annotation: %w", err)
		}
		if m, ok := copied["metadata"].(map[string]any); ok && !namespaced[fmt.Sprint(copied["apiVersion"], "/", copied["kind"], "/", m["name"])] {
			delete(m, "namespace")
		}
		y, err := yaml.Marshal(copied)
		if err != nil {
			return "", err
		}
		docs = append(docs, string(y))
	}
	if len(docs) == 0 {
		return "", fmt.Errorf("live: no last-applied annotation, no local copy")
	}
	return strings.Join(docs, "---\n"), nil
}

// upstreamNamespaced names the upstream objects (before or after) that carry a namespace, by
// apiVersion/kind/name.
func upstreamNamespaced(req *contract.Request) (map[string]bool, error) {
	out := map[string]bool{}
	for _, text := range []string{req.Original, req.Updated} {
		docs, err := applydiff.SplitDocuments(text)
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			var obj map[string]any
			if err := json.Unmarshal(d, &obj); err != nil {
				return nil, err
			}
			if m, ok := obj["metadata"].(map[string]any); ok && m["namespace"] != nil {
				out[fmt.Sprint(obj["apiVersion"], "/", obj["kind"], "/", m["name"])] = true
			}
		}
	}
	return out, nil
}
