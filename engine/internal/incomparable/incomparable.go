// Package incomparable holds the field that makes a struct incomparable.
//
// Go writes an equality function for every comparable struct whose type the program links (an
// allocation of the struct is enough), whether or not anything compares it: in the wasm each
// weighs a few hundred bytes of code beside its tables (docs/performance.md, "The wasm's size").
// A struct that nothing compares with == and that is never a map key starts with a blank Field,
// and Go writes none for it.
package incomparable

// Field, as a struct's first field (`_ incomparable.Field`), makes the struct incomparable: == on
// it, or on a struct or array holding it, and its use as a map key fail to compile. It takes no
// room: a zero-size field is padded only when it comes last.
type Field [0]func()
