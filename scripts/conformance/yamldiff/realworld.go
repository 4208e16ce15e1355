package yamldiff

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"sigs.k8s.io/yaml"
)

// realWorldDir is where the shared real manifests are: beside the repository.
const realWorldDir = "../../../../shared/realworld"

// realPair is one resource of a real project at its old and new release, as text.
type realPair struct {
	source   string
	old, new string
}

// realPairs reads every resource found at both releases of each project, once.
var realPairs = sync.OnceValue(func() []realPair {
	projects, err := os.ReadDir(realWorldDir)
	if err != nil {
		return nil
	}
	var pairs []realPair
	for _, p := range projects {
		versions := versionsOf(filepath.Join(realWorldDir, p.Name()))
		if len(versions) != 2 {
			continue
		}
		pairs = append(pairs, pairsOf(p.Name(), versions[0], versions[1])...)
	}
	return pairs
})

// versionsOf lists a project's two release folders, older first (their SOURCE.md order is not
// needed: the README names old then new, and folders sort so for every project but one).
func versionsOf(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	slices.Sort(out)
	return out
}

// pairsOf pairs the resources of the files two releases share, by kind and name.
func pairsOf(project, oldDir, newDir string) []realPair {
	var pairs []realPair
	_ = filepath.WalkDir(oldDir, func(path string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || !(strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
			return nil
		}
		rel, _ := filepath.Rel(oldDir, path)
		oldText, err1 := os.ReadFile(path)
		newText, err2 := os.ReadFile(filepath.Join(newDir, rel))
		if err1 != nil || err2 != nil || len(oldText) > 300_000 || len(newText) > 300_000 {
			return nil
		}
		newDocs := documentsByID(string(newText))
		for _, od := range rawDocuments(string(oldText)) {
			id := idOf(od)
			if nd, ok := newDocs[id]; ok && id != "" {
				pairs = append(pairs, realPair{source: project + "/" + rel + " " + id, old: od, new: nd})
			}
		}
		return nil
	})
	return pairs
}

// rawDocuments cuts a stream at its "---" lines, keeping each document's text as written.
func rawDocuments(text string) []string {
	var docs []string
	var cur strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "---") {
			docs = append(docs, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteString(line)
	}
	docs = append(docs, cur.String())
	var out []string
	for _, d := range docs {
		if idOf(d) != "" {
			out = append(out, d)
		}
	}
	return out
}

// documentsByID indexes a stream's documents by idOf.
func documentsByID(text string) map[string]string {
	out := map[string]string{}
	for _, d := range rawDocuments(text) {
		out[idOf(d)] = d
	}
	return out
}

// idOf names a document's resource (kind and name), "" when it is none.
func idOf(doc string) string {
	var obj struct {
		Kind     string `json:"kind"`
		Metadata struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	if len(bytes.TrimSpace([]byte(doc))) == 0 || yaml.Unmarshal([]byte(doc), &obj) != nil {
		return ""
	}
	if obj.Kind == "" || obj.Metadata.Name == "" || strings.HasSuffix(obj.Kind, "List") {
		return ""
	}
	return obj.Kind + "/" + obj.Metadata.Name
}

// realWorldCase makes case index from the pairs: the old release as last-applied, previous
// render, upstream as it was and the object in the cluster; the new one as the config.
func realWorldCase(_ *dice, mode string, index int) *Case {
	pairs := realPairs()
	if len(pairs) == 0 {
		return nil
	}
	p := pairs[index%len(pairs)]
	c := &Case{Mode: mode, Index: index, Story: fmt.Sprintf("real manifest %s", p.source)}
	c.Original, c.Updated, c.Live = assemble(mode, p.new, p.old, inUpdated)
	return c
}
