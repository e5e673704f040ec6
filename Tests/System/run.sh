#!/bin/bash
# System tests against a real kernel: each group boots its own throw-away QEMU guest
# (Tests/System/vm: Debian's kernel with ALSA, udev, snd-aloop, snd-virmidi and an emulated USB MIDI
# keyboard; the host's root filesystem read-only under a tmpfs overlay) and runs its script there.
#   Tests/System/run.sh [GROUP...]      (default: every group but the …bench ones, which `make bench` runs,
#                                        and those marked "# on-demand: WHY", which run when named)
# A group NAME is Tests/System/guest-NAME.sh: it sources lib.sh, gets its results directory as $1,
# and passes by exiting 0. A line "# guest-init: systemd" in it boots the guest with systemd as
# PID 1 (as on an installed box); otherwise bash is PID 1 and starts udevd. A line
# "# guest-timeout: S" gives a long group more than the default 600 s. A line
# "# host-checks: SUITE" runs that Swift Testing suite on this machine once the guest has ended, on
# what the guest left in its results directory (recordings, the history, the log): natively its
# pitch and speech analyses take a second or two, in the emulated guest they took 30 s.
# Needs the debug build with tests (`swift build --build-tests`): the guest runs the host's binaries.
# Results, recordings and console logs go to $SYSTEM_TEST_OUT (default .build/system-tests).
# Groups run one at a time, the longest (by guest-timeout) first: `make test` runs the unit tests
# beside the first, the hot-plug group, which only waits for events. A guest under software
# emulation is CPU-bound: on 2 cores two guests at a time took 854 s against about 920 s one at a
# time, each group 1.8 times as long, so they do not share the host.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${SYSTEM_TEST_OUT:-$ROOT/.build/system-tests}
cd "$ROOT"
Tests/System/vm/prepare.sh || { echo "system tests: preparing the guest failed (see above)" >&2; echo "system tests: 0 passed, 1 failed"; exit 1; }
groups=("$@")
if [ ${#groups[@]} -eq 0 ]; then
  # The groups that may run longest (by their guest-timeout) first.
  while read -r _ g; do
    [[ $g == *bench ]] || grep -q '^# on-demand:' "Tests/System/guest-$g.sh" || groups+=("$g")
  done < <(
    for f in Tests/System/guest-*.sh; do
      g=${f#Tests/System/guest-}; g=${g%.sh}
      echo "$(sed -n 's/^# guest-timeout: \([0-9][0-9]*\)$/\1/p' "$f" | head -1 | grep . || echo 600) $g"
    done | sort -k1,1nr -k2,2)
fi
rm -rf "$OUT"; mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)
# The default sound's calibration, measured once here (natively, in seconds) for every guest.
peach=.build/debug/peach; [ -x $peach ] || peach=.build/release/peach   # make bench builds release only
XDG_CACHE_HOME=$OUT/calibration $peach play A4 --output "$OUT/calibration/A4.wav" > "$OUT/calibration.log" 2>&1 \
  || echo "system tests: calibrating on the host failed, each guest calibrates itself (see $OUT/calibration.log)"
passed=0; failed=0
for g in "${groups[@]}"; do
  script=Tests/System/guest-$g.sh log=$OUT/$g.console.log
  start=$SECONDS
  if [ ! -f "$script" ]; then
    rc=2; echo "no such group: $script" > "$log"
  else
    init=(); grep -q '^# guest-init: systemd' "$script" && init=(--systemd)
    limit=$(sed -n 's/^# guest-timeout: \([0-9][0-9]*\)$/\1/p' "$script" | head -1)
    [ -n "$limit" ] && init+=(--timeout "$limit")
    PEACH_VM_ENV="PEACH_SYSTEM_TEST_OUT PEACH_BOXBENCH_BUFFERS PEACH_PACKAGE" PEACH_SYSTEM_TEST_OUT="$OUT/$g" \
      Tests/System/vm/boot.sh "${init[@]}" "$OUT" "$ROOT/$script" "$OUT/$g" > "$log" 2>&1
    rc=$?
    checks=$(sed -n 's/^# host-checks: \([A-Za-z]*\)$/\1/p' "$script" | head -1)
    if [ -n "$checks" ] && [ $rc -ge 124 ]; then
      # The guest did not finish (124: out of time or never started, 125: no status): there is
      # nothing to check, and the checks' failures would only hide why.
      echo "host: $checks not run, the guest did not finish (exit $rc)" >> "$log"
    elif [ -n "$checks" ]; then
      echo "host: $checks on what the guest left in $OUT/$g" >> "$log"
      PEACH_SYSTEM_TEST=1 PEACH_SYSTEM_TEST_OUT="$OUT/$g" .build/debug/PeachPackageTests.xctest \
        --testing-library swift-testing --filter "$checks" >> "$log" 2>&1 || { [ $rc -eq 0 ] && rc=1; }
    fi
  fi
  if [ $rc -eq 0 ]; then passed=$((passed + 1)); verdict=PASS; else failed=$((failed + 1)); verdict="FAIL (exit $rc)"; fi
  printf 'system test %-10s %-14s %4s s   log: %s\n' "$g" "$verdict" $((SECONDS - start)) "$log"
  grep -E '^boot: ' "$log" | head -1 | sed 's/^/    /'
  grep -E '^(FIGURE|RESULT|WAITED):' "$log" | sed 's/^/    /'
  if [ $rc -ne 0 ]; then
    # What was awaited and what was seen: the failure lines, then the console's end.
    grep -E '^(FAIL|✘|boot: the|no such group)|failed' "$log" | head -20 | sed 's/^/    /'
    echo "    … last lines of the console:"; tail -15 "$log" | sed 's/^/    | /'
  fi
done
echo "system tests: $passed passed, $failed failed"
[ $failed -eq 0 ]
