#!/bin/bash
# `make bench`'s practice-box figures, in the QEMU guest: the idle CPU use of `peach run` with no note
# sounding, and the end-to-end latency from a MIDI event on the emulated USB keyboard to the sound out
# of snd-aloop (peach-bench --e2e-latency). Release builds when there are (make bench builds them).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=.build/release/peach; [ -x "$PEACH" ] || PEACH=.build/debug/peach
BENCH=.build/release/peach-bench; [ -x "$BENCH" ] || BENCH=.build/debug/peach-bench
export XDG_CACHE_HOME=/tmp/peach-cache XDG_CONFIG_HOME=/tmp/peach-config
modprobe snd-seq; modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 20 || exit 1
cat > /tmp/peach-bench.yaml <<CONFIG
feedback:
  cues: false
audio:
  device: hw:Loopback,0,0
  period-frames: 512
  periods: 3
CONFIG
"$PEACH" play A4 --output /tmp/calibrate.wav > /dev/null 2>&1
"$PEACH" run --config /tmp/peach-bench.yaml --data-dir /tmp/peach-data --mode match --log-level debug > "$OUT/peach.log" 2>&1 &
peach=$!
waitfor "$OUT/peach.log" 'MIDI input ready' 60 || { cat "$OUT/peach.log"; exit 1; }
nap 1
read -r -a before < /proc/$peach/stat; t0=$(now_us); nap 10
read -r -a after < /proc/$peach/stat; t1=$(now_us)
ticks=$(( after[13] + after[14] - before[13] - before[14] ))
permille=$(( ticks * 10000000 / (t1 - t0) ))   # clock ticks are 10 ms: ticks·10 ms / elapsed, in ‰
echo "FIGURE: idle CPU of peach run, no note sounding (audio output open, waiting for a controller): $((permille / 10)).$((permille % 10)) % of one core ($(basename "$(dirname "$PEACH")") build, emulated guest)"
plug_keyboard
waitfor "$OUT/peach.log" 'controller VMTest Keys.*with mapping' 30 || exit 1
PEACH_BENCH_BUFFER="512 × 3 frames" "$BENCH" --e2e-latency; status=$?
kill -TERM $peach; wait $peach
exit $status
