#!/bin/bash
# System test, group `hotplug`: the real `peach run` through 100 hot-plug cycles of the
# emulated USB keyboard: every replug starts training, and RSS and open file descriptors do not grow
# (the highest RSS of the second half is compared with that of the first, from cycle 10 on, when
# caches have filled: the allocator's own ups and downs are a few MB). Under software emulation a cycle
# takes about 5 s: this group needs about 10 minutes. PEACH_HOTPLUG_CYCLES changes the count.
# guest-timeout: 1500
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=$ROOT/.build/debug/peach
export XDG_CACHE_HOME=$OUT/cache XDG_CONFIG_HOME=$OUT/config
CYCLES=${PEACH_HOTPLUG_CYCLES:-100}
LOG=$OUT/peach.log
rss_kb() { status_kb "$1" VmRSS; }
fds() { local f n=0; for f in /proc/$1/fd/*; do n=$((n + 1)); done; echo $n; }

modprobe snd-seq; modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 20 || exit 1
loopback_config "$OUT/config.yaml"
calibrate || fail "calibration"
"$PEACH" run --config "$OUT/config.yaml" --data-dir /tmp/peach-hotplug > "$LOG" 2>&1 &
peach=$!
waitfor "$LOG" 'MIDI input ready' 60 || { cat "$LOG"; exit 1; }
follow "$LOG"
for cycle in $(seq 1 "$CYCLES"); do
  plug_keyboard
  waitnext '\] starting ' 30 || { fail "replug $cycle did not start training"; break; }
  unplug_keyboard
  nap 0.3
  if [ "$cycle" -ge 10 ]; then
    rss=$(rss_kb $peach)
    if [ "$cycle" -le $((CYCLES / 2)) ]; then
      [ "$rss" -gt "${rss_first:-0}" ] && rss_first=$rss
    else
      [ "$rss" -gt "${rss_second:-0}" ] && rss_second=$rss
    fi
    [ "$cycle" -eq 10 ] && fd0=$(fds $peach)
  fi
  [ $((cycle % 10)) -eq 0 ] && echo "cycle $cycle: RSS $(rss_kb $peach) kB, $(fds $peach) open files"
done
nap 2
fd1=$(fds $peach)
echo "FIGURE: hot-plug cycles: highest RSS ${rss_first:-?} kB (cycles 10–$((CYCLES / 2))), ${rss_second:-?} kB (to $CYCLES); open files ${fd0:-?} → ${fd1}"
[ -n "${fd0:-}" ] && [ "$fd1" -gt $((fd0 + 2)) ] && fail "open files grew from $fd0 to $fd1"
[ -n "${rss_first:-}" ] && [ -n "${rss_second:-}" ] && [ "$rss_second" -gt $((rss_first + 2048)) ] \
  && fail "RSS grew: highest $rss_first kB in the first half, $rss_second kB in the second"
[ $status -eq 0 ] && echo "RESULT: (g) $CYCLES hot-plug cycles: every replug started training; RSS and open files did not grow"
kill -TERM $peach; wait $peach; rc=$?
[ $rc -eq 0 ] || fail "exit $rc on SIGTERM"
exit $status
