package merge3

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/modes/merge3/ynode"
)

// TestClassifyComment checks which row of commentReadings each kind of comment text takes.
func TestClassifyComment(t *testing.T) {
	defs := testSchemas(t)
	tests := []struct {
		text string
		want commentKind
	}{
		{` just words`, commentPlain},
		{` {}`, commentPlain},
		{` ["a list"]`, commentPlain},
		{` {"$openapi":"replicas"}`, commentSetter},
		{` {"$openapi":""}`, commentInline},
		{` {"$ref":"#/definitions/io.k8s.api.core.v1.PodSpec"}`, commentDefinition},
		{` {"$ref":"#/definitions/unknown","type":"array"}`, commentInline},
		{` {"description":"a note"}`, commentInline},
	}
	for _, tt := range tests {
		if got, _ := classifyComment(tt.text, defs); got != tt.want {
			t.Errorf("classifyComment(%q) = %d, want %d", tt.text, got, tt.want)
		}
	}
	if len(commentReadings) != 4 {
		t.Errorf("commentReadings has %d rows, want one per kind (4)", len(commentReadings))
	}
}

// TestDeclaringComment checks that the line comment wins over the head comment.
func TestDeclaringComment(t *testing.T) {
	tests := []struct {
		node   *ynode.Node
		want   string
		wantOK bool
	}{
		{nil, "", false},
		{&ynode.Node{}, "", false},
		{&ynode.Node{HeadComment: "# head"}, " head", true},
		{&ynode.Node{LineComment: "# line", HeadComment: "# head"}, " line", true},
	}
	for i, tt := range tests {
		if got, ok := declaringComment(tt.node); got != tt.want || ok != tt.wantOK {
			t.Errorf("row %d: declaringComment = %q, %v; want %q, %v", i, got, ok, tt.want, tt.wantOK)
		}
	}
}
