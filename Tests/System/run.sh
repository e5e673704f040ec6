#!/bin/bash
# System tests against a real kernel: each group boots its own throw-away QEMU guest (the recipe
# in ../shared/vmtest) with Debian's kernel, real ALSA, udev, snd-aloop, snd-virmidi and an
# emulated USB MIDI keyboard, and runs Tests/System/guest-GROUP.sh there.
#   Tests/System/run.sh [GROUP...]      (default: every guest-*.sh but the …bench groups)
# Needs the debug build with tests (`swift build --build-tests`) already made: the guest runs the
# host's binaries. Results and recordings go to $SYSTEM_TEST_OUT (default .build/system-tests).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
VMTEST=${VMTEST_DIR:-$ROOT/../shared/vmtest}
OUT=${SYSTEM_TEST_OUT:-$ROOT/.build/system-tests}
if [ ! -x "$VMTEST/vmrun.sh" ]; then
  echo "system tests: the QEMU recipe is not at $VMTEST (set VMTEST_DIR)" >&2
  exit 1
fi
cd "$ROOT"
"$VMTEST/setup.sh" > /dev/null || { echo "system tests: $VMTEST/setup.sh failed" >&2; exit 1; }
groups=("$@")
if [ ${#groups[@]} -eq 0 ]; then
  shopt -s nullglob
  # Benchmark groups (…bench) run from `make bench`, not as tests.
  for f in Tests/System/guest-*.sh; do g=${f#Tests/System/guest-}; g=${g%.sh}; [[ $g == *bench ]] || groups+=("$g"); done
fi
rm -rf "$OUT"; mkdir -p "$OUT"
passed=0; failed=0
for g in "${groups[@]}"; do
  start=${EPOCHREALTIME/./}
  VMTEST_PASS_ENV="PEACH_SYSTEM_TEST_OUT" PEACH_SYSTEM_TEST_OUT="$OUT/$g" \
    "$VMTEST/vmrun.sh" -s "$OUT" -t 400 -- "$ROOT/Tests/System/guest-$g.sh" "$OUT/$g" > "$OUT/$g.console.log" 2>&1
  rc=$?
  secs=$(( (${EPOCHREALTIME/./} - start) / 1000000 ))
  if [ $rc -eq 0 ]; then passed=$((passed + 1)); verdict=PASS; else failed=$((failed + 1)); verdict="FAIL (exit $rc)"; fi
  printf 'system test %-10s %-14s %4s s   log: %s\n' "$g" "$verdict" "$secs" "$OUT/$g.console.log"
  grep -E '^(FIGURE|RESULT):' "$OUT/$g.console.log" | sed 's/^/    /'
  [ $rc -eq 0 ] || grep -E '^(FAIL|✘|.*failed)' "$OUT/$g.console.log" | head -20 | sed 's/^/    /'
done
echo "system tests: $passed passed, $failed failed"
[ $failed -eq 0 ]
