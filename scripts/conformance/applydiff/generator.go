package applydiff

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// Case is one kubectl apply to answer: the three YAML streams of a request and its overwrite
// option, with what the generator did to build them.
type Case struct {
	Seed  uint64 `json:"seed"`
	Index int    `json:"index"`
	// Original is the last-applied configuration, or empty: then it is read from live's
	// kubectl.kubernetes.io/last-applied-configuration annotation.
	Original  string `json:"original"`
	Updated   string `json:"updated"`
	Live      string `json:"live"`
	Overwrite bool   `json:"overwrite"`
	// ClusterScoped marks the case's kinds as cluster-scoped: kubectl then leaves a config
	// without a namespace so (the generator never sets it; yamldiff's scope class does).
	ClusterScoped bool `json:"clusterScoped,omitempty"`
	// WantError is set when the generator broke the config on purpose (a container without its
	// merge key), so kubectl must refuse it.
	WantError bool `json:"wantError"`
	// Story lists the generator's steps: edits of the config, drift of live.
	Story []string `json:"story"`
}

// Request returns the engine's request for the case.
func (c *Case) Request() *contract.Request {
	opts := contract.DefaultOptions()
	opts.APIServer = contract.APIServerOff // the libraries' answer: no API server stores or validates it
	opts.Overwrite = c.Overwrite
	return &contract.Request{Mode: "apply", Original: c.Original, Updated: c.Updated, Live: c.Live, Options: opts}
}

// Generator builds cases deterministically from a seed.
type Generator struct {
	Seed uint64
}

// builder holds one case's dice and notes while it is built.
type builder struct {
	d         dice
	namespace string
	story     []string
}

func (b *builder) note(format string, args ...any) {
	b.story = append(b.story, fmt.Sprintf(format, args...))
}

// Case builds case number index: configs (config0), the edited config, and live as kubectl
// created it from config0 plus drift.
func (g Generator) Case(index int) (*Case, error) {
	b := &builder{d: newDice(g.Seed, index)}
	b.namespace = pick(b.d, "", "prod", "staging", "team-a")
	c := &Case{Seed: g.Seed, Index: index, Overwrite: !b.d.chance(0.2)}
	config0 := b.configs()
	updated, dropped := b.updatedStream(config0)
	if b.d.chance(0.05) && b.breakMergeKey(updated) {
		c.WantError, c.Overwrite = true, true
	}
	live, err := b.liveStream(config0)
	if err != nil {
		return nil, fmt.Errorf("case %d: %w", index, err)
	}
	if b.d.chance(0.5) {
		c.Original = streamText(config0)
		b.note("original given (config0)")
	} else {
		b.note("original empty: last-applied comes from live's annotation")
	}
	if dropped != "" {
		b.note("config dropped %s: without --prune kubectl leaves it alone", dropped)
	}
	c.Updated, c.Live, c.Story = streamText(updated), live, b.story
	return c, nil
}

// configs builds config0: one resource, or a stream of two to four.
func (b *builder) configs() []*resource {
	n := 1
	if b.d.chance(0.45) {
		n = b.d.between(2, 4)
	}
	used := map[string]bool{}
	var out []*resource
	if n > 1 && b.d.chance(0.5) {
		app := pick(b.d, appNames...)
		used[kindDeployment+"/"+app], used[kindService+"/"+app] = true, true
		out = append(out, b.newResource(kindDeployment, app), b.newResource(kindService, app))
	}
	for len(out) < n {
		kind, app := pick(b.d, kindWeights...), pick(b.d, appNames...)
		if used[kind+"/"+app] {
			continue
		}
		used[kind+"/"+app] = true
		out = append(out, b.newResource(kind, app))
	}
	return out
}

// updatedStream edits a copy of config0; in a stream it may drop a resource (the name is
// returned), add a new one or reorder the documents.
func (b *builder) updatedStream(config0 []*resource) ([]*resource, string) {
	var out []*resource
	for _, r := range config0 {
		cp := &resource{kind: r.kind, doc: cloneMap(r.doc), lay: r.lay}
		b.edit(cp)
		out = append(out, cp)
	}
	dropped := ""
	if len(out) > 1 && b.d.chance(0.2) {
		i := b.d.intn(len(out))
		dropped = resourceName(out[i])
		out = append(out[:i:i], out[i+1:]...)
	}
	if b.d.chance(0.12) {
		fresh := b.freshResource(config0)
		fresh.fresh = true
		b.note("config adds %s: kubectl creates it", resourceName(fresh))
		out = append(out, fresh)
	}
	if len(out) > 1 && b.d.chance(0.15) {
		out[0], out[len(out)-1] = out[len(out)-1], out[0]
		b.note("config stream reordered")
	}
	return out, dropped
}

// freshResource builds a resource config0 does not have.
func (b *builder) freshResource(config0 []*resource) *resource {
	for {
		r := b.newResource(pick(b.d, kindWeights...), "new-"+pick(b.d, appNames...))
		clash := false
		for _, o := range config0 {
			clash = clash || resourceName(o) == resourceName(r)
		}
		if !clash {
			return r
		}
	}
}

// resourceName names a generated resource as kind/name.
func resourceName(r *resource) string {
	name, _ := r.doc.mapAt("metadata").get("name").(string)
	return r.kind + "/" + name
}

// streamText writes resources as a YAML stream.
func streamText(rs []*resource) string {
	docs := make([]string, len(rs))
	for i, r := range rs {
		docs[i] = r.text()
	}
	return emitStream(docs)
}

// breakMergeKey removes a container's name, which kubectl must refuse when it computes the
// patch (a resource it creates would only be refused by the API server's validation).
func (b *builder) breakMergeKey(rs []*resource) bool {
	for _, r := range rs {
		if podSpecPath(r.kind) == nil || r.fresh {
			continue
		}
		containers := r.doc.listAt(append(podSpecPath(r.kind), "containers")...)
		if containers == nil || len(containers.items) == 0 {
			continue
		}
		c := containers.items[b.d.intn(len(containers.items))].(*omap)
		b.note("%s: a container loses its name (merge key): kubectl must refuse", resourceName(r))
		c.del("name")
		return true
	}
	return false
}

// itoa writes an integer.
func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// joinStory writes a case's story one step a line.
func joinStory(story []string) string {
	return "  - " + strings.Join(story, "\n  - ")
}
