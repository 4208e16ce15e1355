package ssadiff

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"sigs.k8s.io/yaml"
)

// Engine answers operations with mergeplay's handler, as the page does.
type Engine struct {
	h *handler.Handler
}

// NewEngine returns the engine's front door.
func NewEngine() *Engine { return &Engine{h: handler.Default()} }

// Request is the contract request the engine answers for one operation.
func Request(k kind, live object, op *Op) *contract.Request {
	req := &contract.Request{Mode: "ssa", Updated: string(mustJSON(op.Object)), Options: contract.DefaultOptions()}
	req.Options.APIServer = contract.APIServerOff // the libraries' answer: no API server stores or validates it
	if live != nil {
		req.Live = string(mustJSON(live))
	}
	req.Options.Manager = op.Manager
	req.Options.Operation = op.Operation
	req.Options.Force = op.Force
	req.Options.Client = contract.ClientServer // the reference is the API server's field manager alone
	req.Options.Now = op.Now.Format(time.RFC3339)
	if k.custom {
		req.Options.Schema = widgetCRD
	}
	return req
}

// EngineAnswer is the engine's answer with the response it came from.
type EngineAnswer struct {
	Answer
	Response *contract.Response
	// Entries are extra.managedFields' entries of the one resource.
	Entries []entry
}

// entry is one managedFields entry as both sides are compared.
type entry struct {
	Manager, Operation, APIVersion, Time, Subresource, FieldsV1 string
}

// Run answers one operation on live.
func (e *Engine) Run(k kind, live object, op *Op) EngineAnswer {
	return e.Answer(Request(k, live, op))
}

// Answer answers a request.
func (e *Engine) Answer(req *contract.Request) EngineAnswer {
	resp := e.h.Handle(context.Background(), req)
	out := EngineAnswer{Response: resp}
	if len(resp.Errors) > 0 {
		var msgs []string
		for _, er := range resp.Errors {
			msgs = append(msgs, er.Input+": "+er.Message)
		}
		out.Err = errors.New(strings.Join(msgs, "; "))
		return out
	}
	for _, c := range resp.Conflicts {
		out.Conflicts = append(out.Conflicts, c.Manager+" "+c.Path)
	}
	sortStrings(out.Conflicts)
	if len(out.Conflicts) > 0 {
		return out
	}
	j, err := yaml.YAMLToJSON([]byte(resp.Result))
	if err == nil {
		out.Object, err = decodeObject(j)
	}
	if err != nil {
		out.Err = errors.New("the result does not read back: " + err.Error())
		return out
	}
	out.Entries, out.Err = engineEntries(resp)
	return out
}

// engineEntries reads extra.managedFields of a single-resource response.
func engineEntries(resp *contract.Response) ([]entry, error) {
	raw, err := decodeAny(mustJSON(resp.Extra["managedFields"]))
	if err != nil {
		return nil, err
	}
	list, _ := raw.([]interface{})
	if len(list) != 1 {
		return nil, errors.New("extra.managedFields should describe one resource")
	}
	var out []entry
	for _, it := range list[0].(map[string]interface{})["entries"].([]interface{}) {
		m := it.(map[string]interface{})
		out = append(out, entry{Manager: m["manager"].(string), Operation: m["operation"].(string),
			APIVersion: m["apiVersion"].(string), Time: m["time"].(string), Subresource: m["subresource"].(string),
			FieldsV1: m["fieldsV1"].(string)})
	}
	return out, nil
}
