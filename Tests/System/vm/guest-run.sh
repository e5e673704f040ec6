#!/bin/bash
# Runs the group's command in the guest (from $OUT/.guest.*, written by boot.sh) and reports its exit
# status to the host through QEMU's isa-debug-exit port: QEMU exits at once with 2·status+1.
param() { local w; for w in $(cat /proc/cmdline); do case $w in "peach.$1="*) echo "${w#*=}";; esac; done; }
ctl=$(param out)/$(param ctl)
echo "guest: running at $(cut -d' ' -f1 /proc/uptime) s uptime, kernel $(uname -r), init $(param init)"
cd "$(cat "$ctl/cwd")" && source "$ctl/env" && bash "$ctl/cmd"
rc=$?
echo "guest: exit status $rc at $(cut -d' ' -f1 /proc/uptime) s uptime"
echo "$rc" > "$ctl/status"
sync
[ $rc -le 127 ] || rc=127
printf "\\$(printf %03o "$rc")" | dd of=/dev/port bs=1 seek=244 count=1 2>/dev/null
echo "guest: the exit port did not stop QEMU; powering off"
echo o > /proc/sysrq-trigger
