package conformance

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/mergeplay/mergeplay/engine/quantity"
)

var (
	quantitySeed  = flag.Uint64("quantity.seed", 20261207, "seed of the random quantities TestQuantity compares")
	quantityCases = flag.Int("quantity.cases", 40000, "number of random quantities TestQuantity compares")
)

// quantityParts are the pieces TestQuantity writes its quantities from: every sign, mantissa
// and suffix in turn, then random ones.
var quantityParts = struct{ signs, mantissas, suffixes []string }{
	signs: []string{"", "+", "-"},
	mantissas: []string{
		"0", "0.0", "00", "1", "01", "001.500", "5", "5.", ".5", "8", "12", "16", "100", "512",
		"1000", "1001", "1024", "1536", "2048", "64000", "1000000", "1048576", "0.5", "0.500",
		"0.25", "1.1", "1.5", "1.500", "1.250", "10.000", "2.5", "62.5", "3.90625", "0.0001",
		"1.0001", "1.000", "0.000000001", "999.9999", "123456789", "12345678901", "123456789012",
		"123456789012345678", "1234567890123456789", "9223372036854775807",
		"9223372036854775808", "18446744073709551616", "99999999999999999999999", "1.", "",
	},
	suffixes: []string{
		"", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
		"e0", "e3", "e-3", "E2", "e+3", "e-1", "e-6", "e18", "e19", "e21", "e-9", "K", "mi", "e",
	},
}

// TestQuantity compares package quantity with apimachinery's resource.Quantity, the type the API
// server decodes a quantity into and writes back: Decoded with ParseQuantity, then RoundUp to
// thousandths (what the server's defaulting does to every resource list: observed, see
// engine/quantity's doc), then the JSON it marshals; Canonical with the same twice (the server
// reads what it stored back before it answers); CanonicalField with ParseQuantity alone, twice.
// Every sign, mantissa and suffix of quantityParts in turn, then -quantity.cases random
// quantities.
func TestQuantity(t *testing.T) {
	p := quantityParts
	var all []string
	for _, sign := range p.signs {
		for _, m := range p.mantissas {
			for _, suffix := range p.suffixes {
				all = append(all, sign+m+suffix)
			}
		}
	}
	r := rand.New(rand.NewPCG(*quantitySeed, 7))
	for range *quantityCases {
		all = append(all, randomQuantity(r))
	}
	compared, differences := 0, 0
	for _, s := range all {
		for _, way := range []struct {
			name           string
			ours           func(string) (string, bool)
			rounds, reread bool
		}{
			{"Decoded", quantity.Decoded, true, false},
			{"Canonical", quantity.Canonical, true, true},
			{"CanonicalField", quantity.CanonicalField, false, true},
		} {
			want, refused := referenceQuantity(s, way.rounds)
			if way.reread && !refused {
				want, refused = referenceQuantity(want, way.rounds)
			}
			got, ok := way.ours(s)
			compared++
			switch {
			case refused && ok:
				t.Errorf("%s(%q) = %q; the library refuses it", way.name, s, got)
			case !refused && (!ok || got != want):
				t.Errorf("%s(%q) = %q, %v; the library stores %q", way.name, s, got, ok, want)
			default:
				continue
			}
			if differences++; differences >= 40 {
				t.Fatalf("40 differences in %d comparisons: stopped", compared)
			}
		}
	}
	t.Logf("%d quantities, %d comparisons, %d differences", len(all), compared, differences)
}

// randomQuantity writes a quantity of random sign, digits, point and suffix: mostly ones the
// server reads, now and then one it refuses.
func randomQuantity(r *rand.Rand) string {
	var b strings.Builder
	switch r.IntN(6) {
	case 0:
		b.WriteByte('-')
	case 1:
		b.WriteByte('+')
	}
	digits := 1 + r.IntN(12)
	if r.IntN(5) == 0 {
		digits = 1 + r.IntN(26)
	}
	point := -1
	if r.IntN(3) == 0 {
		point = r.IntN(digits + 1)
	}
	for i := range digits {
		if i == point {
			b.WriteByte('.')
		}
		d := byte('0' + r.IntN(10))
		if r.IntN(3) == 0 {
			d = '0' // zeros often: multiples of 1000 and of 8, leading zeros
		}
		b.WriteByte(d)
	}
	if point == digits {
		b.WriteByte('.')
	}
	suffixes := quantityParts.suffixes
	if r.IntN(4) == 0 {
		b.WriteString([]string{"e", "E"}[r.IntN(2)] + strconv.Itoa(r.IntN(50)-25))
	} else {
		b.WriteString(suffixes[r.IntN(len(suffixes))])
	}
	return b.String()
}

// referenceQuantity is the text apimachinery writes for the quantity s, rounded up to thousandths
// first or not, or refused.
func referenceQuantity(s string, roundUp bool) (stored string, refused bool) {
	q, err := resource.ParseQuantity(s)
	if err != nil {
		return "", true
	}
	if roundUp {
		q.RoundUp(resource.Milli)
	}
	b, err := json.Marshal(q)
	if err != nil {
		return "", true
	}
	if err := json.Unmarshal(b, &stored); err != nil {
		return "", true
	}
	return stored, false
}
