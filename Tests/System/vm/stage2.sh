#!/bin/bash
# Stage 2 of the system-test guest (after init's switch_root), PID 1 on the overlay root.
# peach.init=plain: bash stays PID 1, starts udevd and runs the group (guest-run.sh).
# peach.init=systemd: the group runs as a unit under the host's own systemd, as on an installed
# box; systemd boots only to peach-guest.target (no gettys, timers or host services).
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root LANG=C.UTF-8
HERE=$(dirname "$(readlink -f "$0")")
param() { local w; for w in $(cat /proc/cmdline); do case $w in "peach.$1="*) echo "${w#*=}";; esac; done; }
hostname peach-guest

if [ "$(param init)" = systemd ]; then
  units=/etc/systemd/system
  cat > "$units/peach-guest.target" <<UNIT
[Unit]
Description=Peach system-test group
Requires=peach-guest.service
After=peach-guest.service
UNIT
  cat > "$units/peach-guest.service" <<UNIT
[Unit]
Description=Peach system-test group (Tests/System/vm/guest-run.sh)
Wants=systemd-udevd.service systemd-journald.service
After=basic.target systemd-udevd.service systemd-journald.service
[Service]
Type=oneshot
ExecStart=/bin/bash $HERE/guest-run.sh
StandardInput=null
StandardOutput=tty
StandardError=inherit
TTYPath=/dev/ttyS0
TTYReset=no
TTYVHangup=no
TimeoutStartSec=infinity
# When the group cannot even start, tell the host (status 125) instead of idling until its timeout.
ExecStopPost=/bin/sh -c '[ "\$\$SERVICE_RESULT" = success ] || { printf "\\\\175" | dd of=/dev/port bs=1 seek=244 count=1; echo o > /proc/sysrq-trigger; }'
UNIT
  # Debian's tmpfiles empty /tmp at boot ("D /tmp"): in the overlay that would hide a clone or a
  # results directory under /tmp from the group, and deleting the host's /tmp over 9p takes minutes.
  echo 'd /tmp 1777 root root -' > /etc/tmpfiles.d/tmp.conf
  # sysinit units that only slow a test boot down (no network, no persistent store); the services
  # of multi-user.target are not reached at all.
  for u in systemd-timesyncd systemd-pstore; do
    ln -sf /dev/null "$units/$u.service"
  done
  # The host root may be a container's: systemd then thinks it is in one too and ignores the
  # kernel command line (systemd.unit=), so the marker files go from the guest's view.
  rm -f /.dockerenv /run/.containerenv
  exec /lib/systemd/systemd
fi

# The USB gadget (the emulated keyboard) is configured through configfs.
modprobe configfs && mount -t configfs configfs /sys/kernel/config
# Foundation's run loop wakes itself through a socket on 127.0.0.1 (CFSocket): a guest with lo down
# makes every Process wait forever.
busybox ip link set lo up
# Without udevd, libudev's "udev" monitor gets nothing, and /dev/snd nodes get no group.
/lib/systemd/systemd-udevd --daemon --resolve-names=never 2>/dev/null || echo "guest: udevd did not start"
exec bash "$HERE/guest-run.sh"
