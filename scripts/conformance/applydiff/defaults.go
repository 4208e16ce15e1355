package applydiff

import (
	"fmt"
	"strings"
)

// serverMetadata adds what the API server writes into every object's metadata.
func (b *builder) serverMetadata(obj *omap) {
	meta := obj.ensureMap("metadata")
	meta.set("uid", fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", b.d.r.Uint32(), b.d.intn(1<<16), b.d.intn(1<<12), b.d.intn(1<<12), b.d.r.Uint64()&(1<<48-1)))
	meta.set("resourceVersion", itoa(int64(b.d.between(1000, 999999))))
	meta.set("generation", int64(b.d.between(1, 4)))
	meta.set("creationTimestamp", "2025-11-02T10:00:00Z")
}

// setDefault sets k when m lacks it.
func setDefault(m *omap, k string, v any) {
	if m != nil && !m.has(k) {
		m.set(k, v)
	}
}

// serverDefaults adds the defaults the API server fills in for a kind.
func (b *builder) serverDefaults(kind string, obj *omap) {
	spec := obj.mapAt("spec")
	switch kind {
	case kindDeployment:
		deploymentDefaults(spec)
	case kindStatefulSet:
		statefulSetDefaults(spec)
	case kindCronJob:
		setDefault(spec, "concurrencyPolicy", "Allow")
		setDefault(spec, "failedJobsHistoryLimit", int64(1))
		setDefault(spec, "successfulJobsHistoryLimit", int64(3))
		setDefault(spec, "suspend", false)
		job := spec.mapAt("jobTemplate")
		setDefault(job, "metadata", newMap("creationTimestamp", nil))
	case kindService:
		b.serviceDefaults(spec)
	case kindWidget:
		setDefault(spec.mapAt("settings"), "mode", "auto")
	}
	if path := podSpecPath(kind); path != nil {
		template := obj.mapAt(path[:len(path)-1]...)
		setDefault(template.ensureMap("metadata"), "creationTimestamp", nil)
		podDefaults(template.mapAt("spec"))
	}
}

// deploymentDefaults fills a Deployment spec as apps/v1 defaulting does.
func deploymentDefaults(spec *omap) {
	setDefault(spec, "replicas", int64(1))
	setDefault(spec, "progressDeadlineSeconds", int64(600))
	setDefault(spec, "revisionHistoryLimit", int64(10))
	strategy := spec.ensureMap("strategy")
	setDefault(strategy, "type", "RollingUpdate")
	if strategy.get("type") == "RollingUpdate" {
		ru := strategy.ensureMap("rollingUpdate")
		setDefault(ru, "maxSurge", "25%")
		setDefault(ru, "maxUnavailable", "25%")
	}
}

// statefulSetDefaults fills a StatefulSet spec, including its claim templates.
func statefulSetDefaults(spec *omap) {
	setDefault(spec, "replicas", int64(1))
	setDefault(spec, "podManagementPolicy", "OrderedReady")
	setDefault(spec, "revisionHistoryLimit", int64(10))
	setDefault(spec, "updateStrategy", newMap("type", "RollingUpdate", "rollingUpdate", newMap("partition", int64(0))))
	setDefault(spec, "persistentVolumeClaimRetentionPolicy", newMap("whenDeleted", "Retain", "whenScaled", "Retain"))
	claims, _ := spec.get("volumeClaimTemplates").(*olist)
	if claims == nil {
		return
	}
	for _, it := range claims.items {
		claim := it.(*omap)
		setDefault(claim, "apiVersion", "v1")
		setDefault(claim, "kind", "PersistentVolumeClaim")
		setDefault(claim.ensureMap("metadata"), "creationTimestamp", nil)
		setDefault(claim.ensureMap("spec"), "volumeMode", "Filesystem")
		setDefault(claim, "status", newMap("phase", "Pending"))
	}
}

// serviceDefaults fills a Service spec: cluster IP, families, policies, port protocols and
// target ports, node ports.
func (b *builder) serviceDefaults(spec *omap) {
	ip := fmt.Sprintf("10.96.%d.%d", b.d.intn(256), b.d.between(1, 254))
	setDefault(spec, "type", "ClusterIP")
	setDefault(spec, "clusterIP", ip)
	setDefault(spec, "clusterIPs", newList(ip))
	setDefault(spec, "internalTrafficPolicy", "Cluster")
	setDefault(spec, "ipFamilies", newList("IPv4"))
	setDefault(spec, "ipFamilyPolicy", "SingleStack")
	setDefault(spec, "sessionAffinity", "None")
	external := spec.get("type") != "ClusterIP"
	if external {
		setDefault(spec, "externalTrafficPolicy", "Cluster")
	}
	ports, _ := spec.get("ports").(*olist)
	for _, it := range listItems(ports) {
		p := it.(*omap)
		setDefault(p, "protocol", "TCP")
		setDefault(p, "targetPort", p.get("port"))
		if external {
			setDefault(p, "nodePort", int64(b.d.between(30000, 32767)))
		}
	}
}

// podDefaults fills a pod spec and its containers.
func podDefaults(spec *omap) {
	setDefault(spec, "dnsPolicy", "ClusterFirst")
	setDefault(spec, "restartPolicy", "Always")
	setDefault(spec, "schedulerName", "default-scheduler")
	setDefault(spec, "securityContext", newMap())
	setDefault(spec, "terminationGracePeriodSeconds", int64(30))
	for _, key := range []string{"initContainers", "containers"} {
		l, _ := spec.get(key).(*olist)
		for _, it := range listItems(l) {
			containerDefaults(it.(*omap))
		}
	}
	vols, _ := spec.get("volumes").(*olist)
	for _, it := range listItems(vols) {
		v := it.(*omap)
		for _, source := range []string{"configMap", "secret"} {
			setDefault(v.mapAt(source), "defaultMode", int64(420))
		}
	}
}

// containerDefaults fills one container.
func containerDefaults(c *omap) {
	image, _ := c.get("image").(string)
	policy := "IfNotPresent"
	if strings.HasSuffix(image, ":latest") {
		policy = "Always"
	}
	setDefault(c, "imagePullPolicy", policy)
	setDefault(c, "terminationMessagePath", "/dev/termination-log")
	setDefault(c, "terminationMessagePolicy", "File")
	setDefault(c, "resources", newMap())
	ports, _ := c.get("ports").(*olist)
	for _, it := range listItems(ports) {
		setDefault(it.(*omap), "protocol", "TCP")
	}
}

// listItems returns a list's items; none for nil.
func listItems(l *olist) []any {
	if l == nil {
		return nil
	}
	return l.items
}

// status adds a kind's status, as its controller reports it.
func (b *builder) status(kind string, obj *omap) {
	replicas, _ := obj.mapAt("spec").get("replicas").(int64)
	switch kind {
	case kindDeployment:
		obj.set("status", newMap("availableReplicas", replicas, "observedGeneration", int64(1), "readyReplicas", replicas,
			"replicas", replicas, "updatedReplicas", replicas,
			"conditions", newList(newMap("type", "Available", "status", "True", "reason", "MinimumReplicasAvailable",
				"message", "Deployment has minimum availability.", "lastTransitionTime", "2025-11-02T10:00:05Z", "lastUpdateTime", "2025-11-02T10:00:05Z"))))
	case kindStatefulSet:
		obj.set("status", newMap("availableReplicas", replicas, "collisionCount", int64(0), "currentReplicas", replicas,
			"currentRevision", "rev-1", "observedGeneration", int64(1), "readyReplicas", replicas, "replicas", replicas, "updateRevision", "rev-1"))
	case kindCronJob:
		obj.set("status", newMap("lastScheduleTime", "2025-11-02T11:00:00Z"))
	case kindService:
		obj.set("status", newMap("loadBalancer", newMap()))
	case kindWidget:
		obj.set("status", newMap("phase", "Ready", "observedGeneration", int64(1)))
	}
}
