package yamldiff

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"sigs.k8s.io/yaml"
)

// undecodableMetadata are metadata lines kubectl cannot decode as ObjectMeta, and a kind that is
// not a string.
var undecodableMetadata = []string{"  annotations:\n    x: true\n", "  finalizers: [1]\n", "  annotations:\n    a: yes\n    b: \"fine\"\n",
	"  annotations:\n    port: 8080\n", "kind: 3\n", "value: [unclosed\n", "value: 'unterminated\n"}

// undecodableCase writes a config of three ConfigMaps, one of which kubectl cannot decode (its
// metadata holds a value of the wrong type), at any place in the stream: kubectl applies the
// other two.
func undecodableCase(d *dice, mode string, index int) *Case {
	names := []string{"a", "b", "c"}
	bad := d.intn(len(names))
	line := pick(d, undecodableMetadata...)
	var config, plain []string
	for i, name := range names {
		obj := object(stringSlot, name, "v"+name)
		plain = append(plain, obj)
		switch {
		case i == bad && strings.HasPrefix(line, "kind:"):
			obj = strings.Replace(obj, "kind: ConfigMap\n", line, 1)
		case i == bad && strings.HasPrefix(line, "value:"):
			obj = strings.Replace(obj, "value: v"+name+"\n", line, 1) // a syntax error
		case i == bad:
			obj = strings.Replace(obj, "  name: "+name+"\n", "  name: "+name+"\n"+line, 1)
		}
		config = append(config, obj)
	}
	c := &Case{Mode: mode, Index: index, Story: fmt.Sprintf("document %d of 3 holds %q", bad+1, line)}
	c.Original, c.Updated, c.Live = assemble(mode, strings.Join(config, "---\n"), strings.Join(plain, "---\n"), inUpdated)
	return c
}

// leftOut cuts from a config the documents kubectl apply -f cannot decode (their metadata does
// not decode as ObjectMeta): kubectl applies the other documents of the file, before and after,
// prints the applied ones, then its refusals, and exits with status 1 (observed with kubectl and
// kube-apiserver v1.37.2, 2026-12-06, client-side and --server-side). A document whose kind is
// not a string stops kubectl's reading (kindNotString), and so does one it cannot parse (its
// refusal, broken): the documents after it are not applied. It returns the config kubectl
// applies and the refusals.
func leftOut(text string) (kept string, refusals []string, broken *refusal) {
	var docs []string
	if _, broken = readAsFile("updated", text); broken != nil && !strings.HasPrefix(broken.message, "error converting YAML to JSON") {
		return text, nil, nil // a refusal of the stream reader, not of a document: not modelled
	}
	for _, ch := range chunks(text) {
		read := ch.text
		if ch.first == 2 && strings.HasPrefix(text, "---") {
			read = "---\n" + read // kubectl's reader keeps a "---" on the first line with its piece
		}
		if _, err := yaml.YAMLToJSON([]byte(read)); err != nil {
			return strings.Join(docs, "---\n"), refusals, broken // kubectl stops reading here
		}
		var obj map[string]any
		if data, err := yaml.YAMLToJSON([]byte(ch.text)); err == nil && json.Unmarshal(data, &obj) == nil && obj["kind"] != nil {
			if _, isString := obj["kind"].(string); !isString {
				return strings.Join(docs, "---\n"), append(refusals, kindNotString), nil // kubectl stops reading here
			}
		}
		if message := applydiff.MetadataRefusal(ch.text); message != "" {
			refusals = append(refusals, message)
			continue
		}
		docs = append(docs, ch.text)
	}
	return strings.Join(docs, "---\n"), refusals, nil
}

// runLeftOut compares a case whose config holds documents kubectl cannot decode among others: the
// engine's answer to the config kubectl applies (kept) with the references', and the engine's
// answer to the whole config with its answer to kept: the same result and patch, the refusals in
// extra.undecoded and, as kubectl prints them, in the commands' error (a document kubectl cannot
// parse, broken, last: at kubectl's line, kubectl's words before the engine's).
func (d *differ) runLeftOut(c *Case, kept string, refusals []string, broken *refusal) []string {
	rc := *c
	rc.Updated = kept
	diffs := d.run(&rc)
	at := func(c *Case) *contract.Request {
		req := c.Request()
		req.Options.Now = "2026-01-01T00:00:00Z" // managedFields' times, the same in both answers
		return req
	}
	whole, alone := d.h.Handle(d.ctx, at(c)), d.h.Handle(d.ctx, at(&rc))
	undecoded, _ := whole.Extra["undecoded"].([]contract.Error)
	if broken != nil {
		refusals = append(refusals, `error parsing config.yaml: `)
	}
	want := "error: " + refusals[0]
	if len(refusals) > 1 {
		want = strings.Join(refusals, "\n")
	}
	printed := len(whole.Commands) > 0 && whole.Commands[0].Error == want
	if broken != nil && len(whole.Commands) > 0 {
		printed = strings.HasPrefix(whole.Commands[0].Error, want)
	}
	if broken != nil && broken.line > 0 && len(undecoded) > 0 && undecoded[len(undecoded)-1].Line != broken.line {
		return append(diffs, fmt.Sprintf("kubectl stops reading at line %d (%s); the engine: %+v", broken.line, broken.message, undecoded))
	}
	switch {
	case len(whole.Errors) > 0:
		return append(diffs, "kubectl applies the documents it decodes, but the engine refuses: "+errorsText(whole))
	case whole.Result != alone.Result || whole.Patch != alone.Patch:
		return append(diffs, "the engine's answer to the whole config is not its answer to the documents kubectl applies")
	case len(undecoded) != len(refusals):
		return append(diffs, fmt.Sprintf("extra.undecoded holds %d documents, kubectl refuses %d", len(undecoded), len(refusals)))
	case !printed:
		return append(diffs, fmt.Sprintf("kubectl prints %q; the engine's commands: %+v", want, whole.Commands))
	}
	return diffs
}
