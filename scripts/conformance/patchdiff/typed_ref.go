package patchdiff

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/jsonmerge"
	"github.com/mergeplay/mergeplay/engine/jsonpatch"
	"github.com/mergeplay/mergeplay/engine/yamltree"
	evanphx "gopkg.in/evanphx/json-patch.v4"
)

// TypedOutcome is what one side made of a TypedCase: the result as plain data, or an error.
type TypedOutcome struct {
	Result any
	Err    error
	// Panicked says the library panicked (its error then says so): kube-apiserver recovers and
	// refuses the request (observed: TestJSONPatchesAgreeWithTheLibrary's doc).
	Panicked bool
}

// ReferenceTyped applies the case's patch as kube-apiserver v1.37.2 does, with the library it
// uses: evanphx MergePatch, or DecodePatch and Apply.
func ReferenceTyped(c *TypedCase, json bool) (o TypedOutcome) {
	defer func() {
		if r := recover(); r != nil {
			o = TypedOutcome{Err: fmt.Errorf("the library panics: %v", r), Panicked: true}
		}
	}()
	var out []byte
	var err error
	if json {
		var p evanphx.Patch
		if p, err = evanphx.DecodePatch([]byte(c.Patch)); err == nil {
			out, err = p.Apply(c.LiveJSON)
		}
	} else {
		out, err = evanphx.MergePatch(c.LiveJSON, []byte(c.Patch))
	}
	if err != nil {
		return TypedOutcome{Err: err}
	}
	return TypedOutcome{Result: dataOf(out)}
}

// EngineTyped applies the case's patch with the engine's package (jsonmerge or jsonpatch), the
// patch and the target read as kubectl reads YAML.
func EngineTyped(c *TypedCase, json bool) TypedOutcome {
	opts := yamltree.Options{Rules: yamltree.YAML11}
	patch, err := yamltree.ParseOne(yamltree.Updated, c.Patch, opts)
	if err != nil {
		return TypedOutcome{Err: err}
	}
	live, err := yamltree.ParseOne(yamltree.Live, c.Live, opts)
	if err != nil {
		return TypedOutcome{Err: err}
	}
	var out *yamltree.Node
	if json {
		var p jsonpatch.Patch
		if p, err = jsonpatch.Read(patch); err == nil {
			out, _, err = jsonpatch.Apply(live, p)
		}
	} else {
		out, err = jsonmerge.Apply(live, patch)
	}
	if err != nil {
		return TypedOutcome{Err: err}
	}
	text, err := yamltree.JSON(out)
	if err != nil {
		return TypedOutcome{Err: err}
	}
	return TypedOutcome{Result: dataOf([]byte(text))}
}

// ModeTyped answers the case with the engine's mode (mergepatch or jsonpatch), the API server's
// storing off; the result's object less its managedFields (which the mode writes and the library
// does not).
func ModeTyped(h *handler.Handler, c *TypedCase, json bool) TypedOutcome {
	opts := contract.DefaultOptions()
	opts.APIServer, opts.Validate, opts.Now = contract.APIServerOff, contract.ValidateIgnore, "2026-01-01T00:00:00Z"
	mode := "mergepatch"
	if json {
		mode = "jsonpatch"
	}
	resp := h.Handle(context.Background(), &contract.Request{Mode: mode, Updated: c.Patch, Live: c.Live, Options: opts})
	if len(resp.Errors) > 0 {
		return TypedOutcome{Err: fmt.Errorf("%s:%d:%d: %s", resp.Errors[0].Input, resp.Errors[0].Line, resp.Errors[0].Column, resp.Errors[0].Message)}
	}
	docs, err := decodeStream(resp.Result)
	if err != nil || len(docs) != 1 {
		return TypedOutcome{Err: fmt.Errorf("the result is not one object: %v", err)}
	}
	return TypedOutcome{Result: withoutManagedFields(dataOf(docs[0]))}
}

// withoutManagedFields drops metadata.managedFields from an object.
func withoutManagedFields(v any) any {
	obj, _ := v.(map[string]any)
	if meta, ok := obj["metadata"].(map[string]any); ok {
		delete(meta, "managedFields")
		if len(meta) == 0 {
			delete(obj, "metadata")
		}
	}
	return v
}

// CompareTyped says how two outcomes differ ("" when they agree: both errors, or the same data).
func CompareTyped(ref, eng TypedOutcome) string {
	switch {
	case ref.Panicked != crashed(eng.Err):
		return fmt.Sprintf("the library panics: %v, the engine's test crashes: %v (%v)", ref.Panicked, !ref.Panicked, eng.Err)
	case ref.Err != nil && eng.Err != nil:
		return ""
	case ref.Err != nil:
		return "the library refuses (" + ref.Err.Error() + "), the engine gives " + jsonText(eng.Result)
	case eng.Err != nil:
		return "the engine refuses (" + eng.Err.Error() + "), the library gives " + jsonText(ref.Result)
	case !reflect.DeepEqual(ref.Result, eng.Result):
		return "results differ:\n  library " + jsonText(ref.Result) + "\n  engine  " + jsonText(eng.Result)
	}
	return ""
}

// crashed reports whether the engine says the API server drops the request: the package's
// *jsonpatch.Crash, or the mode's refusal printing the dropped connection.
func crashed(err error) bool {
	var crash *jsonpatch.Crash
	return errors.As(err, &crash) || err != nil && strings.Contains(err.Error(), "INTERNAL_ERROR")
}
