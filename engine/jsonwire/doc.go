// Package jsonwire reads and writes JSON text without reflection: the engine's request, its
// response and the few JSON texts users write into their YAML (kubectl's last-applied
// annotation, managedFields' fieldsV1, kpt's field metadata in comments).
//
// Encoding/json reads and writes through reflection, which takes a large share of the page's
// wasm. Here a caller says field by field what it reads or writes: a Reader hands out one value
// at a time (an object's keys one by one to a function that reads the value), a Writer appends
// keys and values, and a type that is written in a response implements Marshaler.
//
// What it reads, it reads as encoding/json does (checked on the same inputs by FuzzValue):
//
//   - the grammar of RFC 8259, white space being space, tab, newline and carriage return; objects
//     and arrays nest at most 10,000 deep;
//   - a repeated key: the last one wins;
//   - a string's invalid UTF-8: each invalid byte reads as U+FFFD; a \u escape of a lone UTF-16
//     surrogate reads as U+FFFD, a pair as one character;
//   - numbers: Value converts them to float64 (one out of float64's range is an error),
//     ValueKeepingNumbers keeps them as written (Number).
//
// What it writes, it writes as encoding/json does with HTML escaping off ('<', '>' and '&' as
// themselves): the escapes \" \\ \b \f \n \r \t, \u00XX for the other control characters,
// \u2028 and \u2029 for the line and paragraph separators, \ufffd for each byte of invalid
// UTF-8; a map's keys sorted; a nil slice as null.
package jsonwire
