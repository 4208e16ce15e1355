package decision

// RuleReason is a rule and the sentence behind a mark under it, written from what a mode knows
// of the mark (F, the mode's own facts). A mode lists its rules' reasons as a table of these:
// a list is data in the wasm, where a map literal is code that builds the map at start
// (docs/performance.md, "The wasm's size").
type RuleReason[F any] struct {
	Rule   Rule
	Reason func(f F) string
}

// ByRule maps each rule of a table to its reason.
func ByRule[F any](table []RuleReason[F]) map[Rule]func(f F) string {
	m := make(map[Rule]func(f F) string, len(table))
	for _, r := range table {
		m[r.Rule] = r.Reason
	}
	return m
}
