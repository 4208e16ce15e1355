// Package quantity writes a Kubernetes resource quantity ("500m", "0.5Gi", "1e3") as the API
// server stores it.
//
// The API server decodes a quantity (every field of type
// io.k8s.apimachinery.pkg.api.resource.Quantity) into a number and writes it back in a canonical
// form, so that `kubectl get` may show another text than the one applied: 0.5Gi is stored as
// 512Mi, 1000m as 1, 1.5 as 1500m. A resource list's values (a container's requests and limits,
// a claim's storage, a quota's hard limits: maps of quantities) are first rounded up to
// thousandths (Canonical); a quantity in a field of its own (an emptyDir's sizeLimit) is kept to
// billionths (CanonicalField). The server reads what it stored back before it answers (a
// create's or an apply's answer, a get), and the canonical form is not always canonical again,
// so what it answers is the quantity written twice by the rules below: 62.5Ki is written 64000,
// then 64k. Its validation messages quote the quantity written once (Decoded: "Invalid value:
// "-64000"" for -62.5Ki).
//
// The rules were observed with kube-apiserver v1.37.2 (scripts/reproduce/observe-quantities.sh:
// 327 quantities sent by kubectl create --dry-run=server as a container's cpu request and as an
// emptyDir's sizeLimit, testdata/observed.tsv, 2026-12-07), and hold for every quantity of
// scripts/conformance's TestQuantity, which compares the three functions with apimachinery
// v0.37.2's resource.Quantity (the type the server decodes into) on 44,000 quantities:
//
//   - Zero is "0", however written ("0.0", "0Gi", "-0"); so is a mantissa left empty ("+", ".",
//     "k", "-e3"), but for the suffixes Pi and Ei, which the server refuses without digits, as it
//     refuses "".
//   - A decimal quantity (a suffix n, u, m, none, k, M, G, T, P, E, or an exponent) is stored as
//     written, sign, leading zeros and point included ("+1", "0100", "5.", "1.500", "1e+3"), when
//     its mantissa's digits, point aside, make a number times a power of ten that is a multiple
//     of 3 from the floor up (from -3 in a list, -9 in a field), have at most 18 digits (leading
//     zeros aside), do not end in 000, and do not start with a point or a zero whole part ("0.500"
//     is rewritten).
//   - A binary quantity (Ki, Mi, Gi, Ti, Pi, Ei) is stored as written when its mantissa is whole
//     ("5." counts), is not a multiple of 8, and has at most 11 digits for Ki, 8 for Mi, 5 for Gi
//     and 2 for Ti (leading zeros aside); never for Pi and Ei.
//   - Any other is rewritten without its plus sign and leading zeros. A decimal quantity is
//     rounded up (away from zero) to a whole number of the floor's unit ("0.0001" and "1n" are
//     "1m" in a list; "1.5n" is "2n" in a field) and written with the largest power of a
//     thousand that keeps the mantissa whole, as a suffix ("1000M" is "1G", "1.5" is "1500m") or
//     as an exponent when it was written with one ("1e4" is "10e3", "2e-1" is "200e-3"); past E
//     the server writes no suffix at all (10000E is stored as "10", 1e21 written in full as "1").
//     A binary quantity is worth a number of bytes: a whole number from 1024 up is written with
//     the largest binary suffix that keeps the mantissa whole ("1024Ki" is "1Mi", "62.5Ki" is
//     "64000", then "64k"), one below 1024 or one not whole as a decimal quantity
//     ("0.9765625Ki" is "1k", "1.1Ki" is "1126400m"); from 2^63 bytes up it is stored as
//     9223372036854775807 ("8Ei", with its sign).
//   - A YAML number is sent as JSON writes it (1e3 as 1000, 2.50 as 2.5), then read as above.
//
// A quantity the server refuses (one that does not match its syntax) and one past the package's
// bound (a mantissa or an exponent past 1000 digits) are left as written: the functions say so.
package quantity
