#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the initramfs that scripts/kunit-run boots: loads every KUnit
# test module (their suites run as they load and print KTAP on the
# console), then the modules of KUNIT_EXTRA, runs the GUEST_SCRIPT if
# there is one, and reboots, which ends QEMU.

/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null

# The results print through printk; keep them on the console.
echo 7 > /proc/sys/kernel/printk 2>/dev/null

for module in $(cat /etc/kunit-modules); do
	modprobe "$module" || echo "# kunit-run: loading $module failed"
done
for ko in /lib/kunit-extra/*.ko; do
	[ -f "$ko" ] || continue
	insmod "$ko" || echo "# kunit-run: loading $ko failed"
done
[ -f /etc/kunit-guest.sh ] && sh /etc/kunit-guest.sh

echo "# kunit-run: done"
reboot -f
