package explain

import (
	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/fieldpath"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// foldable are the paths of the blocks a reader may fold: what the API server (managedFields)
// and kubectl (the last-applied annotation) keep for themselves, long and rarely read.
func foldable() []fieldpath.Path {
	meta := fieldpath.Path{}.Field("metadata")
	return []fieldpath.Path{
		meta.Field("managedFields"),
		meta.Field("annotations").Field("kubectl.kubernetes.io/last-applied-configuration"),
	}
}

// ResultLayout is the layout of a result stream, docs, written with layout: the blocks the writer
// recorded, and the foldable blocks of each resource.
func ResultLayout(layout *yamltree.Layout, docs []*yamltree.Document) contract.Layout {
	roots := make([]*yamltree.Node, len(docs))
	for i, d := range docs {
		roots[i] = d.Root
	}
	return contract.Layout{Blocks: layout.Blocks(), Folds: folds(roots, func(_, value *yamltree.Node) (int, int) {
		return layout.Line(value), layout.EndLine(value)
	})}
}

// LiveLayout is the layout of live as read, roots being its resources' roots, for an answer that
// shows live (conflicts, no result): the lines that open a block map or list, and the foldable
// blocks of each resource.
func LiveLayout(roots []*yamltree.Node) contract.Layout {
	out := contract.Layout{Blocks: [][2]int{}}
	for _, r := range roots {
		liveBlocks(r, &out.Blocks)
	}
	out.Folds = folds(roots, func(key, value *yamltree.Node) (int, int) {
		return key.Pos.Line, LastLine(value)
	})
	return out
}

// liveBlocks adds the blocks under n: each key whose value is a map or list in block style.
func liveBlocks(n *yamltree.Node, blocks *[][2]int) {
	for _, f := range n.Fields {
		v := f.Value
		if (v.IsMap() && len(v.Fields) > 0 || v.IsList() && len(v.Items) > 0) && v.Style != yamltree.Flow {
			if end := LastLine(v); end > f.Key.Pos.Line {
				*blocks = append(*blocks, [2]int{f.Key.Pos.Line, end})
			}
		}
		liveBlocks(v, blocks)
	}
	for _, it := range n.Items {
		liveBlocks(it, blocks)
	}
}

// folds lists the foldable blocks of each resource written over several lines; lines says the
// first and last line of a map entry.
func folds(roots []*yamltree.Node, lines func(key, value *yamltree.Node) (int, int)) []contract.Fold {
	out := []contract.Fold{}
	for _, r := range roots {
		for _, path := range foldable() {
			key, value := entryAt(r, path)
			if value == nil {
				continue
			}
			if line, end := lines(key, value); line > 0 && end > line {
				out = append(out, contract.Fold{Path: path.String(), Line: line, EndLine: end})
			}
		}
	}
	return out
}

// entryAt follows a path of map keys and returns the last entry's key and value.
func entryAt(n *yamltree.Node, path fieldpath.Path) (key, value *yamltree.Node) {
	for _, e := range path {
		i := n.Index(e.Field)
		if i < 0 {
			return nil, nil
		}
		key, n = n.Fields[i].Key, n.Fields[i].Value
	}
	return key, n
}
