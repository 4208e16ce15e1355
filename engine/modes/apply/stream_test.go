package apply_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/engine/internal/fuzzcheck"
)

// TestStreamMarksAreEachResourcesOwnMoved answers streams made of the apply examples one after
// another (those asked the same way, each holding one resource), and wants each resource's marks
// in the stream to be its example's own, moved to where its documents stand: result lines by
// the lines above its result document, live's and updated's lines (deleted and dropped marks)
// by the lines above its document in that input, and a mark's place (Place.Doc) by the result
// documents before it. The answer is written resource by resource and put together (apply's
// assemble); this checks the putting together against each resource answered alone.
func TestStreamMarksAreEachResourcesOwnMoved(t *testing.T) {
	groups := map[string][]*contract.Request{}
	for _, req := range fuzzcheck.ExampleRequests(t, "apply") {
		if oneDocument(req.Original) && oneDocument(req.Updated) && oneDocument(req.Live) {
			key := optionsKey(req)
			groups[key] = append(groups[key], req)
		}
	}
	streams := 0
	for _, group := range groups {
		var alone []*contract.Response
		var parts []*contract.Request
		seen := map[string]bool{}
		for _, req := range group {
			resp := handler.Default().Handle(context.Background(), req)
			if len(resp.Errors) > 0 || len(resp.Conflicts) > 0 || len(resp.ResultResources) != 1 || seen[resp.ResultResources[0]] {
				continue
			}
			seen[resp.ResultResources[0]] = true
			alone, parts = append(alone, resp), append(parts, req)
		}
		if len(parts) < 2 {
			continue
		}
		streams++
		stream := *parts[0]
		var offsets [3][]int // lines above each part's document in original, updated and live
		stream.Original, offsets[0] = joined(parts, func(r *contract.Request) string { return r.Original })
		stream.Updated, offsets[1] = joined(parts, func(r *contract.Request) string { return r.Updated })
		stream.Live, offsets[2] = joined(parts, func(r *contract.Request) string { return r.Live })
		got := handler.Default().Handle(context.Background(), &stream)
		if len(got.Errors) > 0 || len(got.Conflicts) > 0 {
			t.Fatalf("the stream of %d examples fails: %+v %+v", len(parts), got.Errors, got.Conflicts)
		}
		starts := documentStarts(got.Result)
		for k, resp := range alone {
			id := resp.ResultResources[0]
			doc := indexOf(got.ResultResources, id)
			if doc < 0 {
				t.Fatalf("%s is not in the stream's result", id)
			}
			want := moved(resp.Fields, starts[doc], offsets[1][k], offsets[2][k], doc)
			if have := fieldsOf(got.Fields, id); !reflect.DeepEqual(have, want) {
				t.Errorf("%s in a stream of %d: marks\n%+v\nwant its own, moved:\n%+v", id, len(parts), have, want)
			}
		}
	}
	if streams == 0 {
		t.Fatal("no two examples could be put in one stream")
	}
}

// oneDocument reports whether text holds at most one document.
func oneDocument(text string) bool { return len(documentStarts(text)) <= 1 }

// optionsKey groups requests asked the same way: the same options, and last-applied read from
// the original editor or from live's annotations alike.
func optionsKey(req *contract.Request) string {
	o := req.Options
	return strings.Join([]string{o.Schema, o.SchemaType, o.Validate, o.Now, boolText(o.Overwrite), boolText(o.Prune), boolText(o.MultiKeys), boolText(req.Original == "")}, "|")
}

func boolText(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// joined puts the parts' texts of one input one after another as a stream, and returns with it
// the lines above each part's text.
func joined(parts []*contract.Request, text func(*contract.Request) string) (string, []int) {
	var b strings.Builder
	offsets := make([]int, len(parts))
	for k, p := range parts {
		t := text(p)
		if t == "" {
			offsets[k] = strings.Count(b.String(), "\n")
			continue
		}
		if b.Len() > 0 && !strings.HasPrefix(t, "---") {
			b.WriteString("---\n")
		}
		offsets[k] = strings.Count(b.String(), "\n")
		b.WriteString(t)
		if !strings.HasSuffix(t, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String(), offsets
}

// documentStarts returns the lines above each document's content in a stream (its "---" line
// included; 0 for the first).
func documentStarts(text string) []int {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	starts := []int{0}
	for i, line := range strings.Split(text, "\n") {
		if i > 0 && (line == "---" || strings.HasPrefix(line, "--- ")) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

func indexOf(ids []string, id string) int {
	for i, x := range ids {
		if x == id {
			return i
		}
	}
	return -1
}

// fieldsOf returns the marks of one resource.
func fieldsOf(fields []contract.Field, id string) []contract.Field {
	var out []contract.Field
	for _, f := range fields {
		if f.Resource == id {
			out = append(out, f)
		}
	}
	return out
}

// moved returns a resource's own marks moved into a stream: result lines down by result lines,
// updated's by updated lines, live's by live lines, places into document doc.
func moved(fields []contract.Field, result, updated, live, doc int) []contract.Field {
	var out []contract.Field
	by := map[string]int{"result": result, "live": live, "updated": updated}
	for _, f := range fields {
		f.Line += by[f.Mark.LinesOf()]
		if f.EndLine != 0 {
			f.EndLine += by[f.Mark.LinesOf()]
		}
		if f.Place != nil {
			p := *f.Place
			p.After += result
			if p.Under != 0 {
				p.Under += result
			}
			p.Doc += doc
			f.Place = &p
		}
		out = append(out, f)
	}
	return out
}
