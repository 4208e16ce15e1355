package browsertest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/examples"
)

// Where the result pane draws deleted fields: where the engine's place says, inside their own
// resource and their own item (issue 16: two blocks a newcomer met piled in the wrong place).

// listLive is live as `kubectl get deploy,svc -o yaml` prints it: a List whose items carry
// kubectl's last-applied annotation.
const listLive = `apiVersion: v1
items:
- apiVersion: apps/v1
  kind: Deployment
  metadata:
    annotations:
      deployment.kubernetes.io/revision: "1"
      kubectl.kubernetes.io/last-applied-configuration: |
        {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"minReadySeconds":5,"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.25","name":"web"}]}}}}
    creationTimestamp: "2026-01-05T10:00:00Z"
    generation: 1
    name: web
    namespace: default
    resourceVersion: "4211"
    uid: 5b7c4f0e-3a1d-4c5e-9f7a-2d9c8e1b6a01
  spec:
    minReadySeconds: 5
    progressDeadlineSeconds: 600
    replicas: 2
    selector:
      matchLabels:
        app: web
    template:
      metadata:
        labels:
          app: web
      spec:
        containers:
        - image: nginx:1.25
          name: web
- apiVersion: v1
  kind: Service
  metadata:
    annotations:
      kubectl.kubernetes.io/last-applied-configuration: |
        {"apiVersion":"v1","kind":"Service","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"ports":[{"port":80}],"selector":{"app":"web"},"publishNotReadyAddresses":true}}
    creationTimestamp: "2026-01-05T10:00:00Z"
    name: web
    namespace: default
    resourceVersion: "4215"
    uid: 0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f
  spec:
    clusterIP: 10.96.14.2
    ports:
    - port: 80
      protocol: TCP
      targetPort: 80
    selector:
      app: web
    publishNotReadyAddresses: true
    sessionAffinity: None
    type: ClusterIP
kind: List
metadata:
  resourceVersion: ""
`

// listConfig drops minReadySeconds from the Deployment and publishNotReadyAddresses from the
// Service (not sessionAffinity: the API server would write its default back).
const listConfig = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - image: nginx:1.25
        name: web
---
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: default
spec:
  ports:
  - port: 80
  selector:
    app: web
`

// TestDeletedFieldsOfAListLive: live a List (kubectl get deploy,svc -o yaml); each struck deleted
// line is drawn inside its own resource, at the result's indentation, not piled after the last.
func TestDeletedFieldsOfAListLive(t *testing.T) {
	h := setup(t)
	state, err := json.Marshal(map[string]string{"mode": "apply", "original": "", "updated": listConfig, "live": listLive})
	if err != nil {
		t.Fatal(err)
	}
	p := modeTab(t, h, "/#s=1."+deflateURL(state))
	resp := answer(t, &contract.Request{Mode: "apply", Options: contract.DefaultOptions(), Updated: listConfig, Live: listLive})
	lines := p.resultLines()
	checkMarks(t, &examples.Example{Name: "a List as live"}, resp, lines)
	separator := indexOf(lines, func(l shownLine) bool { return !l.Deleted && l.Text == "---" })
	if separator < 0 {
		t.Fatalf("no document separator in the result pane:\n%s", paneText(lines))
	}
	for _, want := range []struct {
		text        string
		inService   bool
		underParent string
	}{
		{"  minReadySeconds: 5", false, "spec:"},
		{"  publishNotReadyAddresses: true", true, "spec:"},
	} {
		at := indexOf(lines, func(l shownLine) bool { return l.Deleted && l.Text == want.text })
		switch {
		case at < 0:
			t.Errorf("no struck line %q (moved to the result's indentation):\n%s", want.text, paneText(lines))
		case (at > separator) != want.inService:
			t.Errorf("struck %q is drawn in the other resource (separator at %d, it at %d):\n%s", want.text, separator, at, paneText(lines))
		case !within(lines, at, want.underParent):
			t.Errorf("struck %q is not inside %q of its resource:\n%s", want.text, want.underParent, paneText(lines))
		}
	}
	if last := lines[len(lines)-1]; last.Deleted {
		t.Errorf("struck lines piled after the last resource:\n%s", paneText(lines))
	}
	p.expectNoProblems()
}

// TestDeletedFieldsOfAKeptItem: #example=merge3-removed-item-kept-partly; the metrics sidecar's
// deleted image and ports are struck inside the sidecar (the item kyaml keeps partly), not inside
// the api container.
func TestDeletedFieldsOfAKeptItem(t *testing.T) {
	h := setup(t)
	ex := exampleNamed(t, "merge3-removed-item-kept-partly")
	p := modeTab(t, h, "/#example="+ex.Name)
	lines := p.resultLines()
	checkMarks(t, ex, answer(t, ex.Request), lines)
	api := indexOf(lines, func(l shownLine) bool { return !l.Deleted && l.Text == "      - name: api" })
	sidecar := indexOf(lines, func(l shownLine) bool {
		return !l.Deleted && strings.HasPrefix(l.Text, "      - ") && l.Text != "      - name: api"
	})
	if api < 0 || sidecar < api {
		t.Fatalf("the two containers are not in the result pane:\n%s", paneText(lines))
	}
	var struck []string
	for i, l := range lines {
		if !l.Deleted {
			continue
		}
		struck = append(struck, strings.TrimSpace(l.Text))
		if i < sidecar {
			t.Errorf("struck %q is drawn before the sidecar's item (inside the api container):\n%s", l.Text, paneText(lines))
		}
		if !strings.HasPrefix(l.Text, "        ") {
			t.Errorf("struck %q does not stand inside the sidecar's item:\n%s", l.Text, paneText(lines))
		}
	}
	if want := "image: exporter:0.9|ports:|- containerPort: 9100"; strings.Join(struck, "|") != want {
		t.Errorf("struck lines %q, want %q", strings.Join(struck, "|"), want)
	}
	p.expectNoProblems()
}

func indexOf(lines []shownLine, match func(shownLine) bool) int {
	for i, l := range lines {
		if match(l) {
			return i
		}
	}
	return -1
}

// within reports whether the line at index at stands in the block opened by the nearest line
// above it that reads parent (at a smaller indentation, with nothing less indented between).
func within(lines []shownLine, at int, parent string) bool {
	indent := func(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
	for i := at - 1; i >= 0; i-- {
		if lines[i].Deleted {
			continue
		}
		if indent(lines[i].Text) < indent(lines[at].Text) {
			return strings.TrimSpace(lines[i].Text) == parent
		}
	}
	return false
}

func paneText(lines []shownLine) string {
	var b strings.Builder
	for _, l := range lines {
		prefix := "  "
		if l.Deleted {
			prefix = "- "
		}
		b.WriteString(prefix + l.Text + "\n")
	}
	return b.String()
}
