package dist

import (
	"fmt"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/html"
	"github.com/tdewolff/minify/v2/svg"
)

// The media types the minifier knows.
const (
	mediaHTML = "text/html"
	mediaCSS  = "text/css"
	mediaSVG  = "image/svg+xml"
)

// newMinifier returns the HTML, CSS and SVG minifier. HTML keeps its document tags, end tags and
// quotes, which costs a few bytes and keeps the output easy to read and to inject into; a
// <script type="application/json"> is left alone since no JSON minifier is registered.
func newMinifier() *minify.M {
	m := minify.New()
	m.Add(mediaHTML, &html.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true, KeepDefaultAttrVals: true})
	m.Add(mediaCSS, &css.Minifier{})
	m.Add(mediaSVG, &svg.Minifier{})
	return m
}

// minifyAs minifies data of the given media type.
func minifyAs(m *minify.M, media, name string, data []byte) ([]byte, error) {
	out, err := m.Bytes(media, data)
	if err != nil {
		return nil, fmt.Errorf("minifying %s: %w", name, err)
	}
	return out, nil
}
