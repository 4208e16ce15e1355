package handler

import (
	"github.com/mergeplay/mergeplay/engine/modes/apply"
	"github.com/mergeplay/mergeplay/engine/modes/controller"
	"github.com/mergeplay/mergeplay/engine/modes/create"
	"github.com/mergeplay/mergeplay/engine/modes/edit"
	"github.com/mergeplay/mergeplay/engine/modes/helm"
	"github.com/mergeplay/mergeplay/engine/modes/kpt"
	"github.com/mergeplay/mergeplay/engine/modes/label"
	"github.com/mergeplay/mergeplay/engine/modes/merge3"
	"github.com/mergeplay/mergeplay/engine/modes/patch"
	"github.com/mergeplay/mergeplay/engine/modes/patchtype"
	"github.com/mergeplay/mergeplay/engine/modes/replace"
	"github.com/mergeplay/mergeplay/engine/modes/scale"
	"github.com/mergeplay/mergeplay/engine/modes/ssa"
	"github.com/mergeplay/mergeplay/engine/modes/twoway"
)

// Default returns the handler with every mode of the contract.
func Default() *Handler {
	return New(
		apply.Mode(),
		merge3.Mode(),
		ssa.Mode(),
		patch.Mode(),
		twoway.Mode(),
		scale.Mode(),
		label.Mode(),
		label.AnnotateMode(),
		create.Mode(),
		replace.Mode(),
		controller.Mode(),
		edit.Mode(),
		helm.Helm3Mode(),
		helm.Helm4Mode(),
		patchtype.MergeMode(),
		patchtype.JSONMode(),
		kpt.Mode(),
	)
}
