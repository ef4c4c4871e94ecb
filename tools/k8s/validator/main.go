// k8s-validate: offline validation of rendered Kubernetes manifests (the output of
// `kustomize build k8s/overlays/<name>`), run by tools/k8s/validate.mjs.
//
// For every object:
//   - strict decoding against the Go API types: the built-in kinds (k8s.io/client-go's
//     scheme, which registers k8s.io/api), the Prometheus Operator's monitoring.coreos.com
//     kinds (ServiceMonitor, PrometheusRule, PodMonitor...), the MongoDB operator's
//     MongoDBCommunity and CloudNativePG's postgresql.cnpg.io kinds (Cluster, Database,
//     ScheduledBackup, Pooler...: FerretDB on PostgreSQL, k8s/ferretdb) and Gateway API's v1
//     kinds (HTTPRoute, Gateway...: k8s/gateway-api, k8s/overlays/prod-gateway-api): an
//     unknown or duplicate field, a wrong type or an unknown kind fails;
//   - Gateway API objects also against the openAPIV3Schema of the standard channel's CRDs
//     (--crds; gatewayapi.go), and every HTTPRoute backendRef against the render's Services;
//   - the Keycloak operator's kinds (Keycloak, KeycloakRealmImport; the operator is Java, no
//     Go types exist) are checked against the fields we use (knownKinds below);
//   - every Pod template (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob, Pod)
//     against Pod Security `restricted`, latest version (k8s.io/pod-security-admission);
//   - the project's rules: no secret-looking literal in a container's env (secretKeyRef only),
//     probes, resources and a preStop pause on long-running app containers, a grace period
//     longer than the preStop pause plus the apps' drain.
//
// Usage: k8s-validate [--name <label>] [--no-secrets] [--crds <dir>] [file|-]...
//
//	--no-secrets   the render must not contain any Secret object (the prod overlay: Secrets
//	               are created out of band, never from git)
//	--crds <dir>   the Gateway API standard-channel CRDs (sigs.k8s.io/gateway-api's
//	               config/crd/standard of the version in go.mod); without it a Gateway API
//	               object fails
//
// Exit status 0 when every object passes, 1 with one line per problem otherwise.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"

	cnpgv1 "github.com/cloudnative-pg/cloudnative-pg/api/v1"
	mongodbv1 "github.com/mongodb/mongodb-kubernetes-operator/api/v1"
	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	monitoringv1alpha1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1alpha1"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	clientscheme "k8s.io/client-go/kubernetes/scheme"
	psaapi "k8s.io/pod-security-admission/api"
	"k8s.io/pod-security-admission/policy"
	gatewayv1 "sigs.k8s.io/gateway-api/apis/v1"
	sigsyaml "sigs.k8s.io/yaml"
)

// The drain of the apps after SIGTERM (libs/nest-kit, apps/gateway): they force-exit after
// this many seconds. The grace period must cover the preStop pause plus this.
const appDrainSeconds = 20

// Kinds of operators without Go API types: the top-level fields of `spec` we allow. A typo
// or a field the operator does not have fails like an unknown field of a built-in kind.
var knownKinds = map[schema.GroupVersionKind][]string{
	// Keycloak operator 26.x (k8s.keycloak.org/v2alpha1, CRDs keycloaks / keycloakrealmimports)
	{Group: "k8s.keycloak.org", Version: "v2alpha1", Kind: "Keycloak"}: {
		"instances", "image", "imagePullSecrets", "startOptimized", "db", "hostname", "http",
		"proxy", "features", "transaction", "ingress", "additionalOptions", "resources",
		"unsupported", "networkPolicy", "bootstrapAdmin", "cache", "truststores", "scheduling",
		"tracing", "httpManagement", "update", "serviceMonitor", "env",
	},
	{Group: "k8s.keycloak.org", Version: "v2alpha1", Kind: "KeycloakRealmImport"}: {
		"keycloakCRName", "realm", "placeholders", "resources",
	},
}

var secretName = regexp.MustCompile(`(?i)(secret|password|passwd|token|private_?key|access_?key|credential|api_?key)`)

type problem struct{ where, msg string }

type validator struct {
	name      string
	noSecrets bool
	decoder   runtime.Decoder
	scheme    *runtime.Scheme
	psa       policy.Evaluator
	problems  []problem
	kinds     map[string]int
	pods      int
	// Gateway API: the standard channel's schemas, the render's Services (namespace/name ->
	// ports) and the HTTPRoutes' backends, checked against them at the end
	crds        crdSchemas
	services    map[string]map[int32]bool
	backendRefs []backendRef
}

func newValidator(name string, noSecrets bool, crds crdSchemas) (*validator, error) {
	sch := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		clientscheme.AddToScheme, monitoringv1.AddToScheme, monitoringv1alpha1.AddToScheme,
		mongodbv1.AddToScheme, cnpgv1.AddToScheme, gatewayv1.AddToScheme,
	} {
		if err := add(sch); err != nil {
			return nil, err
		}
	}
	ser := json.NewSerializerWithOptions(json.DefaultMetaFactory, sch, sch,
		json.SerializerOptions{Yaml: true, Strict: true})
	ev, err := policy.NewEvaluator(policy.DefaultChecks(), nil)
	if err != nil {
		return nil, err
	}
	return &validator{name: name, noSecrets: noSecrets, decoder: ser, scheme: sch, psa: ev,
		kinds: map[string]int{}, crds: crds, services: map[string]map[int32]bool{}}, nil
}

func (v *validator) fail(where, format string, a ...any) {
	v.problems = append(v.problems, problem{where, fmt.Sprintf(format, a...)})
}

func (v *validator) document(doc []byte) {
	var head struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	if err := sigsyaml.Unmarshal(doc, &head); err != nil {
		v.fail("?", "not YAML: %v", err)
		return
	}
	if head.Kind == "" && head.APIVersion == "" {
		return // empty document
	}
	where := fmt.Sprintf("%s/%s %s", head.APIVersion, head.Kind, head.Metadata.Name)
	if head.Metadata.Name == "" {
		v.fail(where, "metadata.name is missing")
	}
	v.kinds[head.Kind]++
	gv, err := schema.ParseGroupVersion(head.APIVersion)
	if err != nil {
		v.fail(where, "apiVersion: %v", err)
		return
	}
	gvk := gv.WithKind(head.Kind)
	if allowed, ok := knownKinds[gvk]; ok {
		v.operatorKind(where, doc, allowed)
		return
	}
	if !v.scheme.Recognizes(gvk) {
		v.fail(where, "unknown apiVersion/kind (neither a built-in kind nor a known operator CRD: tools/k8s/validator)")
		return
	}
	obj, _, err := v.decoder.Decode(doc, nil, nil)
	if err != nil {
		v.fail(where, "strict decoding: %v", err)
		return
	}
	if gvk.Group == gatewayv1.GroupName {
		s, ok := v.crds[gvk]
		if !ok {
			v.fail(where, "no standard-channel CRD schema for %s (--crds)", gvk)
			return
		}
		v.checkCRDSchema(where, doc, s)
	}
	v.object(where, obj)
}

func (v *validator) operatorKind(where string, doc []byte, allowed []string) {
	var obj map[string]any
	if err := sigsyaml.Unmarshal(doc, &obj); err != nil {
		v.fail(where, "%v", err)
		return
	}
	for k := range obj {
		switch k {
		case "apiVersion", "kind", "metadata", "spec":
		default:
			v.fail(where, "unknown top-level field %q", k)
		}
	}
	spec, _ := obj["spec"].(map[string]any)
	if spec == nil {
		v.fail(where, "spec is missing")
		return
	}
	ok := map[string]bool{}
	for _, f := range allowed {
		ok[f] = true
	}
	for k := range spec {
		if !ok[k] {
			v.fail(where, "unknown field spec.%s", k)
		}
	}
}

func (v *validator) object(where string, obj runtime.Object) {
	switch o := obj.(type) {
	case *gatewayv1.HTTPRoute:
		v.httpRoute(where, o)
	case *corev1.Service:
		v.service(o)
	case *corev1.Secret:
		if v.noSecrets {
			v.fail(where, "a Secret in this render: create it out of band (k8s/README.md), never from git")
		}
	case *appsv1.Deployment:
		v.podTemplate(where, &o.Spec.Template.ObjectMeta, &o.Spec.Template.Spec, true)
	case *appsv1.StatefulSet:
		v.podTemplate(where, &o.Spec.Template.ObjectMeta, &o.Spec.Template.Spec, true)
	case *appsv1.DaemonSet:
		v.podTemplate(where, &o.Spec.Template.ObjectMeta, &o.Spec.Template.Spec, true)
	case *appsv1.ReplicaSet:
		v.podTemplate(where, &o.Spec.Template.ObjectMeta, &o.Spec.Template.Spec, true)
	case *batchv1.Job:
		v.podTemplate(where, &o.Spec.Template.ObjectMeta, &o.Spec.Template.Spec, false)
	case *batchv1.CronJob:
		v.podTemplate(where, &o.Spec.JobTemplate.Spec.Template.ObjectMeta, &o.Spec.JobTemplate.Spec.Template.Spec, false)
	case *corev1.Pod:
		v.podTemplate(where, &o.ObjectMeta, &o.Spec, false)
	}
}

func (v *validator) podTemplate(where string, meta *metav1.ObjectMeta, spec *corev1.PodSpec, longRunning bool) {
	v.pods++
	res := policy.AggregateCheckResults(v.psa.EvaluatePod(
		psaapi.LevelVersion{Level: psaapi.LevelRestricted, Version: psaapi.LatestVersion()}, meta, spec))
	if !res.Allowed {
		for i, reason := range res.ForbiddenReasons {
			v.fail(where, "Pod Security restricted: %s (%s)", reason, res.ForbiddenDetails[i])
		}
	}
	all := append(append([]corev1.Container{}, spec.InitContainers...), spec.Containers...)
	for _, c := range all {
		for _, e := range c.Env {
			if e.Value != "" && secretName.MatchString(e.Name) {
				v.fail(where, "container %s: env %s has a literal value; take it from a Secret (valueFrom.secretKeyRef)", c.Name, e.Name)
			}
		}
		if c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
			v.fail(where, "container %s: memory request and limit are required", c.Name)
		}
	}
	// Our own apps (label app.kubernetes.io/part-of=examprep): health probes on the real
	// endpoints and a graceful stop.
	if !longRunning || meta.Labels["app.kubernetes.io/part-of"] != "examprep" {
		return
	}
	for _, c := range spec.Containers {
		if c.ReadinessProbe == nil || c.LivenessProbe == nil {
			v.fail(where, "container %s: readiness and liveness probes are required", c.Name)
			continue
		}
		// Node apps: /readyz checks NATS (+ MongoDB, + the downstream services); the web pods'
		// nginx serves static files and has only /healthz (deploy/docker/nginx.conf).
		ready := "/readyz"
		if meta.Labels["app.kubernetes.io/component"] == "web" {
			ready = "/healthz"
		}
		if c.ReadinessProbe.HTTPGet == nil || c.ReadinessProbe.HTTPGet.Path != ready {
			v.fail(where, "container %s: the readiness probe must be GET %s", c.Name, ready)
		}
		if c.LivenessProbe.HTTPGet == nil || c.LivenessProbe.HTTPGet.Path != "/healthz" {
			v.fail(where, "container %s: the liveness probe must be GET /healthz", c.Name)
		}
		pause := int64(0)
		if c.Lifecycle == nil || c.Lifecycle.PreStop == nil {
			v.fail(where, "container %s: a preStop pause is required (the endpoint leaves the load balancers first)", c.Name)
		} else if p := c.Lifecycle.PreStop; p.Sleep != nil {
			pause = p.Sleep.Seconds
		} else if p.Exec != nil && len(p.Exec.Command) == 2 && p.Exec.Command[0] == "sleep" {
			fmt.Sscan(p.Exec.Command[1], &pause)
		}
		grace := int64(corev1.DefaultTerminationGracePeriodSeconds)
		if spec.TerminationGracePeriodSeconds != nil {
			grace = *spec.TerminationGracePeriodSeconds
		}
		if grace <= pause+appDrainSeconds {
			v.fail(where, "terminationGracePeriodSeconds %d must exceed the preStop pause (%d s) plus the apps' drain (%d s)", grace, pause, appDrainSeconds)
		}
	}
}

func (v *validator) stream(r io.Reader) error {
	reader := utilyaml.NewYAMLReader(bufio.NewReader(r))
	for {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if len(bytes.TrimSpace(doc)) > 0 {
			v.document(doc)
		}
	}
}

func main() {
	name := flag.String("name", "manifests", "label for the report")
	noSecrets := flag.Bool("no-secrets", false, "fail on any Secret object")
	crdDir := flag.String("crds", "", "directory of the Gateway API standard-channel CRDs")
	flag.Parse()
	var crds crdSchemas
	if *crdDir != "" {
		var err error
		if crds, err = loadCRDs(*crdDir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	v, err := newValidator(*name, *noSecrets, crds)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	inputs := flag.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	for _, in := range inputs {
		var r io.Reader = os.Stdin
		if in != "-" {
			f, err := os.Open(in)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			defer f.Close()
			r = f
		}
		if err := v.stream(r); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", in, err)
			os.Exit(2)
		}
	}
	v.checkBackendRefs()
	total := 0
	kinds := make([]string, 0, len(v.kinds))
	for k, n := range v.kinds {
		total += n
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	if total == 0 {
		v.fail("-", "no objects")
	}
	for _, p := range v.problems {
		fmt.Printf("%s: %s: %s\n", v.name, p.where, p.msg)
	}
	status := "ok"
	if len(v.problems) > 0 {
		status = fmt.Sprintf("%d problem(s)", len(v.problems))
	}
	fmt.Printf("%s: %s - %d objects (%s), %d pod templates checked against Pod Security restricted\n",
		v.name, status, total, strings.Join(kinds, ", "), v.pods)
	if len(v.problems) > 0 {
		os.Exit(1)
	}
}
