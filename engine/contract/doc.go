// Package contract defines mergeplay's one request and one response: the JSON the page's worker,
// the terminal front door and the tests all speak.
//
// A Request names a mode and carries the three inputs as YAML text plus options; omitted options
// take kubectl's defaults (see DefaultOptions). A Response always carries every key: empty strings
// and empty arrays, never null. Version is bumped whenever a change would break a reader; additions
// keep it.
//
// A Response says where everything it marks is, so that a reader draws the result without
// reading its YAML (the page reads none): each Field spans all its lines (Line to EndLine), a
// deleted or dropped one carries its Place in the result (after which line, moved how far, in which map or
// list and which document), and Layout lists the lines that open blocks and the blocks a reader
// may fold, for the result or, when an answer shows live instead (conflicts), for live.
//
// A mode that answers resource by resource may leave its result, marks and layout in pieces
// (Piece, Response.SetPieces): Whole puts them together for a reader of the whole response, and
// a delta between two answers in pieces (EncodeAnswer) is written from the pieces that differ,
// the others kept and moved, so that a key typed into one resource of a long stream neither
// writes nor compares the whole result and its marks.
package contract
