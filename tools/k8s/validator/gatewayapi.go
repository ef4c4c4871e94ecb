// Gateway API (gateway.networking.k8s.io): HTTPRoute, Gateway and the other kinds of its
// standard channel.
//
// Strict decoding against sigs.k8s.io/gateway-api's Go types (document in main.go) knows every
// field, but those types also carry the experimental channel's fields, which a cluster with the
// standard-channel CRDs drops or refuses. So each object is also walked against the
// openAPIV3Schema of the standard-channel CRD of the same module version (its
// config/crd/standard, passed with --crds by validate.mjs): a field that schema does not have,
// a wrong type, a value outside an enum, a pattern, a length, item count or range, and a
// missing required field fail. The CRDs' CEL rules (x-kubernetes-validations) are not
// evaluated; the one our routes could break is checked by hand (timeouts, below).
//
// And a project rule: every backendRef of an HTTPRoute names a Service of the same render and
// a port that Service exposes (a route to web:8080 would pass the schema and answer 500).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	gatewayv1 "sigs.k8s.io/gateway-api/apis/v1"
	sigsyaml "sigs.k8s.io/yaml"
)

// crdSchemas: the openAPIV3Schema of each served version of each CRD read by loadCRDs.
type crdSchemas map[schema.GroupVersionKind]map[string]any

// loadCRDs reads every CustomResourceDefinition of the .yaml files of dir.
func loadCRDs(dir string) (crdSchemas, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	out := crdSchemas{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
		for {
			doc, err := reader.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			var crd struct {
				Kind string `json:"kind"`
				Spec struct {
					Group string `json:"group"`
					Names struct {
						Kind string `json:"kind"`
					} `json:"names"`
					Versions []struct {
						Name   string `json:"name"`
						Served bool   `json:"served"`
						Schema struct {
							OpenAPIV3Schema map[string]any `json:"openAPIV3Schema"`
						} `json:"schema"`
					} `json:"versions"`
				} `json:"spec"`
			}
			if err := sigsyaml.Unmarshal(doc, &crd); err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			if crd.Kind != "CustomResourceDefinition" {
				continue // e.g. the bundle's ValidatingAdmissionPolicy
			}
			for _, v := range crd.Spec.Versions {
				if v.Served && v.Schema.OpenAPIV3Schema != nil {
					out[schema.GroupVersionKind{Group: crd.Spec.Group, Version: v.Name, Kind: crd.Spec.Names.Kind}] = v.Schema.OpenAPIV3Schema
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no CustomResourceDefinition in %s", dir)
	}
	return out, nil
}

// checkCRDSchema walks one object (its spec; metadata was decoded strictly already) against
// the schema of its CRD.
func (v *validator) checkCRDSchema(where string, doc []byte, s map[string]any) {
	var obj map[string]any
	if err := sigsyaml.Unmarshal(doc, &obj); err != nil {
		v.fail(where, "%v", err)
		return
	}
	props, _ := s["properties"].(map[string]any)
	for k, val := range obj {
		switch k {
		case "apiVersion", "kind", "metadata", "status":
			continue
		}
		sub, ok := props[k].(map[string]any)
		if !ok {
			v.fail(where, "field %s is not in the standard channel's schema", k)
			continue
		}
		v.walkSchema(where, k, val, sub)
	}
	for _, r := range strList(s["required"]) {
		if _, ok := obj[r]; !ok && r != "metadata" {
			v.fail(where, "%s is required", r)
		}
	}
}

func strList(x any) []string {
	list, _ := x.([]any)
	out := make([]string, 0, len(list))
	for _, e := range list {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func num(x any) (float64, bool) {
	switch n := x.(type) {
	case float64:
		return n, true
	case int64:
		return float64(n), true
	case int:
		return float64(n), true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}

var patternCache = map[string]*regexp.Regexp{}

func (v *validator) walkSchema(where, path string, val any, s map[string]any) {
	if s["x-kubernetes-preserve-unknown-fields"] == true {
		return
	}
	if s["x-kubernetes-int-or-string"] == true {
		switch val.(type) {
		case string, float64, int64, int, json.Number:
			return
		}
		v.fail(where, "%s: must be an integer or a string", path)
		return
	}
	typ, _ := s["type"].(string)
	switch typ {
	case "object":
		m, ok := val.(map[string]any)
		if !ok {
			v.fail(where, "%s: must be an object", path)
			return
		}
		props, _ := s["properties"].(map[string]any)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if sub, ok := props[k].(map[string]any); ok {
				v.walkSchema(where, path+"."+k, m[k], sub)
			} else if add, ok := s["additionalProperties"].(map[string]any); ok {
				v.walkSchema(where, path+"."+k, m[k], add)
			} else if s["additionalProperties"] != true {
				v.fail(where, "%s.%s is not in the standard channel's schema", path, k)
			}
		}
		for _, r := range strList(s["required"]) {
			if _, ok := m[r]; !ok {
				v.fail(where, "%s.%s is required", path, r)
			}
		}
		if max, ok := num(s["maxProperties"]); ok && float64(len(m)) > max {
			v.fail(where, "%s: at most %v properties", path, max)
		}
	case "array":
		list, ok := val.([]any)
		if !ok {
			v.fail(where, "%s: must be a list", path)
			return
		}
		if max, ok := num(s["maxItems"]); ok && float64(len(list)) > max {
			v.fail(where, "%s: at most %v items", path, max)
		}
		if min, ok := num(s["minItems"]); ok && float64(len(list)) < min {
			v.fail(where, "%s: at least %v items", path, min)
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range list {
				v.walkSchema(where, fmt.Sprintf("%s[%d]", path, i), e, items)
			}
		}
	case "string":
		str, ok := val.(string)
		if !ok {
			v.fail(where, "%s: must be a string", path)
			return
		}
		n := float64(utf8.RuneCountInString(str))
		if max, ok := num(s["maxLength"]); ok && n > max {
			v.fail(where, "%s: at most %v characters", path, max)
		}
		if min, ok := num(s["minLength"]); ok && n < min {
			v.fail(where, "%s: at least %v characters", path, min)
		}
		if p, ok := s["pattern"].(string); ok {
			re, seen := patternCache[p]
			if !seen {
				re, _ = regexp.Compile(p) // an ECMA-only pattern (none in the bundle today) is skipped
				patternCache[p] = re
			}
			if re != nil && !re.MatchString(str) {
				v.fail(where, "%s: %q does not match %s", path, str, p)
			}
		}
	case "integer", "number":
		n, ok := num(val)
		if !ok || (typ == "integer" && n != float64(int64(n))) {
			v.fail(where, "%s: must be an %s", path, typ)
			return
		}
		if max, ok := num(s["maximum"]); ok && n > max {
			v.fail(where, "%s: at most %v", path, max)
		}
		if min, ok := num(s["minimum"]); ok && n < min {
			v.fail(where, "%s: at least %v", path, min)
		}
	case "boolean":
		if _, ok := val.(bool); !ok {
			v.fail(where, "%s: must be true or false", path)
			return
		}
	}
	if enum, ok := s["enum"].([]any); ok {
		for _, e := range enum {
			if fmt.Sprint(e) == fmt.Sprint(val) {
				return
			}
		}
		v.fail(where, "%s: %v is not one of %v", path, val, enum)
	}
}

// httpRoute: the CEL rule on timeouts our routes could break, and their backends for later.
func (v *validator) httpRoute(where string, r *gatewayv1.HTTPRoute) {
	for i, rule := range r.Spec.Rules {
		if t := rule.Timeouts; t != nil && t.Request != nil && t.BackendRequest != nil {
			req, err1 := time.ParseDuration(string(*t.Request))
			be, err2 := time.ParseDuration(string(*t.BackendRequest))
			if err1 == nil && err2 == nil && req != 0 && be > req {
				v.fail(where, "spec.rules[%d].timeouts: backendRequest %s is longer than request %s", i, be, req)
			}
		}
		for j, ref := range rule.BackendRefs {
			if (ref.Group != nil && *ref.Group != "") || (ref.Kind != nil && *ref.Kind != "Service") {
				continue // not a Service: nothing of ours
			}
			ns := r.Namespace
			if ref.Namespace != nil {
				ns = string(*ref.Namespace)
			}
			port := int32(0)
			if ref.Port != nil {
				port = int32(*ref.Port)
			}
			v.backendRefs = append(v.backendRefs, backendRef{
				where: fmt.Sprintf("%s spec.rules[%d].backendRefs[%d]", where, i, j),
				ns:    ns, name: string(ref.Name), port: port,
			})
		}
	}
}

type backendRef struct {
	where, ns, name string
	port            int32
}

// service remembers the ports of a Service of the render.
func (v *validator) service(s *corev1.Service) {
	ports := map[int32]bool{}
	for _, p := range s.Spec.Ports {
		ports[p.Port] = true
	}
	v.services[s.Namespace+"/"+s.Name] = ports
}

// checkBackendRefs, once the whole render is read: every HTTPRoute backend is a Service port
// of the render.
func (v *validator) checkBackendRefs() {
	for _, ref := range v.backendRefs {
		ports, ok := v.services[ref.ns+"/"+ref.name]
		switch {
		case !ok:
			v.fail(ref.where, "no Service %s in this render", strings.TrimPrefix(ref.ns+"/"+ref.name, "/"))
		case ref.port == 0:
			v.fail(ref.where, "a Service backend needs its port")
		case !ports[ref.port]:
			v.fail(ref.where, "Service %s has no port %d", ref.name, ref.port)
		}
	}
}
