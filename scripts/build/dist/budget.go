package dist

// The page's byte budgets, brotli at quality 11 (what is served): make test fails past
// WasmBudget (TestWasmWithinBudget), the browser tests and make bench report both. DESIGN.md's
// goals are 1.1 MB for the wasm and 1.25 MB for the first load; each budget is what it weighs with
// what it holds now plus a few KB, so that growth shows (how the weight moved, and why:
// docs/CHANGELOG.md).
const (
	// WasmBudget is the most the wasm may weigh.
	WasmBudget = 1_242_000
	// FirstLoadBudget is the most everything the first load fetches may weigh.
	FirstLoadBudget = 1_409_000
)
