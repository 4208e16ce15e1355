// Package quantity writes a Kubernetes resource quantity ("500m", "0.5Gi", "1e3") as the API
// server stores it.
//
// The API server decodes a quantity (a container's cpu and memory, a claim's storage, a quota's
// limits: every field of type io.k8s.apimachinery.pkg.api.resource.Quantity) into a number and
// writes it back in a canonical form, so that `kubectl get` may show another text than the one
// applied: 0.5Gi is stored as 512Mi, 1000m as 1, 1.5 as 1500m. The rules below were observed
// with kube-apiserver v1.37.2 on 2026-12-06 (kubectl create --dry-run=server of containers'
// requests; the cases of quantity_test.go are its answers):
//
//   - A quantity written as an integer mantissa (no fractional digits; "5." counts as one) with
//     a suffix, whose value is already canonical for its suffix, is stored as written, sign and
//     leading zeros included ("+1", "0100", "1e+3", "5E-3"). Canonical: a binary suffix (Ki to
//     Ei, or none after one) and a mantissa not a multiple of 1024; a decimal suffix (m, none, k,
//     M, G, T, P, E) or an exponent that is a multiple of 3 from -3 up, and a mantissa not a
//     multiple of 1000; the value fits a signed 64-bit integer (of milli-units for "m").
//   - Any other is rewritten: zero is "0"; the value is rounded up to a whole number of
//     thousandths ("0.0001" and "1n" are "1m", "1.0001" is "1001m"); a binary quantity that is a
//     whole number of bytes is written with the largest binary suffix that keeps the mantissa
//     whole ("1024Ki" is "1Mi", "0.5Ki" is "512"), any other in the decimal form ("0.1Gi" is
//     "107374182400m"); a decimal quantity with the largest decimal suffix, or exponent, that
//     keeps the mantissa whole ("1000M" is "1G", "1e4" is "10e3", "2e-1" is "200e-3", "1.5e3" is
//     "1500").
//   - A YAML number is sent as JSON writes it (1e3 as 1000, 2.50 as 2.5), then read as above.
//
// A quantity the server refuses (one that does not match its syntax) and one too large for the
// package's arithmetic (a binary quantity past 2^64 bytes) are left as written: Canonical says
// so.
package quantity
