package quantity

import "testing"

// observed are quantities sent as strings and the text kube-apiserver v1.37.2 stored for them
// (kubectl create --dry-run=server of a PodTemplate's containers' requests, 2026-12-06; the
// fractional ones also from the server's "must be an integer" refusals of an extended
// resource, which quote the stored text).
var observed = [][2]string{
	{"0.0001", "1m"}, {"1.0001", "1001m"}, {"1n", "1m"}, {"100u", "1m"}, {"0.5m", "1m"},
	{"1.5Ki", "1536"}, {"1.1Ki", "1126400m"}, {"1Ei", "1Ei"}, {"7Ei", "7Ei"}, {"1e-3", "1e-3"},
	{"1.5e3", "1500"}, {"15e2", "1500"}, {"1e4", "10e3"}, {"+1", "+1"}, {"1.000", "1"}, {"01", "01"},
	{"0", "0"}, {"0Gi", "0"}, {"0.0", "0"}, {"1e0", "1e0"}, {"2e-1", "200e-3"},
	{"0.000000001", "1m"}, {"0.0000000001", "1m"}, {"1.5n", "1m"}, {"1500u", "2m"}, {"1000m", "1"},
	{"1000n", "1m"}, {"1000000u", "1"}, {"12e-9", "1e-3"}, {"1e-12", "1e-3"}, {"100Ki", "100Ki"},
	{"1024Ki", "1Mi"}, {"1048576Ki", "1Gi"}, {"0.5Ei", "512Pi"}, {"1e18", "1e18"}, {"1e19", "10e18"},
	{"9223372036854775807", "9223372036854775807"}, {"99999999999999999999", "99999999999999999999"},
	{"1.1e20", "110e18"}, {"123456789012345678901234567890", "123456789012345678901234567890"},
	{"5E-3", "5E-3"}, {"1k", "1k"}, {"1.5k", "1500"}, {"1.5M", "1500k"}, {"1.23456789k", "1234568m"},
	{"2Ki", "2Ki"}, {"1e3", "1e3"}, {"1000e0", "1e3"}, {"1E3", "1E3"}, {"1.5E3", "1500"}, {"0e3", "0"},
	{"0m", "0"}, {"0Ki", "0"}, {"1.5e-3", "2e-3"}, {"1e-2", "10e-3"}, {"1e1", "10"}, {"1e2", "100"},
	{"100e-1", "10"}, {"1m", "1m"}, {"10m", "10m"}, {"1000000000m", "1M"}, {"1.5", "1500m"},
	{"2.50", "2500m"}, {"1Mi", "1Mi"}, {"1.5Mi", "1536Ki"}, {"0.25Ki", "256"}, {"0.3Ki", "307200m"},
	{"1.5Ti", "1536Gi"}, {"10M", "10M"}, {"1000M", "1G"}, {"0.5Gi", "512Mi"}, {"1536Mi", "1536Mi"},
	{"0.1Gi", "107374182400m"}, {"1000", "1k"}, {"1024", "1024"}, {"12345678", "12345678"},
	{"1.25Mi", "1280Ki"}, {"3Ti", "3Ti"}, {"0.001", "1m"}, {"1000k", "1M"}, {"5e-3", "5e-3"},
	{"129e6", "129e6"}, {"0.5Ki", "512"}, {"2048Ki", "2Mi"}, {"100m", "100m"}, {"0.1", "100m"},
	{"1E4", "10e3"}, {"1.5E-3", "2e-3"}, {".5", "500m"}, {"5.", "5."}, {"00", "0"}, {"+0", "0"},
	{"1.5E6", "1500e3"}, {"1e-4", "1e-3"}, {"0.5Mi", "512Ki"}, {"0100", "0100"}, {"1000Ki", "1000Ki"},
	{"1e+3", "1e+3"}, {"1e+2", "100"}, {"100000", "100k"},
}

func TestCanonicalAsObserved(t *testing.T) {
	for _, c := range observed {
		got, ok := Canonical(c[0])
		if !ok || got != c[1] {
			t.Errorf("Canonical(%q) = %q, %v; the server stores %q", c[0], got, ok, c[1])
		}
	}
}

// TestNotRead: the server refuses these ("quantities must match the regular expression"), or
// they are past the package's arithmetic: left as written.
func TestNotRead(t *testing.T) {
	for _, s := range []string{"", "k", "1.2.3", "1Kb", "Gi", "1e", "1ee3", "abc", "20Ei", "99999999999999999999Ki"} {
		if got, ok := Canonical(s); ok || got != s {
			t.Errorf("Canonical(%q) = %q, %v; want it left as written", s, got, ok)
		}
	}
}

func FuzzCanonical(f *testing.F) {
	for _, c := range observed {
		f.Add(c[0])
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := Canonical(s)
		if !ok {
			return
		}
		again, ok2 := Canonical(got)
		if !ok2 || again != got {
			t.Errorf("Canonical(%q) = %q, which is stored as %q, %v", s, got, again, ok2)
		}
	})
}
