// Package managed tracks who owns which fields of an object, and runs server-side apply and
// updates on it as the API server does.
//
// Two layers, kept apart as the references keep them:
//
//   - The updater (updater.go) is structured-merge-diff's merge.Updater: ApplyConfig merges a
//     config into live, makes the applier's set exactly what it applied, prunes what it stopped
//     applying (unless someone else owns it), and finds conflicts with every other manager;
//     RecordUpdate moves ownership of whatever changed to the updater. Managers are keyed by an
//     opaque name.
//   - The field manager (fieldmanager.go) is k8s.io/apimachinery's managedfields.FieldManager with
//     its default steps: managedFields read from and written to the object (FieldsV1, one entry
//     per manager, operation and API version, with the time), manager identifiers, the
//     before-first-apply manager for objects that have none, the apiVersion / kind / metadata
//     fields no one may own, the client-side-apply hand-over for the "kubectl" manager (the
//     last-applied annotation both forgives conflicts and is kept up to date), and the cap of ten
//     update entries (older ones merged into "ancient-changes").
//
// Objects are yamltree nodes; types come from engine/schema. The package holds no state: every
// call takes the managers (or the object carrying them) and returns new ones.
//
// What it leaves out: version conversion (every manager is read at the object's own version, as
// the references' test helpers do), defaulting, the reset fields of subresources (status), and
// the request-level checks of the API server (names, validation beyond the schema's shapes).
package managed
