package browsertest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
)

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
	var types []string
	if len(m.NodeTypes) > 0 {
		if err := json.Unmarshal(m.NodeTypes[0], &types); err != nil {
			return nil, fmt.Errorf("heap snapshot's node types: %w", err)
		}
	}
	typeField, sizeField := -1, -1
	for i, f := range m.NodeFields {
		switch f {
		case "type":
			typeField = i
		case "self_size":
			sizeField = i
		}
	}
	if typeField < 0 || sizeField < 0 || len(types) == 0 {
		return nil, errors.New("heap snapshot: its nodes have no type or self_size")
	}
	kinds := heapKinds{}
	field, kind := 0, ""
	n, inNumber := 0, false
	for _, c := range snapshot[start+len(`"nodes":[`):] {
		if c >= '0' && c <= '9' {
			n, inNumber = n*10+int(c-'0'), true
			continue
		}
		if inNumber {
			switch field {
			case typeField:
				if n < len(types) {
					kind = types[n]
				}
			case sizeField:
				kinds[kind] += float64(n)
			}
			field = (field + 1) % len(m.NodeFields)
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
	got, err := heapSnapshotKinds([]byte(snapshot))
	if err != nil {
		t.Fatal(err)
	}
	want := heapKinds{"object": 140, "code": 2500, "string": 16}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %v, want %v", k, got[k], v)
		}
	}
	for _, bad := range []string{`{}`, `{"snapshot":{"meta":{"node_fields":["name"]}},"nodes":[1,2]}`, snapshot[:len(snapshot)/2]} {
		if _, err := heapSnapshotKinds([]byte(bad)); err == nil {
			t.Errorf("%.40q...: want an error", bad)
		}
	}
}
