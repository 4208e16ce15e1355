package jsonwire

import "strconv"

// Number is a number as its JSON text writes it ("1", "-0.5e3").
type Number string

// Value reads data, one JSON value and nothing after it but white space, as encoding/json's
// Unmarshal into an `any` reads it: objects as map[string]any, arrays as []any, strings,
// float64 numbers (one out of float64's range is an error), bools and nil.
func Value(data []byte) (any, error) {
	return wholeValue(data, func(text string) (any, error) {
		return strconv.ParseFloat(text, 64)
	})
}

// ValueKeepingNumbers reads data as Value does, but keeps each number as written (a Number),
// as encoding/json's Decoder.UseNumber does.
func ValueKeepingNumbers(data []byte) (any, error) {
	return wholeValue(data, func(text string) (any, error) { return Number(text), nil })
}

// wholeValue reads data as one value, converting numbers with number.
func wholeValue(data []byte, number func(text string) (any, error)) (any, error) {
	r := NewReader(data)
	v, err := r.value(number)
	if err != nil {
		return nil, err
	}
	if !r.AtEnd() {
		return nil, r.Errorf("unexpected data after the value")
	}
	return v, nil
}

// value reads any value, converting numbers with number.
func (r *Reader) value(number func(text string) (any, error)) (any, error) {
	switch c := r.next(); {
	case c == '{':
		m := map[string]any{}
		err := r.Object(func(key string) error {
			v, err := r.value(number)
			m[key] = v
			return err
		})
		return m, err
	case c == '[':
		l := []any{}
		err := r.Array(func() error {
			v, err := r.value(number)
			l = append(l, v)
			return err
		})
		return l, err
	case c == '"':
		return r.String()
	case c == '-' || isDigit(c):
		return r.convertedNumber(number)
	case r.Null():
		return nil, nil
	}
	return r.Bool()
}

// convertedNumber reads a number and converts it; a number that does not convert is an error
// at its start.
func (r *Reader) convertedNumber(number func(text string) (any, error)) (any, error) {
	start := r.at
	text, err := r.number()
	if err != nil {
		return nil, err
	}
	v, convErr := number(text)
	if convErr != nil {
		r.at = start
		return nil, r.Errorf("the number " + text + " is out of range")
	}
	return v, nil
}
