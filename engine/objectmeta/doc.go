// Package objectmeta checks a config's metadata as `kubectl apply -f` decodes it: before any
// merge, kubectl reads each document's metadata as the Kubernetes ObjectMeta type, and a value of
// the wrong JSON type anywhere in it refuses that document with Go's JSON decoding message:
//
//	error: unable to decode "t.yaml": json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.annotations of type string
//
// This holds for client-side and server-side apply, with every --validate value, for built-in
// kinds and custom resources alike (observed with kubectl and kube-apiserver v1.37.2,
// scripts/reproduce/run-apiserver.sh, 2026-11-26). The messages for every field, and which of
// several problems kubectl names, were observed by decoding into apimachinery v0.37.2's
// ObjectMeta as the reference reading does (scripts/conformance/applydiff/objectmeta.go).
//
// What ObjectMeta expects is a table of our own (fields.go): field, JSON kind, the Go type the
// message names, and the fields of ownerReferences and managedFields items. Check walks a
// metadata map against it.
//
// What it is not: the API server's strict validation (package validate; an unknown metadata
// field is refused there, later), nor its checks of values (names, label syntax). Only JSON
// kinds, and the timestamps' RFC 3339 text.
//
// Surprises, all observed:
//   - kubectl's JSON has sorted keys, so of several values of the wrong type the first in key
//     order is named (annotations before labels before name), not the first in the file;
//   - a timestamp (creationTimestamp, deletionTimestamp, a managedFields entry's time) that is not
//     a string or does not parse stops the decoding at once: its message wins over a problem
//     found before it, and a bad timestamp's message is Go's time parsing error alone
//     (`parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as
//     "2006"`);
//   - a null is accepted anywhere (an annotation or a label null is read as "");
//   - a number into an integer field names its JSON text when it is not an int64
//     ("number 1.5", "number 1e+30"); 1.0 and 1e3 are integers there;
//   - a managedFields entry's fieldsV1 takes any JSON value.
package objectmeta
