#!/usr/bin/env python3
"""Checks one `helm template` output of the kairos chart (run by .ci/steps/helm.sh).

1. Every built-in object validates in strict mode against the Kubernetes OpenAPI schemas that
   kubernetes-validate ships (offline). Unknown properties fail.
2. Custom resources (ServiceMonitor) have no built-in schema: their shape is checked here, and
   they must point at a Service port that exists.
3. The chart's own promises hold for every StatefulSet: Guaranteed QoS with whole CPUs,
   restricted security context, probes on the metrics port, data on the volume claim.
4. The rendered objects are the expected ones (--expect Kind=count), so that a template that
   swallows a document (a missing newline before "---") cannot pass unnoticed.
5. The replicated engine (replication.mode cluster): every group whose venue StatefulSet runs the
   gateways as a cluster client (KAIROS_ENGINE_REPLICATION=cluster) has a StatefulSet of members
   (--members N of them when given) that finds each other by stable DNS through a headless Service
   publishing not-ready addresses, takes its member id from the pod index, lists the same members in
   the same order as its gateway (entry i = pod i), keeps members on separate nodes (required pod
   anti-affinity; with --zone-spread also spread over zones), and a PodDisruptionBudget that keeps a
   majority.
6. The cluster client secret (cluster.client-secret): every member and every gateway of a group in cluster mode
   reads KAIROS_CLUSTER_CLIENT_SECRET from a Secret (secretKeyRef, key client-secret; a rendered Secret of that
   name holds the key), no other pod has it, and neither its name nor a rendered secret's value appears in any
   ConfigMap or plain env value.
7. NetworkPolicies, when any is rendered: every venue and member pod is selected by exactly one, which restricts
   ingress. A venue's policy opens its FIX ports (the container's fix and md ports) to clients, its metrics port only
   to the monitoring namespaces (--metrics-namespace, default monitoring) and IP blocks, and in cluster mode UDP only
   from its own group's members (on an ephemeral range); a member's policy lets in UDP only from its group's venue
   pod (client ingress, base + 1) and its group's members (the other 4 ports and an ephemeral range), so that
   together they name exactly the 5 member ports, and metrics only from the monitoring namespaces.

Usage: check_rendered.py RENDERED.yaml --kube-version 1.33.0 [--expect StatefulSet=2 ...]
       [--dashboard] (also check the Grafana dashboard JSON against the metrics contract)
       [--members=N] [--zone-spread] (cluster mode: members per group, zone spread required)
       [--metrics-namespace=NAME ...] (namespaces allowed to the metrics port; default monitoring)
"""
import base64
import argparse
import json
import sys
from collections import Counter

import kubernetes_validate
import yaml

CONTRACT_METRICS = [
    "kairos_orders_in_total", "kairos_executions_total", "kairos_rejects_total",
    "kairos_throttle_rejects_total", "kairos_sessions_connected", "kairos_ring_remaining_capacity",
    "kairos_engine_latency_seconds_bucket", "kairos_engine_commands_total", "kairos_engine_trades_total",
    "kairos_engine_rejects_total", "kairos_resting_orders", "kairos_journal_force_seconds_count",
    "kairos_journal_force_seconds_sum", "kairos_journal_force_max_seconds", "kairos_journal_written_bytes_total",
    "kairos_md_subscriptions", "kairos_md_sessions", "kairos_md_slow_consumer_disconnects_total",
    "kairos_order_entry_door_to_door_seconds_bucket", "kairos_order_entry_hop_seconds_bucket",
    "kairos_md_engine_out_to_gateway_out_seconds_bucket", "kairos_md_queue_depth", "kairos_md_queue_depth_high_water",
    "kairos_md_event_ring_bytes",
]
CUSTOM_API_GROUPS = ("monitoring.coreos.com/",)


def fail(errors, where, message):
    errors.append(f"{where}: {message}")


def check_builtin(doc, kube_version, errors):
    where = f"{doc['kind']}/{doc['metadata']['name']}"
    try:
        kubernetes_validate.validate(doc, kube_version, strict=True)
    except kubernetes_validate.ValidationError as e:
        path = "/".join(str(p) for p in e.absolute_path)
        fail(errors, where, f"schema: {e.message} (at /{path})")
    except kubernetes_validate.SchemaNotFoundError:
        fail(errors, where, f"no schema for {doc['apiVersion']} {doc['kind']} in Kubernetes {kube_version}")


def check_service_monitor(doc, services, errors):
    where = f"ServiceMonitor/{doc['metadata']['name']}"
    if doc.get("apiVersion") != "monitoring.coreos.com/v1":
        fail(errors, where, f"apiVersion {doc.get('apiVersion')} is not monitoring.coreos.com/v1")
    spec = doc.get("spec") or {}
    allowed = {"namespaceSelector", "selector", "endpoints", "jobLabel", "targetLabels", "podTargetLabels"}
    extra = set(spec) - allowed
    if extra:
        fail(errors, where, f"unexpected spec fields {sorted(extra)}")
    match = (spec.get("selector") or {}).get("matchLabels") or {}
    if not match:
        fail(errors, where, "spec.selector.matchLabels is empty")
    endpoints = spec.get("endpoints") or []
    if not endpoints:
        fail(errors, where, "spec.endpoints is empty")
    selected = [s for s in services if match.items() <= (s["metadata"].get("labels") or {}).items()]
    if not selected:
        fail(errors, where, f"selects no Service (matchLabels {match})")
    for endpoint in endpoints:
        for svc in selected:
            names = {p.get("name") for p in svc["spec"]["ports"]}
            if endpoint.get("port") not in names:
                fail(errors, where, f"endpoint port {endpoint.get('port')!r} not on Service {svc['metadata']['name']}")


def check_metrics_token(docs, errors):
    """metrics.bearerToken: every pod that requires the token reads only its hash, from a Secret, and every
    ServiceMonitor endpoint sends the token from that same Secret; without it no endpoint sends one."""
    secrets = set()
    for sts in (d for d in docs if d.get("kind") == "StatefulSet"):
        where = f"StatefulSet/{sts['metadata']['name']}"
        env = container_env(sts)
        var = env.get("KAIROS_METRICS_BEARER_TOKEN_HASH")
        if var is None:
            continue
        ref = ((var or {}).get("valueFrom") or {}).get("secretKeyRef") or {}
        if not ref.get("name") or not ref.get("key"):
            fail(errors, where, "KAIROS_METRICS_BEARER_TOKEN_HASH is not read from a Secret")
        secrets.add(ref.get("name"))
    for monitor in (d for d in docs if d.get("kind") == "ServiceMonitor"):
        where = f"ServiceMonitor/{monitor['metadata']['name']}"
        for endpoint in (monitor.get("spec") or {}).get("endpoints") or []:
            auth = endpoint.get("authorization")
            if not secrets:
                if auth:
                    fail(errors, where, "sends a bearer token the pods do not require")
                continue
            credentials = (auth or {}).get("credentials") or {}
            if (auth or {}).get("type") != "Bearer" or credentials.get("name") not in secrets or \
                    not credentials.get("key"):
                fail(errors, where, f"endpoint {endpoint.get('port')!r} does not send the bearer token from "
                                    f"Secret {sorted(secrets)}")


def quantity_is_whole_cpu(value):
    return isinstance(value, str) and value.isdigit() and int(value) >= 1


def check_statefulset(doc, errors):
    where = f"StatefulSet/{doc['metadata']['name']}"
    pod = doc["spec"]["template"]["spec"]
    psc = pod.get("securityContext") or {}
    if psc.get("runAsNonRoot") is not True:
        fail(errors, where, "pod securityContext.runAsNonRoot is not true")
    if (psc.get("seccompProfile") or {}).get("type") != "RuntimeDefault":
        fail(errors, where, "pod seccompProfile is not RuntimeDefault")
    if pod.get("automountServiceAccountToken") is not False:
        fail(errors, where, "service account token is mounted")
    claims = {c["metadata"]["name"] for c in doc["spec"].get("volumeClaimTemplates", [])}
    for c in pod["containers"]:
        cw = f"{where} container {c['name']}"
        req = (c.get("resources") or {}).get("requests") or {}
        lim = (c.get("resources") or {}).get("limits") or {}
        if req != lim or set(req) != {"cpu", "memory"}:
            fail(errors, cw, f"not Guaranteed QoS: requests {req} != limits {lim}")
        if not quantity_is_whole_cpu(req.get("cpu")):
            fail(errors, cw, f"cpu {req.get('cpu')!r} is not a whole number of cores")
        sc = c.get("securityContext") or {}
        if sc.get("allowPrivilegeEscalation") is not False:
            fail(errors, cw, "allowPrivilegeEscalation is not false")
        if sc.get("readOnlyRootFilesystem") is not True:
            fail(errors, cw, "readOnlyRootFilesystem is not true")
        if "ALL" not in ((sc.get("capabilities") or {}).get("drop") or []):
            fail(errors, cw, "capabilities do not drop ALL")
        for probe, path in (("livenessProbe", "/health/live"), ("readinessProbe", "/health/ready"),
                            ("startupProbe", "/health/live")):
            got = (c.get(probe) or {}).get("httpGet") or {}
            if got.get("path") != path or got.get("port") != "metrics":
                fail(errors, cw, f"{probe} is not GET {path} on the metrics port: {got}")
        mounts = {m["mountPath"]: m["name"] for m in c.get("volumeMounts", [])}
        if mounts.get("/var/lib/kairos") not in claims:
            fail(errors, cw, "/var/lib/kairos is not on a volume claim")
        for path in ("/tmp", "/etc/kairos"):
            if path not in mounts:
                fail(errors, cw, f"{path} is not mounted (read-only root filesystem)")
        env = {e["name"]: e for e in c.get("env", [])}
        if is_member(doc):
            required = ("KAIROS_ENGINE_HOSTED_PARTITIONS", "KAIROS_METRICS_BIND_ADDRESS", "KAIROS_CLUSTER_DIR",
                        "JAVA_OPTS")
        else:
            required = ("KAIROS_ENGINE_HOSTED_PARTITIONS", "KAIROS_FIX_BIND_ADDRESS", "KAIROS_JOURNAL_DIR", "JAVA_OPTS")
            if env.get("KAIROS_FIX_BIND_ADDRESS", {}).get("value") != "0.0.0.0":
                fail(errors, cw, "FIX gateway does not bind 0.0.0.0")
        for name in required:
            if name not in env:
                fail(errors, cw, f"env {name} is missing")


# The gateways' cluster client keeps an Aeron media driver in /dev/shm: ingress publication 3 x 16 MiB, egress
# image 3 x 4 MiB, CnC file (128 MiB); the order-entry gateway's driver goes there too when 128 MiB are free.
GATEWAY_SHM_MIN_MIB = 256
QUANTITY_MIB = {"Ki": 1 / 1024, "Mi": 1, "Gi": 1024, "Ti": 1024 * 1024}
MEMBER_PORTS = ("cl-archive", "cl-ingress", "cl-consensus", "cl-log", "cl-catchup")  # base + 0 .. 4
POD_INDEX = "metadata.labels['apps.kubernetes.io/pod-index']"


def is_member(sts):
    return sts["metadata"]["labels"].get("app.kubernetes.io/component") == "cluster-member"


def container_env(sts):
    return {e["name"]: e for e in sts["spec"]["template"]["spec"]["containers"][0].get("env", [])}


def selects(selector, labels):
    return bool(selector) and selector.items() <= (labels or {}).items()


def check_cluster(docs, members_expected, zone_spread, errors):
    """Check 5 of the module docstring, for every group in cluster mode."""
    statefulsets = [d for d in docs if d["kind"] == "StatefulSet"]
    gateways = {s["metadata"]["labels"].get("kairos.io/partition-group"): s for s in statefulsets if not is_member(s)}
    members_by_group = {s["metadata"]["labels"].get("kairos.io/partition-group"): s for s in statefulsets
                        if is_member(s)}
    for group, gateway in gateways.items():
        replicated = container_env(gateway).get("KAIROS_ENGINE_REPLICATION", {}).get("value") == "cluster"
        if replicated and group not in members_by_group:
            fail(errors, f"StatefulSet/{gateway['metadata']['name']}", "runs as a cluster client but its group has "
                 "no cluster members")
    for group, sts in members_by_group.items():
        check_member_statefulset(docs, sts, gateways.get(group), members_expected, zone_spread, errors)


def mebibytes(quantity):
    """A Kubernetes memory quantity in MiB (binary suffixes only, as the chart's values use), or None."""
    for suffix, factor in QUANTITY_MIB.items():
        if str(quantity).endswith(suffix) and str(quantity)[:-len(suffix)].replace(".", "", 1).isdigit():
            return float(str(quantity)[:-len(suffix)]) * factor
    return None


def check_member_statefulset(docs, sts, gateway, members_expected, zone_spread, errors):
    name = sts["metadata"]["name"]
    where = f"StatefulSet/{name}"
    service_name = None
    pod = sts["spec"]["template"]
    labels = pod["metadata"]["labels"]
    env = container_env(sts)
    members = (env.get("KAIROS_CLUSTER_MEMBERS") or {}).get("value", "").split(",")
    count = len(members)
    if count not in (3, 5) or (members_expected and count != members_expected):
        fail(errors, where, f"KAIROS_CLUSTER_MEMBERS has {count} entries, expected {members_expected or '3 or 5'}")
    if sts["spec"]["replicas"] not in (0, count):
        fail(errors, where, f"replicas {sts['spec']['replicas']} is neither {count} (the members listed) nor 0")
    if sts["spec"].get("podManagementPolicy") != "Parallel":
        fail(errors, where, "podManagementPolicy is not Parallel (members must start together to elect a leader)")
    if (env.get("KAIROS_ENGINE_REPLICATION") or {}).get("value") != "cluster":
        fail(errors, where, "KAIROS_ENGINE_REPLICATION is not cluster")
    member_id = ((env.get("KAIROS_CLUSTER_MEMBER_ID") or {}).get("valueFrom") or {}).get("fieldRef") or {}
    if member_id.get("fieldPath") != POD_INDEX:
        fail(errors, where, f"KAIROS_CLUSTER_MEMBER_ID is not the pod index: {env.get('KAIROS_CLUSTER_MEMBER_ID')}")
    if not (env.get("KAIROS_CLUSTER_DIR") or {}).get("value", "").startswith("/var/lib/kairos/"):
        fail(errors, where, "KAIROS_CLUSTER_DIR is not on the volume claim (/var/lib/kairos)")
    ports = {p["name"]: p for p in pod["spec"]["containers"][0].get("ports", [])}
    base = (ports.get("cl-archive") or {}).get("containerPort")
    for offset, port_name in enumerate(MEMBER_PORTS):
        port = ports.get(port_name) or {}
        if port.get("protocol") != "UDP" or base is None or port.get("containerPort") != base + offset:
            fail(errors, where, f"container port {port_name} is not UDP base+{offset}: {port}")
    if {"fix", "md"} & set(ports):
        fail(errors, where, "a member exposes a FIX port (members run no gateway)")

    service = next((d for d in docs if d["kind"] == "Service" and d["metadata"]["name"] == sts["spec"]["serviceName"]),
                   None)
    if service is None:
        fail(errors, where, f"governing Service {sts['spec']['serviceName']} is not rendered")
    else:
        spec = service["spec"]
        if spec.get("clusterIP") != "None" or spec.get("publishNotReadyAddresses") is not True:
            fail(errors, f"Service/{service['metadata']['name']}", "not headless with publishNotReadyAddresses")
        if not selects(spec.get("selector"), labels):
            fail(errors, f"Service/{service['metadata']['name']}", "does not select the members")
        udp = {p["name"] for p in spec.get("ports", []) if p.get("protocol") == "UDP"}
        if udp != set(MEMBER_PORTS):
            fail(errors, f"Service/{service['metadata']['name']}", f"UDP ports {sorted(udp)}, want {MEMBER_PORTS}")
        service_name = service["metadata"]["name"]
    for member_id_, entry in enumerate(members):
        host, _, port = entry.rpartition(":")
        parts = host.split(".")
        if (len(parts) != 4 or parts[0] != f"{name}-{member_id_}" or parts[1] != service_name
                or parts[3] != "svc" or port != str(base)):
            fail(errors, where, f"member {member_id_} is {entry!r}, not pod {name}-{member_id_} through its "
                 f"headless Service on port base {base}")

    affinity = (pod["spec"].get("affinity") or {}).get("podAntiAffinity") or {}
    if not any(t.get("topologyKey") and selects((t.get("labelSelector") or {}).get("matchLabels"), labels)
               for t in affinity.get("requiredDuringSchedulingIgnoredDuringExecution") or []):
        fail(errors, where, "no required pod anti-affinity keeps the members apart")
    spread = [t for t in pod["spec"].get("topologySpreadConstraints") or []
              if t.get("topologyKey") == "topology.kubernetes.io/zone" and t.get("whenUnsatisfiable") == "DoNotSchedule"
              and selects((t.get("labelSelector") or {}).get("matchLabels"), labels)]
    if zone_spread and not spread:
        fail(errors, where, "members are not spread over zones (topology.kubernetes.io/zone, DoNotSchedule)")

    budgets = [d for d in docs if d["kind"] == "PodDisruptionBudget"
               and selects(d["spec"]["selector"].get("matchLabels"), labels)]
    majority = count // 2 + 1
    if len(budgets) != 1 or budgets[0]["spec"].get("minAvailable") != majority:
        got = [b["spec"] for b in budgets]
        fail(errors, where, f"want one PodDisruptionBudget with minAvailable {majority} of {count}, got {got}")

    if gateway is None:
        fail(errors, where, "its group has no venue StatefulSet to run the gateways")
        return
    gw_env = container_env(gateway)
    gw_where = f"StatefulSet/{gateway['metadata']['name']}"
    if (gw_env.get("KAIROS_ENGINE_REPLICATION") or {}).get("value") != "cluster":
        fail(errors, gw_where, "its group has cluster members but the gateways are not their client")
    if (gw_env.get("KAIROS_CLUSTER_MEMBERS") or {}).get("value") != env["KAIROS_CLUSTER_MEMBERS"]["value"]:
        fail(errors, gw_where, "KAIROS_CLUSTER_MEMBERS differs from the members'")
    if gw_env.get("KAIROS_ENGINE_HOSTED_PARTITIONS") != env.get("KAIROS_ENGINE_HOSTED_PARTITIONS"):
        fail(errors, gw_where, "hosts other partitions than its cluster members")
    client_host = ((gw_env.get("KAIROS_CLUSTER_CLIENT_HOST") or {}).get("valueFrom") or {}).get("fieldRef") or {}
    if client_host.get("fieldPath") != "status.podIP":
        fail(errors, gw_where, "KAIROS_CLUSTER_CLIENT_HOST is not the pod IP")
    shm = next((v.get("emptyDir", {}).get("sizeLimit") for v in gateway["spec"]["template"]["spec"]["volumes"]
                if v["name"] == "shm"), None)
    if (mebibytes(shm) or 0) < GATEWAY_SHM_MIN_MIB:
        fail(errors, gw_where, f"/dev/shm {shm} is below {GATEWAY_SHM_MIN_MIB}Mi (the cluster client's and the gateway's media drivers)")


CLIENT_SECRET_ENV = "KAIROS_CLUSTER_CLIENT_SECRET"


def is_replicated(sts):
    return container_env(sts).get("KAIROS_ENGINE_REPLICATION", {}).get("value") == "cluster"


def check_client_secret(docs, errors):
    """Check 6 of the module docstring."""
    secrets = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Secret"}
    for sts in (d for d in docs if d["kind"] == "StatefulSet"):
        where = f"StatefulSet/{sts['metadata']['name']}"
        var = container_env(sts).get(CLIENT_SECRET_ENV)
        if not is_replicated(sts):
            if var is not None:
                fail(errors, where, f"{CLIENT_SECRET_ENV} on a pod that is not in cluster mode")
            continue
        ref = ((var or {}).get("valueFrom") or {}).get("secretKeyRef") or {}
        if var is None or "value" in var or ref.get("key") != "client-secret" or not ref.get("name"):
            fail(errors, where, f"{CLIENT_SECRET_ENV} is not read from a Secret's key client-secret: {var}")
            continue
        secret = secrets.get(ref["name"])
        if secret is not None and "client-secret" not in (secret.get("data") or {}):
            fail(errors, where, f"Secret/{ref['name']} has no key client-secret")
    values = set()
    for secret in secrets.values():
        encoded = (secret.get("data") or {}).get("client-secret")
        if encoded:
            values.add(base64.b64decode(encoded).decode())
    for doc in docs:
        if doc["kind"] == "ConfigMap":
            text = json.dumps(doc.get("data") or {})
            leaked = ["cluster.client-secret", CLIENT_SECRET_ENV] + sorted(values)
            if any(v in text for v in leaked):
                fail(errors, f"ConfigMap/{doc['metadata']['name']}", "holds the cluster client secret (or its key)")
        if doc["kind"] == "StatefulSet":
            for var in doc["spec"]["template"]["spec"]["containers"][0].get("env", []):
                if any(v in str(var.get("value", "")) for v in values):
                    fail(errors, f"StatefulSet/{doc['metadata']['name']}", f"env {var['name']} holds the secret in clear")


def container_ports(sts):
    return {p["name"]: p for p in sts["spec"]["template"]["spec"]["containers"][0].get("ports", [])}


def peer_kind(peer, sts_by_selector):
    """A NetworkPolicyPeer in words: "pods of <StatefulSet>", "namespace <name>", "ipBlock <cidr>" or "other ..."."""
    if set(peer) == {"podSelector"}:
        match = (peer["podSelector"] or {}).get("matchLabels") or {}
        name = sts_by_selector.get(tuple(sorted(match.items())))
        return f"pods of {name}" if name else f"other pods {match}"
    if set(peer) == {"namespaceSelector"}:
        labels = (peer["namespaceSelector"] or {}).get("matchLabels") or {}
        if set(labels) == {"kubernetes.io/metadata.name"} and not peer["namespaceSelector"].get("matchExpressions"):
            return f"namespace {labels['kubernetes.io/metadata.name']}"
    if set(peer) == {"ipBlock"} and peer["ipBlock"].get("cidr") not in ("0.0.0.0/0", "::/0"):
        return f"ipBlock {peer['ipBlock'].get('cidr')}"
    return f"other {peer}"


def check_network_policies(docs, metrics_namespaces, errors):
    """Check 7 of the module docstring."""
    policies = [d for d in docs if d["kind"] == "NetworkPolicy"]
    if not policies:
        return
    statefulsets = [d for d in docs if d["kind"] == "StatefulSet"]
    sts_by_selector = {tuple(sorted(s["spec"]["selector"]["matchLabels"].items())): s["metadata"]["name"]
                       for s in statefulsets}
    gateway_of = {s["metadata"]["labels"].get("kairos.io/partition-group"): s["metadata"]["name"]
                  for s in statefulsets if not is_member(s)}
    for sts in statefulsets:
        name = sts["metadata"]["name"]
        where = f"StatefulSet/{name}"
        pod_labels = sts["spec"]["template"]["metadata"]["labels"]
        mine = [p for p in policies if selects((p["spec"].get("podSelector") or {}).get("matchLabels"), pod_labels)]
        if len(mine) != 1:
            fail(errors, where, f"its pods are selected by {len(mine)} NetworkPolicies, want 1")
            continue
        policy = mine[0]
        pw = f"NetworkPolicy/{policy['metadata']['name']}"
        if "Ingress" not in (policy["spec"].get("policyTypes") or []):
            fail(errors, pw, "does not restrict ingress")
        ports = {n: (p["containerPort"], p.get("protocol", "TCP")) for n, p in container_ports(sts).items()}
        # (protocol, port, endPort) -> the sources in words (peer_kind).
        allowed = {}
        for rule in policy["spec"].get("ingress") or []:
            if not rule.get("ports"):
                fail(errors, pw, f"an ingress rule opens every port: {rule}")
                continue
            sources = [peer_kind(p, sts_by_selector) for p in rule.get("from") or []] or ["anywhere"]
            for port in rule["ports"]:
                if not isinstance(port.get("port"), int):
                    fail(errors, pw, f"port {port.get('port')!r} is not the number the container declares")
                    continue
                key = (port.get("protocol", "TCP"), port["port"], port.get("endPort"))
                allowed.setdefault(key, set()).update(sources)
        group = sts["metadata"]["labels"].get("kairos.io/partition-group")
        metrics = ("TCP", ports["metrics"][0], None)
        metrics_sources = allowed.pop(metrics, set())
        monitoring = {f"namespace {n}" for n in metrics_namespaces}
        if not metrics_sources & monitoring or any(
                s not in monitoring and not s.startswith("ipBlock ") for s in metrics_sources):
            fail(errors, pw, f"metrics port {metrics[1]} open to {sorted(metrics_sources)}, want only the "
                 f"monitoring namespaces {sorted(metrics_namespaces)} (and IP blocks)")
        member_names = {s["metadata"]["name"] for s in statefulsets if is_member(s)
                        and s["metadata"]["labels"].get("kairos.io/partition-group") == group}
        members_src = {f"pods of {n}" for n in member_names}
        if is_member(sts):
            udp_single = {k[1]: v for k, v in allowed.items() if k[0] == "UDP" and k[2] is None}
            want = {ports[n][0] for n in MEMBER_PORTS}
            if set(udp_single) != want:
                fail(errors, pw, f"UDP ports {sorted(udp_single)}, want exactly the 5 member ports {sorted(want)}")
            ingress_port = ports["cl-ingress"][0]
            for port, sources in udp_single.items():
                expected = {f"pods of {gateway_of.get(group)}"} if port == ingress_port else members_src
                if sources != expected:
                    fail(errors, pw, f"UDP {port} from {sorted(sources)}, want {sorted(expected)}")
            for key, sources in allowed.items():
                if key[0] == "UDP" and key[2] is not None and sources != members_src:
                    fail(errors, pw, f"UDP {key[1]}-{key[2]} from {sorted(sources)}, want the members only")
                elif key[0] != "UDP":
                    fail(errors, pw, f"{key[0]} port {key[1]} open on a member (metrics only)")
        else:
            # the plain FIX ports, and the TLS ones when the venue serves TLS itself (values tls.*)
            client_ports = [n for n in ("fix", "md", "fix-tls", "md-tls") if n in ports]
            for n in client_ports:
                if ("TCP", ports[n][0], None) not in allowed:
                    fail(errors, pw, f"{n} port {ports[n][0]} is not open to the FIX clients")
            for key, sources in allowed.items():
                if key[0] == "UDP":
                    if not is_replicated(sts):
                        fail(errors, pw, f"UDP {key[1]} open on a venue that is not a cluster client")
                    elif sources != members_src or not member_names:
                        fail(errors, pw, f"UDP {key[1]} from {sorted(sources)}, want its members only")
                elif key not in [("TCP", ports[n][0], None) for n in client_ports]:
                    fail(errors, pw, f"{key} is open on the venue pod")
            if is_replicated(sts) and not any(k[0] == "UDP" for k in allowed):
                fail(errors, pw, "the members' replies (UDP egress to the cluster client) are not let in")


def check_dashboard(docs, errors):
    maps = [d for d in docs if d["kind"] == "ConfigMap" and d["metadata"]["name"].endswith("-dashboard")]
    if len(maps) != 1:
        fail(errors, "dashboard", f"expected one dashboard ConfigMap, found {len(maps)}")
        return
    try:
        dashboard = json.loads(maps[0]["data"]["kairos.json"])
    except (KeyError, json.JSONDecodeError) as e:
        fail(errors, "dashboard", f"kairos.json is not JSON: {e}")
        return
    exprs = " ".join(t.get("expr", "") for p in dashboard.get("panels", []) for t in p.get("targets", []))
    for metric in CONTRACT_METRICS:
        if metric not in exprs:
            fail(errors, "dashboard", f"no panel queries {metric}")
    ids = [p.get("id") for p in dashboard.get("panels", [])]
    if len(ids) != len(set(ids)):
        fail(errors, "dashboard", "panel ids are not unique")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rendered")
    parser.add_argument("--kube-version", required=True)
    parser.add_argument("--expect", action="append", default=[], help="Kind=count")
    parser.add_argument("--dashboard", action="store_true")
    parser.add_argument("--members", type=int, help="cluster mode: members every member StatefulSet must list")
    parser.add_argument("--zone-spread", action="store_true", help="cluster mode: members spread over zones")
    parser.add_argument("--metrics-namespace", action="append", default=[],
                        help="a namespace allowed to the metrics port (default: monitoring)")
    args = parser.parse_args()

    with open(args.rendered) as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    errors = []
    services = [d for d in docs if d.get("kind") == "Service"]
    for doc in docs:
        if not isinstance(doc, dict) or "kind" not in doc or "apiVersion" not in doc:
            fail(errors, "document", f"not a Kubernetes object: {str(doc)[:80]}")
            continue
        if doc["apiVersion"].startswith(CUSTOM_API_GROUPS):
            if doc["kind"] == "ServiceMonitor":
                check_service_monitor(doc, services, errors)
            else:
                fail(errors, doc["kind"], "custom resource without a check")
            continue
        check_builtin(doc, args.kube_version, errors)
        if doc["kind"] == "StatefulSet":
            check_statefulset(doc, errors)
    counts = Counter(d.get("kind") for d in docs)
    for expectation in args.expect:
        kind, count = expectation.split("=")
        if counts[kind] != int(count):
            fail(errors, "objects", f"expected {count} {kind}, rendered {counts[kind]}")
    if args.dashboard:
        check_dashboard(docs, errors)
    check_cluster(docs, args.members, args.zone_spread, errors)
    check_client_secret(docs, errors)
    check_metrics_token(docs, errors)
    check_network_policies(docs, set(args.metrics_namespace or ["monitoring"]), errors)
    if args.members and not any(d["kind"] == "StatefulSet" and is_member(d) for d in docs):
        fail(errors, "objects", f"--members {args.members} given, but no cluster member StatefulSet is rendered")

    for error in errors:
        print(error, file=sys.stderr)
    print(f"{args.rendered}: {len(docs)} objects ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}), "
          f"{len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
