package patchdiff

import (
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
)

// twoWayStream offsets the twoway edits' dice from the applydiff generator's.
const twoWayStream = 0x2e7a1

// editNext makes the new render's rarer changes more frequent: a finalizer replaced by another
// (the two-way patch then carries $deleteFromPrimitiveList), a container's name removed (a merge
// key missing: the two-way patch fails), or an object the new render adds created in live first
// (Helm 2 stops: the previous release lacks it). Edited documents are rewritten with sorted keys.
func editNext(c *TwoWayCase) error {
	d := newDice(c.Seed, c.Index, twoWayStream)
	prev, prevDocs, err := readObjects(c.Previous)
	if err != nil {
		return err
	}
	inPrev := indexByIdentity(prev)
	docs := splitStream(c.Next)
	jsonDocs := make([][]byte, len(docs))
	for i, doc := range docs {
		read, err := decodeStream(doc)
		if err != nil || len(read) != 1 {
			return fmt.Errorf("case %d: new render document %d does not read as one object: %v", c.Index, i, err)
		}
		jsonDocs[i] = read[0]
	}
	edited := false
	if d.chance(0.12) {
		edited = editOne(d, docs, jsonDocs, inPrev, c, replaceFinalizer) || edited
	}
	if !c.WantError && d.chance(0.04) && editOne(d, docs, jsonDocs, inPrev, c, dropContainerName) {
		c.WantError, edited = true, true
	}
	if !c.WantError && d.chance(0.08) {
		edited = editOne(d, docs, jsonDocs, inPrev, c, keylessNewEnv(prev, inPrev)) || edited
	}
	if !c.WantError && d.chance(0.3) {
		added, err := createInLive(d, c, inPrev, jsonDocs)
		if err != nil {
			return err
		}
		c.WantError = added
	}
	if edited {
		c.Next = applydiff.EmitStream(docs)
	}
	c.prevDocs, c.nextDocs = prevDocs, jsonDocs
	return nil
}

// editOne applies edit to one document of docs (read as jsonDocs) that the previous render
// holds too (inPrev), trying them in random order; it rewrites the document in both forms.
func editOne(d dice, docs []string, jsonDocs [][]byte, inPrev map[string]int, c *TwoWayCase, edit func(dice, map[string]any) string) bool {
	for _, i := range shuffled(d, indexes(len(docs))) {
		obj, err := objectOf(jsonDocs[i])
		if _, ok := inPrev[applydiff.IdentityOfData(obj)]; err != nil || !ok {
			continue
		}
		if what := edit(d, obj); what != "" {
			docs[i] = applydiff.EmitYAML(obj, false)
			read, err := decodeStream(docs[i])
			if err != nil || len(read) != 1 {
				panic(fmt.Sprintf("patchdiff: an edited document does not read back: %v\n%s", err, docs[i]))
			}
			jsonDocs[i] = read[0]
			c.Story = append(c.Story, fmt.Sprintf("new render %s: %s (rewritten with sorted keys)", applydiff.IdentityOfData(obj), what))
			return true
		}
	}
	return false
}

// createInLive puts into live an object that the new render adds (neither the previous render
// nor live had it), as if someone had created it by hand before the upgrade: Helm 2's upgrade
// then stops on it ("no <kind> with the name <name> found"), having no previous release of it to
// patch from. It reports whether the new render added such an object.
func createInLive(d dice, c *TwoWayCase, inPrev map[string]int, jsonDocs [][]byte) (bool, error) {
	live, _, err := readObjects(c.Live)
	if err != nil {
		return false, err
	}
	inLive := indexByIdentity(live)
	for _, i := range shuffled(d, indexes(len(jsonDocs))) {
		obj, err := objectOf(jsonDocs[i])
		if err != nil {
			return false, err
		}
		id := applydiff.IdentityOfData(obj)
		if _, ok := inPrev[id]; ok {
			continue
		}
		if _, ok := inLive[id]; ok {
			continue
		}
		c.Live = appendDocument(c.Live, applydiff.EmitYAML(obj, false))
		c.Story = append(c.Story, fmt.Sprintf("live: %s created by hand as the new render has it, which the previous render lacks: the upgrade must stop on it", id))
		return true, nil
	}
	return false, nil
}

// appendDocument adds a document at the end of a stream.
func appendDocument(stream, doc string) string {
	switch {
	case strings.TrimSpace(stream) == "":
		return doc
	case strings.HasSuffix(stream, "\n"):
		return stream + "---\n" + doc
	}
	return stream + "\n---\n" + doc
}

// replaceFinalizer replaces one finalizer of obj by a new one.
func replaceFinalizer(d dice, obj map[string]any) string {
	fins, _ := metadataOf(obj)["finalizers"].([]any)
	if len(fins) == 0 {
		return ""
	}
	i := d.intn(len(fins))
	old := fins[i]
	fins[i] = "example.com/replaced"
	return fmt.Sprintf("finalizer %v replaced by example.com/replaced", old)
}

// dropContainerName removes the name (the merge key) of one container of a pod template.
func dropContainerName(d dice, obj map[string]any) string {
	spec := obj
	for _, k := range podSpecPath(str(obj, "kind")) {
		spec, _ = spec[k].(map[string]any)
	}
	containers, _ := spec["containers"].([]any)
	if len(containers) == 0 {
		return ""
	}
	c, _ := containers[d.intn(len(containers))].(map[string]any)
	if c == nil || c["name"] == nil {
		return ""
	}
	delete(c, "name")
	return "a container loses its name (merge key): the two-way patch must fail"
}

// keylessNewEnv returns an edit that gives a container of the new render an env entry without
// its name (the merge key) in an env list the previous render's container does not have: the
// two-way patch carries the new list whole, so Helm 2's upgrade goes through (unless live holds
// an env list there, which the server then merges, and refuses).
func keylessNewEnv(prev []map[string]any, inPrev map[string]int) func(dice, map[string]any) string {
	return func(d dice, obj map[string]any) string {
		before := prev[inPrev[applydiff.IdentityOfData(obj)]]
		for _, c := range shuffled(d, indexes(len(containersOf(obj)))) {
			container, _ := containersOf(obj)[c].(map[string]any)
			if container == nil || container["name"] == nil || envOf(before, str(container, "name")) {
				continue
			}
			env, _ := container["env"].([]any)
			container["env"] = append(env, map[string]any{"value": "from-render"})
			return fmt.Sprintf("container %v gets an env list the previous render lacks, with an entry without its name (merge key): the two-way patch carries the list whole", container["name"])
		}
		return ""
	}
}

// containersOf returns the containers of obj's pod template (nil: none).
func containersOf(obj map[string]any) []any {
	spec := obj
	for _, k := range podSpecPath(str(obj, "kind")) {
		spec, _ = spec[k].(map[string]any)
	}
	containers, _ := spec["containers"].([]any)
	return containers
}

// envOf reports whether obj's container called name has an env list.
func envOf(obj map[string]any, name string) bool {
	for _, c := range containersOf(obj) {
		if m, _ := c.(map[string]any); m != nil && m["name"] == name {
			return m["env"] != nil
		}
	}
	return false
}

// podSpecPath is where a kind keeps its pod spec (nil: none).
func podSpecPath(kind string) []string {
	switch kind {
	case "Deployment", "StatefulSet":
		return []string{"spec", "template", "spec"}
	case "CronJob":
		return []string{"spec", "jobTemplate", "spec", "template", "spec"}
	}
	return nil
}

// splitStream cuts a stream written by applydiff.EmitStream into its documents.
func splitStream(text string) []string {
	var docs []string
	var cur strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "---\n" {
			docs = append(docs, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteString(line)
	}
	return append(docs, cur.String())
}
