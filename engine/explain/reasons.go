package explain

import "github.com/mergeplay/mergeplay/engine/fieldpath"

// Reasons writes, for one mode, the sentence behind each mark. Every method receives the path
// and the versions of the field, so a mode can single out fields it treats specially.
type Reasons interface {
	// Added: the result holds the field, live did not.
	Added(path fieldpath.Path, v Versions, rule Rule) string
	// Changed: live and the result hold different values.
	Changed(path fieldpath.Path, v Versions, rule Rule) string
	// Retained: the updated input names the field and live's value stays.
	Retained(path fieldpath.Path, v Versions, rule Rule) string
	// Ignored: only live has the field and it stays.
	Ignored(path fieldpath.Path, v Versions) string
	// Deleted: live had the field and the result does not; retainKeys says the map holding it
	// has the retainKeys strategy.
	Deleted(path fieldpath.Path, v Versions, retainKeys bool) string
	// AddedItem, IgnoredItem and DeletedItem explain whole items of a list merged by key.
	AddedItem(path fieldpath.Path, v Versions, key Key) string
	IgnoredItem(path fieldpath.Path, v Versions, key Key) string
	DeletedItem(path fieldpath.Path, v Versions, key Key) string
	// AddedValue, RetainedValue, IgnoredValue and DeletedValue explain items of a list merged as
	// a set of primitives.
	AddedValue(path fieldpath.Path, v Versions) string
	RetainedValue(path fieldpath.Path, v Versions) string
	IgnoredValue(path fieldpath.Path, v Versions) string
	DeletedValue(path fieldpath.Path, v Versions) string
	// MergedDuplicates is appended to the reasons of an item the updated input listed n times
	// under one key.
	MergedDuplicates(n int, key Key) string
}
