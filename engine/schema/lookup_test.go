package schema

import "testing"

func TestLookup(t *testing.T) {
	set := mustLoad(t, dedent(`
		types:
		- name: root
		  map:
		    fields:
		    - name: items
		      type:
		        list:
		          elementType: {namedType: item}
		          elementRelationship: associative
		          keys: [name]
		    - name: labels
		      type:
		        map:
		          elementType: {scalar: string}
		    - name: matrix
		      type:
		        list:
		          elementType:
		            list:
		              elementType: {namedType: item}
		- name: item
		  map:
		    fields:
		    - name: name
		      type: {scalar: string}
		    - name: children
		      type:
		        list:
		          elementType: {namedType: item}
		          elementRelationship: associative
		          keys: [name]
	`), nil)
	root := set.Named("root")
	tests := []struct {
		path      []string
		wantField string
		wantType  string // Name, or the kind for an inline type, or "" for nil
	}{
		{nil, "", "root"},
		{[]string{"items"}, "items", "list"},
		{[]string{"items", "name"}, "name", "scalar"},
		{[]string{"items", "children", "children", "name"}, "name", "scalar"},
		{[]string{"labels", "app"}, "", "scalar"},
		{[]string{"matrix", "name"}, "name", "scalar"},
		{[]string{"missing"}, "", ""},
		{[]string{"items", "name", "deeper"}, "", ""},
	}
	for _, tt := range tests {
		f, typ := root.Lookup(tt.path...)
		gotField, gotType := "", ""
		if f != nil {
			gotField = f.Name
		}
		if typ != nil {
			gotType = typ.Name
			if gotType == "" {
				gotType = typ.Kind.String()
			}
		}
		if gotField != tt.wantField || gotType != tt.wantType {
			t.Errorf("Lookup(%q) = %q, %q; want %q, %q", tt.path, gotField, gotType, tt.wantField, tt.wantType)
		}
	}
	if f, typ := (*Set)(nil).Lookup("v1", "Pod", "spec"); f != nil || typ != nil {
		t.Error("a nil set finds a path")
	}
}
