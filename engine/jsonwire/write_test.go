package jsonwire

import "testing"

// number is a Marshaler for the list tests.
type number int

func (n number) WriteJSON(w *Writer) { w.Int(int(n)) }

// TestWriteList checks that a list writes as encoding/json writes a slice, as a List's method and
// as WriteList alike: nil as null, empty as [], items in order.
func TestWriteList(t *testing.T) {
	for _, tc := range []struct {
		name string
		list []number
		want string
	}{
		{"nil", nil, "null"},
		{"empty", []number{}, "[]"},
		{"items", []number{1, 2, 3}, "[1,2,3]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var method, function Writer
			List[number](tc.list).WriteJSON(&method)
			WriteList(&function, tc.list)
			for _, w := range []*Writer{&method, &function} {
				if got, err := w.Bytes(); err != nil || string(got) != tc.want {
					t.Errorf("got %s (%v), want %s", got, err, tc.want)
				}
			}
		})
	}
}
