# SPDX-License-Identifier: GPL-2.0
# Guest side of tests/95-make-run.sh's hang run: the hang module's cases
# that never return keep it loaded, and its load waiting (its initial
# reference, which the load drops once init memory may go); the ones that
# return after their timeouts let go of it when they do, some seconds
# after their suites ended.  Each case still running holds one reference.
refs=
for second in 1 2 3 4 5 6 7 8 9 10; do
	refs=$(cat /sys/module/hang_kunit/refcnt 2> /dev/null)
	[ "$refs" = 3 ] && break
	sleep 1
done
echo "late-return: hang_kunit refcnt ${refs:-none}"
rmmod hang_kunit 2> /dev/null && echo "late-return: rmmod hang_kunit succeeded"
# The case that slept past its timeout once has returned: a new run of its
# suite runs every case.
echo 1 > /sys/kernel/debug/kunit/extra-hang-once/run 2> /dev/null
sed -n 's/^    \(.*ok [0-9]* .*\)/late-return: rerun| \1/p' \
	/sys/kernel/debug/kunit/extra-hang-once/results 2> /dev/null
# A suite whose case never returns is not run again beside it, suite_init
# included.
echo 1 > /sys/kernel/debug/kunit/extra-hang/run 2> /dev/null
sed -n 's/^    \(.*ok [0-9]* .*\)/late-return: rerun-hang| \1/p' \
	/sys/kernel/debug/kunit/extra-hang/results 2> /dev/null
echo "late-return: done"
