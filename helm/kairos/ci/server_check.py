#!/usr/bin/env python3
"""Runs the real server's `--check-config` on what the chart renders (run by .ci/steps/helm.sh).

For every StatefulSet of a `helm template` output: the ConfigMap's kairos.properties plus the
container's environment (secretKeyRef values replaced by a dummy secret, or a password hash for a session's
password-hash variable, the downward API's values
by what the first pod would see: the pod index 0, the pod IP 127.0.0.1; data directories moved
under WORKDIR) and JAVA_OPTS (with pre-touch off, so that a 6 GiB heap costs nothing), passed to
DIST/bin/kairos-server --config FILE --check-config. The server refuses unknown keys and bad values,
and the JVM refuses conflicting options, so a chart that renders a config the server cannot start
with fails here. The server must also have understood the pod's role: its hosted partitions, and in
cluster mode (engine.replication=cluster) the member list, whether it is member 0 or the gateways, the failover
timeouts the chart set and that the client secret is set.
Prints one line per StatefulSet.

Usage: server_check.py RENDERED.yaml DIST WORKDIR
"""
import os
import subprocess
import sys

import yaml

DATA_DIRS = ("KAIROS_JOURNAL_DIR", "KAIROS_SNAPSHOT_DIR", "KAIROS_FIX_DATA_DIR", "KAIROS_CLUSTER_DIR")
# A well-formed stored password hash (of no known password: --check-config only parses it).
CHECK_PASSWORD_HASH = "pbkdf2-sha256$1000$AAECAwQFBgcICQoLDA0ODw$AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"
# The downward API's fields as the first pod (ordinal 0) on this machine would see them.
POD_FIELDS = {
    "metadata.labels['apps.kubernetes.io/pod-index']": "0",
    "status.podIP": "127.0.0.1",
}


def env_value(var):
    """The value a pod would get for one EnvVar, or raises for a source this check cannot stand in for."""
    if "value" in var:
        return var["value"]
    source = var.get("valueFrom") or {}
    if "secretKeyRef" in source and (var["name"] == "KAIROS_METRICS_BEARER_TOKEN_HASH" or
                                     (var["name"].startswith("KAIROS_ADMIN_OPERATOR_") and
                                      var["name"].endswith("_TOKEN_HASH"))):
        return "0" * 64  # a SHA-256 in hex: the metrics token's or an operator's
    if "secretKeyRef" in source:
        if var["name"].endswith("_PASSWORD_HASH"):
            return CHECK_PASSWORD_HASH  # a session's password: the server reads only its hash
        return "check-password-0123456789"  # cluster.client-secret needs 16 characters
    field = (source.get("fieldRef") or {}).get("fieldPath")
    if field in POD_FIELDS:
        return POD_FIELDS[field]
    raise ValueError(f"env {var['name']}: no stand-in for {source}")


def expected_lines(env, tls_ports):
    """What --check-config must print for this environment: the hosted partitions and the replication role."""
    hosted = env.get("KAIROS_ENGINE_HOSTED_PARTITIONS", "")
    expected = ["hosted=[" + ", ".join(hosted.split(",")) + "]"]
    for door, port in tls_ports.items():
        expected.append(f"{door} tls: port={port}")
    if any(name.startswith("KAIROS_ADMIN_OPERATOR_") for name in env):
        expected.append("admin: operators ")  # the operator controls are on, with the Secret's hashes
    if env.get("KAIROS_ENGINE_REPLICATION") == "cluster":
        members = env.get("KAIROS_CLUSTER_MEMBERS", "")
        member_id = env.get("KAIROS_CLUSTER_MEMBER_ID", "")
        role = f"member {member_id}" if member_id else "client (gateways)"
        expected.append("replication: cluster members=[" + ", ".join(members.split(",")) + "] role=" + role)
        for key, printed in (("KAIROS_CLUSTER_CLIENT_HOST", "client-host"),
                             ("KAIROS_CLUSTER_HISTORY_COMMANDS", "history-commands"),
                             ("KAIROS_CLUSTER_LEADER_HEARTBEAT_TIMEOUT_MS", "leader-heartbeat-timeout-ms"),
                             ("KAIROS_CLUSTER_LEADER_HEARTBEAT_INTERVAL_MS", "leader-heartbeat-interval-ms"),
                             ("KAIROS_CLUSTER_ELECTION_TIMEOUT_MS", "election-timeout-ms")):
            if key in env:
                expected.append(f"{printed}={env[key]}")
        # Refused by the server when missing or short: every member and gateway must have it from the Secret.
        expected.append("client-secret=(set, not shown)")
    else:
        expected.append("replication: none")
    if "KAIROS_METRICS_BEARER_TOKEN_HASH" in env:
        expected.append("bearer-token=required")
    return expected


def main():
    rendered, dist, workdir = sys.argv[1:4]
    with open(rendered) as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    configs = [d for d in docs if d["kind"] == "ConfigMap" and "kairos.properties" in (d.get("data") or {})]
    if len(configs) != 1:
        print(f"expected one ConfigMap with kairos.properties, found {len(configs)}")
        return 1
    config_file = os.path.join(workdir, "kairos.properties")
    # The TLS files come from a Secret mounted at /etc/kairos-tls (values tls.*): stand-ins the server can read
    # (it checks they are readable files; their contents are decoded when the listener starts).
    tls_dir = os.path.join(workdir, "kairos-tls")
    os.makedirs(tls_dir, exist_ok=True)
    for name in ("tls.crt", "tls.key", "ca.crt"):
        with open(os.path.join(tls_dir, name), "w") as f:
            f.write("stand-in\n")
    with open(config_file, "w") as f:
        f.write(configs[0]["data"]["kairos.properties"].replace("/etc/kairos-tls/", tls_dir + "/"))
    properties = configs[0]["data"]["kairos.properties"].splitlines()
    tls_ports = {line.split(".", 1)[0]: line.split("=", 1)[1] for line in properties
                 if line.strip().startswith(("fix.tls-port=", "md.tls-port=")) and line.split("=", 1)[1].strip()}
    tls_ports = {door.strip(): port.strip() for door, port in tls_ports.items()}
    problems = 0
    for sts in (d for d in docs if d["kind"] == "StatefulSet"):
        name = sts["metadata"]["name"]
        container = sts["spec"]["template"]["spec"]["containers"][0]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": workdir}
        try:
            env.update({var["name"]: env_value(var) for var in container.get("env", [])})
        except ValueError as e:
            problems += 1
            print(f"{name}: {e}")
            continue
        for var in DATA_DIRS:
            env[var] = os.path.join(workdir, name, var.lower())
        env["JAVA_OPTS"] = env.get("JAVA_OPTS", "") + " -XX:-AlwaysPreTouch"
        args = [os.path.join(os.path.abspath(dist), "bin", "kairos-server"), "--config", config_file, "--check-config"]
        result = subprocess.run(args, env=env, cwd=workdir, capture_output=True, text=True, timeout=120)
        output = result.stdout + result.stderr
        expected = expected_lines(env, tls_ports)
        missing = [line for line in expected if line not in output]
        if result.returncode != 0 or "configuration OK" not in output or missing:
            problems += 1
            print(f"{name}: the server refused the rendered configuration (exit {result.returncode}, "
                  f"expected {missing}):\n{output}")
        else:
            print(f"{name}: configuration OK, {'; '.join(expected)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
