#!/bin/bash
# `make bench`'s practice-box figures, in the QEMU guest, Peach beside stock FluidSynth on the same
# device (snd-aloop, clocked by snd-dummy's high-resolution timer) and the same emulated USB
# keyboard, interleaved A B B A per buffer size:
# - the idle CPU use of `peach run` and of stock FluidSynth with no note sounding;
# - per buffer (64×2, 128×2, 128×3, 256×3): the latency from a MIDI event on the keyboard to the
#   sound out of snd-aloop (peach-bench --e2e-latency; --notes for FluidSynth) and the xruns per
#   minute while it ran, counted by the same preloaded probe (xrun-probe/probe.c) in both programs;
#   then the time from a pitch-wheel move to the change of the sounding note's pitch
#   (peach-bench --tuning-latency): Peach's tuning path against FluidSynth's pitch bend; and the
#   peak RSS of each program after its round (Peach's own SoundFont in both) and the time it took to
#   make each period while measuring (median, p99);
# - per buffer, the xruns in the first 5 s after each program's start, A B B A, on snd-dummy itself
#   (hw:Dummy,0,0);
# - at the end, per buffer and figure, the mean of Peach's rounds against FluidSynth's: a ratio for
#   times, a difference for xruns and memory.
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
# snd-aloop clocked by snd-dummy's high-resolution timer. On its own snd-aloop's clock runs on the
# kernel's 4 ms ticks (HZ 250) and cannot keep a shorter period: at 128 × 2 both programs wrote about
# 125 periods a second to it instead of 375. With timer_source it moves a period at each period of a
# snd-dummy stream of the same size (dummy_clock): the PCM timer of snd-dummy's playback subdevice 1,
# whose timer id is (1 << 1) | 0. Under emulation that clock drops a late tick now and then (about
# 364 periods a second of 375), so peach-bench dates what it captures by the device's own pointer.
modprobe snd-seq
dummy_card || exit 1
modprobe snd-aloop timer_source=Dummy.0.2 || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 20 || exit 1
calibrate || exit 1
plug_keyboard
waitfor /proc/asound/seq/clients "$KEYBOARD_NAME" 60 "the keyboard in the sequencer" || exit 1

# The guest's uptime in ns: CLOCK_BOOTTIME, the probe's CLOCK_MONOTONIC in a guest that never sleeps.
uptime_ns() { local u; read -r u _ < /proc/uptime; echo $(( ${u%.*} * 1000000000 + 10#${u#*.} * 10000000 )); }

# Every figure of a round is also kept as "PROGRAM BUFFER NAME VALUE" for the comparison at the end.
FIGURES=$OUT/figures.txt; : > "$FIGURES"
record() { echo "$1 $2 $3 $4" >> "$FIGURES"; }

# peak_rss PID KEY WHAT: the program's peak resident set (VmHWM) so far, and how much of what it
# holds now is in transparent huge pages (the guest's kernel makes them wherever a mapping has an
# aligned 2 MB: Peach turns them off, stock FluidSynth does not).
peak_rss() {
  local kb mb huge; kb=$(status_kb "$1" VmHWM); mb=$(( kb / 1024 )).$(( kb % 1024 * 10 / 1024 ))
  huge=$(awk '/^AnonHugePages:/ { s += $2 } END { print s + 0 }' /proc/$1/smaps)
  echo "FIGURE: peak RSS, $3: $mb MB (now $(( huge / 1024 )) MB in transparent huge pages)"
  record $2 rss_mb "$mb"
}

# xruns REPORT START_NS KEY WHAT: the xruns the probe saw since START_NS, per minute (not the start's),
# and how many came at a write that had waited over one and a half periods (PERIOD_NS) for room:
# the device's clock had stalled, as snd-dummy's timer does under emulation, not the render.
# awk, not a bash loop: the report has a line per period, tens of thousands under emulation.
xruns() {
  local elapsed=$(( $(uptime_ns) - $2 )) n stalled
  read -r n stalled <<< "$(awk -v s="$2" -v limit=$(( PERIOD_NS * 3 / 2 )) \
    '$1 == "xrun" && $2 >= s { n++; if ($3 > limit) w++ } END { print n + 0, w + 0 }' "$1")"
  local per_min=$(( n * 600000000000 / (elapsed > 0 ? elapsed : 1) ))
  echo "FIGURE: xruns while measuring, $4: $n in $(( elapsed / 1000000000 )) s = $((per_min / 10)).$((per_min % 10)) per minute ($stalled at a write that had waited over 1.5 periods)"
  record $3 xruns_per_min "$((per_min / 10)).$((per_min % 10))"
}

# start_xruns REPORT KEY WHAT: the xruns in the first 5 s after the program's first write to the
# device, and how many came while the program had waited in its write longer than the buffer
# (BUFFER_NS: its next period ready, the device late to wake it).
start_xruns() {
  local n errors waited
  read -r n errors waited <<< "$(start_xrun_counts "$1" 5 "${BUFFER_NS:-0}")"
  echo "FIGURE: xruns in the first 5 s after the start, $3: $n ($waited while the program waited longer than the whole buffer)"
  record $2 start_xruns $n
}

# render_time REPORT START_NS KEY WHAT: how long each period took to make while measuring (the
# probe's gap from one write's return to the thread's next write: render, conversion, recovery),
# median and p99.
render_time() {
  local -a gaps
  awk -v s="$2" '$1 == "render" && $2 >= s { print $3 }' "$1" | sort -n > "$1.render"   # no /dev/fd here
  mapfile -t gaps < "$1.render"
  local n=${#gaps[@]}
  [ "$n" -gt 0 ] || { echo "FIGURE: render time per period, $4: no periods seen"; return; }
  local median=${gaps[n / 2]} p99=${gaps[n * 99 / 100]}
  echo "FIGURE: render time per period, $4: median $((median / 1000)) µs, p99 $((p99 / 1000)) µs ($n periods)"
  record $3 render_median_us $((median / 1000))
  record $3 render_p99_us $((p99 / 1000))
}

# bench KEY ARGS...: runs peach-bench, shows what it printed and keeps the medians of its figures.
bench() {
  local key=$1; shift
  "$BENCH" "$@" > "$OUT/bench.txt" 2>&1
  local rc=$? line
  cat "$OUT/bench.txt"
  while IFS= read -r line; do
    [[ $line =~ ^FIGURE:\ (end-to-end\ latency|wheel\ move).*median\ ([0-9.]+)\ ms ]] || continue
    [ "${BASH_REMATCH[1]}" = "wheel move" ] && record $key tuning_ms "${BASH_REMATCH[2]}" || record $key latency_ms "${BASH_REMATCH[2]}"
  done < "$OUT/bench.txt"
  return $rc
}

# round_figures REPORT START_NS PID KEY WHAT: what every round prints after its measurements.
round_figures() {
  xruns "$1" "$2" "$4" "$5"
  render_time "$1" "$2" "$4" "$5"
  peak_rss "$3" "$4" "$5"
}

peach_round() {  # PERIOD PERIODS
  # Notes from A4 up: the tuning rounds read the pitch from zero crossings, several in each stretch.
  printf 'training:\n  note-range: {lowest: A4, highest: A5}\nfeedback:\n  cues: false\n  voice: false\naudio:\n  device: hw:Loopback,0,0\n  period-frames: %s\n  periods: %s\n  grow-buffer: false\n' \
    "$1" "$2" > /tmp/peach-bench.yaml
  local report; report=$(probe_report "peach-$1x$2-$RANDOM")
  PEACH_XRUN_PROBE=$report LD_PRELOAD=$PROBE "$PEACH" run --config /tmp/peach-bench.yaml --data-dir /tmp/peach-data \
    --mode match --log-level debug > "$OUT/peach.log" 2>&1 &
  local pid=$! start
  waitfor "$OUT/peach.log" "controller $KEYBOARD_NAME.*with mapping" 120 "peach run to take the keyboard" || { kill -TERM $pid; wait $pid; return 1; }
  start=$(uptime_ns)
  PEACH_BENCH_PROGRAM="peach run" PEACH_BENCH_BUFFER="$1 × $2" bench "peach $1x$2" --e2e-latency \
    && PEACH_BENCH_PROGRAM="peach run" PEACH_BENCH_BUFFER="$1 × $2" bench "peach $1x$2" --tuning-latency
  local rc=$?
  round_figures "$report" "$start" $pid "peach $1x$2" "peach run ($(basename "$(dirname "$PEACH")") build), $1 × $2"
  kill -TERM $pid; wait $pid
  keep_probe_report "$report"
  return $rc
}

fluid_round() {  # PERIOD PERIODS
  local report; report=$(probe_report "fluidsynth-$1x$2-$RANDOM")
  PEACH_XRUN_PROBE=$report LD_PRELOAD=$PROBE fluidsynth -a alsa -m alsa_seq -o audio.alsa.device=hw:Loopback,0,0 \
    -o audio.period-size="$1" -o audio.periods="$2" -r 48000 -R 0 -C 0 -s -i "$ROOT/SoundFonts/peach.sf2" > "$OUT/fluidsynth.log" 2>&1 &
  local pid=$!
  waitfor /proc/asound/seq/clients 'FLUID Synth' 60 "fluidsynth in the sequencer" || { kill -TERM $pid; wait $pid; return 1; }
  aconnect "$KEYBOARD_NAME" 'FLUID Synth' || { echo "FAIL: aconnect $KEYBOARD_NAME to FluidSynth"; kill -TERM $pid; wait $pid; return 1; }
  local start; start=$(uptime_ns)
  PEACH_BENCH_PROGRAM="stock FluidSynth" PEACH_BENCH_BUFFER="$1 × $2" bench "fluidsynth $1x$2" --e2e-latency --notes \
    && PEACH_BENCH_PROGRAM="stock FluidSynth" PEACH_BENCH_BUFFER="$1 × $2" bench "fluidsynth $1x$2" --tuning-latency --notes
  local rc=$?
  round_figures "$report" "$start" $pid "fluidsynth $1x$2" "stock FluidSynth, $1 × $2"
  kill -TERM $pid; wait $pid
  keep_probe_report "$report"
  return $rc
}

# compare: per buffer and figure, the mean of Peach's rounds against the mean of FluidSynth's, and
# their ratio (xruns and memory as a difference: either may be 0, and the target bounds memory in MB).
compare() {
  awk '
    { sum[$1 " " $2 " " $3] += $4; n[$1 " " $2 " " $3]++; if (!($2 in seen)) { seen[$2] = 1; order[++buffers] = $2 } }
    function mean(p, b, f) { return n[p " " b " " f] ? sum[p " " b " " f] / n[p " " b " " f] : -1 }
    END {
      split("latency_ms tuning_ms render_median_us render_p99_us xruns_per_min start_xruns rss_mb", names, " ")
      split("end-to-end latency (median)|wheel move to pitch change (median)|render time per period (median)|render time per period (p99)|xruns per minute while measuring|xruns in the first 5 s (snd-dummy)|peak RSS", labels, "|")
      for (i = 1; i <= buffers; i++) {
        b = order[i]; shown = b; sub("x", " × ", shown)
        for (k = 1; k <= 7; k++) {
          p = mean("peach", b, names[k]); f = mean("fluidsynth", b, names[k])
          if (p < 0 || f < 0) continue
          unit = names[k] ~ /_ms$/ ? " ms" : names[k] ~ /_us$/ ? " µs" : names[k] == "rss_mb" ? " MB" : ""
          if (k <= 4) relation = f > 0 ? sprintf("%.2f×", p / f) : "FluidSynth 0"
          else relation = sprintf("%+.1f%s", p - f, unit)
          printf "FIGURE: Peach / FluidSynth, %s, %s: %.1f / %.1f%s = %s\n", shown, labels[k], p, f, unit, relation
        }
      }
    }' "$FIGURES"
}

# idle_cpu PID WHAT: the CPU the program uses over 10 s, in % of one core.
idle_cpu() {
  local -a before after; local t0 t1 ticks permille
  nap 1
  read -r -a before < /proc/$1/stat; t0=$(now_us); nap 10
  read -r -a after < /proc/$1/stat; t1=$(now_us)
  ticks=$(( after[13] + after[14] - before[13] - before[14] ))
  permille=$(( ticks * 10000000 / (t1 - t0) ))   # clock ticks are 10 ms: ticks·10 ms / elapsed, in ‰
  echo "FIGURE: idle CPU of $2: $((permille / 10)).$((permille % 10)) % of one core (emulated guest)"
}

# Idle CPU first: each program with its audio output open at 512 × 3, no note sounding.
dummy_clock 512 || exit 1
printf 'audio:\n  device: hw:Loopback,0,0\n  period-frames: 512\n  periods: 3\n' > /tmp/peach-idle.yaml
unplug_keyboard
"$PEACH" run --config /tmp/peach-idle.yaml --data-dir /tmp/peach-data > "$OUT/idle.log" 2>&1 &
peach=$!
waitfor "$OUT/idle.log" 'MIDI input ready' 120 || { cat "$OUT/idle.log"; exit 1; }
idle_cpu $peach "peach run ($(basename "$(dirname "$PEACH")") build), no note sounding (waiting for a controller)"
kill -TERM $peach; wait $peach
fluidsynth -a alsa -m alsa_seq -o audio.alsa.device=hw:Loopback,0,0 -o audio.period-size=512 -o audio.periods=3 \
  -r 48000 -R 0 -C 0 -s -i "$ROOT/SoundFonts/peach.sf2" > "$OUT/fluidsynth.log" 2>&1 &
fluid=$!
waitfor /proc/asound/seq/clients 'FLUID Synth' 60 "fluidsynth in the sequencer" || exit 1
idle_cpu $fluid "stock FluidSynth, no note sounding"
kill -TERM $fluid; wait $fluid
plug_keyboard
waitfor /proc/asound/seq/clients "$KEYBOARD_NAME" 60 "the keyboard in the sequencer" || exit 1

IFS=',' read -r -a buffers <<< "${PEACH_BOXBENCH_BUFFERS:-64 2,128 2,128 3,256 3}"
for buffer in "${buffers[@]}"; do
  set -- $buffer
  dummy_clock "$1" || { fail "snd-dummy's clock at $1"; continue; }
  PERIOD_NS=$(( $1 * 1000000000 / 48000 ))
  peach_round "$1" "$2" || fail "peach run, $1 × $2"
  fluid_round "$1" "$2" || fail "fluidsynth, $1 × $2"
  fluid_round "$1" "$2" || fail "fluidsynth, $1 × $2"
  peach_round "$1" "$2" || fail "peach run, $1 × $2"
done

# Starts, per buffer, A B B A, on snd-dummy itself (hw:Dummy,0,0), its clock for snd-aloop stopped.
# No keyboard: each program waits with its output playing.
dummy_clock
unplug_keyboard
start_round() {  # PROGRAM PERIOD PERIODS
  local report pid; report=$(probe_report "start-$1-$2x$3-$RANDOM")
  if [ "$1" = peach ]; then
    printf 'feedback:\n  cues: false\n  voice: false\naudio:\n  device: hw:Dummy,0,0\n  period-frames: %s\n  periods: %s\n  grow-buffer: false\n' \
      "$2" "$3" > /tmp/peach-start.yaml
    PEACH_XRUN_PROBE=$report LD_PRELOAD=$PROBE "$PEACH" run --config /tmp/peach-start.yaml --data-dir /tmp/peach-data > /tmp/start.log 2>&1 &
  else
    PEACH_XRUN_PROBE=$report LD_PRELOAD=$PROBE fluidsynth -a alsa -o audio.alsa.device=hw:Dummy,0,0 -o audio.period-size="$2" \
      -o audio.periods="$3" -r 48000 -R 0 -C 0 -s -i "$ROOT/SoundFonts/peach.sf2" > /tmp/start.log 2>&1 &
  fi
  pid=$!
  waitfor "$report" '^first ' 120 "the first write of $1 to snd-dummy" || { kill -TERM $pid; wait $pid; return 1; }
  nap 5.5
  kill -TERM $pid; wait $pid
  keep_probe_report "$report"
  local program="stock FluidSynth"; [ "$1" = peach ] && program="peach run ($(basename "$(dirname "$PEACH")") build)"
  BUFFER_NS=$(( $2 * $3 * 1000000000 / 48000 )) start_xruns "$report" "$1 $2x$3" "$program, $2 × $3 on snd-dummy"
}
for buffer in "${buffers[@]}"; do
  set -- $buffer
  for program in peach fluidsynth fluidsynth peach; do start_round $program "$1" "$2" || fail "$program's start, $1 × $2"; done
done
echo "Peach against stock FluidSynth, the means of each program's rounds (absolute figures are from an emulated guest; the ratios are the claim):"
compare
exit $status
