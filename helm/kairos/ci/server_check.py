#!/usr/bin/env python3
"""Runs the real server's `--check-config` on what the chart renders (run by .ci/steps/helm.sh).

For every StatefulSet of a `helm template` output: the ConfigMap's kairos.properties plus the
container's environment (secretKeyRef values replaced by a dummy password, data directories moved
under WORKDIR) and JAVA_OPTS (with pre-touch off, so that a 6 GiB heap costs nothing), passed to
DIST/bin/kairos-server --config FILE --check-config. The server refuses unknown keys and bad values,
and the JVM refuses conflicting options, so a chart that renders a config the server cannot start
with fails here. Prints one line per StatefulSet.

Usage: server_check.py RENDERED.yaml DIST WORKDIR
"""
import os
import subprocess
import sys

import yaml

DATA_DIRS = ("KAIROS_JOURNAL_DIR", "KAIROS_SNAPSHOT_DIR", "KAIROS_FIX_DATA_DIR")


def main():
    rendered, dist, workdir = sys.argv[1:4]
    with open(rendered) as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    configs = [d for d in docs if d["kind"] == "ConfigMap" and "kairos.properties" in (d.get("data") or {})]
    if len(configs) != 1:
        print(f"expected one ConfigMap with kairos.properties, found {len(configs)}")
        return 1
    config_file = os.path.join(workdir, "kairos.properties")
    with open(config_file, "w") as f:
        f.write(configs[0]["data"]["kairos.properties"])
    problems = 0
    for sts in (d for d in docs if d["kind"] == "StatefulSet"):
        name = sts["metadata"]["name"]
        container = sts["spec"]["template"]["spec"]["containers"][0]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": workdir}
        for var in container.get("env", []):
            if "value" in var:
                env[var["name"]] = var["value"]
            elif "secretKeyRef" in (var.get("valueFrom") or {}):
                env[var["name"]] = "check-password"
        for var in DATA_DIRS:
            env[var] = os.path.join(workdir, name, var.lower())
        env["JAVA_OPTS"] = env.get("JAVA_OPTS", "") + " -XX:-AlwaysPreTouch"
        args = [os.path.join(os.path.abspath(dist), "bin", "kairos-server"), "--config", config_file, "--check-config"]
        result = subprocess.run(args, env=env, cwd=workdir, capture_output=True, text=True, timeout=120)
        output = result.stdout + result.stderr
        hosted = env.get("KAIROS_ENGINE_HOSTED_PARTITIONS", "")
        expected = "hosted=[" + ", ".join(hosted.split(",")) + "]"
        if result.returncode != 0 or "configuration OK" not in output or expected not in output:
            problems += 1
            print(f"{name}: the server refused the rendered configuration (exit {result.returncode}, "
                  f"expected '{expected}'):\n{output}")
        else:
            print(f"{name}: configuration OK, {expected}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
