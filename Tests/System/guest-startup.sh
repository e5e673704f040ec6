#!/bin/bash
# System test, group `startup`: the real `peach run` starting without its audio card
# (loaded 10 s later: training starts by itself with the keyboard already plugged), and SIGHUP or
# SIGTERM 0–200 ms after the start never killing it (a reload goes on; a stop is exit 0).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=$ROOT/.build/debug/peach
export XDG_CACHE_HOME=$OUT/cache XDG_CONFIG_HOME=$OUT/config
loopback_config "$OUT/config.yaml"
calibrate || fail "calibration"

# (e) Signals during start-up, with the sound card not there yet (the box waits for it), as the
# systemd unit starts the box: through peach-hold-signals, which holds them from its first
# instruction. The delays count from that first instruction (the signals show as held in
# /proc/PID/status); how long the start takes until `peach` catches them itself is reported.
modprobe snd-seq
HOLD=$ROOT/.build/peach-hold-signals
# caught PID: succeeds once the process catches SIGTERM (bit 15 of SigCgt).
caught() {
  local l
  while IFS= read -r l; do
    [[ $l =~ ^SigCgt:[[:space:]]+([0-9a-f]+) ]] && [ $(( 0x${BASH_REMATCH[1]} & 0x4000 )) -ne 0 ] && return 0
  done < /proc/$1/status 2>/dev/null
  return 1
}
# held PID: succeeds once the process holds SIGHUP, SIGINT and SIGTERM (bits 1, 2 and 15 of SigBlk).
held() {
  local l
  while IFS= read -r l; do
    [[ $l =~ ^SigBlk:[[:space:]]+([0-9a-f]+) ]] && [ $(( 0x${BASH_REMATCH[1]} & 0x4003 )) -eq $(( 0x4003 )) ] && return 0
  done < /proc/$1/status 2>/dev/null
  return 1
}
for ms in 0 10 50 100 200; do
  for signal in HUP TERM; do
    "$HOLD" "$PEACH" run --config "$OUT/config.yaml" --data-dir /tmp/peach-signals > "$OUT/signal-$signal-$ms.log" 2>&1 &
    pid=$!
    # Started: its first instruction has run (the signals show as held). Before that the process is
    # still inside the exec, where no program's code runs and the kernel resets what a signal does.
    until { [[ /proc/$pid/exe -ef $HOLD || /proc/$pid/exe -ef $PEACH ]] && held $pid; } || ! kill -0 $pid 2>/dev/null; do :; done
    t0=$(now_us)
    [ $ms -gt 0 ] && nap "0.$(printf '%03d' $ms)"
    kill -$signal $pid
    if [ $ms = 0 ] && [ $signal = HUP ]; then
      until caught $pid; do kill -0 $pid 2>/dev/null || break; nap 0.005; done
      echo "FIGURE: peach run catches signals itself $(( ($(now_us) - t0) / 1000 )) ms after it was started (held until then)"
    fi
    if [ $signal = HUP ]; then
      waitfor "$OUT/signal-$signal-$ms.log" 'configuration re-read' 60 "the reload after SIGHUP at $ms ms" \
        || fail "SIGHUP at $ms ms: no reload"
      kill -0 $pid 2>/dev/null || fail "SIGHUP at $ms ms ended peach run"
      kill -TERM $pid
    fi
    wait $pid; rc=$?
    [ $rc -eq 0 ] || fail "SIGTERM after SIG$signal at $ms ms: exit $rc (128+signal is a death by signal)"
  done
done
[ $status -eq 0 ] && echo "RESULT: (e) SIGHUP and SIGTERM 0, 10, 50, 100 and 200 ms into the start: a reload or exit 0, no signal death"

# (c) No audio card at the start: it waits, and training starts when the card appears.
setup_keyboard
: > "$OUT/peach.log"
"$PEACH" run --config "$OUT/config.yaml" --data-dir /tmp/peach-startup --log-level debug > "$OUT/peach.log" 2>&1 &
peach=$!
waitfor "$OUT/peach.log" 'waiting for the audio output' 60 || fail "(c) no 'waiting for the audio output'"
waitfor "$OUT/peach.log" 'MIDI input ready' 60 || fail "(c) the sequencer did not open"
plug_keyboard
waitfor "$OUT/peach.log" 'controller VMTest Keys.*with mapping' 30 || fail "(c) the keyboard was not connected"
grep -q '\] starting compare' "$OUT/peach.log" && fail "(c) training started without an audio output"
nap 10
loaded=$(now_us)
modprobe snd-aloop || fail "(c) modprobe snd-aloop"
waitfor "$OUT/peach.log" '\] starting compare' 30 || fail "(c) training did not start when the card appeared"
echo "RESULT: (c) started without the card; training began $(( ($(now_us) - loaded) / 1000 )) ms after it was loaded"
kill -0 $peach || fail "(c) peach run ended"
kill -TERM $peach; wait $peach; rc=$?
[ $rc -eq 0 ] || fail "(c) exit $rc on SIGTERM"
cat "$OUT/peach.log"
exit $status
