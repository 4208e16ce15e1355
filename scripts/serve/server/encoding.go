package server

import (
	"os"
	"sort"
	"strconv"
	"strings"
)

// encodings maps each content coding the server offers to the suffix of its precompressed
// sibling, best first in serverOrder.
var encodings = map[string]string{"br": ".br", "gzip": ".gz"}

// serverOrder is the order of preference between codings the client accepts equally.
var serverOrder = []string{"br", "gzip"}

// compressedSiblings lists the codings whose sibling of name exists.
func compressedSiblings(root *os.Root, name string) []string {
	var out []string
	for _, enc := range serverOrder {
		if info, err := root.Stat(name + encodings[enc]); err == nil && info.Mode().IsRegular() {
			out = append(out, enc)
		}
	}
	return out
}

// preferred returns the codings of available that an Accept-Encoding header accepts, the
// client's preference (q) first, then the server's order. A coding with q=0 is refused; "*"
// stands for every coding the header does not name.
func preferred(acceptEncoding string, available []string) []string {
	q := map[string]float64{}
	star, hasStar := 0.0, false
	for _, part := range strings.Split(acceptEncoding, ",") {
		coding, weight := parseCoding(part)
		switch coding {
		case "":
		case "*":
			star, hasStar = weight, true
		default:
			q[coding] = weight
		}
	}
	var out []string
	for _, enc := range available {
		w, named := q[enc]
		if !named && hasStar {
			w, named = star, true
		}
		if named && w > 0 {
			out = append(out, enc)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return weightOf(q, star, out[i]) > weightOf(q, star, out[j]) })
	return out
}

func weightOf(q map[string]float64, star float64, enc string) float64 {
	if w, ok := q[enc]; ok {
		return w
	}
	return star
}

// parseCoding reads one element of Accept-Encoding: "br", "gzip;q=0.5".
func parseCoding(part string) (string, float64) {
	coding, params, _ := strings.Cut(part, ";")
	coding = strings.ToLower(strings.TrimSpace(coding))
	weight := 1.0
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				weight = f
			}
		}
	}
	return coding, weight
}
