// Package explain marks every field of a merge result and asks the mode why.
//
// A Walker aligns the four versions of one object that a merge involves (original, updated, live
// and result) field by field, using the strategic-merge schema to pair list items by merge key
// or by value, and decides each field's mark from which versions hold it and whether live and
// the result agree: added, changed, retained, ignored, deleted. What the mark means for a learner
// depends on the mode, so the sentence comes from the mode's Reasons.
//
// Marks go on leaves (scalars, and lists replaced whole) and on whole list items that are added,
// deleted, or held by live alone. Lines are the result's (from the emitter's Layout), or live's
// for a deleted field.
package explain
