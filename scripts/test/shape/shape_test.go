package shape

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// maxLines is the longest a function may be, its signature and closing brace counted.
const maxLines = 60

// TestNoLongFunctions: no function or method outside test files under engine/ and wasm/ is
// longer than maxLines lines.
func TestNoLongFunctions(t *testing.T) {
	for _, root := range []string{"../../../engine", "../../../wasm"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			for _, long := range longFunctions(t, path) {
				t.Errorf("%s: %s", strings.TrimPrefix(path, "../../../"), long)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// longFunctions names each function of the file at path past maxLines, with its length.
func longFunctions(t *testing.T, path string) []string {
	files := token.NewFileSet()
	f, err := parser.ParseFile(files, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		start, end := files.Position(fd.Pos()), files.Position(fd.End())
		if n := end.Line - start.Line + 1; n > maxLines {
			out = append(out, fd.Name.Name+" at line "+strconv.Itoa(start.Line)+" is "+strconv.Itoa(n)+" lines long (at most "+strconv.Itoa(maxLines)+": split it)")
		}
	}
	return out
}
