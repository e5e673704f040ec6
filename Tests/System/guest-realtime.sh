#!/bin/bash
# System test, group `realtime` (issue #12): the real `peach run`'s audio thread runs SCHED_FIFO at
# the configured priority where the system allows it, and with normal scheduling and a logged notice
# where it does not (no CAP_SYS_NICE, RLIMIT_RTPRIO 0: an ordinary user outside systemd's limits).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=$ROOT/.build/debug/peach
export XDG_CACHE_HOME=$OUT/cache XDG_CONFIG_HOME=$OUT/config
status=0
fail() { echo "FAIL: $*"; status=1; }
modprobe snd-aloop || fail "modprobe snd-aloop"
modprobe snd-seq
cat > "$OUT/config.yaml" <<CONFIG
audio:
  device: hw:Loopback,0,0
  period-frames: 1024
  periods: 4
  realtime-priority: 65
CONFIG
calibrate || fail "calibration"

# audio_thread PID: "POLICY PRIORITY" of the thread named peach-audio (/proc stat fields 41 and 40).
audio_thread() {
  local task comm stat
  for task in /proc/$1/task/*; do
    read -r comm < "$task/comm" || continue
    [ "$comm" = peach-audio ] || continue
    read -r stat < "$task/stat"
    stat=${stat##*) }
    set -- $stat
    echo "${39} ${38}"
    return 0
  done
  return 1
}

run_case() {  # NAME EXPECTED_LOG_REGEX EXPECTED_POLICY EXPECTED_PRIORITY [WRAPPER...]
  local name=$1 expected=$2 policy=$3 priority=$4; shift 4
  "$@" "$PEACH" run --config "$OUT/config.yaml" --data-dir "/tmp/peach-rt-$name" > "$OUT/$name.log" 2>&1 &
  local pid=$!
  waitfor "$OUT/$name.log" "$expected" 90 "'$expected' in the $name log" || { fail "$name: log"; kill -TERM $pid; wait $pid; return; }
  local seen
  seen=$(audio_thread $pid) || fail "$name: no thread named peach-audio in /proc/$pid/task"
  [ "$seen" = "$policy $priority" ] || fail "$name: audio thread policy/priority '$seen', expected '$policy $priority'"
  kill -TERM $pid; wait $pid; local rc=$?
  [ $rc -eq 0 ] || fail "$name: exit $rc on SIGTERM"
  echo "RESULT: $name: audio thread policy $seen (0 = SCHED_OTHER, 1 = SCHED_FIFO); log: $(grep -o 'audio thread: .*' "$OUT/$name.log" | head -1)"
}

run_case allowed 'audio thread: SCHED_FIFO priority 65' "1" "65"
run_case refused 'audio thread: real-time priority 65 refused' "0" "0" \
  prlimit --rtprio=0 setpriv --inh-caps=-sys_nice --bounding-set=-sys_nice --

# A buffer the guest cannot sustain (32 × 2 frames under software emulation): repeated underruns
# step it up by itself, and it says so.
"$PEACH" play A4 --duration 3 --device hw:Loopback,0,0 --period-frames 32 --periods 2 > "$OUT/stepup.log" 2>&1 \
  || fail "peach play with a 32 × 2 buffer"
grep -q 'repeated underruns; now 3 periods of 32 frames' "$OUT/stepup.log" || fail "no step up after underruns: $(tail -3 "$OUT/stepup.log")"
echo "RESULT: step up: $(grep -c 'repeated underruns' "$OUT/stepup.log") step(s): $(grep 'repeated underruns' "$OUT/stepup.log" | tail -1)"
exit $status
