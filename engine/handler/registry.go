package handler

import (
	"github.com/mergeplay/mergeplay/engine/modes/apply"
	"github.com/mergeplay/mergeplay/engine/modes/merge3"
	"github.com/mergeplay/mergeplay/engine/modes/patch"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/modes/twoway"
	"github.com/mergeplay/mergeplay/engine/yamltree"
)

var allInputs = []yamltree.Input{yamltree.Original, yamltree.Updated, yamltree.Live}

// Default returns the handler with every mode of the contract. Modes not built yet answer so.
func Default() *Handler {
	return New(
		apply.Mode(),
		merge3.Mode(),
		ssa.Mode(),
		patch.Mode(),
		twoway.Mode(),
	)
}
