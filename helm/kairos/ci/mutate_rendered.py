#!/usr/bin/env python3
"""Breaks one promise in a `helm template` output of cluster mode, so that .ci/steps/helm.sh can show that
check_rendered.py notices (a check that cannot fail proves nothing).

Usage: mutate_rendered.py MUTATION IN.yaml OUT.yaml   (MUTATION: one of MUTATIONS below)
"""
import sys

import yaml


def by_kind(docs, kind, component):
    return [d for d in docs if d["kind"] == kind
            and d["metadata"]["labels"].get("app.kubernetes.io/component") == component]


def env(sts):
    return sts["spec"]["template"]["spec"]["containers"][0]["env"]


def ingress_rule(policy, port):
    return next(r for r in policy["spec"]["ingress"] if any(p.get("port") == port for p in r["ports"]))


def member_ports(docs):
    sts = by_kind(docs, "StatefulSet", "cluster-member")[0]
    return {p["name"]: p["containerPort"] for p in sts["spec"]["template"]["spec"]["containers"][0]["ports"]}


def open_client_ingress(docs):  # the members' client ingress from anywhere
    del ingress_rule(by_kind(docs, "NetworkPolicy", "cluster-member")[0], member_ports(docs)["cl-ingress"])["from"]


def foreign_client(docs):  # the members' client ingress from another group's venue pod
    rule = ingress_rule(by_kind(docs, "NetworkPolicy", "cluster-member")[0], member_ports(docs)["cl-ingress"])
    rule["from"][0]["podSelector"]["matchLabels"]["kairos.io/partition-group"] = "other"


def drop_catchup_port(docs):  # one member port missing from the member policy
    port = member_ports(docs)["cl-catchup"]
    rule = ingress_rule(by_kind(docs, "NetworkPolicy", "cluster-member")[0], port)
    rule["ports"] = [p for p in rule["ports"] if p.get("port") != port]


def open_venue_metrics(docs):  # the venue's metrics port from anywhere
    policy = by_kind(docs, "NetworkPolicy", "venue")[0]
    del ingress_rule(policy, member_ports(docs)["metrics"])["from"]


def metrics_from_own_namespace(docs):  # the members' metrics port from every pod of the release's namespace
    policy = by_kind(docs, "NetworkPolicy", "cluster-member")[0]
    ingress_rule(policy, member_ports(docs)["metrics"])["from"].append({"podSelector": {}})


def no_member_policy(docs):
    docs.remove(by_kind(docs, "NetworkPolicy", "cluster-member")[0])


def secret_in_configmap(docs):
    config = next(d for d in docs if d["kind"] == "ConfigMap" and "kairos.properties" in (d.get("data") or {}))
    config["data"]["kairos.properties"] += "\ncluster.client-secret=0123456789abcdef0123\n"


def secret_in_plain_env(docs):
    for var in env(by_kind(docs, "StatefulSet", "cluster-member")[0]):
        if var["name"] == "KAIROS_CLUSTER_CLIENT_SECRET":
            var.pop("valueFrom")
            var["value"] = "0123456789abcdef0123"


def gateway_without_secret(docs):
    sts = by_kind(docs, "StatefulSet", "venue")[0]
    sts["spec"]["template"]["spec"]["containers"][0]["env"] = [
        v for v in env(sts) if v["name"] != "KAIROS_CLUSTER_CLIENT_SECRET"]


MUTATIONS = {f.__name__.replace("_", "-"): f for f in (
    open_client_ingress, foreign_client, drop_catchup_port, open_venue_metrics, metrics_from_own_namespace,
    no_member_policy, secret_in_configmap, secret_in_plain_env, gateway_without_secret)}


def main():
    name, source, target = sys.argv[1:4]
    with open(source) as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    MUTATIONS[name](docs)
    with open(target, "w") as f:
        yaml.safe_dump_all(docs, f, sort_keys=False)


if __name__ == "__main__":
    main()
