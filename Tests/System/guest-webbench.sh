#!/bin/bash
# `make bench`, the dashboard beside the practice box, in the QEMU guest: `peach run`
# plays into snd-aloop with a tunable note sounding while `peach web`, reading the same history, is
# loaded with requests (peach-bench --web-load: 4 clients on /, /api/profile, /progress and
# /export.csv). The underruns peach run logs in a quiet window, a loaded one and a quiet one again,
# all as long, are FIGURES; more in the loaded window than in either quiet one fails the group.
# peach web runs as peach-web.service runs it (nice 10, SCHED_BATCH) and the clients at nice 19:
# they stand for phones on the network, whose CPU is not the box's.
# Release builds when there are (make bench builds them).
# guest-timeout: 1200
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=.build/release/peach; [ -x "$PEACH" ] || PEACH=.build/debug/peach
BENCH=.build/release/peach-bench; [ -x "$BENCH" ] || BENCH=.build/debug/peach-bench
BUILD=$(basename "$(dirname "$PEACH")")
export XDG_CACHE_HOME=/tmp/peach-cache XDG_CONFIG_HOME=/tmp/peach-config
# SQLite's WAL needs shared memory maps, which the 9p share does not offer: the history is in tmpfs.
DATA=/tmp/peach-webbench-data
WINDOW=${PEACH_WEBBENCH_SECONDS:-30}
modprobe snd-seq; modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 60 "the loopback sound card" || exit 1
cat > /tmp/peach-webbench.yaml <<CONFIG
feedback:
  cues: false
audio:
  device: hw:Loopback,0,0
  period-frames: 1024
  periods: 3
CONFIG
cat > /tmp/peach-webbench-listener.yaml <<LISTENER
thresholds: {C2: 30, C6: 4}
matching: {bias: 2.0, spread: 6.0}
LISTENER
# A history for the dashboard to fit and serve.
for mode in compare match; do
  "$PEACH" simulate --listener /tmp/peach-webbench-listener.yaml --mode $mode --trials 2000 --seed 1 --days 30 \
    --data-dir $DATA --config /tmp/peach-webbench.yaml >> "$OUT/simulate.log" 2>&1 || { echo "FAIL: peach simulate"; tail "$OUT/simulate.log"; exit 1; }
done
"$PEACH" play A4 --output /tmp/calibrate.wav > /dev/null 2>&1
"$PEACH" run --config /tmp/peach-webbench.yaml --data-dir $DATA --mode match --log-level debug > "$OUT/peach.log" 2>&1 &
peach=$!
waitfor "$OUT/peach.log" 'MIDI input ready' 180 "peach run to be ready" || { cat "$OUT/peach.log"; exit 1; }
# As peach-web.service runs it: Nice=10, CPUSchedulingPolicy=batch.
nice -n 10 chrt --batch 0 "$PEACH" web --listen 127.0.0.1:0 --data-dir $DATA --config /tmp/peach-webbench.yaml > "$OUT/web.log" 2>&1 &
web=$!
waitfor "$OUT/web.log" 'Peach dashboard on http://127.0.0.1:[0-9]+/' 120 "peach web to listen" || exit 1
port=; while IFS= read -r l; do [[ $l =~ http://127\.0\.0\.1:([0-9]+)/ ]] && port=${BASH_REMATCH[1]}; done < "$OUT/web.log"
stop() { kill -TERM $web $peach 2>/dev/null; wait $web $peach 2>/dev/null; }
# The dashboard fits the history once, on its first page.
curl -sf -o /dev/null "http://127.0.0.1:$port/" || { echo "FAIL: the dashboard's first page"; stop; exit 1; }

# Tune & Match with the tunable note held: sound all through the windows, and no new answer.
plug_keyboard
waitfor "$OUT/peach.log" 'controller VMTest Keys.*with mapping' 60 "the keyboard to be taken" || { stop; exit 1; }
waitfor $DATA/live-status 'move the tuning control' 120 "the reference note to end" || { stop; exit 1; }
amidi -p hw:GadgetMIDI,0 -S 'E0 68 47'
waitfor $DATA/live-status 'tune your note' 60 "the tunable note to start" || { stop; exit 1; }

# underruns: peach run's total so far, from its debug log.
underruns() { local l n=0; while IFS= read -r l; do [[ $l =~ underrun\ \(([0-9]+)\ since ]] && n=${BASH_REMATCH[1]}; done < "$OUT/peach.log"; echo $n; }
u0=$(underruns); nap "$WINDOW"
u1=$(underruns)
# The clients stand for phones elsewhere on the network: in the guest they take only the CPU left over.
nice -n 19 "$BENCH" --web-load "$port" "$WINDOW" | tee "$OUT/load.log"; loaded=${PIPESTATUS[0]}
u2=$(underruns); nap "$WINDOW"
u3=$(underruns)
status=0
grep -q 'tune your note' $DATA/live-status || { echo "FAIL: the tunable note did not sound all through: $(cat $DATA/live-status)"; status=1; }
[ "$loaded" -eq 0 ] || { echo "FAIL: requests to peach web failed under load (see above)"; status=1; }
quiet1=$((u1 - u0)) load=$((u2 - u1)) quiet2=$((u3 - u2))
echo "FIGURE: underruns of peach run ($BUILD build, 1024 × 3 frames, tunable note sounding) in $WINDOW s: $quiet1 quiet, $load while peach web is loaded, $quiet2 quiet again"
hwm=$(status_kb $web VmHWM)
echo "FIGURE: peak RSS of peach web in the guest ($BUILD build, 4,000 answers): $((hwm / 1024)) MB"
if [ $load -gt $quiet1 ] && [ $load -gt $quiet2 ]; then
  echo "FAIL: loading peach web added underruns to peach run ($load under load against $quiet1 and $quiet2 without)"; status=1
fi
stop
exit $status
