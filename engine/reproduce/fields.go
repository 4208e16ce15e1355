package reproduce

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

// fieldCheck is how the script compares one object: a kubectl jsonpath template that prints
// "path = value" for each compared field, the lines the result says it prints, and the fields
// left out.
type fieldCheck struct {
	template strings.Builder
	want     strings.Builder
	skipped  []string
	// exprs is the jsonpath expression of each field compared, by its path; paths their order.
	exprs map[string]string
	paths []string
}

// serverSet are the fields of an object the API server writes itself, never compared: they
// cannot be what the playground was given on a fresh cluster.
var serverSet = map[string]bool{
	".metadata.uid": true, ".metadata.resourceVersion": true, ".metadata.creationTimestamp": true,
	".metadata.generation": true, ".metadata.selfLink": true, ".status": true,
}

// checkObject walks a result object: every scalar (and empty map or list) is one line, a map
// holding a key jsonpath cannot name is compared whole as JSON.
func checkObject(root *yamltree.Node) *fieldCheck {
	c := &fieldCheck{exprs: map[string]string{}}
	c.walk(root, "", "")
	return c
}

// walk adds the fields under n: path is the field's path as the script prints it, expr its
// jsonpath expression.
func (c *fieldCheck) walk(n *yamltree.Node, path, expr string) {
	if serverSet[path] || strings.HasPrefix(path, ".metadata.managedFields[") && strings.HasSuffix(path, "].time") {
		c.skipped = append(c.skipped, path)
		return
	}
	switch {
	case n.IsMap() && len(n.Fields) > 0 && namesAll(n):
		for _, f := range n.Fields {
			c.walk(f.Value, path+"."+f.Name(), expr+"."+jsonpathName(f.Name()))
		}
	case n.IsList() && len(n.Items) > 0:
		for i, item := range n.Items {
			c.walk(item, path+"["+strconv.Itoa(i)+"]", expr+"["+strconv.Itoa(i)+"]")
		}
	default:
		value, ok := printedValue(n)
		if !ok {
			c.skipped = append(c.skipped, path)
			return
		}
		c.add(path, expr, value)
	}
}

// add compares one field: the template prints its label, its value and the newline that ends the
// template's line (kubectl prints a template file's text between the braces as it is, newlines
// included: observed with kubectl v1.37.2 against kube-apiserver, scripts/reproduce), want holds
// the same.
func (c *fieldCheck) add(path, expr, value string) {
	label := path + " = "
	c.template.WriteString("{" + jsonpathString(label) + "}{" + expr + "}\n")
	c.want.WriteString(label + value + "\n")
	c.exprs[path] = expr
	c.paths = append(c.paths, path)
}

// absentSince adds the fields of before that the object no longer holds, each compared with
// nothing: kubectl's jsonpath prints nothing for a key the object lacks. Fields inside lists are
// left out (an index past a list's end is an error, not nothing), and so are those whose place
// the object fills otherwise (a field below them, or a value in place of their map).
func (c *fieldCheck) absentSince(before *fieldCheck) {
	for _, path := range before.paths {
		if !strings.Contains(path, "[") && !c.fills(path) {
			c.add(path, before.exprs[path], "")
		}
	}
}

// fills reports whether the check compares path, a field below it or one above it.
func (c *fieldCheck) fills(path string) bool {
	for _, p := range c.paths {
		if p == path || strings.HasPrefix(p, path+".") || strings.HasPrefix(path, p+".") {
			return true
		}
	}
	return false
}

// namesAll reports whether jsonpath can name every key of a map.
func namesAll(m *yamltree.Node) bool {
	for _, f := range m.Fields {
		if !nameable(f.Name()) {
			return false
		}
	}
	return true
}

// escaped are the characters a jsonpath field name holds behind a backslash; letters, digits,
// _ - / ' " and other Unicode letters stand as they are; any other character cannot be named
// (observed with client-go's jsonpath v0.37.2, which kubectl uses: scripts/conformance/kubectlout).
const escaped = ". {}[]"

// nameable reports whether jsonpath's dot notation can name key.
func nameable(key string) bool {
	if key == "" {
		return false
	}
	for _, r := range key {
		if !plainNameRune(r) && !strings.ContainsRune(escaped, r) {
			return false
		}
	}
	return true
}

func plainNameRune(r rune) bool {
	return r == '_' || r == '-' || r == '/' || r == '\'' || r == '"' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// jsonpathName writes a key for jsonpath's dot notation.
func jsonpathName(key string) string {
	var b strings.Builder
	for _, r := range key {
		if strings.ContainsRune(escaped, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// jsonpathString writes a jsonpath string literal.
func jsonpathString(s string) string {
	return `"` + replaceBytes(s, `\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`) + `"`
}

// printedValue is how kubectl's jsonpath prints a value of the object the cluster returns: a
// string as it is, a number as Go prints an int64 or a float64, true, false, null, an empty map
// {} and an empty list [], a map as compact JSON with sorted keys.
func printedValue(n *yamltree.Node) (string, bool) {
	switch {
	case n.IsMap() && len(n.Fields) == 0:
		return "{}", true
	case n.IsList():
		return "[]", true
	case n.IsMap():
		text, err := yamltree.SortedJSON(n)
		return text, err == nil
	}
	switch n.Tag {
	case yamltree.StrTag:
		return n.Value, true
	case yamltree.NullTag:
		return "null", true
	case yamltree.BoolTag:
		return n.Value, n.Value == "true" || n.Value == "false"
	case yamltree.IntTag:
		i, err := strconv.ParseInt(n.Value, 10, 64)
		return strconv.FormatInt(i, 10), err == nil
	default:
		f, err := strconv.ParseFloat(n.Value, 64)
		if err == nil && f == float64(int64(f)) && f < 1<<53 && f > -(1<<53) {
			return strconv.FormatInt(int64(f), 10), true
		}
		return strconv.FormatFloat(f, 'g', -1, 64), err == nil
	}
}
