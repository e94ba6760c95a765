# Shared by bench/bin/fix-load and bench/bin/scenario (sourced, not run): JDK choice, building the load jar,
# starting and stopping the processes of a benchmark run. Every process started here is recorded in BENCH_PIDS
# and stopped by bench_cleanup (trap it on EXIT).

BENCH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../../.." && pwd)"
FIX_LOAD_DIR="$BENCH_ROOT/bench/fix-load"
FIX_LOAD_JAR="$FIX_LOAD_DIR/target/fix-load.jar"
ORDERMATCH_LIB="$FIX_LOAD_DIR/target/ordermatch-lib"
KAIROS_SERVER="${KAIROS_SERVER:-$BENCH_ROOT/server/target/kairos/bin/kairos-server}"
LATENCY_TOOL_JAR="$BENCH_ROOT/latency-tool/target/latency-tool.jar"
# The JDK lookup and JVM flags shared by every Kairos launcher and ./mvnw (kairos_find_java, kairos_jvm_flags).
# shellcheck source=../../../../../.mvn/kairos-java.sh
. "$BENCH_ROOT/.mvn/kairos-java.sh"
read -r -a JVM_FLAGS <<<"$kairos_jvm_flags"
BENCH_PIDS=()

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { printf '%s: %s\n' "$(basename "$0")" "$*" >&2; exit 2; }

# The java to run with, in $JAVA: $JAVA_HOME if >= 21, else the newest JDK >= 21 under /usr/lib/jvm, else java on
# the PATH (.mvn/kairos-java.sh).
find_java() {
  JAVA=$(kairos_find_java) || die "$(kairos_no_java_message)"
}

# Builds bench/fix-load when its jar is missing (or FIX_LOAD_REBUILD=1).
ensure_fix_load() {
  if [[ ! -f "$FIX_LOAD_JAR" || ! -d "$ORDERMATCH_LIB" || "${FIX_LOAD_REBUILD:-0}" == 1 ]]; then
    [[ -x "$BENCH_ROOT/mvnw" ]] || die "$FIX_LOAD_JAR or $ORDERMATCH_LIB is missing and there is no ./mvnw to build" \
      "them (an incomplete benchmark kit?)"
    log "building bench/fix-load"
    # -am: fix-load needs fix-wire, which no local repository holds on a fresh clone
    (cd "$BENCH_ROOT" && ./mvnw -B -q -pl bench/fix-load -am package -DskipTests) ||
      die "building bench/fix-load failed"
  fi
}

# CPU lists the scenario pins the venue (and the echo server in its place), the load client and tcpdump to;
# empty: the kernel places them.
PIN_VENUE="${PIN_VENUE:-}" PIN_CLIENT="${PIN_CLIENT:-}" PIN_CAPTURE="${PIN_CAPTURE:-}"

# pinned CPUS CMD...: runs CMD in the foreground on the CPU list, or unpinned when CPUS is empty. (Background
# starts use the ${PIN_X:+taskset -c "$PIN_X"} prefix instead, so that $! is the process itself.)
pinned() {
  local cpus="$1"; shift
  if [[ -n "$cpus" ]]; then taskset -c "$cpus" "$@"; else "$@"; fi
}

# cpu_ticks PID: user + system CPU time of a process so far, in clock ticks (getconf CLK_TCK per second).
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }

fix_load() {
  pinned "$PIN_CLIENT" "$JAVA" "${JVM_FLAGS[@]}" -Xms1g -Xmx1g -XX:+UseParallelGC \
    -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -jar "$FIX_LOAD_JAR" "$@"
}

# start_bg NAME LOGFILE CMD...: runs CMD in the background, records its pid in BENCH_PIDS and in $LAST_PID.
start_bg() {
  local name="$1" logfile="$2"; shift 2
  "$@" >"$logfile" 2>&1 &
  LAST_PID=$!
  BENCH_PIDS+=("$LAST_PID")
  log "started $name (pid $LAST_PID, log $logfile)"
}

# stop_pid PID [SECONDS]: SIGTERM, wait, then SIGKILL if it is still there.
stop_pid() {
  local pid="$1" wait_s="${2:-20}" i
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < wait_s * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
    sleep 0.1
  done
  log "pid $pid ignored SIGTERM for ${wait_s} s; killing it"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

bench_cleanup() {
  local pid
  for pid in "${BENCH_PIDS[@]}"; do stop_pid "$pid" 10; done
  BENCH_PIDS=()
}

# wait_for_port PORT SECONDS: until something listens on 127.0.0.1:PORT.
wait_for_port() {
  local port="$1" seconds="$2" i
  for ((i = 0; i < seconds * 10; i++)); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# start_echo PORT LOGFILE: the raw TCP FIX echo server.
start_echo() {
  port_free "$1" || die "port $1 is in use (echo server)"
  # shellcheck disable=SC2086 # the taskset prefix is words or nothing; a background simple command keeps its pid
  start_bg "fix echo server on :$1" "$2" ${PIN_VENUE:+taskset -c "$PIN_VENUE"} "$JAVA" "${JVM_FLAGS[@]}" \
    -Xms256m -Xmx256m -XX:+UseParallelGC \
    -jar "$FIX_LOAD_JAR" echo-server --port "$1"
  ECHO_PID=$LAST_PID
  wait_for_port "$1" 30 || die "echo server did not listen on $1 (see $2)"
}

# start_ordermatch PORT SESSIONS DIR: QuickFIX/J's ordermatch example on its own QuickFIX/J (2.1.0) class path.
# Its stdin is a FIFO held open by fd 7 ('#quit' ends it); its stdout, where it prints the symbol's whole book
# after every order, goes to /dev/null.
start_ordermatch() {
  local port="$1" sessions="$2" dir="$3"
  port_free "$port" || die "port $port is in use (ordermatch)"
  mkdir -p "$dir"
  fix_load ordermatch-config --out "$dir/ordermatch.cfg" --port "$port" --sessions "$sessions" \
    --data-dir "$dir/store"
  rm -f "$dir/stdin"; mkfifo "$dir/stdin"
  "$JAVA" -Xms1g -Xmx1g -XX:+UseParallelGC -cp "$ORDERMATCH_LIB/*" quickfix.examples.ordermatch.Main \
    "$dir/ordermatch.cfg" <"$dir/stdin" >/dev/null 2>"$dir/ordermatch.err" &
  LAST_PID=$!
  BENCH_PIDS+=("$LAST_PID")
  ORDERMATCH_PID=$LAST_PID
  exec 7>"$dir/stdin"
  log "started QuickFIX/J ordermatch 2.1.0 on :$port (pid $LAST_PID, stderr $dir/ordermatch.err)"
  wait_for_port "$port" 60 || die "ordermatch did not listen on $port (see $dir/ordermatch.err)"
}

stop_ordermatch() {
  echo '#quit' >&7 2>/dev/null || true
  exec 7>&- 2>/dev/null || true
  stop_pid "$ORDERMATCH_PID" 10
}

# start_kairos CONFIG METRICS_PORT DIR [ENV=VALUE...]: the real server process, ready when /health/ready is 200.
start_kairos() {
  local config="$1" metrics_port="$2" dir="$3" i code; shift 3
  [[ -x "$KAIROS_SERVER" ]] || return 1
  port_free "$metrics_port" || die "port $metrics_port is in use (Kairos metrics)"
  # What earlier runs or peers left in the page cache (~150 MB per 20 s venue run: Artio's archive and files) goes to
  # the disk now rather than during this run, where its write-back held sync forces up (bench/fix-load/README.md).
  sync
  (cd "$dir" && exec env "$@" ${PIN_VENUE:+taskset -c "$PIN_VENUE"} "$KAIROS_SERVER" --config "$config") \
    >"$dir/kairos-server.log" 2>&1 &
  LAST_PID=$!
  BENCH_PIDS+=("$LAST_PID")
  KAIROS_PID=$LAST_PID
  log "started kairos-server (pid $LAST_PID, log $dir/kairos-server.log)"
  for ((i = 0; i < 1200; i++)); do
    kill -0 "$KAIROS_PID" 2>/dev/null || die "kairos-server exited during start (see $dir/kairos-server.log)"
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$metrics_port/health/ready" || true)
    if [[ "$code" == 200 ]]; then
      # what server.threading chose (auto: compact or dedicated, and why), from the banner
      sed -n 's/^ *Threading *: */kairos threading: /p; s/^ *chosen by /kairos threading chosen by /p' \
        "$dir/kairos-server.log" >&2
      return 0
    fi
    sleep 0.1
  done
  die "kairos-server not ready after 120 s (see $dir/kairos-server.log)"
}

# The tcpdump to capture with: $TCPDUMP (a path; the benchmark kit's `run --tcpdump PATH` sets it), else the one on
# the PATH, else /usr/sbin's (not on a non-root user's PATH on Debian).
tcpdump_cmd() {
  local found
  if [[ -n "${TCPDUMP:-}" ]]; then
    [[ -x "$TCPDUMP" ]] || die "TCPDUMP=$TCPDUMP is not an executable"
    echo "$TCPDUMP"; return 0
  fi
  found=$(command -v tcpdump 2>/dev/null) || found=""
  [[ -z "$found" && -x /usr/sbin/tcpdump ]] && found=/usr/sbin/tcpdump
  [[ -n "$found" ]] || die "tcpdump is not installed: install it (Debian/Ubuntu: sudo apt-get install -y tcpdump;" \
    "RHEL/Amazon Linux: sudo dnf install -y tcpdump) or name one with TCPDUMP=/path/to/tcpdump (the benchmark" \
    "kit: run --tcpdump /path/to/tcpdump)"
  echo "$found"
}

# start_capture PCAP LOGFILE PORT...: tcpdump on loopback for the given TCP ports, ready when it says it listens.
start_capture() {
  local pcap="$1" logfile="$2" filter="" port i tcpdump; shift 2
  tcpdump=$(tcpdump_cmd) || exit 2
  for port in "$@"; do filter+="${filter:+ or }tcp port $port"; done
  # shellcheck disable=SC2086
  ${PIN_CAPTURE:+taskset -c "$PIN_CAPTURE"} "$tcpdump" -i lo -n -s 0 -B 65536 --time-stamp-precision nano \
    -w "$pcap" "$filter" >"$logfile" 2>&1 &
  LAST_PID=$!
  BENCH_PIDS+=("$LAST_PID")
  CAPTURE_PID=$LAST_PID
  for ((i = 0; i < 100; i++)); do
    grep -q "listening on" "$logfile" 2>/dev/null && { log "capturing '$filter' on lo to $pcap"; return 0; }
    kill -0 "$CAPTURE_PID" 2>/dev/null || die "tcpdump failed: $(cat "$logfile")"
    sleep 0.1
  done
  die "tcpdump did not start (see $logfile)"
}

# stop_capture LOGFILE: SIGINT (tcpdump flushes and prints its counts), then report kernel drops.
stop_capture() {
  local logfile="$1" i
  # without --immediate-mode the kernel hands packets over in blocks of up to ~1 s: let the last block arrive
  sleep 2
  kill -INT "$CAPTURE_PID" 2>/dev/null || true
  for ((i = 0; i < 100; i++)); do kill -0 "$CAPTURE_PID" 2>/dev/null || break; sleep 0.1; done
  stop_pid "$CAPTURE_PID" 5
  CAPTURE_DROPPED=$(sed -n 's/^\([0-9]*\) packets dropped by kernel.*/\1/p' "$logfile" | head -1)
  CAPTURE_DROPPED="${CAPTURE_DROPPED:-unknown}"
  log "tcpdump: $(grep -E 'captured|dropped' "$logfile" | tr '\n' ' ')"
}

# host_load: one line with the load average (1/5/15 min) and the CPU counts (online, nproc, the JVM's
# availableProcessors), plus a warning line when the host is busy (fix-load host); run before anything starts and
# unpinned, so that the JVM sees the CPUs the machine has.
host_load() {
  "$JAVA" -Xmx64m -XX:TieredStopAtLevel=1 -jar "$FIX_LOAD_JAR" host 2>/dev/null ||
    echo "load average $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min) before the run; CPUs: nproc $(nproc)"
}

# scrape_metrics PORT FILE: the venue's Prometheus text (http://127.0.0.1:PORT/metrics) into FILE; an empty FILE when
# it does not answer in 5 s. Bracketing a measured run, two scrapes give its journal force times (fix-load
# journal-force).
scrape_metrics() {
  curl -s -m 5 -o "$2" "http://127.0.0.1:$1/metrics" || : >"$2"
}

# latency_tool CAPTURE OUTDIR ORDER_PORTS MD_PORTS: door-to-door order-ack and order-to-tick from the capture.
latency_tool() {
  [[ -f "$LATENCY_TOOL_JAR" ]] ||
    die "latency-tool is not built ($LATENCY_TOOL_JAR; ./mvnw -B -q -pl latency-tool -am package -DskipTests)"
  "$JAVA" "${JVM_FLAGS[@]}" -Xmx2g -jar "$LATENCY_TOOL_JAR" analyze "$1" --out "$2" --order-ports "$3" \
    --md-ports "$4" --no-progress >"$2.txt" 2>&1 || log "latency-tool exited $? on $1 (see $2.txt)"
}
