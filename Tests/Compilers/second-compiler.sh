#!/bin/bash
# make test's second compiler: Debian's own Swift (swiftlang, the oldest Swift the manifest admits)
# builds peach, peach-web and every test target in an amd64 Debian sid root, so that code only the
# newest compiler accepts fails before it lands. A warning in Peach's own sources fails it too.
# The root and its build folder stay in /var/cache/peach-compilers: made once per machine, then only
# Peach's own modules are compiled again.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); clone=$(cd "$here/../.." && pwd)
log=$clone/.build/second-compiler.log; mkdir -p "$clone/.build"
root=$("$here/debian-root.sh" amd64) || { echo "second compiler: making its root failed (see above)" >&2; exit 1; }
version=$("$here/in-root.sh" "$root" swift --version 2>&1 | head -1)
echo "second compiler: $version (Debian's swiftlang), in $root"
"$here/in-root.sh" "$root" bash -c 'cd /peach && swift build --build-tests --scratch-path /var/cache/peach-build' > "$log" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
  grep -E 'error:' "$log" | sort -u | head -30
  echo "second compiler: the build failed with $version (see $log)" >&2; exit 1
fi
if grep -E '^/peach/(Sources|Tests)/.*: warning:' "$log"; then
  echo "second compiler: warnings with $version (see above)" >&2; exit 1
fi
echo "second compiler: peach, peach-web and every test target built with $version"
