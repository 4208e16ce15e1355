package yamltree

import (
	"math"
	"strconv"
	"strings"
)

// keyText is the string a map key becomes once data is untyped. Under YAML 1.1, as kubectl
// converts YAML to JSON (observed with apimachinery v0.37.2), a plain key like "on" becomes
// "true", 0x10 becomes "16", 1e3 "1000", .inf ".inf" and -.Inf "-.inf"; a null key (~, null)
// and an integer past 2^63 but within 2^64 are refused, as kubectl refuses them ("unsupported map
// key"); past 2^64 the key is a float, written with float32 precision. Under YAML 1.2 keys stay
// as written. problem says why a key is refused.
func (r Rules) keyText(k *Node) (text, problem string) {
	if r == YAML12 || (k.Style != Plain && k.ExplicitTag() == "") {
		return k.Value, ""
	}
	switch k.Tag {
	case BoolTag:
		return k.Canonical(), ""
	case IntTag:
		plain := strings.ReplaceAll(k.Value, "_", "")
		if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return strconv.FormatInt(i, 10), ""
		}
		if _, err := strconv.ParseUint(strings.TrimPrefix(plain, "+"), 0, 64); err == nil {
			return "", "kubectl refuses an integer key past 2^63 (unsupported map key of type uint64): quote it"
		}
		return floatKey(k), ""
	case FloatTag:
		return floatKey(k), ""
	case NullTag:
		return "", "kubectl refuses a null key (unsupported map key of type nil): quote it"
	}
	return k.Value, ""
}

// floatKey writes a float key as kubectl does: infinities and NaN as .inf, -.inf and .nan, other
// values with float32 precision.
func floatKey(k *Node) string {
	f, ok := k.Float()
	switch {
	case !ok:
		return k.Value
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	case math.IsNaN(f):
		return ".nan"
	}
	return strconv.FormatFloat(f, 'g', -1, 32)
}
