package merge3diff

import (
	"strings"

	"sigs.k8s.io/kustomize/kyaml/kio"
	"sigs.k8s.io/kustomize/kyaml/yaml"
)

// Feature is a behaviour of kyaml's package update a case can exercise.
type Feature string

// The features counted, read from the case's three inputs and kyaml's answer.
const (
	UpstreamWins     Feature = "scalar changed upstream: upstream's value wins"
	DriftKept        Feature = "local edit kept (upstream unchanged)"
	BothChanged      Feature = "changed on both sides: upstream wins over local"
	AddedUpstream    Feature = "field added upstream"
	RemovedUpstream  Feature = "field removed upstream"
	NullClears       Feature = "null clears a field"
	LocalOnlyField   Feature = "field only the local copy has"
	ListReplaced     Feature = "list without a key replaced whole"
	ItemAdded        Feature = "keyed item added upstream (appended)"
	ItemRemoved      Feature = "keyed item removed upstream"
	PartialItem      Feature = "item removed upstream survives with local additions"
	KeylessItem      Feature = "keyed item without its key text (missing, empty or null)"
	RepeatedKey      Feature = "two items of one keyed list with one key"
	MultiKey         Feature = "items keyed on several fields (containerPort+protocol)"
	ValueSet         Feature = "list merged as a set of values (finalizers)"
	DeltaOnly        Feature = "map the local copy lacks: only upstream's delta lands"
	CommentChanged   Feature = "comment changed upstream"
	YAML11Quoted     Feature = "YAML 1.1 word quoted by kyaml"
	CommentSchema    Feature = "line-comment schema ($openapi or JSON)"
	GuessedKeys      Feature = "keys guessed (options.inferKeys)"
	Kustomization    Feature = "Kustomization (kyaml's own schema)"
	CustomResource   Feature = "custom resource without a schema"
	Refused          Feature = "kyaml refuses (a value changes shape)"
	Stream           Feature = "stream (more than one resource)"
	ResourceDeleted  Feature = "resource deleted upstream"
	ResourceAdded    Feature = "resource added upstream"
	ResourceLocal    Feature = "resource only the local copy has"
	ResourceRestored Feature = "resource deleted locally, back from upstream"
)

// AllFeatures lists the features in the order the table prints them.
func AllFeatures() []Feature {
	return []Feature{UpstreamWins, DriftKept, BothChanged, AddedUpstream, RemovedUpstream, NullClears, LocalOnlyField,
		ListReplaced, ItemAdded, ItemRemoved, PartialItem, KeylessItem, RepeatedKey, MultiKey, ValueSet, DeltaOnly, CommentChanged, YAML11Quoted,
		CommentSchema, GuessedKeys, Kustomization, CustomResource, Refused, Stream, ResourceDeleted, ResourceAdded,
		ResourceLocal, ResourceRestored}
}

// Features returns the features a case exercised, each once.
func Features(c *Case, ref *Answer) map[Feature]bool {
	got := map[Feature]bool{}
	if ref.Failed() {
		got[Refused] = true
		return got
	}
	original, updated, live := readPlain(c.Original), readPlain(c.Updated), readPlain(c.Live)
	if len(original) > 1 {
		got[Stream] = true
	}
	if strings.Contains(c.Original+c.Updated+c.Live, `# {"`) {
		got[CommentSchema] = true
	}
	if quotedByKyaml(ref.Result, c) {
		got[YAML11Quoted] = true
	}
	for id, o := range original {
		u, l := updated[id], live[id]
		switch {
		case u == nil && l != nil:
			got[ResourceDeleted] = true
		case u != nil && l == nil:
			got[ResourceRestored] = true
		case u != nil && l != nil:
			resourceFeatures(c, o, u, l, got)
		}
	}
	for id := range updated {
		if original[id] == nil && live[id] == nil {
			got[ResourceAdded] = true
		}
	}
	for id := range live {
		if original[id] == nil && updated[id] == nil {
			got[ResourceLocal] = true
		}
	}
	return got
}

func resourceFeatures(c *Case, o, u, l *yaml.Node, got map[Feature]bool) {
	switch valueOf(get(o, "kind")) {
	case "Kustomization":
		got[Kustomization] = true
	case "Widget":
		if c.InferKeys {
			got[GuessedKeys] = true
		} else {
			got[CustomResource] = true
		}
	}
	compare(o, u, l, "", got)
}

// compare walks the three versions of a value.
func compare(o, u, l *yaml.Node, key string, got map[Feature]bool) {
	switch {
	case isNull(u) && u != nil, isNull(l) && l != nil:
		got[NullClears] = true
	case o == nil && u != nil:
		got[AddedUpstream] = true
	case o != nil && u == nil && l != nil:
		got[RemovedUpstream] = true
	case o == nil && u == nil && l != nil:
		got[LocalOnlyField] = true
	}
	if o == nil || u == nil {
		return
	}
	switch o.Kind {
	case yaml.ScalarNode:
		scalarFeatures(o, u, l, got)
	case yaml.MappingNode:
		if l == nil && u.Kind == yaml.MappingNode && text(o) != text(u) {
			got[DeltaOnly] = true
		}
		for _, k := range keysOf(o, u, l) {
			compare(get(o, k), get(u, k), get(l, k), k, got)
		}
	case yaml.SequenceNode:
		listFeatures(o, u, l, key, got)
	}
}

func scalarFeatures(o, u, l *yaml.Node, got map[Feature]bool) {
	if u.Kind != yaml.ScalarNode || l == nil || l.Kind != yaml.ScalarNode {
		return
	}
	upstream, local := o.Value != u.Value, l.Value != o.Value
	switch {
	case upstream && !local:
		got[UpstreamWins] = true
	case !upstream && local:
		got[DriftKept] = true
	case upstream && local && l.Value != u.Value:
		got[BothChanged] = true
	}
	if o.Value == u.Value && o.LineComment+o.HeadComment != u.LineComment+u.HeadComment {
		got[CommentChanged] = true
	}
}

// listFeatures sorts lists by how kyaml merges them, from their items.
func listFeatures(o, u, l *yaml.Node, key string, got map[Feature]bool) {
	if u.Kind != yaml.SequenceNode {
		return
	}
	if key == "finalizers" && text(o) != text(u) {
		got[ValueSet] = true
		return
	}
	k := itemKey(key)
	if k == "" {
		if text(o) != text(u) {
			got[ListReplaced] = true
		}
		return
	}
	if hasTwins(u, "containerPort") || hasTwins(o, "containerPort") {
		got[MultiKey] = true
	}
	for _, list := range []*yaml.Node{o, u, l} {
		keyless, repeated := keyTextsOf(list, k)
		if keyless {
			got[KeylessItem] = true
		}
		if repeated {
			got[RepeatedKey] = true
		}
	}
	oi, ui, li := itemsBy(o, k), itemsBy(u, k), itemsBy(l, k)
	for id := range ui {
		if oi[id] == nil {
			got[ItemAdded] = true
		} else {
			compare(oi[id], ui[id], li[id], "", got)
		}
	}
	for id, item := range oi {
		if ui[id] == nil && li[id] != nil {
			got[ItemRemoved] = true
			if len(li[id].Content) > len(item.Content) {
				got[PartialItem] = true
			}
		}
	}
}

// itemKey is the merge key of the lists the generator writes, "" for lists without one.
func itemKey(field string) string {
	switch field {
	case "containers", "initContainers", "env", "volumes", "configMapGenerator":
		return "name"
	case "ports":
		return "port"
	case "volumeMounts":
		return "mountPath"
	}
	return ""
}

// itemsBy indexes a list's items by key (containerPort or port for ports).
func itemsBy(list *yaml.Node, key string) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	if list == nil || list.Kind != yaml.SequenceNode {
		return out
	}
	for _, it := range list.Content {
		k := key
		if key == "port" && get(it, "containerPort") != nil {
			k = "containerPort"
		}
		if v := get(it, k); v != nil {
			out[v.Value+"/"+valueOf(get(it, "protocol"))] = it
		}
	}
	return out
}

// keyTextsOf reports whether a keyed list holds a map item without a text for its key (missing,
// empty or null), and whether two of its items have one key (with the protocol, for ports).
func keyTextsOf(list *yaml.Node, key string) (keyless, repeated bool) {
	if list == nil || list.Kind != yaml.SequenceNode {
		return false, false
	}
	seen := map[string]bool{}
	for _, it := range list.Content {
		k := key
		if key == "port" && get(it, "containerPort") != nil {
			k = "containerPort"
		}
		v := get(it, k)
		if it.Kind == yaml.MappingNode && (v == nil || isNull(v) || v.Value == "") {
			keyless = true
			continue
		}
		id := valueOf(v) + "/" + valueOf(get(it, "protocol"))
		repeated = repeated || seen[id]
		seen[id] = true
	}
	return keyless, repeated
}

func hasTwins(list *yaml.Node, key string) bool {
	seen := map[string]bool{}
	for _, it := range list.Content {
		if v := get(it, key); v != nil {
			if seen[v.Value] {
				return true
			}
			seen[v.Value] = true
		}
	}
	return false
}

func keysOf(ns ...*yaml.Node) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range ns {
		if n == nil || n.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i].Value; !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	return out
}

func isNull(n *yaml.Node) bool { return n != nil && n.Tag == "!!null" }

func text(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	s, _ := yaml.String(n)
	return s
}

// quotedByKyaml reports whether the result holds a YAML 1.1 word in double quotes that no input
// wrote so.
func quotedByKyaml(result string, c *Case) bool {
	for _, w := range []string{"on", "yes", "no", "off"} {
		q := `: "` + w + `"`
		if strings.Contains(result, q) && !strings.Contains(c.Original+c.Updated+c.Live, q) {
			return true
		}
	}
	return false
}

// readPlain reads a stream's resources by identity, without kio's annotations.
func readPlain(text string) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	nodes, err := (&kio.ByteReader{Reader: strings.NewReader(text), OmitReaderAnnotations: true}).Read()
	if err != nil {
		return out
	}
	for _, n := range nodes {
		meta, _ := n.GetMeta()
		out[meta.APIVersion+"/"+meta.Kind+"/"+meta.Namespace+"/"+meta.Name] = n.YNode()
	}
	return out
}

func valueOf(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	return n.Value
}
