package scale

import (
	"strings"
	"testing"
)

// TestReplicasAsKubectlReadsThem: --replicas is a count, 0 or more; kubectl's words in the error.
func TestReplicasAsKubectlReadsThem(t *testing.T) {
	tests := []struct {
		text string
		want int
		err  string
	}{
		{"7", 7, ""},
		{"0", 0, ""},
		{"", 0, "The --replicas=COUNT flag is required"},
		{"-1", 0, "COUNT must be greater than or equal to 0"},
		{"x", 0, `invalid argument "x" for "--replicas" flag`},
		{"9999999999", 0, "COUNT must be greater than or equal to 0"},
	}
	for _, tt := range tests {
		got, err := Replicas(tt.text)
		if tt.err == "" && (err != nil || got != tt.want) {
			t.Errorf("Replicas(%q) = %d, %v; want %d", tt.text, got, err, tt.want)
		}
		if tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("Replicas(%q): error %v, want one holding %q", tt.text, err, tt.err)
		}
	}
}
