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

// field is one key of an object read into a T: its name, what it is for (the command line's
// help), how it reads and, for an option, how it writes.
type field[T any] struct {
	name  string
	about string
	read  func(r *jsonwire.Reader, into *T) error
	write func(w *jsonwire.Writer, from *T)
}

// requestFields are the keys of a request.
var requestFields = []field[Request]{
	{"version", "the contract version the request is written for (optional)", func(r *jsonwire.Reader, q *Request) error { return readInt(r, &q.Version) }, nil},
	{"mode", "apply, merge3, patch, ssa or twoway", func(r *jsonwire.Reader, q *Request) error { return readString(r, &q.Mode) }, nil},
	{"original", "YAML: what the mode takes as the earlier config (last-applied, the old chart, the old upstream)", func(r *jsonwire.Reader, q *Request) error { return readString(r, &q.Original) }, nil},
	{"updated", "YAML: the config applied now", func(r *jsonwire.Reader, q *Request) error { return readString(r, &q.Updated) }, nil},
	{"live", "YAML: the object as the cluster holds it", func(r *jsonwire.Reader, q *Request) error { return readString(r, &q.Live) }, nil},
	{"options", "an object of the options below", func(r *jsonwire.Reader, q *Request) error { return readObject(r, optionFields, &q.Options, "options") }, nil},
	{"reproduce", "true asks for the response's reproduce script", func(r *jsonwire.Reader, q *Request) error { return readBool(r, &q.Reproduce) }, nil},
	{"skip", `parts of the answer to leave out: "diff", "patches"`, func(r *jsonwire.Reader, q *Request) error { return readStrings(r, &q.Skip) }, nil},
}

// optionFields are the keys of a request's options, in the order they are written.
var optionFields = []field[Options]{
	{"overwrite", "apply replaces live values that drifted from last-applied (kubectl apply --overwrite); false reports them as conflicts",
		func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.Overwrite) }, func(w *jsonwire.Writer, o *Options) { w.Bool(o.Overwrite) }},
	{"prune", "apply deletes the resources last-applied had and the config dropped (kubectl apply --prune)",
		func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.Prune) }, func(w *jsonwire.Writer, o *Options) { w.Bool(o.Prune) }},
	{"manager", "the field manager of a server-side apply or update",
		func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Manager) }, func(w *jsonwire.Writer, o *Options) { w.String(o.Manager) }},
	{"force", "a server-side apply takes over the fields in conflict (--force-conflicts)",
		func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.Force) }, func(w *jsonwire.Writer, o *Options) { w.Bool(o.Force) }},
	{"operation", `"apply" or "update": the operation of a server-side request`,
		func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Operation) }, func(w *jsonwire.Writer, o *Options) { w.String(o.Operation) }},
	{"client", `who sends a server-side apply: "kubectl" (kubectl apply --server-side, with its own steps around the API server's) or "server" (the API server's apply alone)`,
		func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Client) }, func(w *jsonwire.Writer, o *Options) { w.String(o.Client) }},
	{"inferKeys", "merge3 guesses the merge keys of lists no schema describes",
		func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.InferKeys) }, func(w *jsonwire.Writer, o *Options) { w.Bool(o.InferKeys) }},
	{"multiKeys", "merge lists on several key fields where server-side apply does (patch, apply)",
		func(r *jsonwire.Reader, o *Options) error { return readBool(r, &o.MultiKeys) }, func(w *jsonwire.Writer, o *Options) { w.Bool(o.MultiKeys) }},
	{"schema", "a user schema: OpenAPI v2 or v3, a CRD, or a structured-merge-diff schema",
		func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Schema) }, func(w *jsonwire.Writer, o *Options) { w.String(o.Schema) }},
	{"schemaType", "the schema type of documents that carry no known kind",
		func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.SchemaType) }, func(w *jsonwire.Writer, o *Options) { w.String(o.SchemaType) }},
	{"now", "the time written into managedFields, RFC 3339; empty: the current time",
		func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Now) }, func(w *jsonwire.Writer, o *Options) { w.String(o.Now) }},
	{"validate", `kubectl's --validate: "strict" (an unknown field or a wrong type in the config is an error), "warn" or "ignore"; merge3 does not validate`,
		func(r *jsonwire.Reader, o *Options) error { return readString(r, &o.Validate) }, func(w *jsonwire.Writer, o *Options) { w.String(o.Validate) }},
}

// Key is one key of a request or of its options, for a command line's help.
type Key struct {
	// Name is the key as the JSON spells it; About says what it is for.
	Name, About string
	// Default is the value an omitted option takes, as JSON ("" for a key of the request).
	Default string
}

// RequestKeys returns the keys of a request, in the order EncodeJSON writes them.
func RequestKeys() []Key {
	out := make([]Key, len(requestFields))
	for i, f := range requestFields {
		out[i] = Key{Name: f.name, About: f.about}
	}
	return out
}

// OptionKeys returns the keys of a request's options, in the order EncodeJSON writes them,
// each with its default (DefaultOptions).
func OptionKeys() []Key {
	defaults := DefaultOptions()
	out := make([]Key, len(optionFields))
	for i, f := range optionFields {
		var w jsonwire.Writer
		f.write(&w, &defaults)
		text, _ := w.Bytes()
		out[i] = Key{Name: f.name, About: f.about, Default: string(text)}
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
	w.OpenObject()
	if r.Version != 0 {
		w.Key("version").Int(r.Version)
	}
	w.Key("mode").String(r.Mode)
	w.Key("original").String(r.Original)
	w.Key("updated").String(r.Updated)
	w.Key("live").String(r.Live)
	w.Key("options").OpenObject()
	for _, f := range optionFields {
		f.write(w.Key(f.name), &r.Options)
	}
	w.CloseObject()
	if r.Reproduce {
		w.Key("reproduce").Bool(r.Reproduce)
	}
	if len(r.Skip) > 0 {
		w.Key("skip").Value(r.Skip)
	}
	w.CloseObject()
	text, _ := w.Bytes()
	return text
}
