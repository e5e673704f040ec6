#!/bin/bash
# guest-init: systemd
# System test, group `installed`: the practice box as a Raspberry Pi owner runs it. The guest boots
# with systemd as PID 1; `make install` puts peach, the udev rule and the unit into the guest's
# throw-away root. Then: plugging the USB keyboard makes udev start peach.service as the `peach`
# user, training starts, answers land in /var/lib/peach, `systemctl reload` applies a training
# change, a SIGKILL is followed by a restart, and `systemctl stop` ends it cleanly in time.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
status=0
fail() { echo "FAIL: $*"; status=1; }
send() { amidi -p hw:GadgetMIDI,0 -S "$1"; }
unit=peach.service
# peach's journal, as it is written: one journalctl for the whole group, not one per look (once a
# second: a process each time, slow in the emulated guest; 83 -> 77 s).
journalctl -u $unit -o cat --no-pager --lines=all --follow > "$OUT/journal.txt" 2>&1 &
journal_follower=$!
count() { local n=0 l; while IFS= read -r l; do [[ $l =~ $1 ]] && n=$((n + 1)); done < "$OUT/journal.txt"; echo $n; }
# jwait REGEX N DEADLINE_S WHAT: until peach's journal has N lines matching REGEX. seen (the same,
# silent) only answers whether it came.
seen() {
  local start=${EPOCHREALTIME/./}; local end=$(( start + $3 * 1000000 ))
  while [ $(( ${EPOCHREALTIME/./} )) -lt $end ]; do
    [ "$(count "$1")" -ge "$2" ] && { waited "$4" "$start" "$3"; return 0; }
    nap 0.3
  done
  return 1
}
jwait() {
  seen "$@" && return 0
  fail "waited $3 s for $4 ($2 × '$1' in peach's journal); the journal's last lines:"
  tail -n 8 "$OUT/journal.txt" | sed 's/^/  | /'; systemctl status --no-pager $unit 2>&1 | head -5 | sed 's/^/  | /'
  return 1
}
prop() { systemctl show -p "$1" --value $unit; }
# answer REGEX N BYTES: plays BYTES until the journal has N answers matching REGEX. The first key
# goes once the next exercise's second note has sounded (the feedback pause after the last answer
# ignores keys: sent at once, each answer cost a 15 s retry, 45 s of this group); a key that still
# came too early is played again.
answer() {
  local i
  nap 1.8
  for i in 1 2 3 4 5 6; do
    send "$3"; seen "$1" "$2" 15 "answer $2 ('$1')" && return 0
  done
  fail "no answer '$1' after 6 tries of 15 s"; tail -n 8 "$OUT/journal.txt" | sed 's/^/  | /'; return 1
}

modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 30 "the loopback sound card" || exit 1
# The owner's configuration, written before `make install` (which keeps an existing one).
mkdir -p /etc/peach
cat > /etc/peach/config.yaml <<'CONFIG'
training:
  note-duration: 0.6
audio:
  device: hw:Loopback,0,0
  period-frames: 1024
  periods: 4
CONFIG

# 1. make install, as in the README (the debug build the tests were built with).
make install CONFIG=debug > "$OUT/install.log" 2>&1 || { cat "$OUT/install.log"; echo "FAIL: make install"; exit 1; }
id peach | grep -q '(audio)' || fail "the peach user is not in the audio group: $(id peach)"
[ "$(systemctl is-enabled $unit)" = enabled ] || fail "make install did not enable $unit"
for page in peach peach.run peach.config peach.web; do
  [ -s /usr/local/share/man/man1/$page.1 ] || fail "make install did not install the manual page $page(1)"
done
# `enable --now` started it: the first start measures the sound (slow for a debug build, emulated).
jwait 'MIDI input ready' 1 300 "the installed service to be ready" || exit 1

# 2. Stopped, then the keyboard is plugged: udev's rule must start it.
systemctl stop $unit
[ "$(systemctl is-active $unit)" = inactive ] || fail "$unit did not stop"
plug_keyboard
start=${EPOCHREALTIME/./}; end=$(( start + 60000000 ))
until [ "$(systemctl is-active $unit)" = active ] || [ ${EPOCHREALTIME/./} -ge $end ]; do nap 1; done
if [ "$(systemctl is-active $unit)" = active ]; then
  waited "udev to start $unit" "$start" 60; echo "RESULT: plugging the keyboard started $unit"
else fail "waited 60 s for udev to start $unit on the keyboard's plug; it is $(systemctl is-active $unit)"
  udevadm info /dev/snd/midiC*D0 2>&1 | grep -E 'SYSTEMD|TAGS|DEVNAME' | sed 's/^/  | /'; exit 1; fi
pid=$(prop MainPID)
user=$(ps -o user= -p "$pid")
[ "$user" = peach ] && echo "RESULT: runs as user peach (pid $pid)" || fail "runs as '$user', not peach"

# 3. Training starts with the keyboard, and answers land in /var/lib/peach.
jwait 'controller VMTest Keys.*with mapping' 1 90 "the keyboard to be taken as controller" || exit 1
# A first plug-in with an empty history begins with the spoken tour; its stop control (program 4)
# skips it at once, and training starts.
jwait 'saying "Welcome to Peach' 1 60 "the tour to begin on the first plug-in" || exit 1
send 'C0 04'
jwait 'starting compar' 1 60 "training to start once the tour is skipped" || exit 1
echo "RESULT: the first plug-in began the tour; its stop control skipped it and training started"
answer 'answered higher' 1 '90 48 64 80 48 00'
answer 'answered lower' 1 '90 30 64 80 30 00'
runuser -u peach -- peach history --data-dir /var/lib/peach --json > "$OUT/history.json" 2>&1 || fail "peach history: $(cat "$OUT/history.json")"
n=$(grep -o '"isCorrect"' "$OUT/history.json" | wc -l)
[ "$n" -ge 2 ] && echo "RESULT: $n answers in /var/lib/peach" || fail "expected 2 answers in /var/lib/peach, found $n: $(head -c 400 "$OUT/history.json")"

# 4. systemctl reload applies a training change: notes from C5 to C6 only, from the next exercise.
sed -i 's/^training:$/training:\n  note-range: {lowest: C5, highest: C6}/' /etc/peach/config.yaml
systemctl reload $unit || fail "systemctl reload failed"
jwait 'configuration re-read' 1 30 "the reload to be applied" && echo "RESULT: systemctl reload re-read the configuration"
[ "$(prop MainPID)" = "$pid" ] || fail "reload restarted the process ($pid → $(prop MainPID))"
# The exercise under way when reloading may still use the old range; the two after it may not.
answer 'answered higher' 2 '90 48 64 80 48 00'
answer 'answered lower' 2 '90 30 64 80 30 00'
answer 'answered higher' 3 '90 48 64 80 48 00'
mapfile -t after < <(sed -n '/configuration re-read/,$p' "$OUT/journal.txt" | sed -n 's/.* comparison \([A-G]#*-*[0-9]*\)→.*/\1/p')
in_range() { [[ $1 =~ ^[A-G]#?5$ || $1 == C6 ]]; }
if [ ${#after[@]} -ge 3 ] && in_range "${after[1]}" && in_range "${after[2]}"; then
  echo "RESULT: after the reload the exercises use the new range (${after[*]})"
else fail "after the reload, expected reference notes in C5–C6 from the second exercise on; got: ${after[*]}"; fi

# 5. SIGKILL (as the OOM killer would): systemd restarts it (Restart=on-failure, RestartSec=2).
kill -KILL "$pid"
start=${EPOCHREALTIME/./}; end=$(( start + 60000000 ))
until { p=$(prop MainPID); [ "$p" != 0 ] && [ "$p" != "$pid" ] && [ "$(systemctl is-active $unit)" = active ]; } || [ ${EPOCHREALTIME/./} -ge $end ]; do nap 1; done
if [ "$p" != 0 ] && [ "$p" != "$pid" ]; then echo "RESULT: after SIGKILL systemd restarted it (pid $pid → $p, NRestarts=$(prop NRestarts))"
else fail "waited 60 s for systemd to restart $unit after SIGKILL; it is $(systemctl is-active $unit), MainPID $p"; fi
jwait 'controller VMTest Keys.*with mapping' 2 120 "the restarted service to take the keyboard"
jwait 'starting compar' 2 60 "training to start again after the restart"

# 6. systemctl stop: SIGTERM ends it through the interruption path within TimeoutStopSec.
limit=$(prop TimeoutStopUSec)
t0=${EPOCHREALTIME/./}; systemctl stop $unit; ms=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
echo "FIGURE: systemctl stop took $ms ms (TimeoutStopSec=$limit)"
seen 'stopped; the training history is closed' 1 30 "the stop's last line" || :
kill $journal_follower; wait $journal_follower 2>/dev/null
result=$(prop Result); code=$(prop ExecMainStatus)
[ "$result" = success ] && [ "$code" = 0 ] && echo "RESULT: stopped cleanly (exit 0)" || fail "stop: Result=$result ExecMainStatus=$code"
grep -q 'timed out. Killing' "$OUT/journal.txt" && fail "systemd had to SIGKILL it on stop"
grep -q 'stopped; the training history is closed' "$OUT/journal.txt" || fail "no 'history is closed' line after stop"
cat "$OUT/journal.txt"
exit $status
