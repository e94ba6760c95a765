# Sourced by ./mvnw: make sure Maven runs on a JDK >= 21 (Kairos targets Java 21).
# Keeps JAVA_HOME when it already points at 21+, otherwise picks the newest JDK >= 21
# under /usr/lib/jvm (or $KAIROS_JDK_SEARCH_PATH) and says so; fails with a clear message if none.
kairos_java_feature() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 |
    sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}
kairos_select_jdk() {
  if [ -n "${JAVA_HOME-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    v=$(kairos_java_feature "$JAVA_HOME")
    [ "${v:-0}" -ge 21 ] 2>/dev/null && return 0
  fi
  best=""; bestv=0
  set +f  # mvnw runs with noglob
  for d in ${KAIROS_JDK_SEARCH_PATH:-/usr/lib/jvm}/*; do
    [ -x "$d/bin/javac" ] || continue
    v=$(kairos_java_feature "$d")
    if [ "${v:-0}" -ge 21 ] 2>/dev/null && [ "$v" -gt "$bestv" ]; then best="$d"; bestv="$v"; fi
  done
  set -f
  if [ -z "$best" ]; then
    echo "Kairos needs a JDK >= 21: set JAVA_HOME to one (found none under ${KAIROS_JDK_SEARCH_PATH:-/usr/lib/jvm})." >&2
    exit 1
  fi
  [ "${MVNW_VERBOSE-}" = true ] && echo "mvnw: using JDK $bestv at $best" >&2
  JAVA_HOME="$best"; export JAVA_HOME
}
kairos_select_jdk
