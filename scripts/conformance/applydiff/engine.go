package applydiff

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// EnginePatch is one entry of the response's extra.patches: the patch kubectl would send for a
// resource.
type EnginePatch struct {
	Resource string `json:"resource"`
	// Type is "strategic" or "merge".
	Type  string `json:"type"`
	Patch string `json:"patch"`
}

// EngineAnswer is the engine's response, read back resource by resource.
type EngineAnswer struct {
	Response *contract.Response
	// Results are the objects of the result stream by identity, read as kubectl reads YAML.
	Results map[string]map[string]any
	// Patches are extra.patches by resource.
	Patches map[string]EnginePatch
	// Unreadable says why the result or the patches could not be read.
	Unreadable []string
}

// Engine answers a case with mergeplay's handler.
func Engine(ctx context.Context, h *handler.Handler, c *Case) *EngineAnswer {
	ans := &EngineAnswer{Response: h.Handle(ctx, c.Request()), Results: map[string]map[string]any{}, Patches: map[string]EnginePatch{}}
	ans.readResults()
	ans.readPatches()
	return ans
}

// readResults splits the result stream into objects by identity.
func (e *EngineAnswer) readResults() {
	docs, err := splitDocuments(e.Response.Result)
	if err != nil {
		e.Unreadable = append(e.Unreadable, fmt.Sprintf("the result stream is not YAML: %v", err))
		return
	}
	for _, doc := range docs {
		var obj map[string]any
		if err := json.Unmarshal(doc, &obj); err != nil {
			e.Unreadable = append(e.Unreadable, fmt.Sprintf("a result document is not an object: %s", doc))
			continue
		}
		id := identityOfData(obj)
		if _, dup := e.Results[id]; dup {
			e.Unreadable = append(e.Unreadable, "the result holds "+id+" twice")
		}
		e.Results[id] = obj
	}
}

// readPatches reads extra.patches whatever its Go type: it is written to JSON and read back.
func (e *EngineAnswer) readPatches() {
	raw, ok := e.Response.Extra["patches"]
	if !ok || raw == nil {
		return
	}
	data, err := json.Marshal(raw)
	var patches []EnginePatch
	if err == nil {
		err = json.Unmarshal(data, &patches)
	}
	if err != nil {
		e.Unreadable = append(e.Unreadable, fmt.Sprintf("extra.patches is not a list of {resource, type, patch}: %v", err))
		return
	}
	for _, p := range patches {
		e.Patches[p.Resource] = p
	}
}
