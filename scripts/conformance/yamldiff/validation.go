package yamldiff

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/scripts/conformance/applydiff"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/client-go/kubernetes/scheme"
)

// strictDecoder decodes as the API server does with fieldValidation=Strict (kubectl's default
// --validate=strict): unknown fields and values of the wrong type are errors.
var strictDecoder = serializer.NewCodecFactory(scheme.Scheme, serializer.EnableStrict).UniversalDeserializer()

// strictRefusal decodes each object strictly, as the server decodes what it creates or patches
// into; kinds the scheme does not know (custom resources) are not checked. It returns the
// server's refusal of the config, or nil.
func strictRefusal(objects []map[string]any) *refusal {
	for _, obj := range objects {
		data, err := json.Marshal(obj)
		if err != nil {
			continue
		}
		if _, _, err := strictDecoder.Decode(data, nil, nil); err != nil && !strings.Contains(err.Error(), "no kind") &&
			!strings.Contains(err.Error(), "not registered") {
			return &refusal{input: "updated", message: err.Error()}
		}
	}
	return nil
}

// applyRefusal is the server's refusal of what kubectl apply sends: the created object, or the
// patch's result. kubectl refuses a config whose annotation is not a string before it sends
// anything (applydiff.MetadataRefusal), so a patched object's annotation the server cannot decode
// is live's, which the patch left as it was: that refusal names live.
func applyRefusal(ref *applydiff.Answer) *refusal {
	for _, o := range ref.Outcomes {
		if o.Action == applydiff.LeaveAction || o.Result == nil {
			continue
		}
		r := strictRefusal([]map[string]any{o.Result})
		if r != nil && o.Action == applydiff.PatchAction && strings.Contains(r.message, "ObjectMeta.metadata.annotations") {
			r.input = "live"
		}
		if r != nil {
			return r
		}
	}
	return nil
}

// configObjects reads a config as kubectl does, as plain objects.
func configObjects(text string) []map[string]any {
	docs, _ := readAsFile("updated", text)
	var out []map[string]any
	for _, d := range docs {
		var m map[string]any
		if d != nil && json.Unmarshal(d, &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// unknownFieldPart finds each unknown field a strict decoding error names.
var unknownFieldPart = regexp.MustCompile(`unknown field "[^"]*"`)

// sameWording checks that the engine words a strict validation refusal as the server does:
// every unknown field the server names in an error of the engine (the engine reports one per
// field, at its line), or the server's one type error as one of the engine's errors.
func sameWording(r *refusal, resp *contract.Response) []string {
	message := strings.TrimPrefix(r.message, "strict decoding error: ")
	parts := unknownFieldPart.FindAllString(message, -1)
	if len(parts) == 0 {
		parts = []string{r.message}
	}
	var missing []string
	for _, part := range parts {
		found := false
		for _, e := range resp.Errors {
			found = found || strings.Contains(e.Message, part)
		}
		if !found {
			missing = append(missing, part)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("the server says %q; the engine: %s", r.message, errorsText(resp))}
}

// validationTrick writes a Deployment or ConfigMap with an unknown field or a value of the
// wrong type, or (one case in four) a valid one.
func validationTrick(d *dice) trick {
	problems := []struct {
		s    slot
		text string
	}{
		{boolSlot, "\"yes\""}, {boolSlot, "\"true\""}, {boolSlot, "1"}, {boolSlot, "[true]"},
		{intSlot, "\"two\""}, {intSlot, "\"3\""}, {intSlot, "true"}, {intSlot, "{n: 1}"}, {intSlot, "on"},
		{stringSlot, "1"}, {stringSlot, "true"}, {stringSlot, "yes"}, {stringSlot, "[a]"}, {stringSlot, "1.5"},
		{typoSlot, "imagePulPolicy"}, {typoSlot, "replica"}, {typoSlot, "contianers"}, {typoSlot, "lables"},
		{typoSlot, "restartpolicy"}, {typoSlot, "x-extra"},
		{intSlot, "2"}, {boolSlot, "true"}, {stringSlot, "\"fine\""}, {typoSlot, ""},
	}
	p := pick(d, problems...)
	return trick{slot: p.s, text: p.text, plain: plainOf(p.s)}
}

// plainOf is a valid value for a slot.
func plainOf(s slot) string {
	switch s {
	case boolSlot:
		return "false"
	case intSlot:
		return "1"
	case typoSlot:
		return ""
	}
	return "plain"
}

// typoed writes a Deployment with a field its kind does not declare, at one of several places.
func typoed(name, field string) string {
	obj := deployment(name, "1", "false", "false", "80")
	if field == "" {
		return obj
	}
	places := map[string]string{
		"imagePulPolicy": "        image: nginx:1.27\n",
		"replica":        "  replicas: 1\n",
		"contianers":     "      hostNetwork: false\n",
		"lables":         "  name: " + name + "\n",
		"restartpolicy":  "      hostNetwork: false\n",
		"x-extra":        "kind: Deployment\n",
	}
	after := places[field]
	indent := after[:len(after)-len(strings.TrimLeft(after, " "))]
	value := map[string]string{"contianers": "[]", "lables": "{app: web}"}[field]
	if value == "" {
		value = "Always"
	}
	return strings.Replace(obj, after, after+indent+field+": "+value+"\n", 1)
}
