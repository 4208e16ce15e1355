// Package explain turns the decisions a merge recorded into the marks of a response: where each
// mark is (the result's lines, from the emitter's Layout, or live's lines for what the merge
// removed), how far it reaches (every line of its value: a whole item or map, a block scalar's
// text), where a removed value is drawn in the result (Spot: after which result line, moved to
// the result's indentation, in which document), and the rule and the sentence a mode gave it.
//
// It decides nothing and pairs nothing: a mode hands it each mark with the nodes it is about
// (Placed), as its merge recorded them. Marks go on leaves (scalars, lists replaced whole) and on
// whole list items added, removed or left alone; a removed map field is placed on its key's line.
// Paths follow one element at a time (Deepest, Step) for a conflict's line in live, and for the
// neighbours a removed value is drawn after. A mode that writes its result stream resource by
// resource (merge3) puts it together with Stitch, which moves each resource's marks and layout
// to where its document stands in the stream; the modes that keep each resource's piece leave
// them apart in the response (contract.Piece, contract.Response.SetPieces).
package explain
