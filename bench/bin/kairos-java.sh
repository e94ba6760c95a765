# shellcheck shell=sh
# shellcheck disable=SC2034,SC2154 # sets variables for the launcher that sources it, which sets bench_home
# Sourced by the bench launchers: sets $java_cmd to a Java >= 21 and $kairos_jvm_flags to the flags every
# Kairos JVM needs (the parent pom's kairos.jvm.flags). Java: $JAVA_HOME if it is >= 21, else the newest
# JDK >= 21 under /usr/lib/jvm (or $KAIROS_JDK_SEARCH_PATH), else `java` on the PATH if it is >= 21.

java_feature() {
  "$1" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

is_java_21() {
  [ -x "$1" ] || return 1
  v=$(java_feature "$1")
  [ "${v:-0}" -ge 21 ] 2>/dev/null
}

find_java() {
  if [ -n "${JAVA_HOME-}" ] && is_java_21 "$JAVA_HOME/bin/java"; then
    echo "$JAVA_HOME/bin/java"; return 0
  fi
  best=""; best_v=0
  for d in "${KAIROS_JDK_SEARCH_PATH:-/usr/lib/jvm}"/*; do
    [ -x "$d/bin/java" ] || continue
    v=$(java_feature "$d/bin/java")
    if [ "${v:-0}" -ge 21 ] 2>/dev/null && [ "$v" -gt "$best_v" ]; then best="$d/bin/java"; best_v=$v; fi
  done
  if [ -n "$best" ]; then echo "$best"; return 0; fi
  if command -v java >/dev/null 2>&1 && is_java_21 "$(command -v java)"; then
    command -v java; return 0
  fi
  return 1
}

if ! java_cmd=$(find_java); then
  echo "$(basename "$0"): needs Java >= 21: set JAVA_HOME to a JDK 21+ (none found in JAVA_HOME, ${KAIROS_JDK_SEARCH_PATH:-/usr/lib/jvm} or PATH)" >&2
  exit 1
fi

kairos_jvm_flags="--add-exports java.base/jdk.internal.misc=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
--add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/jdk.internal.misc=ALL-UNNAMED --enable-native-access=ALL-UNNAMED"

bench_jar="$bench_home/target/benchmarks.jar"
if [ ! -f "$bench_jar" ]; then
  echo "$(basename "$0"): $bench_jar is missing: build it with ./mvnw -B -q -pl bench -am package -DskipTests" >&2
  exit 1
fi
