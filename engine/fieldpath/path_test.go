package fieldpath

import (
	"testing"

	"github.com/mergeplay/mergeplay/engine/yamltree"
)

func TestString(t *testing.T) {
	port := yamltree.NewScalar(yamltree.IntTag, "53")
	p := Path{}.Field("spec").Field("containers").Key("name", yamltree.NewString("nginx")).Field("ports").
		Append(Element{Keys: []KeyValue{{Name: "containerPort", Value: port}, {Name: "protocol", Value: yamltree.NewString("UDP")}}})
	if got, want := p.String(), `.spec.containers[name="nginx"].ports[containerPort=53,protocol="UDP"]`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	q := Path{}.Field("metadata").Field("finalizers").Item(yamltree.NewString("a/b"))
	if got, want := q.String(), `.metadata.finalizers[="a/b"]`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	if got := (Path{}).Field("args").Index(2).String(); got != ".args[2]" {
		t.Errorf("got %s", got)
	}
}

func TestAppendDoesNotShare(t *testing.T) {
	base := Path{}.Field("a")
	x := base.Field("x")
	y := base.Field("y")
	if x.String() != ".a.x" || y.String() != ".a.y" {
		t.Errorf("paths share storage: %s %s", x, y)
	}
}
