package dist

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// cssURL matches url(...) in a stylesheet, quoted or not.
var cssURL = regexp.MustCompile(`url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)`)

// stylesheet minifies a stylesheet of web/ after pointing its relative url(...) references at
// the fingerprinted files (every built file sits at dist's root, as the stylesheet does).
func (b *builder) stylesheet(ref string, data []byte) ([]byte, error) {
	var failed error
	rewritten := cssURL.ReplaceAllFunc(data, func(m []byte) []byte {
		sub := cssURL.FindSubmatch(m)
		target := string(sub[1]) + string(sub[2]) + string(sub[3])
		if target == "" || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "/") || strings.Contains(target, ":") {
			return m
		}
		name, ok, err := b.resolve(path.Join(path.Dir(ref), target), false)
		if err != nil && failed == nil {
			failed = fmt.Errorf("%s: url(%s): %w", ref, target, err)
		}
		if err != nil || !ok {
			return m
		}
		return []byte(`url(` + name + `)`)
	})
	if failed != nil {
		return nil, failed
	}
	return minifyAs(b.min, mediaCSS, ref, rewritten)
}
