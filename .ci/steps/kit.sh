#!/usr/bin/env bash
# The benchmark kit (bench/kit/README.md) is made, fits its size and starts with no Java of the host, run by .ci/run
# after the build (which leaves the distribution bench/bin/kit packs; without it bench/bin/kit builds it first).
#
# Checks, each counted:
#   - bench/bin/kit --xz-level 6 makes the archive within 45 MB (xz -6, the preset xz runs in parallel blocks; the
#     published xz -9 archive is ~3 MB smaller still). It costs ~3.5 min of CPU, mostly xz: well under 2 minutes
#     on a CI machine with a few free cores, 7 min on a 2-vCPU VM at load average 8 (2026-11-27)
#   - unpacked, with an empty environment (env -i), a PATH whose first `java` is a fake that fails and records its
#     use, and a JDK search path with no JDK in it: `run --help` names the bundled runtime, `run kairos-server
#     --check-config`, `run fix-load-tool load --help` and `run scenario --help` succeed, and the fake java was
#     never called
# Does not run a scenario (tcpdump as root, a minute of load): bench/kit/README.md has a measured run.
# Prints "kit checks: N passed, M failed" and exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
work=$(mktemp -d "${TMPDIR:-/tmp}/kairos-kit-check.XXXXXX")
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

ok() { passed=$((passed + 1)); printf 'ok   %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }

started=$SECONDS
if bench/bin/kit --xz-level 6 --max-mb 45 --out "$work/kairos-kit.tar.xz" >"$work/kit.log" 2>&1; then
  ok "bench/bin/kit: $(stat -c %s "$work/kairos-kit.tar.xz") bytes ($((SECONDS - started)) s)"
else
  fail "bench/bin/kit ($((SECONDS - started)) s); its last lines:"
  tail -n 20 "$work/kit.log" | sed 's/^/     /'
  echo "kit checks: $passed passed, $failed failed"
  exit 1
fi

mkdir -p "$work/host/fake-bin" "$work/host/no-jdk" "$work/host/home"
tar -xf "$work/kairos-kit.tar.xz" -C "$work/host"
cat >"$work/host/fake-bin/java" <<EOF
#!/bin/sh
echo "\$0 \$*" >>"$work/host/host-java-used"
exit 1
EOF
chmod +x "$work/host/fake-bin/java"
# in_kit NAME COMMAND...: runs a kit command as a host without Java would: nothing from this environment.
in_kit() {
  local name="$1"; shift
  if (cd "$work/host/home" && env -i PATH="$work/host/fake-bin:/usr/local/bin:/usr/bin:/bin" HOME="$work/host/home" \
    KAIROS_JDK_SEARCH_PATH="$work/host/no-jdk" "$@") >"$work/run.log" 2>&1; then
    ok "$name"
  else
    fail "$name; its last lines:"
    tail -n 20 "$work/run.log" | sed 's/^/     /'
  fi
}
kit="$work/host/kairos-kit"
in_kit "run --help" "$kit/run" --help
if grep -q '^runtime: openjdk version' "$work/run.log" && grep -q "Java: $kit/jre" "$work/run.log"; then
  ok "run --help names the bundled runtime ($(grep '^runtime:' "$work/run.log"))"
else
  fail "run --help does not name the bundled runtime: $(grep -E '^(runtime|Java):' "$work/run.log" | tr '\n' ' ')"
fi
in_kit "run kairos-server --check-config" "$kit/run" kairos-server --check-config
in_kit "run fix-load-tool load --help" "$kit/run" fix-load-tool load --help
in_kit "run scenario --help" "$kit/run" scenario --help
if [[ -e "$work/host/host-java-used" ]]; then
  fail "a java from the PATH was called: $(head -n 3 "$work/host/host-java-used" | tr '\n' ' ')"
else
  ok "no java of the host was called"
fi

echo "kit checks: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
