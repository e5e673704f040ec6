#!/bin/bash
# System test, group `timing`: Fill the Gap and Compare Timing in the real `peach run`, played
# through snd-aloop (clocked by snd-dummy's high-resolution timer, so that it keeps a 128-frame
# period) and recorded from its capture side, at 128 × 2 and at 256 × 3. The emulated USB keyboard
# taps every step of the pattern, by cycles early, on time and late (the taps near a gap are the
# hits; those on a sounding step are strays Peach ignores), at two tempi where the configuration
# has one (training.rhythm.tempo), else at the default 80 BPM. The truth of each tap is when it
# reached the sequencer, stamped by a second listener on the keyboard's port (peach-bench's
# TapListener: its read stamp at SCHED_FIFO 80, and the sequencer's own queue stamp); the truth of a
# gap is its frame in the recording, dated by the capture device's own pointer (LoopbackCapture).
# Then Compare Timing (program 6): four patterns answered. The host's checks (TimingSystemTests)
# find every click in the recordings to the frame and set Peach's stored offsets against the truth.
# guest-timeout: 1800
# on-demand: it needs a quiet host (about four minutes there; at 128 × 2 a loaded host underruns, and
# the group takes far longer); `make bench` runs it as timingbench, and `Tests/System/run.sh timing` alone
# host-checks: TimingSystemTests
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=${TIMING_PEACH:-.build/debug/peach}
BENCH=.build/release/peach-bench; [ -x "$BENCH" ] || BENCH=.build/debug/peach-bench
export XDG_CACHE_HOME=/tmp/peach-cache XDG_CONFIG_HOME=/tmp/peach-config
modprobe snd-seq
dummy_card || exit 1
modprobe snd-aloop timer_source=Dummy.0.2 || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 20 || exit 1
calibrate || exit 1
plug_keyboard
waitfor /proc/asound/seq/clients "$KEYBOARD_NAME" 60 "the keyboard in the sequencer" || exit 1

# The tempo key, where this build has it: two tempi, else one.
printf 'training:\n  rhythm:\n    tempo: 120\n' > /tmp/tempo-probe.yaml
if "$PEACH" config --check --config /tmp/tempo-probe.yaml > /dev/null 2>&1; then tempi=(80 120); cycles=32
else tempi=(80); cycles=64; echo "RESULT: this build has no training.rhythm.tempo: every trial at the default 80 BPM"; fi

# config PERIOD PERIODS [TEMPO]: peach's configuration for a round.
config() {
  { [ $# -eq 3 ] && printf 'training:\n  rhythm:\n    tempo: %s\n' "$3"
    printf 'feedback:\n  cues: false\n  voice: false\naudio:\n  device: hw:Loopback,0,0\n  period-frames: %s\n  periods: %s\n  grow-buffer: false\n' "$1" "$2"
  } > /tmp/peach-timing.yaml
}

round() {  # PERIOD PERIODS
  local dir=$OUT/$1x$2 data=/tmp/peach-timing-$1x$2
  mkdir -p "$dir"
  dummy_clock "$1" || return 1
  if [ ${#tempi[@]} -gt 1 ]; then config "$1" "$2" "${tempi[0]}"; else config "$1" "$2"; fi
  "$PEACH" run --config /tmp/peach-timing.yaml --data-dir "$data" --mode fill-the-gap --log-level debug > "$dir/peach.log" 2>&1 &
  local pid=$! tempo
  waitfor "$dir/peach.log" "controller $KEYBOARD_NAME.*with mapping" 180 "peach run to take the keyboard" || { kill -TERM $pid; wait $pid; return 1; }
  for tempo in "${tempi[@]}"; do
    if [ "$tempo" != "${tempi[0]}" ]; then config "$1" "$2" "$tempo"; kill -HUP $pid; fi
    "$BENCH" --tap-timing "$dir" "ftg-$tempo" "$tempo" "$cycles" || fail "$1 × $2: tapping at $tempo BPM"
    # The trial of the last taps is scored once its 16 cycles have passed, on the loopback card's
    # clock: under emulation it ran at 75–85 % of 48 kHz.
    nap $(( 64 * 15 * 3 / 2 / tempo + 2 ))
  done
  "$BENCH" --timing-answers "$dir" ct 4 || fail "$1 × $2: Compare Timing"
  kill -TERM $pid; wait $pid || fail "$1 × $2: peach run exited $? on SIGTERM"
  grep -E 'fill the gap at|timing at|underrun|buffer' "$dir/peach.log" | sed "s/^/  $1x$2: /"
  cp -r "$data" "$dir/data" || fail "the history could not be copied into the results"
}

round 128 2 || fail "the round at 128 × 2"
round 256 3 || fail "the round at 256 × 3"
dummy_clock
# `make bench` (timingbench) has no debug build for the host's checks: the figures from here.
[ -n "${TIMING_REPORT_IN_GUEST:-}" ] && { "$BENCH" --timing-report "$OUT" || fail "the timing report"; }
exit $status
