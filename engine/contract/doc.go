// Package contract defines mergeplay's one request and one response: the JSON the page's worker,
// the terminal front door and the tests all speak.
//
// A Request names a mode and carries the three inputs as YAML text plus options; omitted options
// take kubectl's defaults (see DefaultOptions). A Response always carries every key: empty strings
// and empty arrays, never null. Version is bumped whenever a change would break a reader; additions
// keep it.
package contract
