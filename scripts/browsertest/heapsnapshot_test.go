package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/chromedp"
)

// heapSnapshot takes a snapshot of the page's JavaScript heap, after a collection (DevTools'
// Memory panel loads it written to a file).
func (p *tab) heapSnapshot() []byte {
	p.t.Helper()
	var snapshot bytes.Buffer
	var mu sync.Mutex
	ctx, cancel := context.WithCancel(p.ctx)
	defer cancel()
	listening := chromedp.Listen(ctx, func(ev any) {
		if chunk, ok := ev.(*heapprofiler.EventAddHeapSnapshotChunk); ok {
			mu.Lock()
			snapshot.WriteString(chunk.Chunk)
			mu.Unlock()
		}
	})
	for _, err := range []error{
		listening,
		callErr(chromedp.Call(p.ctx, heapprofiler.Enable, cdp.Empty{})),
		callErr(chromedp.Call(p.ctx, heapprofiler.CollectGarbage, cdp.Empty{})),
		callErr(chromedp.Call(p.ctx, heapprofiler.TakeHeapSnapshot, heapprofiler.TakeHeapSnapshotParams{})),
		callErr(chromedp.Call(p.ctx, heapprofiler.Disable, cdp.Empty{})), // lets the profiler's snapshot go
	} {
		if err != nil {
			p.t.Fatalf("taking a heap snapshot: %v", err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	return snapshot.Bytes()
}

// heapRead is the page's heap at one moment: its used bytes after a collection and its
// snapshot's self sizes by kind.
type heapRead struct {
	used  float64
	kinds heapKinds
}

// readHeap reads the page's heap; with MERGEPLAY_HEAPSNAPSHOT=<prefix> it also writes its
// snapshot to <prefix>.<name>.heapsnapshot.
func (p *tab) readHeap(name string) heapRead {
	p.t.Helper()
	used := p.heapUsed() // first: a snapshot leaves the heap larger
	snapshot := p.heapSnapshot()
	if prefix := os.Getenv("MERGEPLAY_HEAPSNAPSHOT"); prefix != "" {
		if err := os.WriteFile(prefix+"."+name+".heapsnapshot", snapshot, 0o644); err != nil {
			p.t.Fatal(err)
		}
	}
	kinds, err := heapSnapshotKinds(snapshot)
	if err != nil {
		p.t.Fatal(err)
	}
	return heapRead{used: used, kinds: kinds}
}

// callErr is the error of a protocol call, its result left.
func callErr[R any](_ R, err error) error { return err }

// heapKinds are a heap snapshot's self sizes summed by the kind of node ("code", "object",
// "string", "native", ...: the snapshot's node_types), as DevTools' Memory panel groups them.
type heapKinds map[string]float64

// heapSnapshotKinds sums the self size of a V8 heap snapshot's nodes (the JSON that
// HeapProfiler.takeHeapSnapshot streams) by kind. It reads the snapshot's meta, then walks its
// node array number by number, without decoding the whole document.
func heapSnapshotKinds(snapshot []byte) (heapKinds, error) {
	start := bytes.Index(snapshot, []byte(`"nodes":[`))
	if start < 0 {
		return nil, errors.New("heap snapshot: no nodes")
	}
	header := bytes.TrimRight(snapshot[:start], " \n\r\t,")
	var meta struct {
		Snapshot struct {
			Meta struct {
				NodeFields []string          `json:"node_fields"`
				NodeTypes  []json.RawMessage `json:"node_types"`
			} `json:"meta"`
		} `json:"snapshot"`
	}
	if err := json.Unmarshal(append(append([]byte{}, header...), '}'), &meta); err != nil {
		return nil, fmt.Errorf("heap snapshot's meta: %w", err)
	}
	m := meta.Snapshot.Meta
	typeField, sizeField := slices.Index(m.NodeFields, "type"), slices.Index(m.NodeFields, "self_size")
	if typeField < 0 || sizeField < 0 || typeField >= len(m.NodeTypes) {
		return nil, errors.New("heap snapshot: its nodes have no type or self_size")
	}
	var types []string // the names of the type field's values
	if err := json.Unmarshal(m.NodeTypes[typeField], &types); err != nil {
		return nil, fmt.Errorf("heap snapshot's node types: %w", err)
	}
	kinds := heapKinds{}
	node := make([]int, len(m.NodeFields)) // one node's fields, added up at its last
	field, n, inNumber := 0, 0, false
	for _, c := range snapshot[start+len(`"nodes":[`):] {
		if c >= '0' && c <= '9' {
			n, inNumber = n*10+int(c-'0'), true
			continue
		}
		if inNumber {
			node[field] = n
			if field++; field == len(node) {
				if t := node[typeField]; t < len(types) {
					kinds[types[t]] += float64(node[sizeField])
				}
				field = 0
			}
			n, inNumber = 0, false
		}
		if c == ']' {
			return kinds, nil
		}
	}
	return nil, errors.New("heap snapshot: its nodes do not end")
}

// String writes the kinds in MB, largest first.
func (k heapKinds) String() string {
	names := make([]string, 0, len(k))
	for name := range k {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return k[names[i]] > k[names[j]] })
	parts := make([]string, 0, len(names))
	for _, name := range names {
		if k[name] > 0 {
			parts = append(parts, fmt.Sprintf("%s %.2f MB", name, k[name]/1e6))
		}
	}
	return strings.Join(parts, ", ")
}

func TestHeapSnapshotKinds(t *testing.T) {
	snapshot := `{"snapshot":{"meta":{"node_fields":["type","name","id","self_size","edge_count"],` +
		`"node_types":[["hidden","array","string","object","code"],"string","number","number","number"]},"node_count":4},` + "\n" +
		`"nodes":[3,0,1,100,2` + "\n" + `,4,1,3,2500,0` + "\n" + `,3,2,5,40,1` + "\n" + `,2,0,7,16,0],` + "\n" + `"edges":[1,2,3],"strings":["a","b","c"]}`
	// the same nodes, their size before their type
	sizeFirst := `{"snapshot":{"meta":{"node_fields":["self_size","name","id","type","edge_count"],` +
		`"node_types":["string","string","number",["hidden","array","string","object","code"],"number"]},"node_count":4},` + "\n" +
		`"nodes":[100,0,1,3,2,2500,1,3,4,0,40,2,5,3,1,16,0,7,2,0],"edges":[],"strings":["a","b","c"]}`
	want := heapKinds{"object": 140, "code": 2500, "string": 16}
	for _, text := range []string{snapshot, sizeFirst} {
		got, err := heapSnapshotKinds([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("got %v, want %v", got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: got %v, want %v", k, got[k], v)
			}
		}
	}
	for _, bad := range []string{`{}`, `{"snapshot":{"meta":{"node_fields":["name"]}},"nodes":[1,2]}`, snapshot[:len(snapshot)/2]} {
		if _, err := heapSnapshotKinds([]byte(bad)); err == nil {
			t.Errorf("%.40q...: want an error", bad)
		}
	}
}
