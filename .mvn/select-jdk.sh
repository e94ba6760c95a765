# Sourced by ./mvnw (and by the README's one-liners): make sure Maven runs on a JDK >= 21 (Kairos targets
# Java 21). Keeps JAVA_HOME when it already points at a JDK 21+, otherwise picks the newest JDK >= 21 under
# /usr/lib/jvm (or $KAIROS_JDK_SEARCH_PATH), else a JDK 21+ on the PATH; fails with a clear message if none.
# The lookup itself is .mvn/kairos-java.sh, shared with the launchers.
# Where this file is: bash names it (BASH_SOURCE); ./mvnw (sh) sources it as $(dirname "$0")/.mvn/; zsh's $0 is it.
for kairos_sj_dir in ${BASH_SOURCE:+"$(dirname "${BASH_SOURCE}")"} "$(dirname "$0")/.mvn" "$(dirname "$0")" .mvn; do
  [ -f "$kairos_sj_dir/kairos-java.sh" ] && break
done
. "$kairos_sj_dir/kairos-java.sh"
kairos_select_jdk() {
  if ! kairos_sj_java=$(kairos_find_java jdk); then
    echo "Kairos $(kairos_no_java_message)." >&2
    exit 1
  fi
  case $kairos_sj_java in
    */bin/java) kairos_sj_home=${kairos_sj_java%/bin/java} ;;
    *) return 0 ;;
  esac
  if [ "$kairos_sj_home" != "${JAVA_HOME-}" ]; then
    [ "${MVNW_VERBOSE-}" = true ] && echo "mvnw: using the JDK at $kairos_sj_home" >&2
    JAVA_HOME="$kairos_sj_home"; export JAVA_HOME
  fi
}
kairos_select_jdk
