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
echo "late-return: done"
