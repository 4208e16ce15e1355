package dist

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// target is the JavaScript the page's scripts are lowered to: what current browsers run.
const target = api.ES2022

// bundleModule bundles an ES module entry point (web/main.js) with what it imports from
// node_modules into one minified ES module.
func bundleModule(root, entry string) ([]byte, error) {
	res := api.Build(bundleOptions(root, entry))
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("bundling %s: %s", entry, messages(res.Errors))
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".js") {
			return f.Contents, nil
		}
	}
	return nil, fmt.Errorf("bundling %s: esbuild wrote no script", entry)
}

// bundleOptions are esbuild's options for bundleModule (its test reads the bundle's inputs).
func bundleOptions(root, entry string) api.BuildOptions {
	return api.BuildOptions{
		EntryPoints:       []string{filepath.Join(root, filepath.FromSlash(entry))},
		AbsWorkingDir:     root,
		Bundle:            true,
		Format:            api.FormatESModule,
		Platform:          api.PlatformBrowser,
		Target:            target,
		Charset:           api.CharsetUTF8,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Outdir:            "out",
		LogLevel:          api.LogLevelSilent,
	}
}

// minifyScript minifies a classic script (the worker, wasm_exec.js): no bundling, and no renaming
// of its top-level names, which other scripts may share.
func minifyScript(name string, src []byte) ([]byte, error) {
	res := api.Transform(string(src), api.TransformOptions{
		Sourcefile:        name,
		Loader:            api.LoaderJS,
		Target:            target,
		Charset:           api.CharsetUTF8,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		LogLevel:          api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		return nil, fmt.Errorf("minifying %s: %s", name, messages(res.Errors))
	}
	return res.Code, nil
}

// messages formats esbuild's errors on one line each.
func messages(msgs []api.Message) string {
	var out []string
	for _, m := range msgs {
		where := ""
		if m.Location != nil {
			where = fmt.Sprintf("%s:%d:%d: ", m.Location.File, m.Location.Line, m.Location.Column+1)
		}
		out = append(out, where+m.Text)
	}
	return strings.Join(out, "; ")
}
