package examples

import (
	"context"
	"os"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
)

// TestKptAppliesPastARefusal: kpt pkg update, then kubectl apply -f pkg/, of the inputs of
// apply-stream-one-refused (upstream before, upstream after, live with its last-applied
// annotations): the apply goes on past the refused Deployment as kubectl does, and kpt's update
// itself does not fail.
func TestKptAppliesPastARefusal(t *testing.T) {
	ex, err := LoadOne(os.DirFS("."), "apply-stream-one-refused")
	if err != nil {
		t.Fatal(err)
	}
	kpt := *ex.Request
	kpt.Mode = "kpt"
	resp := handler.Default().Handle(context.Background(), &kpt)
	refused, _ := resp.Extra[contract.RefusedKey].(contract.RefusedObjects)
	if len(resp.Errors) > 0 || len(refused) != 1 || refused[0].Resource != "apps/v1/Deployment/default/web" {
		t.Fatalf("errors %+v, extra.refused %+v", resp.Errors, refused)
	}
	if len(resp.Commands) != 2 || resp.Commands[0].Error != "" || resp.Commands[1].Error != refused[0].Printed || len(resp.Commands[1].Output) != 2 {
		t.Errorf("commands %+v", resp.Commands)
	}
}
