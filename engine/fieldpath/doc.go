// Package fieldpath names a field inside an object in structured-merge-diff's syntax, the one
// vocabulary of mergeplay's marks, conflicts and reasons:
//
//	.spec.template.spec.containers[name="nginx"].ports[containerPort=53,protocol="UDP"]
//	.metadata.finalizers[="example.com/cleanup"]
//	.spec.args[2]
//
// A field is ".name"; a list item is selected by its key fields (values as JSON), by its value
// ("[=value]", items of a set) or by its position ("[3]", items of an atomic list).
package fieldpath
