package apiserver

import (
	"strconv"
	"strings"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// A Service's IP families and cluster IPs are checked before anything else of the object, its
// metadata included, and when they fail nothing else is (observed with kube-apiserver v1.37.2,
// run-apiserver.sh, 2026-12-06, kubectl create --dry-run=server and kubectl patch;
// TestServiceIPsAsObserved):
//   - an ipFamilies item that is neither IPv4 nor IPv6;
//   - a clusterIP that is neither "", None nor an IP address, told of clusterIPs[0] (the server
//     copies clusterIP there first);
//   - on an update, a clusterIP set to another address than live's ("may not change once set",
//     the value written as clusterIPs' list);
//   - a clusterIPs item (after the first, which clusterIP's check covers when it is set) that is
//     neither "", None nor an IP address (make apiserver-diff seed 3, patch-14).
//
// Not modelled: an address outside the cluster's service range (`failed to allocate IP`, which
// depends on the cluster), clusterIPs that disagree with clusterIP or ipFamilies, a second
// address on a single-stack cluster.

// serviceIPs returns the refusal of a Service's IP families and cluster IPs, nil when they pass.
func serviceIPs(obj Object) *Refusal {
	if obj.APIVersion != "v1" || obj.Kind != "Service" {
		return nil
	}
	r := &Refusal{Kind: obj.Kind, Name: obj.Root.Lookup("metadata", "name").Str()}
	c := checker{r: r, root: obj.Root}
	for i := range itemsOf(obj.Root.Lookup("spec", "ipFamilies")) {
		c.enum([]string{"spec", "ipFamilies", strconv.Itoa(i)}, ipFamilies)
	}
	ip := obj.Root.Lookup("spec", "clusterIP")
	switch text := ip.Str(); {
	case !ip.IsScalar() || ip.IsNull() || text == "" || text == "None":
	case !isIP(text):
		r.Problems = append(r.Problems, Problem{Field: "spec.clusterIPs[0]",
			Detail: "Invalid value: " + strconv.Quote(text) + ": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
			At:     Place{Path: []string{"spec", "clusterIP"}}})
	case obj.Live != nil && changedIP(obj.Live.Lookup("spec", "clusterIP"), text):
		r.Problems = append(r.Problems, Problem{Field: "spec.clusterIPs[0]",
			Detail: "Invalid value: [" + strconv.Quote(text) + "]: may not change once set", At: Place{Path: []string{"spec", "clusterIP"}}})
	}
	for i, item := range itemsOf(obj.Root.Lookup("spec", "clusterIPs")) {
		if text := item.Str(); (i > 0 || ip == nil) && item.IsScalar() && !item.IsNull() && text != "" && text != "None" && !isIP(text) {
			r.Problems = append(r.Problems, Problem{Field: "spec.clusterIPs[" + strconv.Itoa(i) + "]",
				Detail: "Invalid value: " + strconv.Quote(text) + ": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
				At:     Place{Path: []string{"spec", "clusterIPs", strconv.Itoa(i)}}})
		}
	}
	if len(r.Problems) == 0 {
		return nil
	}
	return r
}

// changedIP reports whether live holds an address other than ip.
func changedIP(live *yamltree.Node, ip string) bool {
	was := live.Str()
	return live.IsScalar() && isIP(was) && was != ip
}

// isIP reports whether s is an IPv4 address (dotted decimal, leading zeros allowed) or an IPv6
// one (hexadecimal groups, one "::" at most, an IPv4 address last).
func isIP(s string) bool {
	if !strings.Contains(s, ":") {
		return isIPv4(s)
	}
	head, tail, compressed := strings.Cut(s, "::")
	if strings.Contains(tail, "::") {
		return false
	}
	groups := 0
	for i, part := range []string{head, tail} {
		if part == "" {
			continue
		}
		fields := strings.Split(part, ":")
		for j, f := range fields {
			last := i == 1 || !compressed
			if j == len(fields)-1 && last && strings.Contains(f, ".") {
				if !isIPv4(f) {
					return false
				}
				groups += 2
				continue
			}
			if _, err := strconv.ParseUint(f, 16, 16); err != nil || len(f) > 4 {
				return false
			}
			groups++
		}
	}
	return groups == 8 && !compressed || groups < 8 && compressed
}

// isIPv4 reports whether s is four decimal numbers up to 255, dotted.
func isIPv4(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if n, err := strconv.ParseUint(p, 10, 8); err != nil || len(p) > 3 || n > 255 {
			return false
		}
	}
	return true
}
