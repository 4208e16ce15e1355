package reproduce

import (
	"strings"

	"github.com/mergeplay/mergeplay/engine/internal/incomparable"
	"github.com/mergeplay/mergeplay/engine/shell"
	"github.com/mergeplay/mergeplay/engine/stream"
)

// A cluster gives each object it creates a uid of its own, so live's uid as given is not the
// test cluster's: a config or a patch that carries it (kubectl get -o yaml, edited, then kubectl
// replace) would meet a uid precondition or an immutable uid that the user's cluster, where
// they are the same, does not (observed on kube-apiserver v1.37.2: make apiserver-diff seed 4,
// ssa-1, `Precondition failed: UID in precondition`). The script reads each created object's
// uid into a variable and writes it where the operation carries live's.

// clusterUID is a live object's uid as given and the shell variable holding the cluster's.
type clusterUID struct {
	_               incomparable.Field
	given, variable string
}

// readUID reads the uid the cluster gave live object n (created from r) into uid_N, when the
// request's updated input carries r's uid as given and it is one a script can find and replace
// (letters, digits and dashes).
func (s *script) readUID(n string, r *stream.Resource) {
	given := r.Root.Lookup("metadata", "uid").Str()
	if given == "" || !strings.Contains(s.in.Request.Updated, given) ||
		strings.Trim(given, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != "" {
		return
	}
	v := "uid_" + n
	s.line(v + "=$(kubectl get " + target(r.ID) + " -o jsonpath='{.metadata.uid}')")
	s.uids = append(s.uids, clusterUID{given: given, variable: v})
}

// withClusterUIDs rewrites, in file name whose text is given, live's uids as given as the
// cluster's.
func (s *script) withClusterUIDs(name, text string) {
	for _, u := range s.uids {
		if strings.Contains(text, u.given) {
			tmp := shell.Quote(name + ".uid")
			s.line(`sed "s/` + u.given + `/$` + u.variable + `/g" ` + shell.Quote(name) + " >" + tmp + " && mv " + tmp + " " + shell.Quote(name))
		}
	}
}

// lineWithClusterUIDs is a command line with live's uids as given written as the cluster's: a
// uid inside single quotes closes them around the variable.
func (s *script) lineWithClusterUIDs(line string) string {
	for _, u := range s.uids {
		if !strings.Contains(line, u.given) {
			continue
		}
		var b strings.Builder
		quoted := false
		for i := 0; i < len(line); {
			switch {
			case strings.HasPrefix(line[i:], u.given) && quoted:
				b.WriteString(`'"$` + u.variable + `"'`)
				i += len(u.given)
			case strings.HasPrefix(line[i:], u.given):
				b.WriteString(`"$` + u.variable + `"`)
				i += len(u.given)
			default:
				if line[i] == '\'' {
					quoted = !quoted
				}
				b.WriteByte(line[i])
				i++
			}
		}
		line = b.String()
	}
	return line
}
