package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mergeplay/mergeplay/engine/contract"
	"github.com/mergeplay/mergeplay/engine/handler"
	"github.com/mergeplay/mergeplay/scripts/bench/pair"
)

// The realistic inputs the keystroke budgets are measured on (issue 16): a 10-resource app of
// about 300 config lines, and a stream of about 520 resources.

// appConfig is a web application as a team would apply it: Deployment, Service, ConfigMap,
// Ingress, HorizontalPodAutoscaler, ServiceAccount, Role, RoleBinding, PodDisruptionBudget and
// NetworkPolicy. {{image}} and {{replicas}} differ between last-applied and the config.
const appConfig = `apiVersion: v1
kind: ServiceAccount
metadata:
  name: shop
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
    app.kubernetes.io/part-of: storefront
automountServiceAccountToken: false
---
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: shop-reader
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
rules:
- apiGroups: [""]
  resources: ["configmaps", "secrets"]
  verbs: ["get", "list", "watch"]
- apiGroups: ["coordination.k8s.io"]
  resources: ["leases"]
  verbs: ["get", "create", "update"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: shop-reader
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: shop-reader
subjects:
- kind: ServiceAccount
  name: shop
  namespace: shop
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: shop-config
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
data:
  LOG_LEVEL: info
  LOG_FORMAT: json
  CACHE_TTL: "300"
  FEATURE_CHECKOUT_V2: "true"
  PAYMENT_PROVIDER: stripe
  CURRENCY: EUR
  application.yaml: |
    server:
      port: 8080
      shutdown: graceful
    database:
      host: postgres.shop.svc
      pool: 20
    cache:
      redis: redis.shop.svc:6379
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
    app.kubernetes.io/part-of: storefront
    app.kubernetes.io/version: "2.4"
spec:
  replicas: {{replicas}}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      app.kubernetes.io/name: shop
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  template:
    metadata:
      labels:
        app.kubernetes.io/name: shop
        app.kubernetes.io/part-of: storefront
      annotations:
        prometheus.io/scrape: "true"
        prometheus.io/port: "9090"
    spec:
      serviceAccountName: shop
      securityContext:
        runAsNonRoot: true
        runAsUser: 10001
        fsGroup: 10001
      terminationGracePeriodSeconds: 45
      initContainers:
      - name: migrate
        image: {{image}}
        command: ["/app/shop", "migrate"]
        envFrom:
        - configMapRef:
            name: shop-config
      containers:
      - name: shop
        image: {{image}}
        imagePullPolicy: IfNotPresent
        args: ["serve", "--config", "/etc/shop/application.yaml"]
        ports:
        - name: http
          containerPort: 8080
          protocol: TCP
        - name: metrics
          containerPort: 9090
          protocol: TCP
        env:
        - name: POD_NAME
          valueFrom:
            fieldRef:
              fieldPath: metadata.name
        - name: DATABASE_PASSWORD
          valueFrom:
            secretKeyRef:
              name: shop-db
              key: password
        envFrom:
        - configMapRef:
            name: shop-config
        resources:
          requests:
            cpu: 250m
            memory: 256Mi
          limits:
            cpu: "1"
            memory: 512Mi
        readinessProbe:
          httpGet:
            path: /healthz/ready
            port: http
          periodSeconds: 5
        livenessProbe:
          httpGet:
            path: /healthz/live
            port: http
          initialDelaySeconds: 10
          periodSeconds: 10
        volumeMounts:
        - name: config
          mountPath: /etc/shop
          readOnly: true
        - name: tmp
          mountPath: /tmp
      - name: proxy
        image: envoyproxy/envoy:v1.31.2
        args: ["-c", "/etc/envoy/envoy.yaml"]
        ports:
        - name: proxy
          containerPort: 10000
        resources:
          requests:
            cpu: 50m
            memory: 64Mi
      volumes:
      - name: config
        configMap:
          name: shop-config
          items:
          - key: application.yaml
            path: application.yaml
      - name: tmp
        emptyDir: {}
      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: topology.kubernetes.io/zone
        whenUnsatisfiable: ScheduleAnyway
        labelSelector:
          matchLabels:
            app.kubernetes.io/name: shop
---
apiVersion: v1
kind: Service
metadata:
  name: shop
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
spec:
  type: ClusterIP
  selector:
    app.kubernetes.io/name: shop
  ports:
  - name: http
    port: 80
    targetPort: http
  - name: metrics
    port: 9090
    targetPort: metrics
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: shop
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
  annotations:
    cert-manager.io/cluster-issuer: letsencrypt
    nginx.ingress.kubernetes.io/proxy-body-size: 8m
spec:
  ingressClassName: nginx
  tls:
  - hosts:
    - shop.example.com
    secretName: shop-tls
  rules:
  - host: shop.example.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: shop
            port:
              name: http
      - path: /api
        pathType: Prefix
        backend:
          service:
            name: shop
            port:
              name: http
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: shop
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: shop
  minReplicas: 3
  maxReplicas: 12
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 70
  - type: Resource
    resource:
      name: memory
      target:
        type: Utilization
        averageUtilization: 80
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: shop
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: shop
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: shop
  namespace: shop
  labels:
    app.kubernetes.io/name: shop
spec:
  podSelector:
    matchLabels:
      app.kubernetes.io/name: shop
  policyTypes: ["Ingress", "Egress"]
  ingress:
  - from:
    - namespaceSelector:
        matchLabels:
          kubernetes.io/metadata.name: ingress-nginx
    ports:
    - port: 8080
      protocol: TCP
  egress:
  - to:
    - podSelector:
        matchLabels:
          app.kubernetes.io/name: postgres
    ports:
    - port: 5432
      protocol: TCP
  - to:
    - namespaceSelector: {}
    ports:
    - port: 53
      protocol: UDP
`

// realisticApp returns an apply request on the 10-resource app: last-applied is the app at its
// previous release, the config its next release (another image, replicas), live what a cluster
// holds after the previous apply (server-set metadata and status, a replica count the autoscaler
// changed).
func realisticApp() *contract.Request {
	render := func(image, replicas string) string {
		return strings.NewReplacer("{{image}}", image, "{{replicas}}", replicas).Replace(appConfig)
	}
	original := render("registry.example.com/shop:2.3.7", "3")
	updated := render("registry.example.com/shop:2.4.0", "4")
	docs := strings.Split(render("registry.example.com/shop:2.3.7", "5"), "---\n")
	for i, doc := range docs {
		doc = strings.Replace(doc, "metadata:\n", fmt.Sprintf("metadata:\n  uid: 6f1c%04d-5d2e-4b8a-9c1e-2a7f3e9b%04d\n  resourceVersion: \"%d\"\n  creationTimestamp: \"2026-03-01T10:00:00Z\"\n", i, i, 81200+i), 1)
		if strings.Contains(doc, "kind: Deployment") {
			doc += "status:\n  observedGeneration: 7\n  replicas: 5\n  readyReplicas: 5\n  updatedReplicas: 5\n  availableReplicas: 5\n"
		}
		docs[i] = doc
	}
	return &contract.Request{Mode: "apply", Original: original, Updated: updated, Live: strings.Join(docs, "---\n"), Options: contract.Options{Overwrite: true}}
}

// largeStream returns an apply request of at least resources resources: the apply-stream
// example's resources again and again, renamed (a suffix on every metadata.name) so that every
// identity is unique.
func largeStream(tb testing.TB, resources int) *contract.Request {
	tb.Helper()
	base := requestOf(tb, "apply-stream", nil)
	var original, updated, live []string
	for k := 0; len(updated) < resources; k++ {
		suffix := fmt.Sprintf("-%d", k)
		original = append(original, pair.Renamed(tb, base.Original, suffix)...)
		updated = append(updated, pair.Renamed(tb, base.Updated, suffix)...)
		live = append(live, pair.Renamed(tb, base.Live, suffix)...)
	}
	req := *base
	req.Original, req.Updated, req.Live = strings.Join(original, "---\n"), strings.Join(updated, "---\n"), strings.Join(live, "---\n")
	return &req
}

// TestRealisticInputs checks the benchmark's inputs: the app has 10 resources in about 300
// config lines and merges without errors; the stream has 520 resources or more.
func TestRealisticInputs(t *testing.T) {
	app := realisticApp()
	if n := strings.Count(app.Updated, "\n"); n < 270 || n > 330 {
		t.Errorf("the app's config has %d lines, want about 300", n)
	}
	if n := strings.Count(app.Updated, "\nkind: "); n != 10 {
		t.Errorf("the app has %d resources, want 10", n)
	}
	resp := answer(t, app)
	if len(resp.Errors) > 0 || resp.Result == "" {
		t.Fatalf("the app does not merge: %+v", resp.Errors)
	}
	if !strings.Contains(resp.Result, "registry.example.com/shop:2.4.0") {
		t.Error("the app's new image is not in the result")
	}
	if e := findEdit(t, app); e == nil || e.Unseen {
		t.Errorf("no edit of the app's config shows in its result: %+v", e)
	}
	stream := largeStream(t, 520)
	if n := strings.Count(stream.Updated, "\nkind: "); n < 520 {
		t.Errorf("the stream has %d resources, want 520 or more", n)
	}
}

// TestEveryExampleHasAnEdit checks that BenchmarkEdit can type into every example: each has an
// edit of its config answered without errors. The exceptions are the examples whose own answer
// is a refusal (apply-validate-strict, apply-annotation-not-a-string: kubectl refuses the
// config, and no typed character repairs it), which have no marks to time; BenchmarkEdit skips
// them saying so. Histories are left out too: BenchmarkEdit types into one merge's config (a
// history's edits are timed by the history's own measures, docs/histories.md).
func TestEveryExampleHasAnEdit(t *testing.T) {
	h := handler.Default()
	for _, ex := range allExamples(t) {
		if ex.Mode == contract.History || len(h.Handle(t.Context(), ex.Request).Errors) > 0 {
			continue
		}
		if e := findEdit(t, ex.Request); e == nil {
			t.Errorf("%s: no edit of the config is answered without errors", ex.Name)
		}
	}
}
