#!/bin/bash
# `make bench`'s practice-box figures, in the QEMU guest, Peach beside stock FluidSynth on the same
# device (snd-aloop) and the same emulated USB keyboard, interleaved A B B A per buffer size:
# - the idle CPU use of `peach run` with no note sounding;
# - per buffer (64×2, 128×2, 128×3, 256×3): the latency from a MIDI event on the keyboard to the
#   sound out of snd-aloop (peach-bench --e2e-latency; --notes for FluidSynth) and the xruns per
#   minute while it ran, counted by the same preloaded probe (xrun-probe/probe.c) in both programs;
#   then the time from a pitch-wheel move to the change of the sounding note's pitch
#   (peach-bench --tuning-latency): Peach's tuning path against FluidSynth's pitch bend; and the
#   peak RSS of each program after its round (Peach's own SoundFont in both).
# PEACH_BOXBENCH_BUFFERS="128 2" (comma-separated "FRAMES PERIODS") measures only those buffers.
# Release builds when there are (make bench builds them). Absolute figures are from an emulated
# guest; the ratios are the claim.
# guest-timeout: 2400
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=.build/release/peach; [ -x "$PEACH" ] || PEACH=.build/debug/peach
BENCH=.build/release/peach-bench; [ -x "$BENCH" ] || BENCH=.build/debug/peach-bench
PROBE=.build/libPeachXrunProbe.so
export XDG_CACHE_HOME=/tmp/peach-cache XDG_CONFIG_HOME=/tmp/peach-config
# The tuning rounds' recordings, for a look afterwards (peach-bench --tuning-latency).
export PEACH_BENCH_RECORDINGS=$OUT
modprobe snd-seq; modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 20 || exit 1
calibrate || exit 1
plug_keyboard
waitfor /proc/asound/seq/clients "$KEYBOARD_NAME" 60 "the keyboard in the sequencer" || exit 1

# The guest's uptime in ns: CLOCK_BOOTTIME, the probe's CLOCK_MONOTONIC in a guest that never sleeps.
uptime_ns() { local u; read -r u _ < /proc/uptime; echo $(( ${u%.*} * 1000000000 + 10#${u#*.} * 10000000 )); }

# peak_rss PID WHAT: the program's peak resident set (VmHWM) so far.
peak_rss() {
  local kb; kb=$(status_kb "$1" VmHWM)
  echo "FIGURE: peak RSS, $2: $(( kb / 1024 )).$(( kb % 1024 * 10 / 1024 )) MB"
}

# xruns REPORT START_NS WHAT: the xruns the probe saw since START_NS, per minute (not the start's).
xruns() {
  local elapsed=$(( $(uptime_ns) - $2 )) n=0 what t
  while read -r what t _; do [ "$what" = xrun ] && [ "$t" -ge "$2" ] && n=$((n + 1)); done < "$1"
  local per_min=$(( n * 600000000000 / (elapsed > 0 ? elapsed : 1) ))
  echo "FIGURE: xruns while measuring, $3: $n in $(( elapsed / 1000000000 )) s = $((per_min / 10)).$((per_min % 10)) per minute"
}

# render_time REPORT START_NS WHAT: how long each period took to make while measuring (the probe's gap
# from one write's return to the thread's next write: render, conversion, recovery), median and p99.
render_time() {
  local -a gaps
  awk -v s="$2" '$1 == "render" && $2 >= s { print $3 }' "$1" | sort -n > "$1.render"   # no /dev/fd here
  mapfile -t gaps < "$1.render"
  local n=${#gaps[@]}
  [ "$n" -gt 0 ] || { echo "FIGURE: render time per period, $3: no periods seen"; return; }
  local median=${gaps[n / 2]} p99=${gaps[n * 99 / 100]}
  echo "FIGURE: render time per period, $3: median $((median / 1000)) µs, p99 $((p99 / 1000)) µs ($n periods)"
}

peach_round() {  # PERIOD PERIODS
  # Notes from A4 up: the tuning rounds read the pitch from zero crossings, several in each stretch.
  printf 'training:\n  note-range: {lowest: A4, highest: A5}\nfeedback:\n  cues: false\n  voice: false\naudio:\n  device: hw:Loopback,0,0\n  period-frames: %s\n  periods: %s\n  grow-buffer: false\n' \
    "$1" "$2" > /tmp/peach-bench.yaml
  local report=$OUT/probe-peach-$1x$2-$RANDOM.txt; : > "$report"
  PEACH_XRUN_PROBE=$report LD_PRELOAD=$PROBE "$PEACH" run --config /tmp/peach-bench.yaml --data-dir /tmp/peach-data \
    --mode match --log-level debug > "$OUT/peach.log" 2>&1 &
  local pid=$! start
  waitfor "$OUT/peach.log" "controller $KEYBOARD_NAME.*with mapping" 120 "peach run to take the keyboard" || { kill -TERM $pid; wait $pid; return 1; }
  start=$(uptime_ns)
  PEACH_BENCH_PROGRAM="peach run" PEACH_BENCH_BUFFER="$1 × $2" "$BENCH" --e2e-latency \
    && PEACH_BENCH_PROGRAM="peach run" PEACH_BENCH_BUFFER="$1 × $2" "$BENCH" --tuning-latency
  local rc=$?
  xruns "$report" "$start" "peach run, $1 × $2"
  render_time "$report" "$start" "peach run, $1 × $2"
  peak_rss $pid "peach run ($(basename "$(dirname "$PEACH")") build), $1 × $2"
  kill -TERM $pid; wait $pid
  return $rc
}

fluid_round() {  # PERIOD PERIODS
  local report=$OUT/probe-fluidsynth-$1x$2-$RANDOM.txt; : > "$report"
  PEACH_XRUN_PROBE=$report LD_PRELOAD=$PROBE fluidsynth -a alsa -m alsa_seq -o audio.alsa.device=hw:Loopback,0,0 \
    -o audio.period-size="$1" -o audio.periods="$2" -r 48000 -R 0 -C 0 -s -i "$ROOT/SoundFonts/peach.sf2" > "$OUT/fluidsynth.log" 2>&1 &
  local pid=$!
  waitfor /proc/asound/seq/clients 'FLUID Synth' 60 "fluidsynth in the sequencer" || { kill -TERM $pid; wait $pid; return 1; }
  aconnect "$KEYBOARD_NAME" 'FLUID Synth' || { echo "FAIL: aconnect $KEYBOARD_NAME to FluidSynth"; kill -TERM $pid; wait $pid; return 1; }
  local start; start=$(uptime_ns)
  PEACH_BENCH_PROGRAM="stock FluidSynth" PEACH_BENCH_BUFFER="$1 × $2" "$BENCH" --e2e-latency --notes \
    && PEACH_BENCH_PROGRAM="stock FluidSynth" PEACH_BENCH_BUFFER="$1 × $2" "$BENCH" --tuning-latency --notes
  local rc=$?
  xruns "$report" "$start" "stock FluidSynth, $1 × $2"
  render_time "$report" "$start" "stock FluidSynth, $1 × $2"
  peak_rss $pid "stock FluidSynth, $1 × $2"
  kill -TERM $pid; wait $pid
  return $rc
}

# Idle CPU first: the box with its audio output open, no note sounding.
printf 'audio:\n  device: hw:Loopback,0,0\n  period-frames: 512\n  periods: 3\n' > /tmp/peach-idle.yaml
unplug_keyboard
"$PEACH" run --config /tmp/peach-idle.yaml --data-dir /tmp/peach-data > "$OUT/idle.log" 2>&1 &
peach=$!
waitfor "$OUT/idle.log" 'MIDI input ready' 120 || { cat "$OUT/idle.log"; exit 1; }
nap 1
read -r -a before < /proc/$peach/stat; t0=$(now_us); nap 10
read -r -a after < /proc/$peach/stat; t1=$(now_us)
ticks=$(( after[13] + after[14] - before[13] - before[14] ))
permille=$(( ticks * 10000000 / (t1 - t0) ))   # clock ticks are 10 ms: ticks·10 ms / elapsed, in ‰
echo "FIGURE: idle CPU of peach run, no note sounding (audio output open, waiting for a controller): $((permille / 10)).$((permille % 10)) % of one core ($(basename "$(dirname "$PEACH")") build, emulated guest)"
kill -TERM $peach; wait $peach
plug_keyboard
waitfor /proc/asound/seq/clients "$KEYBOARD_NAME" 60 "the keyboard in the sequencer" || exit 1

IFS=',' read -r -a buffers <<< "${PEACH_BOXBENCH_BUFFERS:-64 2,128 2,128 3,256 3}"
for buffer in "${buffers[@]}"; do
  set -- $buffer
  peach_round "$1" "$2" || fail "peach run, $1 × $2"
  fluid_round "$1" "$2" || fail "fluidsynth, $1 × $2"
  fluid_round "$1" "$2" || fail "fluidsynth, $1 × $2"
  peach_round "$1" "$2" || fail "peach run, $1 × $2"
done
exit $status
