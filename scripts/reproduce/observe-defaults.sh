#!/usr/bin/env bash
# observe-defaults.sh: creates small objects of the common built-in kinds on a real API server
# (kubectl create, kubectl apply --server-side, and kubectl patch adding an item to an object
# created first) and prints, for each, the object sent and the object stored (`kubectl get -o
# yaml --show-managed-fields`), so that the API server's defaults the engine writes
# (engine/apiserver/defaults.go) can be checked against what the server added. Its output is kept
# as engine/apiserver/testdata/defaults.txt, with the versions and the date it was taken, and
# engine/apiserver's TestDefaultsAsObserved replays it.
#
# Run it with KUBECONFIG pointing at the API server of `KEEP=1 scripts/reproduce/run-apiserver.sh
# EXAMPLE` and KUBECTL the kubectl of the same release. It uses the namespace "defaults", whose
# objects it deletes after each case. No controller runs on that server: what it prints is the
# API server's alone (no status a controller writes). Values the server allocates or stamps
# (uid, resourceVersion, creationTimestamp, managedFields' times, a Service's clusterIP(s) and
# nodePorts) are written as ALLOCATED.
set -uo pipefail
k=${KUBECTL:-kubectl}
ns=defaults
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

"$k" create namespace $ns >/dev/null 2>&1
# No controller makes a namespace's default ServiceAccount, which the ServiceAccount admission
# plugin wants for a Pod: this makes it (the plugin then adds serviceAccountName and the
# kube-api-access volume to a Pod: admission, not defaults).
"$k" -n $ns create serviceaccount default >/dev/null 2>&1
echo "# observe-defaults.sh: $("$k" version 2>/dev/null | tr '\n' ' '), $(date -u +%Y-%m-%d)"

# allocated writes the values the server allocates or stamps as ALLOCATED (a list item that is an
# address of the service range, --service-cluster-ip-range 10.96.0.0/12, is a clusterIPs item).
allocated() {
  sed -E 's/^(  (uid|resourceVersion|creationTimestamp): ).*/\1ALLOCATED/;
    s/^(    time: ).*/\1ALLOCATED/;
    s/^(  clusterIP: )[0-9].*/\1ALLOCATED/;
    s/^(  - )10\.(9[6-9]|10[0-9]|11[01])\.[0-9]+\.[0-9]+$/\1ALLOCATED/;
    s/(nodePort: )[0-9]+$/\1ALLOCATED/;
    s/^(  healthCheckNodePort: ).*/\1ALLOCATED/;
    s/kube-api-access-[a-z0-9]+/kube-api-access-ALLOCATED/;
    s/(controller-uid: ).*/\1ALLOCATED/'
}

# record NAME HOW: runs HOW (create, ssa, or patch:PATCH, which creates the object then patches
# it) on the YAML of stdin and prints the case: the object sent, the patch, the object stored.
record() {
  local name=$1 how=$2
  cat >obj.yaml
  local kind obj
  kind=$(awk '/^kind:/{print $2; exit}' obj.yaml)
  obj=$(awk '/^  name:/{print $2; exit}' obj.yaml)
  echo "=== $name: $how"
  echo "--- sent"
  cat obj.yaml
  case $how in
  create) "$k" -n $ns create -f obj.yaml >out.txt 2>&1 ;;
  ssa) "$k" -n $ns apply --server-side --field-manager=applier -f obj.yaml >out.txt 2>&1 ;;
  patch:*)
    "$k" -n $ns create -f obj.yaml >out.txt 2>&1
    echo "--- patch"
    echo "${how#patch:}"
    "$k" -n $ns patch "$kind/$obj" --type strategic -p "${how#patch:}" >>out.txt 2>&1 ;;
  esac
  # kubectl's warnings (a Service's externalIPs are deprecated) are no refusal
  if grep -v '^Warning: ' out.txt | grep -qvE ' (created|serverside-applied|patched)$'; then
    echo "--- refused"
    cat out.txt
  else
    echo "--- stored"
    "$k" -n $ns get "$kind/$obj" -o yaml --show-managed-fields | allocated
  fi
  # no controller removes a finalizer (a PVC's kubernetes.io/pvc-protection): the case does
  "$k" -n $ns patch "$kind/$obj" --type merge -p '{"metadata":{"finalizers":null}}' >/dev/null 2>&1
  "$k" -n $ns delete "$kind/$obj" --wait=false >/dev/null 2>&1
}

template() { # template NAME: a pod template's metadata and one container, indented for a workload
  printf '  selector:\n    matchLabels:\n      app: %s\n  template:\n    metadata:\n      labels:\n        app: %s\n    spec:\n      containers:\n      - name: c\n        image: nginx\n' "$1" "$1"
}

record deployment create <<Y
apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
spec:
$(template d)
Y
record deployment-recreate create <<Y
apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
spec:
  strategy:
    type: Recreate
$(template d)
Y
record deployment-ssa ssa <<Y
apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
spec:
$(template d)
        ports:
        - containerPort: 80
Y
record deployment-add-container 'patch:{"spec":{"template":{"spec":{"containers":[{"name":"side","image":"busybox:1.36","ports":[{"containerPort":8080}]}]}}}}' <<Y
apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
spec:
  replicas: 2
$(template d)
Y
record deployment-limits create <<Y
apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
spec:
$(template d)
        resources:
          limits:
            cpu: 500m
Y
record deployment-partial-strategy create <<Y
apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
spec:
  strategy:
    rollingUpdate:
      maxSurge: 1
  selector:
    matchLabels:
      app: d
  template:
    metadata:
      labels:
        app: d
    spec:
      serviceAccountName: default
      containers:
      - name: c
        image: nginx
Y
record statefulset create <<Y
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: s
spec:
  serviceName: s
$(template s)
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
Y
record statefulset-ondelete create <<Y
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: s
spec:
  updateStrategy:
    type: OnDelete
$(template s)
Y
record daemonset create <<Y
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ds
spec:
$(template ds)
Y
record daemonset-ondelete create <<Y
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ds
spec:
  updateStrategy:
    type: OnDelete
$(template ds)
Y
record replicaset create <<Y
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: rs
spec:
$(template rs)
Y
record replicationcontroller create <<Y
apiVersion: v1
kind: ReplicationController
metadata:
  name: rc
spec:
  selector:
    app: rc
  template:
    metadata:
      labels:
        app: rc
    spec:
      containers:
      - name: c
        image: nginx
Y
record job create <<Y
apiVersion: batch/v1
kind: Job
metadata:
  name: j
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox:1.36
Y
record cronjob create <<Y
apiVersion: batch/v1
kind: CronJob
metadata:
  name: cj
spec:
  schedule: "*/5 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: c
            image: busybox:1.36
Y
record pod-images create <<Y
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: untagged
    image: nginx
  - name: latest
    image: nginx:latest
  - name: tagged
    image: nginx:1.27
  - name: digest
    image: nginx@sha256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
  - name: registry-port
    image: localhost:5000/app
  - name: pinned
    image: nginx
    imagePullPolicy: Never
  initContainers:
  - name: init
    image: busybox
Y
record pod-probes-ports-env create <<Y
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: c
    image: nginx:1.27
    ports:
    - containerPort: 80
    - containerPort: 53
      protocol: UDP
      name: dns
    env:
    - name: NODE
      valueFrom:
        fieldRef:
          fieldPath: spec.nodeName
    - name: CPU
      valueFrom:
        resourceFieldRef:
          resource: limits.cpu
    livenessProbe:
      httpGet:
        path: /
        port: 80
    readinessProbe:
      tcpSocket:
        port: 80
    startupProbe:
      exec:
        command: ["true"]
    resources:
      limits:
        cpu: 500m
        memory: 128Mi
Y
record pod-volumes create <<Y
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: c
    image: nginx:1.27
    volumeMounts:
    - name: cm
      mountPath: /cm
  volumes:
  - name: cm
    configMap:
      name: cm
  - name: sec
    secret:
      secretName: s
  - name: tmp
    emptyDir: {}
  - name: host
    hostPath:
      path: /tmp
  - name: claim
    persistentVolumeClaim:
      claimName: c
  - name: down
    downwardAPI:
      items:
      - path: labels
        fieldRef:
          fieldPath: metadata.labels
  - name: proj
    projected:
      sources:
      - configMap:
          name: cm
Y
record service create <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  selector:
    app: web
  ports:
  - port: 80
Y
record service-named-targetport create <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  selector:
    app: web
  ports:
  - name: http
    port: 80
    targetPort: http
  - name: dns
    port: 53
    protocol: UDP
Y
record service-nodeport create <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  type: NodePort
  selector:
    app: web
  ports:
  - port: 80
Y
record service-loadbalancer create <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  type: LoadBalancer
  selector:
    app: web
  ports:
  - port: 80
Y
record service-loadbalancer-local create <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  type: LoadBalancer
  externalTrafficPolicy: Local
  selector:
    app: web
  ports:
  - port: 80
Y
record service-externalips-clientip create <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  selector:
    app: web
  externalIPs:
  - 192.0.2.10
  sessionAffinity: ClientIP
  ports:
  - port: 53
    protocol: UDP
Y
record service-externalname create <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  type: ExternalName
  externalName: example.com
Y
record service-headless create <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  clusterIP: None
  selector:
    app: web
  ports:
  - port: 80
Y
record service-ssa ssa <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  selector:
    app: web
  ports:
  - port: 80
Y
record service-add-port 'patch:{"spec":{"ports":[{"name":"b","port":81}]}}' <<Y
apiVersion: v1
kind: Service
metadata:
  name: svc
spec:
  selector:
    app: web
  ports:
  - name: a
    port: 80
Y
record configmap create <<Y
apiVersion: v1
kind: ConfigMap
metadata:
  name: cm
data:
  a: "1"
Y
record secret create <<Y
apiVersion: v1
kind: Secret
metadata:
  name: sec
stringData:
  a: "1"
Y
record ingress create <<Y
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ing
spec:
  rules:
  - host: example.com
    http:
      paths:
      - path: /
        pathType: Prefix
        backend:
          service:
            name: web
            port:
              number: 80
Y
record networkpolicy create <<Y
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: np
spec:
  podSelector: {}
  ingress:
  - ports:
    - port: 80
Y
record pvc create <<Y
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: pvc
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
Y
record hpa create <<Y
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: hpa
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  maxReplicas: 5
Y
record serviceaccount create <<Y
apiVersion: v1
kind: ServiceAccount
metadata:
  name: sa
Y
record role create <<Y
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: r
rules:
- apiGroups: [""]
  resources: [pods]
  verbs: [get]
Y
record rolebinding create <<Y
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: rb
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: Role
  name: r
subjects:
- kind: ServiceAccount
  name: sa
Y
record pdb create <<Y
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: pdb
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: web
Y
