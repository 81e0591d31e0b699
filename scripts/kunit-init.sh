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
#
# What the host reads goes to the results port that the kernel command
# line names (kunit_results=DEVICE): a serial port or virtio console of
# its own, which is not a kernel console, so that nothing the kernel
# prints can forge or hide a result.  On it, run_kselftest.sh's output as
# it comes, unchanged, and this script's own lines, each starting with
# "kunit-run: " (run_kselftest.sh prints a test's lines behind "# "):
#
#   kunit-run: record start|end tainted=N [oops_count=N] [warn_count=N]
#	[kunit_expected_warnings=N]
#   kunit-run: error: WHAT
#   kunit-run: gcov BASE64 ... kunit-run: gcov end   (make run COVERAGE=1)
#   kunit-run: done
#
# The console is the kernel's log, for people and for the KUnit results
# that the kernel itself prints.
#
# With kunit_init=shell on the kernel command line (make lava's jobs), it
# runs nothing itself: after the mounts it gives the console a shell, for
# a lab's test runner (LAVA's) to type into; that runner then runs the
# installed kselftest target (/kselftest) with its own test definition.

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

# A lab's test runner waits for this prompt; it does not end in "# ",
# which KTAP diagnostics and kselftest's output start with.
if grep -qw kunit_init=shell /proc/cmdline; then
	echo "kunit-run: kunit_init=shell: a shell on the console, the tests in /kselftest"
	PS1='kunit-shell> '
	export PS1
	# A controlling tty (job control, ^C) where busybox has cttyhack.
	command -v cttyhack > /dev/null && exec setsid cttyhack sh
	exec sh
fi

# The results print through printk; keep them on the console, unless the
# kernel was booted "quiet" (make bench does, not to time the console).
grep -qw quiet /proc/cmdline || echo 7 > /proc/sys/kernel/printk 2>/dev/null

# Says $* on the console, for people: the host reads nothing there.
say() {
	echo "kunit-run: $*"
}

# Opens the results port as descriptor 3, raw (no "\r" added, no echo),
# or says on the console why it cannot: the host then finds the port
# empty and fails the run.  A virtio console comes once its driver has
# heard from the host, which can be after /init starts: wait a little.
open_port() {
	port=
	read -r cmdline < /proc/cmdline
	for word in $cmdline; do
		case $word in
		kunit_results=*) port=${word#kunit_results=} ;;
		esac
	done
	if [ -z "$port" ]; then
		say "error: no kunit_results= on the kernel command line: results cannot reach the host"
		return 1
	fi
	# make lava's monitors job: the results are the console's KTAP.
	[ "$port" != none ] || return 1
	tries=0
	while [ ! -c "$port" ] && [ $tries -lt 50 ]; do
		sleep 0.1
		tries=$((tries + 1))
	done
	if [ ! -c "$port" ]; then
		say "error: the results port $port is missing: results cannot reach the host"
		return 1
	fi
	# A kernel console is written by printk: it cannot carry results.
	if grep -q "^${port#/dev/} " /proc/consoles 2>/dev/null; then
		say "error: the results port $port is a kernel console: results cannot go there"
		return 1
	fi
	# Opened before stty and held to the end: some ttys (hvc) reset their
	# settings on their last close.
	if ! exec 3> "$port"; then
		say "error: cannot open the results port $port"
		return 1
	fi
	if ! stty -F "$port" raw -echo; then
		say "error: cannot make the results port $port raw"
		return 1
	fi
}

# Writes line $* to the results port; one the host does not get fails
# the run there, so the console says why.
to_host() {
	printf '%s\n' "kunit-run: $*" >&3 || say "error: cannot write to the results port: $*"
}

# The kernel's own record of trouble: its taint flags and, where the
# kernel has them, its counts of oopses and warnings, and how many of the
# warnings KUnit's tests expected (kunit_warning_suppress()).  The host
# fails the run on what the record at the end shows, whatever the console
# says.
record() {
	line="record $1"
	for file in /proc/sys/kernel/tainted /sys/kernel/oops_count /sys/kernel/warn_count \
		/sys/kernel/kunit_expected_warnings; do
		value=$(cat "$file" 2>/dev/null) && line="$line ${file##*/}=$value"
	done
	to_host "$line"
}

open_port || exec 3> /dev/null
[ "$port" = none ] || say "results go to the results port ${port:-(none)}, not to this console"
record start

# make run LIST=: the built-in suites listed their cases; nothing runs.
case " $(cat /proc/cmdline 2>/dev/null) " in
*" kunit.action=list"*) listing=yes ;;
*) listing= ;;
esac

if [ -n "$listing" ]; then
	say "listing the built-in suites' cases (kunit.action): no test runs"
elif [ -x /kselftest/run_kselftest.sh ]; then
	# Through a pipe: runner.sh reopens /dev/stdout, which for a file
	# would write over what the script itself wrote.  Each test's lines
	# reach the host as the test ends, so a guest that dies later has
	# already given what ran before.
	# make run installed every test module: one that cannot run failed.
	(cd /kselftest && KUNIT_MODULES_REQUIRED=1 ./run_kselftest.sh 2>&1 3>&-) |
		{ cat >&3 || echo failed > /tmp/port-failed; }
	[ ! -f /tmp/port-failed ] ||
		to_host "error: run_kselftest.sh's output did not all reach the results port"
else
	while read -r module; do
		[ -n "$module" ] || continue
		modprobe "$module" || to_host "error: loading $module failed"
	done < /etc/kunit-modules
fi

# What fails here fails the run: the host reports "kunit-run: error:"
# lines.  The script gets no descriptor of the port.
if [ -f /etc/kunit-guest.sh ]; then
	sh /etc/kunit-guest.sh 3>&-
	guest_status=$?
	[ "$guest_status" -eq 0 ] ||
		to_host "error: GUEST_SCRIPT exited with status $guest_status"
fi

record end
# make run COVERAGE=1: what the kernel's gcov counted, every .gcda file
# as the kernel has it (debugfs gives their size as 0, so each is read
# whole with cat), as a base64 tar on the results port, one
# "kunit-run: gcov " line each; "kunit-run: gcov end" ends it.
if grep -qw kunit_coverage=1 /proc/cmdline; then
	if [ -d /sys/kernel/debug/gcov ]; then
		rm -rf /tmp/gcov && mkdir -p /tmp/gcov
		(cd /sys/kernel/debug/gcov && find . -name '*.gcda') | while read -r gcda; do
			mkdir -p "/tmp/gcov/${gcda%/*}" && cat "/sys/kernel/debug/gcov/$gcda" > "/tmp/gcov/$gcda" ||
				to_host "error: cannot read the coverage data $gcda"
		done
		{ tar -C /tmp/gcov -czf - . | base64 | sed -e 's/^/kunit-run: gcov /' >&3; } ||
			to_host "error: cannot send the coverage data"
		to_host "gcov end"
	else
		to_host "error: COVERAGE=1, but the kernel has no /sys/kernel/debug/gcov"
	fi
fi
to_host "done"
# The last close of a tty waits until its output has gone out.
exec 3>&-
say "done"
reboot -f
