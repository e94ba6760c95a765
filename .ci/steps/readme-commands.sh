#!/usr/bin/env bash
# Every Maven command the READMEs give works on a fresh clone, as written (issue 18), run by .ci/run after the build.
#
# What it takes: every `./mvnw ...` (or `cd DIR && ../mvnw ...`) in an inline code span or a fenced code block of a
# tracked *.md file; only the mvnw part of a line (`./mvnw ... && bin/kairos-server` runs just the mvnw part).
# Where it runs them: the committed tree (git archive HEAD, so no target/ folders) with a local Maven repository
# that has every third-party artifact of ~/.m2 (symlinked: nothing is downloaded twice) but none of Kairos' own
# (io/kairos is emptied before every command): a module command that needs another module of the tree fails unless
# it builds it (-am), as it would for a newcomer. Each distinct command runs once, in the order found.
# The cheap form: each command with -B -q -DskipTests and without its test-selection flags, so what is checked is
# the reactor (-pl/-am), the resolution of every dependency, compiling main and test code and packaging — not the
# tests themselves, which ./mvnw -B verify has just run. -o (offline) is refused: a fresh clone has nothing to be
# offline with.
# Then the README's launchers in the distribution the commands built: bin/kairos-server --check-config,
# bin/latency-tool --version, bin/fix-load load --help.
# Prints "readme-commands: N passed, M failed" and exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
root=$(pwd)
repo=${KAIROS_M2_REPOSITORY:-$HOME/.m2/repository}
work=$(mktemp -d "${TMPDIR:-/tmp}/kairos-readme-commands.XXXXXX")
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

ok() { passed=$((passed + 1)); printf 'ok   %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
# launcher NAME COMMAND...: runs a launcher of the distribution from a scratch directory.
launcher() {
  local name="$1"; shift
  if (cd "$work" && "$@") >"$work/launcher.log" 2>&1; then
    ok "$name"
  else
    fail "$name; its last lines:"
    tail -n 20 "$work/launcher.log" | sed 's/^/     /'
  fi
}

# The clone: the committed tree, as a fresh clone has it.
mkdir -p "$work/clone"
git -C "$root" archive HEAD | tar -x -C "$work/clone" || { echo "git archive failed"; exit 1; }

# The local repository: third-party artifacts shared (symlinks), Kairos' own absent.
mkdir -p "$work/m2/io" "$repo"
for entry in "$repo"/*; do
  [[ -e "$entry" && "$(basename "$entry")" != io ]] && ln -s "$entry" "$work/m2/$(basename "$entry")"
done
for entry in "$repo"/io/*; do
  [[ -e "$entry" && "$(basename "$entry")" != kairos ]] && ln -s "$entry" "$work/m2/io/$(basename "$entry")"
done

# FILE:LINE <TAB> DIR <TAB> command as written <TAB> its cheap form; one line per distinct (DIR, cheap form), in the
# order found. The cheap form drops what only steers test runs (-Dtest, -Dit.test, -Dsurefire.*, -Dfailsafe.*,
# -Dkairos.it.*: the tests are skipped) and adds -B -q -DskipTests. A mention without a goal (`./mvnw` alone) is
# not a command.
git -C "$root" ls-files '*.md' | python3 -c '
import re, sys
TEST_ONLY = re.compile(r"^-D(test|it\.test|surefire\.|failsafe\.|kairos\.it\.)")
MVNW = re.compile(r"^(\./|(\.\./)+)mvnw$")
WITH_VALUE = {"-pl", "--projects", "-rf", "--resume-from", "-f", "--file", "-s", "--settings", "-gs",
              "--global-settings", "-P", "--activate-profiles", "-T", "--threads", "-l", "--log-file"}
seen = set()
for path in sys.stdin.read().split():
    fenced = False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        spans = [line] if fenced else re.findall(r"`([^`]*mvnw[^`]*)`", line)
        for span in spans:
            span = span.split(" # ")[0].strip()
            directory = "."
            for part in re.split(r"&&|;|\|\|?", span):
                part = part.strip().strip("()").strip()
                words = part.split()
                if words[:1] == ["cd"] and len(words) == 2:
                    directory = words[1]
                    continue
                if not words or not MVNW.match(words[0]):
                    continue
                options, goals, args = [], [], words[1:]
                while args:
                    arg = args.pop(0)
                    if arg in WITH_VALUE and args:
                        options.append(arg + " " + args.pop(0))
                    elif arg.startswith("-"):
                        if not TEST_ONLY.match(arg):
                            options.append(arg)
                    else:
                        goals.append(arg)
                if not goals:
                    continue
                cheap = [words[0]] + sorted(set(options) | {"-B", "-q", "-DskipTests"}) + goals
                key = (directory, tuple(cheap))
                if key not in seen:
                    seen.add(key)
                    print(f"{path}:{number}\t{directory}\t{part}\t{chr(32).join(cheap)}")
' >"$work/commands.tsv"

count=$(wc -l <"$work/commands.tsv")
echo "== $count distinct Maven commands in the READMEs"
index=0
while IFS=$'\t' read -r where dir command cheap; do
  index=$((index + 1))
  read -r -a words <<<"$cheap"
  if printf '%s\n' "${words[@]}" | grep -qx -- '-o\|--offline'; then
    fail "$where: $command (offline: a fresh clone has no local repository to be offline with)"
    continue
  fi
  rm -rf "$work/m2/io/kairos"
  log="$work/command-$index.log"
  started=$SECONDS
  if (cd "$work/clone/$dir" && "${words[@]}" "-Dmaven.repo.local=$work/m2") >"$log" 2>&1 </dev/null; then
    ok "$where: $command ($((SECONDS - started)) s)"
  else
    fail "$where: $command ($((SECONDS - started)) s; ran (cd $dir && $cheap)); its last lines:"
    tail -n 25 "$log" | sed 's/^/     /'
  fi
done <"$work/commands.tsv"

# The launchers the READMEs run, in the distribution built above (a full package builds bin/fix-load too).
dist="$work/clone/server/target/kairos"
if [[ -x "$dist/bin/kairos-server" ]]; then
  launcher "bin/kairos-server --check-config" "$dist/bin/kairos-server" --check-config
  launcher "bin/latency-tool --version" "$dist/bin/latency-tool" --version
  launcher "bin/fix-load load --help" "$dist/bin/fix-load" load --help
else
  fail "no distribution at server/target/kairos after the README's commands"
fi

echo "readme-commands: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
