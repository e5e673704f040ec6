#!/bin/bash
# guest-init: systemd
# guest-timeout: 1200
# System test, group `package`: the box as the Debian package installs it. The guest boots with
# systemd as PID 1 and installs, with dpkg, the package of the debug build that `make deb
# CONFIG=debug` made (.build/deb-debug; `make system-test` and `make test` make it first; another
# with PEACH_PACKAGE=FILE). Then: the `peach` user and both services; the keyboard's plug starting
# peach.service; answers in /var/lib/peach; the dashboard on every address, wanting its token, and
# announced by Avahi; an upgrade (the same files repacked with a higher version) keeping the history
# and the owner's configuration; `dpkg -r` keeping them; `dpkg -P` deleting them.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
deb=${PEACH_PACKAGE:-$(ls "$ROOT"/.build/deb-debug/peach_*.deb 2>/dev/null | head -1)}
[ -f "$deb" ] || { echo "FAIL: no package to install in .build/deb-debug: make it with 'make deb CONFIG=debug'"; exit 1; }
unit=peach.service config=/etc/peach/config.yaml
J=$OUT/journal.txt
journalctl -u $unit -o cat --no-pager --lines=all --follow > "$J" 2>&1 &
journal_follower=$!
# seen REGEX N DEADLINE_S: until peach's journal has N lines matching REGEX. jwait says what failed.
seen() {
  local end=$(( $(now_us) + $3 * 1000000 ))
  while [ "$(now_us)" -lt $end ]; do [ "$(count "$J" "$1")" -ge "$2" ] && return 0; nap 0.3; done
  return 1
}
jwait() {
  local start=$(now_us)
  seen "$@" && { waited "$4" "$start" "$3"; return 0; }
  fail "waited $3 s for $4 ($2 × '$1' in peach's journal); its last lines:"
  tail -n 8 "$J" | sed 's/^/  | /'; systemctl status --no-pager $unit 2>&1 | head -5 | sed 's/^/  | /'
  return 1
}
# answer REGEX N BYTES: plays BYTES until the journal has N answers matching REGEX (a key sent in the
# pause after an answer is ignored: played again).
answer() {
  local i; nap 1.8
  for i in 1 2 3 4 5 6; do send "$3"; seen "$1" "$2" 15 && return 0; done
  fail "no answer '$1' after 6 tries of 15 s"; tail -n 8 "$J" | sed 's/^/  | /'; return 1
}
answers() { runuser -u peach -- /usr/bin/peach history --data-dir /var/lib/peach --json 2>&1 | grep -o '"isCorrect"' | wc -l; }

modprobe snd-aloop || { echo "FAIL: modprobe snd-aloop"; exit 1; }
setup_keyboard
waitfor /proc/asound/cards Loopback 30 "the loopback sound card" || exit 1
# man-db's trigger indexes every manual page again after each dpkg run unless this file is gone
# (the debconf answer alone does not remove it): 30-60 s of each dpkg run, emulated.
rm -f /var/lib/man-db/auto-update
# The root the guest runs may be a container's, whose policy-rc.d forbids maintainer scripts to start
# services; a box has none.
rm -f /usr/sbin/policy-rc.d

# 1. Install.
version=$(dpkg-deb -f "$deb" Version)
dpkg -i "$deb" < /dev/null > "$OUT/install.log" 2>&1 || { cat "$OUT/install.log"; echo "FAIL: dpkg -i $deb"; exit 1; }
echo "RESULT: dpkg -i installed peach $version ($(du -k "$deb" | cut -f1) KB)"
id peach | grep -q '(audio)' || fail "the peach user is not in the audio group: $(id peach)"
for u in peach.service peach-web.service; do
  [ "$(systemctl is-enabled $u)" = enabled ] || fail "the package did not enable $u"
done
dpkg-query -W -f='${Conffiles}\n' peach | grep -q "$config" || fail "$config is not a conffile: $(dpkg-query -W -f='${Conffiles}' peach)"
grep -q '^  listen: "0.0.0.0:8080"' $config || fail "the package's configuration does not open the dashboard: $(grep listen $config)"
for u in peach.service peach-web.service; do
  [ "$(systemctl is-active $u)" = active ] || fail "the package did not start $u: it is $(systemctl is-active $u)"
done
for f in /usr/bin/peach /usr/libexec/peach-web /usr/share/man/man1/peach.run.1.gz /usr/share/doc/peach/copyright \
         /usr/share/peach/SoundFonts/peach.sf2 /etc/avahi/services/peach.service; do
  [ -e $f ] || fail "the package did not install $f"
done

# 2. The owner's configuration: the loopback card (what the Pi's headphones are to a box), short notes,
# no voice. Edited in the installed file, then applied.
sed -i -e 's/^training:$/training:\n  note-duration: 0.6/' -e 's/^feedback:$/feedback:\n  voice: false/' \
  -e 's/^audio:$/audio:\n  device: hw:Loopback,0,0\n  period-frames: 1024\n  periods: 4/' $config
/usr/bin/peach config --config $config > "$OUT/config.txt" 2>&1 || fail "peach config: $(cat "$OUT/config.txt")"
grep -q 'device: "hw:Loopback,0,0".*/etc/peach' "$OUT/config.txt" || fail "the edited device is not in effect: $(grep device "$OUT/config.txt")"
edited=$(md5sum < $config)

# 3. Stopped, then the keyboard is plugged: udev's rule starts it. Its start measures the installed
# SoundFont's tuning (slow for a debug build, emulated).
systemctl stop $unit
plug_keyboard
end=$(( $(now_us) + 60000000 ))
until [ "$(systemctl is-active $unit)" = active ] || [ "$(now_us)" -ge $end ]; do nap 1; done
[ "$(systemctl is-active $unit)" = active ] && echo "RESULT: plugging the keyboard started $unit" \
  || { fail "waited 60 s for udev to start $unit; it is $(systemctl is-active $unit)"; exit 1; }
user=$(ps -o user= -p "$(systemctl show -p MainPID --value $unit)")
[ "$user" = peach ] || fail "$unit runs as '$user', not peach"
jwait 'controller VMTest Keys.*with mapping' 1 300 "the keyboard to be taken as controller" || exit 1
jwait 'starting compar' 1 60 "training to start" || exit 1
answer 'answered higher' 1 '90 48 64 80 48 00'
answer 'answered lower' 1 '90 30 64 80 30 00'
before=$(answers)
[ "$before" -ge 2 ] && echo "RESULT: $before answers in /var/lib/peach" || fail "expected 2 answers in /var/lib/peach, found $before"

# 4. The dashboard, found as a phone finds it: Avahi announces it on the network, and at the address
# and port announced it answers 401 without the token and 200 with it. The network is a dummy
# interface of the guest's own (Avahi leaves loopback out).
[ "$(systemctl is-active peach-web.service)" = active ] || fail "peach-web.service is $(systemctl is-active peach-web.service)"
modprobe dummy && ip link add lan0 type dummy && ip link set lan0 multicast on up && ip addr add 192.168.77.1/24 dev lan0 \
  || fail "no dummy network interface for Avahi"
systemctl start avahi-daemon.service || fail "avahi-daemon did not start"
# A resolved service in avahi-browse's parsable lines: its name's spaces written as \032, its type as
# such (-k: not looked up as "Web Site"); the address and the port are fields 8 and 9.
announced='^=;lan0;IPv4;Peach[^;]*;_http._tcp;local;.*;8080;"path=/"$'
for i in 1 2 3 4 5 6; do
  timeout 60 avahi-browse -rtpk _http._tcp > "$OUT/avahi-browse.txt" 2>&1
  grep -q "$announced" "$OUT/avahi-browse.txt" && break
  nap 5
done
found=$(grep -m1 "$announced" "$OUT/avahi-browse.txt")
if [ -n "$found" ]; then echo "RESULT: avahi-browse finds $(echo "$found" | cut -d';' -f4,7-9)"
else fail "avahi-browse did not find the dashboard:"; sed 's/^/  | /' "$OUT/avahi-browse.txt"
  ip addr show lan0 | sed 's/^/  | /'; journalctl -u avahi-daemon -o cat --no-pager | tail -n 15 | sed 's/^/  | /'; fi
host=$(echo "$found" | cut -d';' -f8) port=$(echo "$found" | cut -d';' -f9)
url=http://${host:-192.168.77.1}:${port:-8080}
# http PATH [CURL ARGUMENTS]: the dashboard's status code for PATH at the announced address.
http() { local p=$1; shift; curl -s -o /dev/null -w '%{http_code}' --max-time 30 "$@" "$url$p"; }
end=$(( $(now_us) + 120000000 ))
until code=$(http /); [ "$code" = 401 ] || [ "$(now_us)" -ge $end ]; do nap 1; done
[ "$code" = 401 ] && echo "RESULT: at $url the dashboard answers 401 without the token" || fail "at $url the dashboard answered '$code' without the token, not 401"
address=$(runuser -u peach -- /usr/bin/peach web --token --data-dir /var/lib/peach --config $config)
token=${address##*token=}
[[ $address == "http://$(hostname).local:8080/?token="* ]] && echo "RESULT: peach web --token prints $(hostname).local:8080" \
  || fail "peach web --token printed '$address', not http://$(hostname).local:8080/?token=…"
code=$(http /api/profile -H "Authorization: Bearer $token")
[ "$code" = 200 ] && echo "RESULT: with the token the dashboard answers 200" || fail "with the token the dashboard answered '$code'"

# 5. An upgrade: the same files with a higher version. The history and the edited configuration stay.
rm -rf /tmp/repack && dpkg-deb -R "$deb" /tmp/repack
sed -i "s/^Version: .*/Version: $version+1/" /tmp/repack/DEBIAN/control
dpkg-deb -Zgzip -z1 -b /tmp/repack /tmp/peach-upgrade.deb > /dev/null && rm -rf /tmp/repack
dpkg -i /tmp/peach-upgrade.deb < /dev/null > "$OUT/upgrade.log" 2>&1 || { cat "$OUT/upgrade.log"; fail "dpkg -i of $version+1"; }
[ "$(dpkg-query -W -f='${Version}' peach)" = "$version+1" ] && echo "RESULT: upgraded to $version+1" || fail "not upgraded: $(dpkg-query -W -f='${Version}' peach)"
[ "$(md5sum < $config)" = "$edited" ] && echo "RESULT: the upgrade kept the edited $config" || fail "the upgrade changed $config"
after=$(answers)
[ "$after" = "$before" ] && echo "RESULT: the upgrade kept the $after answers" || fail "after the upgrade $after answers, before $before"
[ "$(systemctl is-active $unit)" = active ] || fail "$unit is $(systemctl is-active $unit) after the upgrade"

# 6. dpkg -r: the programs go, the history and the configuration stay.
dpkg -r peach < /dev/null > "$OUT/remove.log" 2>&1 || { cat "$OUT/remove.log"; fail "dpkg -r peach"; }
[ ! -e /usr/bin/peach ] || fail "dpkg -r left /usr/bin/peach"
[ "$(systemctl is-active $unit)" != active ] || fail "dpkg -r left $unit running"
ls /var/lib/peach/*.sqlite > /dev/null 2>&1 && [ "$(md5sum < $config)" = "$edited" ] \
  && echo "RESULT: dpkg -r kept the history ($(ls /var/lib/peach/*.sqlite | xargs -n1 basename | tr '\n' ' ')) and $config" \
  || fail "dpkg -r did not keep the history and the configuration: $(ls /var/lib/peach /etc/peach 2>&1 | tr '\n' ' ')"

# 7. dpkg -P: everything the box kept goes.
dpkg -P peach < /dev/null > "$OUT/purge.log" 2>&1 || { cat "$OUT/purge.log"; fail "dpkg -P peach"; }
left=$(ls -d /var/lib/peach /var/cache/peach /etc/peach /etc/avahi/services/peach.service 2>/dev/null)
[ -z "$left" ] && echo "RESULT: dpkg -P deleted the history, the configuration and the announcement" || fail "dpkg -P left: $left"

kill $journal_follower; wait $journal_follower 2>/dev/null
exit $status
