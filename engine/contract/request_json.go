package contract

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/jsonwire"
)

// The request's JSON, read and written key by key (package jsonwire: no reflection in the
// page's wasm). A key matches a field whatever its case ("Live" reads as live), and a value of
// null leaves the field as it was, as encoding/json read them; a repeated key is read again
// (the last one wins, and a repeated options object sets what it names on top of the first).

// readRequest reads a request's JSON, starting from the default options.
func readRequest(data []byte) (*Request, error) {
	req := &Request{Options: DefaultOptions()}
	r := jsonwire.NewReader(data)
	if err := readObject(r, requestFields, req, ""); err != nil {
		return nil, err
	}
	if !r.AtEnd() {
		return nil, r.Errorf("unexpected data after the request object")
	}
	return req, nil
}

// field reads one key of an object into a T.
type field[T any] struct {
	name string
	read func(r *jsonwire.Reader, into *T) error
}

// stepFields are the keys of a history's step: a request's, without steps of its own.
var stepFields = []field[Request]{
	{"version", func(r *jsonwire.Reader, q *Request) error { return readInt(r, &q.Version) }},
	{"mode", func(r *jsonwire.Reader, q *Request) error { return readString(r, &q.Mode) }},
	{"original", func(r *jsonwire.Reader, q *Request) error { return readString(r, &q.Original) }},
	{"updated", func(r *jsonwire.Reader, q *Request) error { return readString(r, &q.Updated) }},
	{"live", func(r *jsonwire.Reader, q *Request) error { return readString(r, &q.Live) }},
	{"options", func(r *jsonwire.Reader, q *Request) error { return readObject(r, optionFields, &q.Options, "options") }},
	{"reproduce", func(r *jsonwire.Reader, q *Request) error { return readBool(r, &q.Reproduce) }},
	{"skip", func(r *jsonwire.Reader, q *Request) error { return readStrings(r, &q.Skip) }},
}

// requestFields are the keys of a request: a step's, a history's steps, and how the caller takes
// answers (deltas, since).
var requestFields = append(stepFields[:len(stepFields):len(stepFields)],
	field[Request]{"steps", func(r *jsonwire.Reader, q *Request) error { return readSteps(r, &q.Steps) }},
	field[Request]{"deltas", func(r *jsonwire.Reader, q *Request) error { return readBool(r, &q.Deltas) }},
	field[Request]{"since", func(r *jsonwire.Reader, q *Request) error { return readInt(r, &q.Since) }})

// readSteps reads a history's steps (null: none), each from the default options (a null step
// stays nil).
func readSteps(r *jsonwire.Reader, into *[]*Request) error {
	if r.Null() {
		*into = nil
		return nil
	}
	steps := []*Request{}
	err := r.Array(func() error {
		if r.Null() {
			steps = append(steps, nil) // refused by the history, which names the step
			return nil
		}
		step := &Request{Options: DefaultOptions()}
		if err := readObject(r, stepFields, step, "a step"); err != nil {
			return err
		}
		steps = append(steps, step)
		return nil
	})
	if err == nil {
		*into = steps
	}
	return err
}

// optionFields are the keys of a request's options.
var optionFields = []field[Options]{
	{"overwrite", func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.Overwrite) }},
	{"prune", func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.Prune) }},
	{"manager", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Manager) }},
	{"force", func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.Force) }},
	{"operation", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Operation) }},
	{"client", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Client) }},
	{"inferKeys", func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.InferKeys) }},
	{"multiKeys", func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.MultiKeys) }},
	{"schema", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Schema) }},
	{"schemaType", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.SchemaType) }},
	{"now", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Now) }},
	{"validate", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Validate) }},
	{"apiServer", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.APIServer) }},
	{"replicas", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Replicas) }},
	{"subresource", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Subresource) }},
	{"args", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Args) }},
	{"release", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Release) }},
	{"serverSide", func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.ServerSide) }},
}

// RequestKeys returns the keys of a request, in the order the contract reads them (for a command
// line's help).
func RequestKeys() []string { return names(requestFields) }

// OptionKeys returns the keys of a request's options, in the order the contract reads them (for
// a command line's help; EncodeJSON writes the same, DefaultOptions gives their defaults).
func OptionKeys() []string { return names(optionFields) }

func names[T any](fields []field[T]) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.name
	}
	return out
}

// readObject reads an object (or null) into into, refusing a key fields lacks; where names the
// object in that error ("" for the request itself).
func readObject[T any](r *jsonwire.Reader, fields []field[T], into *T, where string) error {
	if r.Null() {
		return nil
	}
	return r.Object(func(key string) error {
		for _, f := range fields {
			if f.name == key {
				return f.read(r, into)
			}
		}
		for _, f := range fields { // as encoding/json reads, a key matches a field whatever its case
			if strings.EqualFold(f.name, key) {
				return f.read(r, into)
			}
		}
		if where != "" {
			return r.Errorf("unknown field " + quote(key) + " in " + where)
		}
		return r.Errorf("unknown field " + quote(key))
	})
}

func readString(r *jsonwire.Reader, into *string) (err error) {
	if !r.Null() {
		*into, err = r.String()
	}
	return err
}

// readStrings reads a list of strings (null: none; a null item: ""), replacing what into held.
func readStrings(r *jsonwire.Reader, into *[]string) error {
	if r.Null() {
		*into = nil
		return nil
	}
	list := []string{}
	err := r.Array(func() error {
		var s string
		if err := readString(r, &s); err != nil {
			return err
		}
		list = append(list, s)
		return nil
	})
	if err == nil {
		*into = list
	}
	return err
}

func readBool(r *jsonwire.Reader, into *bool) (err error) {
	if !r.Null() {
		*into, err = r.Bool()
	}
	return err
}

func readInt(r *jsonwire.Reader, into *int) (err error) {
	if !r.Null() {
		*into, err = r.Int()
	}
	return err
}

// quote writes s as a JSON string, for a message.
func quote(s string) string {
	var w jsonwire.Writer
	w.String(s)
	text, _ := w.Bytes()
	return string(text)
}

// EncodeJSON writes the request as JSON: the keys of encoding/json's writing of it, in the same
// order ('<', '>' and '&' written as themselves).
func (r *Request) EncodeJSON() []byte {
	var w jsonwire.Writer
	r.writeJSON(&w)
	text, _ := w.Bytes()
	return text
}

// writeJSON writes the request (EncodeJSON), a history's steps each as a request.
func (r *Request) writeJSON(w *jsonwire.Writer) {
	w.OpenObject()
	if r.Version != 0 {
		w.Key("version").Int(r.Version)
	}
	w.Key("mode").String(r.Mode)
	w.Key("original").String(r.Original)
	w.Key("updated").String(r.Updated)
	w.Key("live").String(r.Live)
	w.Key("options").OpenObject()
	o := r.Options
	w.Key("overwrite").Bool(o.Overwrite)
	w.Key("prune").Bool(o.Prune)
	w.Key("manager").String(o.Manager)
	w.Key("force").Bool(o.Force)
	w.Key("operation").String(o.Operation)
	w.Key("client").String(o.Client)
	w.Key("inferKeys").Bool(o.InferKeys)
	w.Key("multiKeys").Bool(o.MultiKeys)
	w.Key("schema").String(o.Schema)
	w.Key("schemaType").String(o.SchemaType)
	w.Key("now").String(o.Now)
	w.Key("validate").String(o.Validate)
	w.Key("apiServer").String(o.APIServer)
	w.Key("replicas").String(o.Replicas)
	w.Key("subresource").String(o.Subresource)
	w.Key("args").String(o.Args)
	w.Key("release").String(o.Release)
	w.Key("serverSide").String(o.ServerSide)
	w.CloseObject()
	if r.Reproduce {
		w.Key("reproduce").Bool(r.Reproduce)
	}
	if len(r.Skip) > 0 {
		w.Key("skip").Value(r.Skip)
	}
	if r.Deltas {
		w.Key("deltas").Bool(r.Deltas)
	}
	if r.Since != 0 {
		w.Key("since").Int(r.Since)
	}
	if len(r.Steps) > 0 {
		w.Key("steps").OpenArray()
		for _, step := range r.Steps {
			if step == nil {
				w.Null()
				continue
			}
			step.writeJSON(w)
		}
		w.CloseArray()
	}
	w.CloseObject()
}
