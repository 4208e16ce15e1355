package realworld

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// StreamName names the File Stream builds.
const StreamName = "stream-4mib"

// StreamBytes is the size Stream fills each release's text up to: the page's limit per input.
const StreamBytes = 4 << 20

// Stream returns one File made of every project's manifests in dir, each release's text a
// stream of at most maxBytes: the documents of every project at that release (a project's
// SOURCE.md names its old and new releases), each resource once, then the same documents again
// under new names (metadata.name with "-c1", "-c2", … appended) until the next document would
// pass maxBytes. The two releases hold the same resources but where a release added or dropped
// some. A stream this size is built at run time, never committed (see the package doc).
func Stream(dir string, maxBytes int) (File, error) {
	projects, err := streamProjects(dir)
	if err != nil {
		return File{}, err
	}
	f := File{Name: StreamName, What: fmt.Sprintf("the manifests of %d projects at their two releases, renamed copies up to %.1f MiB per release", len(projects), float64(maxBytes)/(1<<20))}
	for _, release := range []struct {
		text *string
		pick func(p project) string
	}{{&f.Old, func(p project) string { return p.old }}, {&f.New, func(p project) string { return p.new }}} {
		var docs []string
		seen := map[string]bool{}
		for _, p := range projects {
			read, err := releaseDocuments(filepath.Join(dir, p.name, release.pick(p)))
			if err != nil {
				return File{}, err
			}
			for _, d := range read {
				if id, ok := identity(d); ok && !seen[id] {
					seen[id] = true
					docs = append(docs, d)
				}
			}
		}
		*release.text = filled(docs, maxBytes)
	}
	return f, nil
}

// project is a folder of dir with its two releases.
type project struct{ name, old, new string }

// releaseLine reads a release from SOURCE.md: "- old: v2.13.0 (tag ...".
var releaseLine = regexp.MustCompile(`(?m)^- (old|new): (\S+)`)

// streamProjects lists dir's projects, by name.
func streamProjects(dir string) ([]project, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("the real manifests' folder %s: %w", dir, err)
	}
	var out []project
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		source, err := os.ReadFile(filepath.Join(dir, e.Name(), "SOURCE.md"))
		if err != nil {
			continue // not a project
		}
		p := project{name: e.Name()}
		for _, m := range releaseLine.FindAllStringSubmatch(string(source), -1) {
			if m[1] == "old" {
				p.old = m[2]
			} else {
				p.new = m[2]
			}
		}
		if p.old == "" || p.new == "" {
			return nil, fmt.Errorf("%s: SOURCE.md names no old and new release", filepath.Join(dir, e.Name()))
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no project in %s: %w", dir, fs.ErrNotExist)
	}
	return out, nil
}

// releaseDocuments reads every YAML file under dir, by path, and returns its documents.
func releaseDocuments(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var docs []string
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		for _, d := range splitDocuments(string(data)) {
			if d = strings.Trim(d, "\n") + "\n"; hasLinePrefix(d, "kind: ") {
				docs = append(docs, d)
			}
		}
	}
	return docs, nil
}

// identity is a document's kind, namespace and name, read from its lines (a top-level "kind:"
// and the "  name:" and "  namespace:" lines of its top-level metadata); ok is false for a
// document without a name (generateName).
func identity(doc string) (id string, ok bool) {
	unquote := func(s string) string { return strings.Trim(s, `"'`) }
	kind := unquote(topLevel(doc, "kind: "))
	name, _ := metadataLine(doc, "  name: ")
	namespace, _ := metadataLine(doc, "  namespace: ")
	return kind + "/" + unquote(namespace) + "/" + unquote(name), kind != "" && name != ""
}

// filled returns the documents, then renamed copies of them, joined by "---" lines, as long as
// the stream stays within maxBytes.
func filled(docs []string, maxBytes int) string {
	var b strings.Builder
	for copyNo := 0; ; copyNo++ {
		added := false
		for _, d := range docs {
			if copyNo > 0 {
				d = renamed(d, fmt.Sprintf("-c%d", copyNo))
			}
			sep := ""
			if b.Len() > 0 {
				sep = "---\n"
			}
			if b.Len()+len(sep)+len(d) > maxBytes {
				continue
			}
			b.WriteString(sep + d)
			added = true
		}
		if !added {
			return b.String()
		}
	}
}

// renamed appends suffix to the document's metadata.name (inside its quotes, if any).
func renamed(doc, suffix string) string {
	value, at := metadataLine(doc, "  name: ")
	if at < 0 {
		return doc
	}
	start := at + len("  name: ")
	end := start + len(value)
	if n := len(value); n >= 2 && (value[0] == '"' || value[0] == '\'') && value[n-1] == value[0] {
		end--
	}
	return doc[:end] + suffix + doc[end:]
}

// topLevel returns the value of the document's top-level line starting with prefix, or "".
func topLevel(doc, prefix string) string {
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, prefix) {
			return strings.TrimSpace(strings.TrimPrefix(line, prefix))
		}
	}
	return ""
}

// metadataLine returns the value of the line starting with prefix in the document's top-level
// metadata block and the line's offset (-1 when there is none).
func metadataLine(doc, prefix string) (string, int) {
	offset, inMetadata := 0, false
	for _, line := range strings.SplitAfter(doc, "\n") {
		bare := strings.TrimRight(line, "\r\n")
		switch {
		case bare == "metadata:":
			inMetadata = true
		case inMetadata && strings.HasPrefix(bare, prefix):
			return strings.TrimSpace(strings.TrimPrefix(bare, prefix)), offset
		case inMetadata && bare != "" && !strings.HasPrefix(bare, " ") && !strings.HasPrefix(bare, "#"):
			inMetadata = false
		}
		offset += len(line)
	}
	return "", -1
}

// hasLinePrefix reports whether a line of text starts with prefix.
func hasLinePrefix(text, prefix string) bool {
	return strings.HasPrefix(text, prefix) || strings.Contains(text, "\n"+prefix)
}
