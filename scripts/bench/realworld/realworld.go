// Package realworld builds benchmark requests from real manifests: files of public projects at
// two releases, kept outside the repository (../shared/realworld beside the repository's root,
// or MERGEPLAY_REALWORLD; its README says what and from where), read at run time and never
// copied into the project.
//
// Each file gives one request per mode, the older release against the newer one as an upgrade
// meets it (Request): apply and twoway merge the new release onto objects created from the old
// one, with the old one as last-applied or previous render; merge3 updates an unedited local copy
// of the old release to the new upstream; ssa applies the new release, forced (kubectl apply
// --server-side --force-conflicts: the fields it changes belong to before-first-apply), to
// objects that no manager owns yet; patch sends the old release as a strategic merge patch to
// the new release's objects (a rollback: every object of the old release is in the new one,
// while the new one adds dashboards that a patch would find no target for).
package realworld

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
)

// EnvDir names the environment variable that points at the real manifests' folder.
const EnvDir = "MERGEPLAY_REALWORLD"

// File is one real manifest at two releases.
type File struct {
	// Name is short, for benchmark names ("dashboards").
	Name string
	// What says what the file is and where it comes from.
	What string
	// Old and New are the file's text at the older and the newer release.
	Old, New string
}

// source says where a File is in the folder: a project's file at two releases, and the part
// of it that makes the File (the whole file, or one document).
type source struct {
	name, what, project, path, old, new string
	// pick returns the part of the file's text the File holds.
	pick func(text string) (string, error)
}

// sources are the real files of the benchmarks: the two 1 MB documents DESIGN.md names.
func sources() []source {
	return []source{
		{name: "dashboards", what: "kube-prometheus' grafana-dashboards ConfigMapList (grafana-dashboardDefinitions.yaml)",
			project: "kube-prometheus", path: "manifests/grafana-dashboardDefinitions.yaml", old: "v0.14.0", new: "v0.15.0",
			pick: whole},
		{name: "applicationset-crd", what: "argo-cd's ApplicationSet CRD (from install.yaml)",
			project: "argo-cd", path: "manifests/install.yaml", old: "v2.13.0", new: "v2.14.0",
			pick: document("CustomResourceDefinition", "applicationsets.argoproj.io")},
	}
}

// Dir returns the real manifests' folder: $MERGEPLAY_REALWORLD, else ../shared/realworld beside
// root (the repository's root).
func Dir(root string) string {
	if d := os.Getenv(EnvDir); d != "" {
		return d
	}
	return filepath.Join(root, "..", "shared", "realworld")
}

// Load reads the files from dir. When dir or a file is absent, the error wraps fs.ErrNotExist
// (NotFound says so) and names the path.
func Load(dir string) ([]File, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("the real manifests' folder %s: %w", dir, err)
	}
	var out []File
	for _, s := range sources() {
		f, err := s.load(dir)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// NotFound reports whether err says that the folder or a file is absent.
func NotFound(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// load reads one source at both releases.
func (s source) load(dir string) (File, error) {
	f := File{Name: s.name, What: fmt.Sprintf("%s, %s → %s", s.what, s.old, s.new)}
	for _, r := range []struct {
		ref  string
		text *string
	}{{s.old, &f.Old}, {s.new, &f.New}} {
		path := filepath.Join(dir, s.project, r.ref, filepath.FromSlash(s.path))
		data, err := os.ReadFile(path)
		if err != nil {
			return File{}, err
		}
		if *r.text, err = s.pick(string(data)); err != nil {
			return File{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	return f, nil
}

// whole picks the whole file.
func whole(text string) (string, error) { return text, nil }

// document picks the document of a stream whose kind and metadata.name are given, found by its
// lines (a top-level "kind: <kind>" and a "  name: <name>" line).
func document(kind, name string) func(string) (string, error) {
	return func(text string) (string, error) {
		for _, doc := range splitDocuments(text) {
			if hasLine(doc, "kind: "+kind) && hasLine(doc, "  name: "+name) {
				return doc, nil
			}
		}
		return "", fmt.Errorf("no %s named %s", kind, name)
	}
}

// splitDocuments cuts a stream at its "---" lines.
func splitDocuments(text string) []string {
	var docs []string
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.TrimRight(line, " \r\n") == "---" {
			docs = append(docs, b.String())
			b.Reset()
			continue
		}
		b.WriteString(line)
	}
	return append(docs, b.String())
}

// hasLine reports whether text holds line as a whole line.
func hasLine(text, line string) bool {
	return strings.HasPrefix(text, line+"\n") || strings.Contains(text, "\n"+line+"\n")
}

// Modes are the modes a real file is merged in.
func Modes() []string { return []string{"apply", "merge3", "ssa", "patch", "twoway"} }

// Request returns the file's request in a mode (see the package's doc), with kubectl's
// default options (ssa forced) and a fixed time, so that every run answers alike.
func (f File) Request(mode string) *contract.Request {
	opts := contract.DefaultOptions()
	opts.Now = "2026-01-01T00:00:00Z"
	req := &contract.Request{Mode: mode, Updated: f.New, Live: f.Old, Options: opts}
	switch mode {
	case "apply", "merge3", "twoway":
		req.Original = f.Old
	case "ssa":
		req.Options.Force = true
	case "patch":
		req.Updated, req.Live = f.Old, f.New
	}
	return req
}
