#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the initramfs that scripts/kunit-run boots.  It runs the
# kselftest target kunit with the kernel tree's own run_kselftest.sh: its
# wrapper loads each KUnit test module (their suites run as they load and
# print KTAP on the console), reports them and unloads them.  Without the
# target (STOCK=1), it loads the test modules itself.  Then it runs the
# GUEST_SCRIPT if there is one, and reboots, which ends QEMU.  A module
# that does not load and a GUEST_SCRIPT that exits non-zero fail the run.

/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
# What udev would add to devtmpfs; kselftest's runner.sh writes to /dev/stdout.
ln -sf /proc/self/fd /dev/fd
ln -sf /proc/self/fd/0 /dev/stdin
ln -sf /proc/self/fd/1 /dev/stdout
ln -sf /proc/self/fd/2 /dev/stderr

# kselftest's runner.sh calls "timeout --foreground", which busybox's
# timeout does not take: the initramfs has its own (kunit-timeout.sh).

# The results print through printk; keep them on the console, unless the
# kernel was booted "quiet" (make bench does, not to time the console).
grep -qw quiet /proc/cmdline || echo 7 > /proc/sys/kernel/printk 2>/dev/null

if [ -x /kselftest/run_kselftest.sh ]; then
	# Through a pipe: runner.sh reopens /dev/stdout, which for a file
	# would write over what the script itself wrote.
	# make run installed every test module: one that cannot run failed.
	(cd /kselftest && KUNIT_MODULES_REQUIRED=1 ./run_kselftest.sh 2>&1 |
		cat > /tmp/kselftest.tap)
	# Each line tagged, so that the host tells it from kernel messages.
	echo "# kunit-run: kselftest output follows"
	sed -e 's/^/kselftest| /' /tmp/kselftest.tap
else
	for module in $(cat /etc/kunit-modules); do
		modprobe "$module" || echo "# kunit-run: error: loading $module failed"
	done
fi

# What fails here fails the run: the host reports "kunit-run: error:" lines.
if [ -f /etc/kunit-guest.sh ]; then
	sh /etc/kunit-guest.sh
	guest_status=$?
	[ "$guest_status" -eq 0 ] ||
		echo "# kunit-run: error: GUEST_SCRIPT exited with status $guest_status"
fi

echo "# kunit-run: done"
reboot -f
