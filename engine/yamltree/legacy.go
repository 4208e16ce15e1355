package yamltree

// While this package's own reader (read.go) replaces the one built on goccy/go-yaml (parse.go,
// build.go), both are kept and compared on every input the tests know (compare_test.go).

// readerKind chooses the reader of a stream.
type readerKind uint8

const (
	defaultReader readerKind = iota
	goccyReader
	ownReader
)

// readAny reads one document with the reader opts asks for.
func readAny(input Input, c chunk, opts Options, budget *int, b *blocks) (*Document, error) {
	if opts.reader == goccyReader {
		return parseChunk(input, c, opts, budget)
	}
	if err := checkSeparator(input, c, opts.Rules); err != nil {
		return nil, err
	}
	return readChunk(input, c, opts, budget, b)
}

// ParseGoccy reads as Parse does, with the reader built on goccy/go-yaml's parser.
func ParseGoccy(input Input, text string, opts Options) ([]*Document, error) {
	opts.reader = goccyReader
	return Parse(input, text, opts)
}

// ParseOwn reads as Parse does, with this package's own reader.
func ParseOwn(input Input, text string, opts Options) ([]*Document, error) {
	opts.reader = ownReader
	return Parse(input, text, opts)
}
