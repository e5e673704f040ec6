#!/bin/bash
# System test, group `durable`: the real `peach run` keeps every acknowledged answer.
# (a) another process holds the history's write lock (BEGIN EXCLUSIVE) for 20 s while 5 answers are
#     given, then the history's file system (a small tmpfs) is full for another 5: all 10 end up in the
#     history, each exactly once, and the log says when answers were refused and when they were written.
# (b) answers waiting in the journal when peach is SIGKILLed arrive at the next start.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PEACH=$ROOT/.build/debug/peach
export XDG_CACHE_HOME=$OUT/cache XDG_CONFIG_HOME=$OUT/config
DATA=/tmp/peach-durable
# answer LOG N: answers "higher" once the second note has sounded, and waits for the Nth answer.
answer() { nap 1.8; send '90 48 64 80 48 00'; waitcount "$1" 'comparison .* answered' "$2" 30; }
# stored: how many answers the history holds, and how many distinct ones (by timestamp).
stored() {
  /usr/bin/python3 - "$DATA/peach.sqlite" <<'PY'
import sqlite3, sys
c = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
rows = c.execute("SELECT timestamp FROM comparison").fetchall()
print(len(rows), len(set(rows)))
PY
}
start_peach() {
  "$PEACH" run --config "$OUT/config.yaml" --data-dir "$DATA" --log-level debug >> "$OUT/peach.log" 2>&1 &
  peach=$!
}

modprobe snd-seq; modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 20 || exit 1
mkdir -p "$DATA"; mount -t tmpfs -o size=4m tmpfs "$DATA" || { echo "FAIL: tmpfs"; exit 1; }
loopback_config "$OUT/config.yaml" 0.5
calibrate || fail "calibration"
: > "$OUT/peach.log"
start_peach
waitfor "$OUT/peach.log" 'MIDI input ready' 60 || { cat "$OUT/peach.log"; exit 1; }
plug_keyboard
waitfor "$OUT/peach.log" 'controller VMTest Keys.*with mapping' 30 || fail "the keyboard was not connected"
nap 0.6

# (a) 1. Locked for 20 s by another program while 5 answers are given.
/usr/bin/python3 -c "
import sqlite3, time
c = sqlite3.connect('$DATA/peach.sqlite', isolation_level=None)
c.execute('BEGIN EXCLUSIVE'); open('$OUT/locked', 'w').close(); time.sleep(20); c.execute('ROLLBACK')
" &
locker=$!
while [ ! -f "$OUT/locked" ]; do nap 0.1; done
for n in 1 2 3 4 5; do answer "$OUT/peach.log" $n; done
waitfor "$OUT/peach.log" 'training history refused an answer.*locked' 10 || fail "the refusal was not logged"
[ "$(count "$OUT/peach.log" 'training history refused')" -eq 1 ] || fail "the refusal was logged more than once"
wait $locker
waitfor "$OUT/peach.log" 'accepts answers again; all 5 kept' 30 || fail "the 5 locked-out answers were not written"

# (a) 2. The file system full for another 5.
dd if=/dev/zero of="$DATA/filler" bs=64k 2>/dev/null
for n in 6 7 8 9 10; do answer "$OUT/peach.log" $n; done
# SQLite may reuse its write-ahead log's space and not need more: then nothing is refused.
if [ "$(count "$OUT/peach.log" 'training history refused')" -ge 2 ]; then
  echo "RESULT: (a) the full disk refused answers; the log says so"
  rm -f "$DATA/filler"
  waitcount "$OUT/peach.log" 'accepts answers again' 2 40
else
  echo "RESULT: (a) the full disk refused nothing (the log reused its space)"
  rm -f "$DATA/filler"
fi
read -r total distinct <<< "$(stored)"
[ "$total" -eq 10 ] && [ "$distinct" -eq 10 ] && echo "RESULT: (a) 10 answers given while locked and full: 10 stored, each once" \
  || fail "(a) the history holds $total answers ($distinct distinct), not 10"

# (b) Answers waiting in the journal when peach is killed arrive at the next start. The lock is held
# until peach has been killed (at most 60 s).
/usr/bin/python3 -c "
import os, sqlite3, time
c = sqlite3.connect('$DATA/peach.sqlite', isolation_level=None)
c.execute('BEGIN EXCLUSIVE'); open('$OUT/locked2', 'w').close()
end = time.monotonic() + 60
while not os.path.exists('$OUT/release2') and time.monotonic() < end: time.sleep(0.1)
c.execute('ROLLBACK')
" &
locker=$!
while [ ! -f "$OUT/locked2" ]; do nap 0.1; done
for n in 11 12 13; do answer "$OUT/peach.log" $n; done
[ -s "$DATA/pending-answers.jsonl" ] || fail "(b) no journal beside the history"
kill -KILL $peach; wait $peach 2>/dev/null
: > "$OUT/release2"; wait $locker
start_peach
waitfor "$OUT/peach.log" 'answer\(s\) kept in .* are now in the history' 60 || fail "(b) the journal was not replayed"
read -r total distinct <<< "$(stored)"
[ "$total" -eq 13 ] && [ "$distinct" -eq 13 ] && echo "RESULT: (b) 3 journaled answers survived SIGKILL: 13 stored, each once" \
  || fail "(b) the history holds $total answers ($distinct distinct), not 13"
[ -e "$DATA/pending-answers.jsonl" ] && fail "(b) the journal was not removed"
kill -TERM $peach; wait $peach
cat "$OUT/peach.log"
exit $status
