# SPDX-License-Identifier: GPL-2.0
# The kselftest wrapper (tools/testing/selftests/kunit/kunit-module.c)
# against a fake kernel: a fake debugfs, /sys/module, /dev/kmsg,
# modules.dep, modprobe (tests/fixtures/fake-kernel/modprobe) and record
# of trouble (/proc/sys/kernel/tainted, /sys/kernel/{oops,warn}_count).  Every
# way a module test can end, and every fallback.  The same wrapper runs
# in a real kernel in tests/95-make-run.sh.
. tests/lib.sh

fake=$SCRATCH/fake
# The fake logs' records are numbered by hand, not one after the other:
# no mark from test to test (see the marks' own tests below), and none of
# this machine's in /tmp.
export KUNIT_KMSG_MARK=off
wrapper=$BUILD/host/kunit-module
asan_wrapper=$BUILD/host-asan/kunit-module

# A fresh fake kernel with built-in KUnit and one built-in suite.
reset_fake() {
	rm -rf "$fake"
	mkdir -p "$fake/debugfs/kunit/boot-suite" "$fake/sys/kunit" "$fake/modules" \
		"$fake/lib" "$fake/kernel"
	# A kernel in which nothing went wrong.
	echo 0 > "$fake/tainted"
	echo 0 > "$fake/kernel/oops_count"
	echo 0 > "$fake/kernel/warn_count"
	# This boot, for the mark each test leaves the next (in $fake/mark).
	echo 3b0e5a54-0c1d-4f3e-9a8b-5f2d6c7e8a90 > "$fake/boot_id"
	# KUnit enabled, no filter: on the command line (KUnit's parameters
	# are not shown, as stock's are not).
	echo "console=ttyS0 quiet" > "$fake/cmdline"
	printf 'KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: boot-suite\n    1..1\n    ok 1 boots\nok 1 boot-suite\n' \
		> "$fake/debugfs/kunit/boot-suite/results"
	# The boot's run of the built-in suites, from the log's first record
	# on, then an older module's results, before the wrapper starts.
	printf '6,0,1,-;Linux version 6.1\n6,1,2,-;KTAP version 1\n6,2,2,-;1..1\n6,3,2,-;    KTAP version 1\n6,4,2,-;    # Subtest: boot-suite\n6,5,2,-;    1..1\n6,6,2,-;    ok 1 boots\n6,7,2,-;ok 1 boot-suite\n' \
		> "$fake/kmsg"
	printf '6,8,10,-;KTAP version 1\n6,9,10,-;1..1\n6,10,10,-;    KTAP version 1\n6,11,11,-;    # Subtest: old-suite\n6,12,12,-;    1..1\n6,13,13,-;    not ok 1 old_case\n6,14,14,-;not ok 1 old-suite\n' \
		>> "$fake/kmsg"
	: > "$fake/lib/modules.dep"
	for name in passing failing broken kmsg-only hangs empty busy; do
		echo "kernel/lib/$name.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
	done
}

# fake_module NAME SUITE RESULTS-TEXT: a module whose one suite gives RESULTS-TEXT.
fake_module() {
	mkdir -p "$fake/modules/$1/suites"
	printf '%b' "$3" > "$fake/modules/$1/suites/$2"
}

# set_fake_record TAINTED OOPS_COUNT WARN_COUNT: the fake kernel's record.
set_fake_record() {
	echo "$1" > "$fake/tainted"
	echo "$2" > "$fake/kernel/oops_count"
	echo "$3" > "$fake/kernel/warn_count"
}

# passing_module NAME: an installed module whose one suite passes.
passing_module() {
	fake_module "$1" "$1-suite" "    KTAP version 1\n    # Subtest: $1-suite\n    1..1\n    ok 1 fine\nok 1 $1-suite\n"
	echo "kernel/lib/$1.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
}

# run_wrapper OUT [WRAPPER] ARGS...: runs the wrapper in the fake kernel.
run_wrapper() {
	out=$1
	shift
	KUNIT_DEBUGFS=$fake/debugfs KUNIT_SYSFS_MODULE=$fake/sys KUNIT_KMSG=$fake/kmsg \
	KUNIT_MODULES_DIR=$fake/lib KUNIT_MODPROBE=$TOP/tests/fixtures/fake-kernel/modprobe \
	KUNIT_RMMOD=$TOP/tests/fixtures/fake-kernel/rmmod \
	KUNIT_PROC_TAINTED=$fake/tainted KUNIT_SYSFS_KERNEL=$fake/kernel \
	KUNIT_PROC_CMDLINE=$fake/cmdline KUNIT_BOOT_ID=$fake/boot_id \
	FAKE_MODULES=$fake/modules "$@" > "$out" 2>&1
}

# The module "passing": two suites, one of them skipped, with parameters.
make_passing() {
	fake_module passing list-suite '    KTAP version 1\n    # Subtest: list-suite\n    1..2\n    ok 1 adds\n        KTAP version 1\n        # Subtest: sorts\n        ok 1 one\n        ok 2 two\n    ok 2 sorts\nok 1 list-suite\n'
	fake_module passing hash-suite '    KTAP version 1\n    # Subtest: hash-suite\n    1..1\n    ok 1 hashes # SKIP no hardware\nok 1 hash-suite # SKIP no hardware\n'
}

reset_fake
make_passing
run_wrapper "$SCRATCH/passing.out" "$wrapper" passing
expect_status 0 $? "a module whose cases pass: exit 0"
out=$SCRATCH/passing.out
expect_line "$out" "1..2" "one KTAP plan for the module's two suites"
# Results that do not reach stdout are lost: the module's test fails, saying so.
reset_fake
make_passing
KUNIT_DEBUGFS=$fake/debugfs KUNIT_SYSFS_MODULE=$fake/sys KUNIT_KMSG=$fake/kmsg \
	KUNIT_MODULES_DIR=$fake/lib KUNIT_MODPROBE=$TOP/tests/fixtures/fake-kernel/modprobe \
	KUNIT_RMMOD=$TOP/tests/fixtures/fake-kernel/rmmod \
	KUNIT_PROC_TAINTED=$fake/tainted KUNIT_SYSFS_KERNEL=$fake/kernel \
	FAKE_MODULES=$fake/modules "$wrapper" passing > /dev/full 2> "$SCRATCH/full.err"
expect_status 1 $? "a module test whose results stdout does not take fails"
if grep -q '^kunit-module: cannot write the results to standard output' "$SCRATCH/full.err"; then
	pass "and says so on stderr"
else
	fail "a module test whose results stdout does not take says nothing on stderr"
	show "$SCRATCH/full.err"
fi
reset_fake
make_passing
expect_line "$out" "# ok 1 adds" "each case is nested once, with \"# \""
expect_line "$out" "# # ok 2 two" "each parameter is nested twice"
expect_line "$out" "ok 1 hash-suite # SKIP no hardware" "a skipped suite keeps its reason"
expect_line "$out" "ok 2 list-suite" "the suites are numbered in one document"
expect_line "$out" "# module passing: 2 suites, 3 passed, 0 failed, 1 skipped" "a summary line"
expect_no_line "$out" "ok 1 boot-suite" "built-in suites are not the module's"
expect_no_line "$out" "the kernel's record" "a module in whose run the kernel's record stayed clean"
if [ -d "$fake/sys/passing" ]; then
	fail "the module is still loaded after its test"
else
	pass "the module is unloaded after its test"
fi

fake_module failing sort-suite '    KTAP version 1\n    # Subtest: sort-suite\n    1..2\n    ok 1 sorts\n    # breaks: EXPECTATION FAILED at lib/sort.c:12\n    Expected a == b\n    not ok 2 breaks\nnot ok 1 sort-suite\n'
run_wrapper "$SCRATCH/failing.out" "$wrapper" failing
expect_status 1 $? "a module with a failing case: exit 1, though modprobe succeeded"
expect_line "$SCRATCH/failing.out" "# not ok 2 breaks" "the failing case is reported, nested"
expect_line "$SCRATCH/failing.out" "# # breaks: EXPECTATION FAILED at lib/sort.c:12" \
	"with its failure message"
expect_line "$SCRATCH/failing.out" "not ok 1 sort-suite" "and its suite fails"

# A diagnostic that says "ok 1 x", nested with "# ", is what kselftest's CI
# parsers take for a result: the wrapper writes a space before it.
fake_module diag diag-suite '    KTAP version 1\n    # Subtest: diag-suite\n    1..1\n    # ok 7 forged\n    # # not ok 8 forged\n    ok 1 fine\nok 1 diag-suite\n'
echo "kernel/lib/diag.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
run_wrapper "$SCRATCH/diag.out" "$wrapper" diag
expect_status 0 $? "a module whose diagnostics look like results"
if grep -E '^(# )*(not )?ok [0-9]+ forged' "$SCRATCH/diag.out" > "$SCRATCH/diag.forged"; then
	fail "a diagnostic reads as a result in kselftest's form"
	show "$SCRATCH/diag.forged"
else
	pass "no diagnostic reads as a result in kselftest's form"
fi
expect_line "$SCRATCH/diag.out" "# #  ok 7 forged" "the diagnostic is kept, a space before it"

# Results that a count of cases would pass: each module's test fails.
for bad in "own-not-ok:    KTAP version 1\n    # Subtest: own-not-ok\n    1..1\n    ok 1 passes\nnot ok 1 own-not-ok\n" \
	   "short-plan:    KTAP version 1\n    # Subtest: short-plan\n    1..3\n    ok 1 a\n    ok 2 b\nok 1 short-plan\n" \
	   "forged:    KTAP version 1\n    # Subtest: forged\n    1..1\n    # cmp: EXPECTATION FAILED at f.c:1\n    Expected v == \"b\", but\n        v == \"a\n        KTAP version 1\n        # Subtest: cmp\n        ok 1 x\n\"\n    not ok 1 cmp\nok 1 forged\n"; do
	name=${bad%%:*}
	fake_module "$name" "$name-suite" "${bad#*:}"
	echo "kernel/lib/$name.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
	run_wrapper "$SCRATCH/$name.out" "$wrapper" "$name"
	expect_status 1 $? "a module whose results are $name: exit 1"
done

# Its suites ran (they run before the module's init), then its init failed.
mkdir -p "$fake/modules/broken"
echo "modprobe: ERROR: could not insert 'broken': Invalid argument" > "$fake/modules/broken/fail"
printf '6,40,50,-;    KTAP version 1\n6,41,51,-;    # Subtest: early-suite\n6,42,52,-;    1..1\n6,43,53,-;    ok 1 ran_before_init\n6,44,54,-;ok 1 early-suite\n' \
	> "$fake/modules/broken/kmsg"
run_wrapper "$SCRATCH/broken.out" "$wrapper" broken
expect_status 1 $? "a module that does not load: exit 1"
expect_line "$SCRATCH/broken.out" \
	"# kunit-module: modprobe broken failed with status 1: modprobe: ERROR: could not insert 'broken': Invalid argument" \
	"modprobe's error is shown"
expect_line "$SCRATCH/broken.out" "# ok 1 ran_before_init" \
	"the suites that ran before its init failed are shown, from the kernel log"

# CONFIG_KUNIT_DEBUGFS off: the module's lines come from the kernel log,
# and only those logged after the wrapper started.
mkdir -p "$fake/modules/kmsg-only"
printf '6,20,30,-;    KTAP version 1\n6,21,31,-;    # Subtest: log-suite\n6,22,32,-;    1..1\n4,23,33,-;some driver: unrelated message\n SUBSYSTEM=x\n6,24,34,-;    ok 1 logged\n6,25,35,-;ok 1 log-suite\n' \
	> "$fake/modules/kmsg-only/kmsg"
run_wrapper "$SCRATCH/kmsg.out" "$wrapper" kmsg-only
expect_status 0 $? "without debugfs results, a module's results come from the kernel log"
expect_line "$SCRATCH/kmsg.out" "ok 1 log-suite" "its suite is read from /dev/kmsg"
expect_line "$SCRATCH/kmsg.out" "# ok 1 logged" "with its case"
expect_no_line "$SCRATCH/kmsg.out" "ok 1 old-suite" "older log records are not the module's"

# debugfs keeps a suite's last run: a run from its debugfs run file while
# the module loaded must not hide a failed first run, which the log has.
fake_module rerun rerun-suite '    KTAP version 1\n    # Subtest: rerun-suite\n    1..1\n    ok 1 flaky\nok 1 rerun-suite\n'
printf '6,40,50,-;    KTAP version 1\n6,41,50,-;    # Subtest: rerun-suite\n6,42,50,-;    1..1\n6,43,50,-;    not ok 1 flaky\n6,44,50,-;not ok 1 rerun-suite\n6,45,51,-;KTAP version 1\n6,46,51,-;1..1\n6,47,51,-;    KTAP version 1\n6,48,51,-;    # Subtest: rerun-suite\n6,49,51,-;    1..1\n6,50,51,-;    ok 1 flaky\n6,51,51,-;ok 1 rerun-suite\n' \
	> "$fake/modules/rerun/kmsg"
echo "kernel/lib/rerun.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
run_wrapper "$SCRATCH/rerun.out" "$wrapper" rerun
expect_status 1 $? "a suite that failed, then passed in a second run while its module loaded, fails"
expect_line "$SCRATCH/rerun.out" \
	"# kunit-module: a suite ran more than once while the module loaded, and an earlier run failed, which debugfs no longer shows: reading the kernel log" \
	"saying why the log is read"

# A module suite named like a built-in one gets no debugfs directory: its
# results come from the kernel log, and the built-in suite's are not its.
fake_module dup boot-suite '    KTAP version 1\n    # Subtest: boot-suite\n    1..1\n    not ok 1 dup_breaks\nnot ok 1 boot-suite\n'
fake_module dup dup-other '    KTAP version 1\n    # Subtest: dup-other\n    1..1\n    ok 1 fine\nok 1 dup-other\n'
printf '6,30,40,-;KTAP version 1\n6,31,40,-;1..2\n6,32,40,-;    KTAP version 1\n6,33,41,-;    # Subtest: boot-suite\n6,34,42,-;    1..1\n6,35,43,-;    not ok 1 dup_breaks\n6,36,44,-;not ok 1 boot-suite\n6,37,45,-;    KTAP version 1\n6,38,45,-;    # Subtest: dup-other\n6,39,45,-;    1..1\n6,40,45,-;    ok 1 fine\n6,41,45,-;ok 2 dup-other\n' \
	> "$fake/modules/dup/kmsg"
echo "kernel/lib/dup.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
run_wrapper "$SCRATCH/dup.out" "$wrapper" dup
expect_status 1 $? "a module suite named like a built-in suite: its failure is reported"
expect_line "$SCRATCH/dup.out" "# not ok 1 dup_breaks" "its failing case, from the kernel log"
expect_line "$SCRATCH/dup.out" "ok 2 dup-other" "and its other suite"
expect_no_line "$SCRATCH/dup.out" "ok 1 boots" "the built-in suite of that name is not the module's"
if [ -f "$fake/debugfs/kunit/boot-suite/results" ]; then
	pass "unloading it leaves the built-in suite's debugfs directory"
else
	fail "unloading dup removed the built-in suite's directory"
fi

# A case the kernel gave up on still runs and keeps its module: the
# module cannot be unloaded, and its test says why.
# Given up on because another thread failed its assertion and it did not
# return: the same.
fake_module gaveup gaveup-suite '    KTAP version 1\n    # Subtest: gaveup-suite\n    1..1\n    # flushes: an assertion failed in thread kworker/u2:0, which ended there; the case'"'"'s own thread did not return: given up on; its module stays loaded until it returns\n    not ok 1 flushes\nnot ok 1 gaveup-suite\n'
touch "$fake/modules/gaveup/busy"
echo "kernel/lib/gaveup.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
run_wrapper "$SCRATCH/gaveup.out" "$wrapper" gaveup
expect_status 1 $? "a module kept loaded by a case given up on fails"
expect_line "$SCRATCH/gaveup.out" \
	"# kunit-module: a case that timed out (flushes) still runs; gaveup kept loaded" \
	"naming the case given up on"
fake_module late late-suite '    KTAP version 1\n    # Subtest: late-suite\n    1..2\n    # sleeps: timed out after 3 s; its module stays loaded until it returns\n    not ok 1 sleeps\n    ok 2 next\nnot ok 1 late-suite\n'
touch "$fake/modules/late/busy"
echo "kernel/lib/late.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
run_wrapper "$SCRATCH/late.out" "$wrapper" late
expect_status 1 $? "a module kept loaded by a timed-out case fails"
expect_line "$SCRATCH/late.out" \
	"# kunit-module: a case that timed out (sleeps) still runs; late kept loaded" \
	"and names the case that keeps it"

# A suite whose debugfs results are empty while the log has its failure.
fake_module emptyfail e-suite ''
printf '6,50,60,-;KTAP version 1\n6,51,60,-;1..1\n6,52,60,-;    KTAP version 1\n6,53,60,-;    # Subtest: e-suite\n6,54,60,-;    1..1\n6,55,60,-;    not ok 1 breaks\n6,56,60,-;not ok 1 e-suite\n' \
	> "$fake/modules/emptyfail/kmsg"
echo "kernel/lib/emptyfail.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
run_wrapper "$SCRATCH/emptyfail.out" "$wrapper" emptyfail
expect_status 1 $? "empty debugfs results, a failure in the kernel log: the failure counts"

# Neither debugfs nor the kernel log: the results cannot be read.
mkdir -p "$fake/modules/unread"
echo "kernel/lib/unread.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
KUNIT_DEBUGFS=$SCRATCH/no-debugfs KUNIT_SYSFS_MODULE=$fake/sys KUNIT_KMSG=$SCRATCH/no-kmsg \
	KUNIT_MODULES_DIR=$fake/lib KUNIT_MODPROBE=$TOP/tests/fixtures/fake-kernel/modprobe \
	KUNIT_RMMOD=$TOP/tests/fixtures/fake-kernel/rmmod \
	KUNIT_PROC_TAINTED=$fake/tainted KUNIT_SYSFS_KERNEL=$fake/kernel \
	FAKE_MODULES=$fake/modules "$wrapper" unread > "$SCRATCH/unread.out" 2>&1
expect_status 1 $? "no debugfs results and an unreadable kernel log: a failure, not a skip"
expect_line "$SCRATCH/unread.out" \
	"# kunit-module: cannot read the results of unread: no new suite in debugfs, and the kernel log cannot be read" \
	"with the reason"

# A case that hangs holds modprobe: the wrapper reports what ran and goes.
fake_module hangs hang-suite '    KTAP version 1\n    # Subtest: hang-suite\n    1..2\n    ok 1 quick\n'
echo 30 > "$fake/modules/hangs/hang"
start=$(date +%s)
run_wrapper "$SCRATCH/hangs.out" "$wrapper" --timeout=2 hangs
status=$?
elapsed=$(($(date +%s) - start))
expect_status 1 $status "a module that never finishes loading: exit 1"
expect_line "$SCRATCH/hangs.out" \
	"# kunit-module: hangs still loading after 2 s: a case hangs (see kunit.timeout)" \
	"the hang is named"
expect_line "$SCRATCH/hangs.out" "# ok 1 quick" "the case before the hang is reported"
expect_line "$SCRATCH/hangs.out" "not ok 1 hang-suite" "the unfinished suite is not ok"
if [ $elapsed -lt 10 ]; then
	pass "the wrapper gives up at its timeout: $elapsed s"
else
	fail "the wrapper waited $elapsed s for a hanging module"
fi

# A module live while modprobe has not returned: the kernel holds the load
# for a case that timed out (it keeps the module's init memory until the
# case returns).  The wrapper reports the finished suites and goes on.
fake_module held held-suite '    KTAP version 1\n    # Subtest: held-suite\n    1..2\n    ok 1 quick\n    # late: timed out after 3 s; its module stays loaded until it returns\n    not ok 2 late\nnot ok 1 held-suite\n'
echo "kernel/lib/held.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
echo 30 > "$fake/modules/held/hang"
touch "$fake/modules/held/live"
start=$(date +%s)
run_wrapper "$SCRATCH/held.out" "$wrapper" --timeout=25 held
status=$?
elapsed=$(($(date +%s) - start))
expect_status 1 $status "a module whose load the kernel holds for a late case: exit 1"
expect_line "$SCRATCH/held.out" \
	"# kunit-module: modprobe held has not returned 3 s after the module's init function did: the kernel holds the load for a case that timed out (late)" \
	"the wrapper says why modprobe has not returned"
expect_line "$SCRATCH/held.out" "# not ok 2 late" "the suite's results are reported"
if [ $elapsed -lt 15 ]; then
	pass "the wrapper goes on without waiting for its timeout: $elapsed s"
else
	fail "the wrapper waited $elapsed s for a load the kernel holds"
fi
rm -f "$fake/modules/held/live"
run_wrapper "$SCRATCH/held-rm.out" "$TOP/tests/fixtures/fake-kernel/modprobe" -r held
# A load held for a late case whose suite has no debugfs results (one run
# from an init function): the kernel's own line says so.
passing_module heldlog
printf "3,140,97,-;kunit: heldlog: a case that timed out still runs: the load waits for it to return\n" \
	> "$fake/modules/heldlog/kmsg"
echo 30 > "$fake/modules/heldlog/hang"
touch "$fake/modules/heldlog/live"
start=$(date +%s)
run_wrapper "$SCRATCH/heldlog.out" "$wrapper" --timeout=25 heldlog
status=$?
elapsed=$(($(date +%s) - start))
expect_status 1 $status "a load the kernel says it holds, with no timeout in debugfs: exit 1"
if [ $elapsed -lt 15 ]; then
	pass "the wrapper goes on on the kernel's word: $elapsed s"
else
	fail "the wrapper waited $elapsed s for a load the kernel said it holds"
fi
rm -f "$fake/modules/heldlog/live"
run_wrapper "$SCRATCH/heldlog-rm.out" "$TOP/tests/fixtures/fake-kernel/modprobe" -r heldlog

# Live and slow for another reason (a driver's asynchronous probe), no case
# timed out: the load is waited for, and passes.
passing_module slowlive
echo 5 > "$fake/modules/slowlive/hang"
touch "$fake/modules/slowlive/live"
start=$(date +%s)
run_wrapper "$SCRATCH/slowlive.out" "$wrapper" --timeout=25 slowlive
status=$?
elapsed=$(($(date +%s) - start))
expect_status 0 $status "a live module whose load is slow, no case timed out: passes"
if [ $elapsed -ge 5 ]; then
	pass "the wrapper waited for its modprobe: $elapsed s"
else
	fail "the wrapper did not wait for a slow load: $elapsed s"
fi
rm -f "$fake/modules/slowlive/live"
# A passing case that only says the words is no timeout: waited for too.
fake_module slowword slowword-suite '    KTAP version 1\n    # Subtest: slowword-suite\n    1..1\n    # says: timed out after 3 s; its module stays loaded until it returns\n    ok 1 says\nok 1 slowword-suite\n'
echo "kernel/lib/slowword.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
echo 5 > "$fake/modules/slowword/hang"
touch "$fake/modules/slowword/live"
run_wrapper "$SCRATCH/slowword.out" "$wrapper" --timeout=25 slowword
expect_status 0 $? "a slow live load whose passing case logs a timeout's words: waited for, passes"
rm -f "$fake/modules/slowword/live"

# A test module none of whose suites reported: left out by a filter or a
# disabled KUnit, as the kernel says, it skips; otherwise its results were
# lost, and it fails.
mkdir -p "$fake/modules/empty"
run_wrapper "$SCRATCH/empty-lost.out" "$wrapper" empty
expect_status 1 $? "a module none of whose suites reported, with no filter: fails"
expect_line "$SCRATCH/empty-lost.out" \
	"# kunit-module: empty loaded but no suite reported, and KUnit is neither disabled nor filtered: its results are lost" \
	"with the reason"
mkdir -p "$fake/sys/kunit/parameters"
echo Y > "$fake/sys/kunit/parameters/enable"
echo "(null)" > "$fake/sys/kunit/parameters/filter_glob"
echo "console=ttyS0 kunit.filter_glob=other*" > "$fake/cmdline"
run_wrapper "$SCRATCH/empty-shown.out" "$wrapper" empty
expect_status 1 $? "KUnit's own parameters, shown, say no filter: they decide over the command line"
echo "other*" > "$fake/sys/kunit/parameters/filter_glob"
run_wrapper "$SCRATCH/empty-filtered.out" "$wrapper" empty
expect_status 4 $? "a module whose suites kunit.filter_glob left out (KUnit's parameter): skipped"
expect_line "$SCRATCH/empty-filtered.out" \
	"# kunit-module: empty loaded but no suite reported: kunit.filter_glob=other* left them out" \
	"with the filter"
echo "(null)" > "$fake/sys/kunit/parameters/filter_glob"
echo "speed>slow" > "$fake/sys/kunit/parameters/filter"
run_wrapper "$SCRATCH/empty-attr.out" "$wrapper" empty
expect_status 4 $? "a module whose suites kunit.filter (attributes) left out: skipped"
expect_line "$SCRATCH/empty-attr.out" \
	"# kunit-module: empty loaded but no suite reported: kunit.filter=speed>slow left them out" \
	"with the attribute filter"
echo "(null)" > "$fake/sys/kunit/parameters/filter"
run_wrapper "$SCRATCH/empty-nofilter.out" "$wrapper" empty
expect_status 1 $? "both filters shown and unset: the results were lost"
echo N > "$fake/sys/kunit/parameters/enable"
run_wrapper "$SCRATCH/empty-disabled.out" "$wrapper" empty
expect_status 4 $? "a module whose suites a disabled KUnit did not run: skipped"
rm -r "$fake/sys/kunit/parameters"
run_wrapper "$SCRATCH/empty.out" "$wrapper" empty
expect_status 4 $? "a module none of whose suites ran (kunit.filter_glob on the command line): skipped"
expect_line "$SCRATCH/empty.out" \
	"# kunit-module: empty loaded but no suite reported: a kunit.filter on the kernel's command line left them out" \
	"with the reason"

run_wrapper "$SCRATCH/missing.out" "$wrapper" not-installed
expect_status 4 $? "a module that is not installed: skipped"
expect_line "$SCRATCH/missing.out" "1..0 # SKIP not-installed is not installed for the running kernel" \
	"with the reason"
# Where whoever runs it installed every module (make run's guest), one
# that cannot run failed; one whose suites a filter left out still skips.
KUNIT_MODULES_REQUIRED=1 run_wrapper "$SCRATCH/required.out" "$wrapper" not-installed
expect_status 1 $? "KUNIT_MODULES_REQUIRED=1: a module that is not installed fails"
expect_line "$SCRATCH/required.out" "# kunit-module: not-installed is not installed for the running kernel" \
	"with the reason"
KUNIT_MODULES_REQUIRED=1 run_wrapper "$SCRATCH/required-empty.out" "$wrapper" empty
expect_status 4 $? "KUNIT_MODULES_REQUIRED=1: a module none of whose suites ran still skips"
# None ran because KUnit could not use kunit.filter_glob: a failure.
mkdir -p "$fake/modules/badfilter"
printf "3,60,70,-;kunit executor: bad filter '.x': the suite part, before the '.', is empty\\n" \
	> "$fake/modules/badfilter/kmsg"
echo "kernel/lib/badfilter.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
run_wrapper "$SCRATCH/badfilter.out" "$wrapper" badfilter
expect_status 1 $? "a module whose suites a bad kunit.filter_glob kept from running fails"
expect_line "$SCRATCH/badfilter.out" "# kunit executor: bad filter '.x': the suite part, before the '.', is empty" \
	"with KUnit's own error"

mkdir -p "$fake/sys/busy" "$fake/modules/busy"
touch "$fake/modules/busy/busy"
run_wrapper "$SCRATCH/busy.out" "$wrapper" busy
expect_status 4 $? "a module loaded already that cannot be unloaded: skipped"

# A module that stays loaded after its test fails it, whatever the reason:
# its exit code did not run, and the next run cannot load it afresh.
passing_module stuck
touch "$fake/modules/stuck/busy"
run_wrapper "$SCRATCH/stuck.out" "$wrapper" stuck
expect_status 1 $? "a module whose cases passed but that cannot be unloaded fails"
expect_line "$SCRATCH/stuck.out" \
	"# kunit-module: could not unload stuck: $TOP/tests/fixtures/fake-kernel/rmmod ended with status 1: rmmod: ERROR: Module stuck is in use" \
	"with rmmod's reason"
rm -f "$fake/modules/stuck/busy"
run_wrapper "$SCRATCH/stuck-rm.out" "$TOP/tests/fixtures/fake-kernel/modprobe" -r stuck

# modprobe gets no descriptor but stdin, stdout and stderr: neither the
# wrapper's (the kernel log) nor what its caller left open (9 here).
FAKE_FDS=$SCRATCH/fds run_wrapper "$SCRATCH/fds.out" "$wrapper" passing 9< "$fake/lib/modules.dep"
expect_status 0 $? "a passing module, run with a descriptor 9 open"
printf 'modprobe passing\nrmmod passing\n' > "$SCRATCH/fds.want"
expect_same "$SCRATCH/fds.want" "$SCRATCH/fds" "modprobe and rmmod inherit no descriptor above stderr"

# The kernel's record decides whether something went wrong while a module
# ran: its taint gaining M, D, W or L, or its oops or warning count
# rising, from before the load to after the unload.  The log's report
# lines are only quoted.  A task died while it loaded:
passing_module dies
printf '6,100,80,-;some driver: probing\n4,101,81,-;invalid opcode: 0000 [#1] PREEMPT SMP\n4,102,81,-;CPU: 0 PID: 42 Comm: modprobe Not tainted 6.1.0 #1\n' \
	> "$fake/modules/dies/kmsg"
echo "tainted 128" > "$fake/modules/dies/record-load"
run_wrapper "$SCRATCH/dies.out" "$wrapper" dies
expect_status 1 $? "a task died while the module loaded: its test fails"
expect_line "$SCRATCH/dies.out" \
	"# kunit-module: the kernel's record changed while dies ran: taint gained D (a task died)" \
	"the kernel's record says what went wrong"
expect_line "$SCRATCH/dies.out" "# kunit-module: | invalid opcode: 0000 [#1] PREEMPT SMP" \
	"the kernel's report is quoted from the log"
expect_no_line "$SCRATCH/dies.out" "| CPU: 0" "only the first lines of reports are quoted"
set_fake_record 0 0 0

# It died in the module's exit code, as it unloaded: the test fails too.
passing_module badexit
printf '1,110,90,-;BUG: kernel NULL pointer dereference, address: 0000000000000008\n1,111,90,-;#PF: supervisor read access in kernel mode\n4,112,90,-;Oops: 0000 [#1] PREEMPT SMP\n' \
	> "$fake/modules/badexit/kmsg-unload"
printf 'tainted 128\noops_count 1\n' > "$fake/modules/badexit/record-unload"
run_wrapper "$SCRATCH/badexit.out" "$wrapper" badexit
expect_status 1 $? "a task died while the module unloaded: its test fails, though its cases passed"
expect_line "$SCRATCH/badexit.out" \
	"# kunit-module: the kernel's record changed while badexit ran: taint gained D (a task died); oops_count 0 -> 1" \
	"the taint and the oops count are named"
expect_line "$SCRATCH/badexit.out" \
	"# kunit-module: | BUG: kernel NULL pointer dereference, address: 0000000000000008" \
	"the report logged as it unloaded is quoted"
expect_line "$SCRATCH/badexit.out" "# kunit-module: | Oops: 0000 [#1] PREEMPT SMP" \
	"each report's first line"
set_fake_record 0 0 0

# The counts rise with no taint and nothing in the log (UBSAN, KFENCE and
# KASAN count a warning without the W flag): still a failure.
passing_module warns
echo "warn_count 1" > "$fake/modules/warns/record-load"
run_wrapper "$SCRATCH/warns.out" "$wrapper" warns
expect_status 1 $? "the warning count rose while the module ran: its test fails"
expect_line "$SCRATCH/warns.out" \
	"# kunit-module: the kernel's record changed while warns ran: warn_count 0 -> 1" \
	"the warning count is named"
expect_line "$SCRATCH/warns.out" "# kunit-module: (the kernel log shows no report line: see dmesg)" \
	"and the log's silence said"
set_fake_record 0 0 0

# Warnings that KUnit's tests expected (kunit_warning_suppress()), which
# KUnit counts in /sys/kernel/kunit_expected_warnings, are not trouble; one
# more is.
passing_module expects
printf 'tainted 512\nwarn_count 2\nkunit_expected_warnings 2\n' > "$fake/modules/expects/record-load"
run_wrapper "$SCRATCH/expects.out" "$wrapper" expects
expect_status 0 $? "warnings that the module's tests expected, all of them, pass"
passing_module expects-less
printf 'tainted 512\nwarn_count 5\nkunit_expected_warnings 4\n' > "$fake/modules/expects-less/record-load"
run_wrapper "$SCRATCH/expects-less.out" "$wrapper" expects-less
expect_status 1 $? "a warning more than the tests expected fails the module's test"
expect_line "$SCRATCH/expects-less.out" \
	"# kunit-module: the kernel's record changed while expects-less ran: warn_count 2 -> 5 (2 of them expected)" \
	"the counts say how many were expected"
# Before 6.12, the count is kunit.ko's, and modprobe -r would unload
# kunit.ko with a module that used it, and the count with it: the wrapper
# unloads the module alone, and the count stays for the tests after it.
# As on 6.1, there is no count before the wrapper loads kunit.ko.
set_fake_record 0 0 0
rm -f "$fake/kernel/kunit_expected_warnings"
passing_module expects-kunit-ko
touch "$fake/modules/expects-kunit-ko/uses-kunit"
printf 'tainted 512\nwarn_count 3\nkunit_expected_warnings 3\n' \
	> "$fake/modules/expects-kunit-ko/record-load"
run_wrapper "$SCRATCH/expects-kunit-ko.out" "$wrapper" expects-kunit-ko
expect_status 0 $? "expected warnings pass where the count is kunit.ko's"
if [ -e "$fake/kernel/kunit_expected_warnings" ] && [ -d "$fake/sys/kunit" ]; then
	pass "kunit.ko, and its count, stay loaded after the module's unload"
else
	fail "the wrapper's unload took kunit.ko, and its count, away"
fi
passing_module expects-kunit-ko-more
touch "$fake/modules/expects-kunit-ko-more/uses-kunit"
printf 'warn_count 4\nkunit_expected_warnings 4\n' \
	> "$fake/modules/expects-kunit-ko-more/record-load"
echo 'warn_count 5' > "$fake/modules/expects-kunit-ko-more/record-unload"
run_wrapper "$SCRATCH/expects-kunit-ko-more.out" "$wrapper" expects-kunit-ko-more
expect_status 1 $? "a warning as the module unloads fails it, expected ones counted before"
expect_line "$SCRATCH/expects-kunit-ko-more.out" \
	"# kunit-module: the kernel's record changed while expects-kunit-ko-more was unloaded: warn_count 4 -> 5" \
	"the unload's warning is named"
# If kunit.ko goes all the same, its count goes: the warnings it counted
# are trouble again, a failure rather than a pass taken on trust.
set_fake_record 0 0 0
rm -f "$fake/kernel/kunit_expected_warnings"
passing_module expects-count-gone
printf 'tainted 512\nwarn_count 3\nkunit_expected_warnings 3\n' \
	> "$fake/modules/expects-count-gone/record-load"
echo 'kunit_expected_warnings gone' > "$fake/modules/expects-count-gone/record-unload"
run_wrapper "$SCRATCH/expects-count-gone.out" "$wrapper" expects-count-gone
expect_status 1 $? "expected warnings whose count went away fail"
expect_line "$SCRATCH/expects-count-gone.out" \
	"# kunit-module: the kernel's record changed while expects-count-gone ran: taint gained W (a warning); warn_count 0 -> 3" \
	"naming the warnings"
# W with no counted warning, KUnit's count there but none expected: the
# kernel taints W uncounted for sleeping in atomic context, say.
set_fake_record 0 0 5
passing_module taints-w
printf 'tainted 512\nkunit_expected_warnings 0\n' > "$fake/modules/taints-w/record-load"
run_wrapper "$SCRATCH/taints-w.out" "$wrapper" taints-w
expect_status 1 $? "W gained with no warning counted fails the module's test"
expect_line "$SCRATCH/taints-w.out" \
	"# kunit-module: the kernel's record changed while taints-w ran: taint gained W (a warning)" \
	"and W is named"
rm -f "$fake/kernel/kunit_expected_warnings"
set_fake_record 0 0 0
passing_module oopses
echo "oops_count 2" > "$fake/modules/oopses/record-load"
run_wrapper "$SCRATCH/oopses.out" "$wrapper" oopses
expect_status 1 $? "the oops count rose while the module ran: its test fails"
expect_line "$SCRATCH/oopses.out" \
	"# kunit-module: the kernel's record changed while oopses ran: oops_count 0 -> 2" \
	"the oops count is named"
set_fake_record 0 0 0

# Flags that say what ran, not that anything went wrong: N (a test), O (an
# out-of-tree module) and B (a bad page, which KASAN's suites expect).
passing_module marks
echo "tainted $(((1 << 18) | (1 << 12) | (1 << 5)))" > "$fake/modules/marks/record-load"
run_wrapper "$SCRATCH/marks.out" "$wrapper" marks
expect_status 0 $? "a module that taints the kernel N, O and B only passes"
expect_no_line "$SCRATCH/marks.out" "the kernel's record" "and nothing is said of the record"
set_fake_record 0 0 0

# B where no case runs, as the module unloads (a bad page that its exit
# code frees, say), fails: no case there expects a memory checker's report.
passing_module badpage
printf '1,120,95,-;BUG: Bad page state in process rmmod  pfn:00800\n' > "$fake/modules/badpage/kmsg-unload"
echo "tainted $((1 << 5))" > "$fake/modules/badpage/record-unload"
run_wrapper "$SCRATCH/badpage.out" "$wrapper" badpage
expect_status 1 $? "B gained as the module unloaded: its test fails, though its cases passed"
expect_line "$SCRATCH/badpage.out" \
	"# kunit-module: the kernel's record changed while badpage was unloaded: taint gained B (a bad page or a memory checker's report)" \
	"the window and the flag are named"
expect_line "$SCRATCH/badpage.out" "# kunit-module: | BUG: Bad page state in process rmmod  pfn:00800" \
	"the report is quoted"
# With B set already (KASAN's own suites set it for good), the record
# cannot tell of a second bad page: the report in the unload's window,
# where no suite runs, fails the module.
set_fake_record $((1 << 5)) 0 0
run_wrapper "$SCRATCH/badpage-again.out" "$wrapper" badpage
expect_status 1 $? "a report as the module unloads, B set already: its test fails"
expect_line "$SCRATCH/badpage-again.out" \
	"# kunit-module: while badpage was unloaded, the kernel reported trouble outside any test: BUG: Bad page state in process rmmod  pfn:00800" \
	"the report is named"
set_fake_record 0 0 0

# KTAP in the unload's window, where no suite runs, is a module's own, made
# to be read (a passing suite over a report): the module fails.
passing_module fakektap
printf '6,130,96,-;KTAP version 1\n6,131,96,-;1..1\n6,132,96,-;    KTAP version 1\n6,133,96,-;    # Subtest: fake\n6,134,96,-;    1..1\n1,135,96,-;BUG: Bad page state in process kunit_try_catch  pfn:00800\n4,136,96,-;CPU: 0 PID: 9 Comm: kunit_try_catch Not tainted 6.1.0 #1\n6,137,96,-;    ok 1 fine\n6,138,96,-;ok 1 fake\n' \
	> "$fake/modules/fakektap/kmsg-unload"
set_fake_record $((1 << 5)) 0 0
run_wrapper "$SCRATCH/fakektap.out" "$wrapper" fakektap
expect_status 1 $? "KTAP output as the module unloads: its test fails"
expect_line "$SCRATCH/fakektap.out" \
	"# kunit-module: while fakektap was unloaded, the kernel log had KTAP output, which no suite printed" \
	"and says so"
set_fake_record 0 0 0

# A kernel log that cannot be read (printk.devkmsg=off, say) hides the
# reports in it: the module fails, whatever debugfs says.
passing_module nolog
KUNIT_DEBUGFS=$fake/debugfs KUNIT_SYSFS_MODULE=$fake/sys KUNIT_KMSG=$SCRATCH/no-kmsg \
	KUNIT_MODULES_DIR=$fake/lib KUNIT_MODPROBE=$TOP/tests/fixtures/fake-kernel/modprobe \
	KUNIT_RMMOD=$TOP/tests/fixtures/fake-kernel/rmmod \
	KUNIT_PROC_TAINTED=$fake/tainted KUNIT_SYSFS_KERNEL=$fake/kernel \
	KUNIT_PROC_CMDLINE=$fake/cmdline FAKE_MODULES=$fake/modules "$wrapper" nolog \
	> "$SCRATCH/nolog.out" 2>&1
expect_status 1 $? "passing suites and an unreadable kernel log: the module fails"
expect_line "$SCRATCH/nolog.out" \
	"# kunit-module: the kernel log, $SCRATCH/no-kmsg, cannot be read: a report of trouble in it would not be seen" \
	"with the reason"
run_wrapper "$SCRATCH/nolog-rm.out" "$TOP/tests/fixtures/fake-kernel/modprobe" -r nolog

# A kernel without oops_count and warn_count (before 6.2): the taint alone.
rm -f "$fake/kernel/oops_count" "$fake/kernel/warn_count"
run_wrapper "$SCRATCH/nocounts.out" "$wrapper" passing
expect_status 0 $? "without the kernel's counts, a clean taint: the module passes"
expect_no_line "$SCRATCH/nocounts.out" "count" "and the missing counts are not mentioned"
run_wrapper "$SCRATCH/nocounts-dies.out" "$wrapper" dies
expect_status 1 $? "without the kernel's counts, a task that died still fails the module"
expect_line "$SCRATCH/nocounts-dies.out" \
	"# kunit-module: the kernel's record changed while dies ran: taint gained D (a task died)" \
	"on the taint alone"
set_fake_record 0 0 0

# What cannot be read cannot say that nothing went wrong.
rm -f "$fake/tainted"
run_wrapper "$SCRATCH/notaint.out" "$wrapper" passing
expect_status 1 $? "an unreadable taint fails the module's test"
expect_line "$SCRATCH/notaint.out" \
	"# kunit-module: cannot read the kernel's taint ($fake/tainted): No such file or directory" \
	"with the reason"
echo "tainted" > "$fake/tainted"
run_wrapper "$SCRATCH/badtaint.out" "$wrapper" passing
expect_status 1 $? "a taint that is no number fails the module's test"
expect_line "$SCRATCH/badtaint.out" \
	"# kunit-module: cannot read the kernel's taint ($fake/tainted): it holds no number" \
	"with the reason"
set_fake_record 0 0 ""
run_wrapper "$SCRATCH/badcount.out" "$wrapper" passing
expect_status 1 $? "a warning count there but empty fails the module's test"
expect_line "$SCRATCH/badcount.out" \
	"# kunit-module: cannot read the kernel's warn_count ($fake/kernel/warn_count): it holds no number" \
	"with the reason"
set_fake_record 0 0 0

# module-NAME and builtin are links to the wrapper; settings sets its time.
installed=$SCRATCH/installed/kunit
mkdir -p "$installed"
cp "$wrapper" "$installed/kunit-module"
ln -sf kunit-module "$installed/module-passing"
ln -sf kunit-module "$installed/module-hangs"
ln -sf kunit-module "$installed/builtin"
echo "timeout=4" > "$installed/settings"
run_wrapper "$SCRATCH/linked.out" "$installed/module-passing"
expect_status 0 $? "run as module-passing, the wrapper tests module passing"
start=$(date +%s)
run_wrapper "$SCRATCH/linked-hang.out" "$installed/module-hangs"
expect_status 1 $? "module-hangs fails"
expect_line "$SCRATCH/linked-hang.out" \
	"# module-hangs: hangs still loading after 3 s: a case hangs (see kunit.timeout)" \
	"the wrapper stops before kselftest would: at 3/4 of the settings file's timeout=4"
reset_fake
make_passing
run_wrapper "$SCRATCH/builtin.out" "$installed/builtin"
expect_status 0 $? "builtin reports the built-in suites"
expect_line "$SCRATCH/builtin.out" "ok 1 boot-suite" "the built-in suite is there"

expect_no_line "$SCRATCH/builtin.out" "old-suite" "an older module's suite is not built in"
expect_no_line "$SCRATCH/builtin.out" "the kernel's record" "a clean record is not mentioned"
# The built-in suites ran at boot: trouble in the kernel's record since
# then fails them, quoting the log.
printf '4,15,20,-;WARNING: CPU: 0 PID: 1 at lib/boot.c:7 boot_thing+0x1/0x2\n' >> "$fake/kmsg"
set_fake_record 512 0 1
run_wrapper "$SCRATCH/builtin-warned.out" "$installed/builtin"
expect_status 1 $? "builtin, with a warning in the kernel's record since boot, fails"
expect_line "$SCRATCH/builtin-warned.out" \
	"# builtin: the kernel's record shows trouble since boot: taint W (a warning); warn_count 1" \
	"the record says what"
expect_line "$SCRATCH/builtin-warned.out" \
	"# builtin: | WARNING: CPU: 0 PID: 1 at lib/boot.c:7 boot_thing+0x1/0x2" "the log's report is quoted"
sed -i -e '$d' "$fake/kmsg"
set_fake_record 0 1 0
run_wrapper "$SCRATCH/builtin-oopsed.out" "$installed/builtin"
expect_status 1 $? "builtin, with an oops counted since boot and no taint, fails"
set_fake_record $((1 << 18)) 0 0
run_wrapper "$SCRATCH/builtin-tested.out" "$installed/builtin"
expect_status 0 $? "builtin, with only the N flag (a test ran) in the kernel's taint, passes"
rm -f "$fake/tainted"
run_wrapper "$SCRATCH/builtin-notaint.out" "$installed/builtin"
expect_status 1 $? "builtin, with an unreadable taint, fails"
set_fake_record 0 0 0
# A module is loaded, with its suite in debugfs: still not built in.
fake_module loaded loaded-suite '    KTAP version 1\n    # Subtest: loaded-suite\n    1..1\n    not ok 1 breaks\nnot ok 1 loaded-suite\n'
run_wrapper "$SCRATCH/load.out" "$TOP/tests/fixtures/fake-kernel/modprobe" loaded
run_wrapper "$SCRATCH/builtin-loaded.out" "$installed/builtin"
expect_status 0 $? "builtin with a test module loaded: its suite is not built in"
expect_no_line "$SCRATCH/builtin-loaded.out" "loaded-suite" "the loaded module's suite is left out"

rm -rf "$fake/debugfs/kunit"
run_wrapper "$SCRATCH/builtin-log.out" "$wrapper" --builtin
expect_status 0 $? "without debugfs, builtin reads the kernel log"
expect_line "$SCRATCH/builtin-log.out" "ok 1 boot-suite" "the boot results come from /dev/kmsg"
expect_no_line "$SCRATCH/builtin-log.out" "old-suite" \
	"and only the boot's: a module's results later in the log are not built in"

# The log no longer holds the boot, and there is no debugfs: no source.
sed -i -e '1,8d' "$fake/kmsg"
run_wrapper "$SCRATCH/builtin-nolog.out" "$wrapper" --builtin
expect_status 1 $? "builtin without debugfs, and a log that lost the boot: a failure, not a skip"
expect_line "$SCRATCH/builtin-nolog.out" \
	"# kunit-module: cannot read the built-in suites' results: $fake/debugfs/kunit is missing, and the kernel log no longer holds the boot or cannot be read" \
	"with the reason"

# Kernels without KUnit, and KUnit as a module.
rm -rf "$fake/sys/kunit"
run_wrapper "$SCRATCH/nokunit.out" "$wrapper" passing
expect_status 4 $? "a kernel without KUnit: skipped"
expect_line "$SCRATCH/nokunit.out" \
	"1..0 # SKIP the running kernel has no KUnit ($fake/sys/kunit missing, modprobe kunit failed)" \
	"with the reason"
run_wrapper "$SCRATCH/nokunit-builtin.out" "$wrapper" --builtin
expect_status 4 $? "builtin on a kernel without KUnit: skipped"
mkdir -p "$fake/modules/kunit"
run_wrapper "$SCRATCH/kunit-m.out" "$wrapper" passing
expect_status 0 $? "with KUnit as kunit.ko, the wrapper loads it first"

if [ "$(id -u)" = 0 ]; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$wrapper" passing \
		> "$SCRATCH/user.out" 2>&1
	expect_status 4 $? "not root: skipped"
	expect_line "$SCRATCH/user.out" "1..0 # SKIP loading passing needs root" "with the reason"
else
	skip "not root: skipped" "the checks do not run as root"
fi

"$wrapper" > /dev/null 2>&1
expect_status 2 $? "no module and no --builtin: a usage error"
"$wrapper" --timeout=soon passing > /dev/null 2>&1
expect_status 2 $? "a bad --timeout: a usage error"

# Sanitizers and valgrind on the same paths.
reset_fake
make_passing
fake_module hangs hang-suite '    KTAP version 1\n    # Subtest: hang-suite\n    1..2\n    ok 1 quick\n'
echo 30 > "$fake/modules/hangs/hang"
run_wrapper "$SCRATCH/asan.out" "$asan_wrapper" passing
expect_status 0 $? "under ASan and UBSan, a passing module"
run_wrapper "$SCRATCH/asan-hang.out" "$asan_wrapper" --timeout=1 hangs
expect_status 1 $? "under ASan and UBSan, a hanging module"
expect_no_line "$SCRATCH/asan-hang.out" "ERROR: AddressSanitizer" "no sanitizer report"
run_wrapper "$SCRATCH/valgrind.out" valgrind -q --error-exitcode=99 --leak-check=full \
	--errors-for-leak-kinds=definite "$wrapper" passing
expect_status 0 $? "under valgrind, a passing module: no error, no leak"

# Through the kernel tree's own runner.sh, as run_kselftest.sh runs it.
fake_module failing sort-suite '    KTAP version 1\n    # Subtest: sort-suite\n    1..1\n    not ok 1 breaks\nnot ok 1 sort-suite\n'
ln -sf kunit-module "$installed/module-failing"
rm -f "$installed/settings"
(
	cd "$installed" || exit 1
	export KUNIT_DEBUGFS=$fake/debugfs KUNIT_SYSFS_MODULE=$fake/sys KUNIT_KMSG=$fake/kmsg
	export KUNIT_MODULES_DIR=$fake/lib FAKE_MODULES=$fake/modules
	export KUNIT_MODPROBE=$TOP/tests/fixtures/fake-kernel/modprobe
	export KUNIT_RMMOD=$TOP/tests/fixtures/fake-kernel/rmmod
	export KUNIT_PROC_TAINTED="$fake/tainted" KUNIT_SYSFS_KERNEL="$fake/kernel"
	BASE_DIR=$SCRATCH/installed
	export BASE_DIR
	mkdir -p "$BASE_DIR/kselftest"
	cp "$REF/tools/testing/selftests/kselftest/runner.sh" \
		"$REF/tools/testing/selftests/kselftest/prefix.pl" "$BASE_DIR/kselftest/"
	# shellcheck disable=SC1091
	. "$BASE_DIR/kselftest/runner.sh"
	run_many ./module-passing ./module-failing
) 2>&1 | cat > "$SCRATCH/runner.tap"
expect_line "$SCRATCH/runner.tap" "ok 1 selftests: kunit: module-passing" \
	"runner.sh: one top-level line for a passing module"
expect_line "$SCRATCH/runner.tap" "not ok 2 selftests: kunit: module-failing # exit=1" \
	"runner.sh: and one for a failing module"
expect_line "$SCRATCH/runner.tap" "# # ok 1 adds" \
	"runner.sh: a case is a \"# # \" line, which kselftest CI parsers flatten"
expect_valid_tap "$SCRATCH/runner.tap" "Perl's TAP::Parser reads the kselftest output without error"

# Which modules of a built kernel are KUnit test modules: those of
# modules.order with a .kunit_test_suites section.  Without readelf the
# list cannot be made, and the kselftest target's Makefile stops.
objtree=$SCRATCH/objtree
mkdir -p "$objtree/lib"
echo 'int __attribute__((section(".kunit_test_suites"))) suites;' > "$SCRATCH/suites.c"
echo 'int plain;' > "$SCRATCH/plain.c"
${CC:-cc} -c "$SCRATCH/suites.c" -o "$objtree/lib/with-suites.ko" &&
	${CC:-cc} -c "$SCRATCH/plain.c" -o "$objtree/lib/plain.ko"
printf '%s\n' lib/plain.ko lib/with-suites.ko lib/not-built.ko > "$objtree/modules.order"
modules_sh=tools/testing/selftests/kunit/kunit-modules.sh
if [ "$(sh "$modules_sh" "$objtree" 2>&1)" = with-suites ]; then
	pass "kunit-modules.sh lists the modules with suites only"
else
	fail "kunit-modules.sh: '$(sh "$modules_sh" "$objtree" 2>&1)', not with-suites"
fi
READELF=$SCRATCH/no-readelf sh "$modules_sh" "$objtree" > "$SCRATCH/modules.out" 2>&1
expect_status 1 $? "kunit-modules.sh without readelf fails"
expect_line "$SCRATCH/modules.out" \
	"kunit-modules.sh: no $SCRATCH/no-readelf (binutils): cannot tell the KUnit test modules; install it, or name them in KUNIT_MODULES" \
	"and says why"
# The Makefile, in a copy whose lib.mk stands in for kselftest's.
mkdir -p "$SCRATCH/selftests/kunit"
cp tools/testing/selftests/kunit/Makefile "$modules_sh" "$SCRATCH/selftests/kunit/"
: > "$SCRATCH/selftests/lib.mk"
READELF=$SCRATCH/no-readelf make --no-print-directory -C "$SCRATCH/selftests/kunit" \
	O="$objtree" > "$SCRATCH/make.out" 2>&1
status=$?
if [ $status -ne 0 ] && grep -q "cannot tell the KUnit test modules of $objtree.  Stop" \
	"$SCRATCH/make.out"; then
	pass "the kselftest target stops when it cannot tell the test modules (exit $status)"
else
	fail "the kselftest target went on without its test modules (exit $status)"
	show "$SCRATCH/make.out"
fi

# From one test to the next: each reads what the kernel logged, and how
# its record changed, since the test before it ended (a mark file keeps
# the place), and kernel-log, last, reads on to the end of the run.
reset_fake
links=$SCRATCH/links
mkdir -p "$links"
for link in builtin module-early module-next module-after kernel-log; do
	ln -sf "$wrapper" "$links/$link"
done
passing_module early
passing_module next
passing_module after
# run_marked OUT PROGRAM: a test of the run, with the mark in the fake.
run_marked() {
	KUNIT_KMSG_MARK=$fake/mark run_wrapper "$@"
}
run_marked "$SCRATCH/mark-builtin.out" "$links/builtin"
expect_status 0 $? "marks: the boot's suites pass"
if read -r boot seq rest < "$fake/mark" && [ "$boot" = "$(cat "$fake/boot_id")" ] &&
	[ "$seq" = 14 ]; then
	pass "marks: builtin leaves this boot's id and the last record it read (14)"
else
	fail "marks: builtin left '$(cat "$fake/mark" 2>&1)'"
fi
# A work item of the boot's goes wrong after builtin ended.
printf '4,15,30,-;WARNING: CPU: 0 PID: 50 at lib/late.c:3 late_work+0x1/0x2\n' >> "$fake/kmsg"
printf '6,16,31,-;    KTAP version 1\n6,17,31,-;    # Subtest: early-suite\n6,18,31,-;    1..1\n6,19,31,-;    ok 1 fine\n6,20,31,-;ok 1 early-suite\n' \
	> "$fake/modules/early/kmsg"
run_marked "$SCRATCH/mark-early.out" "$links/module-early"
expect_status 1 $? "marks: a report logged after the test before ended fails the next one"
expect_line "$SCRATCH/mark-early.out" \
	"# module-early: after builtin ended, the kernel reported trouble outside any test: WARNING: CPU: 0 PID: 50 at lib/late.c:3 late_work+0x1/0x2" \
	"naming the test it came after, quoting the report"
expect_line "$SCRATCH/mark-early.out" "ok 1 early-suite" "the module's own results still come"
# Its load logged records 16 to 20: the next test reads on from there.
run_marked "$SCRATCH/mark-next.out" "$links/module-next"
expect_status 0 $? "marks: nothing logged since the last test: the next passes"
expect_no_line "$SCRATCH/mark-next.out" "after module-early ended" "and says nothing of it"
# The record gains a warning where no test runs.
set_fake_record 512 0 1
run_marked "$SCRATCH/mark-after.out" "$links/module-after"
expect_status 1 $? "marks: the kernel's record changed after the test before ended"
expect_line "$SCRATCH/mark-after.out" \
	"# module-after: the kernel's record changed after module-next ended: taint gained W (a warning); warn_count 0 -> 1" \
	"the test says what changed, and since when"
# After the last module: kernel-log reads on, fails, and takes the mark away.
printf '1,21,40,-;BUG: kernel NULL pointer dereference, address: 0000000000000008\n' >> "$fake/kmsg"
run_marked "$SCRATCH/mark-log.out" "$links/kernel-log"
expect_status 1 $? "marks: kernel-log fails on a report after the last module's test"
expect_line "$SCRATCH/mark-log.out" \
	"# kernel-log: after module-after ended, the kernel reported trouble outside any test: BUG: kernel NULL pointer dereference, address: 0000000000000008" \
	"kernel-log quotes it"
if [ -e "$fake/mark" ]; then
	fail "marks: kernel-log left the mark"
else
	pass "marks: kernel-log takes the mark away"
fi
run_marked "$SCRATCH/mark-none.out" "$links/kernel-log"
expect_status 4 $? "marks: kernel-log with no mark skips"
# A clean stretch passes; KTAP printed there (no test printed it) fails.
run_marked "$SCRATCH/mark-builtin2.out" "$links/builtin"
run_marked "$SCRATCH/mark-log2.out" "$links/kernel-log"
expect_status 0 $? "marks: kernel-log passes when nothing happened since the last test"
run_marked "$SCRATCH/mark-builtin3.out" "$links/builtin"
printf '6,22,50,-;KTAP version 1\n6,23,50,-;1..1\n6,24,50,-;ok 1 forged\n' >> "$fake/kmsg"
run_marked "$SCRATCH/mark-ktap.out" "$links/kernel-log"
expect_status 1 $? "marks: KTAP output where no test runs fails kernel-log"
expect_line "$SCRATCH/mark-ktap.out" \
	"# kernel-log: after builtin ended, the kernel log had KTAP output, which no test printed" \
	"saying so"
# Records lost since the mark: what they said cannot be known.
run_marked "$SCRATCH/mark-builtin4.out" "$links/builtin"
printf '6,30,60,-;clocksource: Switched to clocksource tsc\n' >> "$fake/kmsg"
read -r boot seq rest < "$fake/mark"
printf '%s 26 %s\n' "$boot" "$rest" > "$fake/mark"
run_marked "$SCRATCH/mark-lost.out" "$links/kernel-log"
expect_status 1 $? "marks: records lost since the mark fail kernel-log"
expect_line "$SCRATCH/mark-lost.out" \
	"# kernel-log: the kernel log lost records after builtin ended (its buffer overflowed): a report among them would not be seen" \
	"saying so"
# A mark of another boot is not read: this boot's log is not the gap.
run_marked "$SCRATCH/mark-builtin5.out" "$links/builtin"
printf '4,31,70,-;WARNING: CPU: 0 PID: 50 at lib/late.c:3 late_work+0x1/0x2\n' >> "$fake/kmsg"
echo 0c0c0c0c-another-boot > "$fake/boot_id"
run_marked "$SCRATCH/mark-boot.out" "$links/module-next"
expect_status 0 $? "marks: another boot's mark is not read"
# A test killed part-way (kselftest's timeout) leaves no mark: the next
# one reads from its own start, not blaming the killed test's time on the
# test before it.
run_marked "$SCRATCH/mark-builtin6.out" "$links/builtin"
ln -sf "$wrapper" "$links/module-slowmark"
fake_module slowmark slowmark-suite '    KTAP version 1\n    # Subtest: slowmark-suite\n    1..1\n'
echo 3 > "$fake/modules/slowmark/hang"
echo "kernel/lib/slowmark.ko: kernel/lib/kunit/kunit.ko" >> "$fake/lib/modules.dep"
KUNIT_KMSG_MARK=$fake/mark run_wrapper "$SCRATCH/mark-killed.out" timeout -s KILL 2 \
	"$links/module-slowmark"
if [ -e "$fake/mark" ]; then
	fail "marks: a test killed part-way left a mark"
else
	pass "marks: a test killed part-way leaves no mark"
fi
rm -rf "$fake/sys/slowmark"
# builtin reads the boot's log after its document too: a report there
# (a hung task's, which taints nothing) fails it; a module's KTAP there
# (loaded before the run) does not.
reset_fake
printf '6,15,20,-;KTAP version 1\n6,16,20,-;1..1\n6,17,20,-;ok 1 earlier-module\n3,18,21,-;INFO: task modprobe:77 blocked for more than 120 seconds.\n' >> "$fake/kmsg"
KUNIT_KMSG_MARK=$fake/mark run_wrapper "$SCRATCH/mark-bootafter.out" "$wrapper" --builtin
expect_status 1 $? "marks: a report after the built-in suites' document fails builtin"
expect_line "$SCRATCH/mark-bootafter.out" \
	"# kunit-module: after the built-in suites ended, the kernel reported trouble outside any test: INFO: task modprobe:77 blocked for more than 120 seconds." \
	"quoting it"
expect_no_line "$SCRATCH/mark-bootafter.out" "which no test printed" \
	"a module's KTAP logged before the run is no error for builtin"
if read -r boot seq rest < "$fake/mark" && [ "$seq" = 18 ]; then
	pass "marks: builtin leaves the mark at the log's last record"
else
	fail "marks: builtin left '$(cat "$fake/mark" 2>&1)'"
fi
# No built-in suite: the run starts at the log's end, the boot not read.
reset_fake
rm -rf "$fake/debugfs/kunit/boot-suite"
printf '6,0,1,-;Linux version 6.1\n4,1,2,-;WARNING: CPU: 0 PID: 1 at drivers/x.c:1 x_probe+0x1/0x2\n' > "$fake/kmsg"
KUNIT_KMSG_MARK=$fake/mark run_wrapper "$SCRATCH/mark-nobuiltin.out" "$wrapper" --builtin
expect_status 4 $? "marks: no built-in suite: builtin skips"
if read -r boot seq rest < "$fake/mark" && [ "$seq" = 1 ]; then
	pass "marks: and leaves the mark at the log's end, for the modules' tests"
else
	fail "marks: with no built-in suite, builtin left '$(cat "$fake/mark" 2>&1)'"
fi
# A mark that cannot be written leaves the time until the next test
# unread: the test that could not write it fails, saying so.
reset_fake
passing_module unmarked
printf '6,15,20,-;unmarked: loaded\n' > "$fake/modules/unmarked/kmsg"
KUNIT_KMSG_MARK=$SCRATCH/no-such-dir/mark run_wrapper "$SCRATCH/mark-unwritable.out" \
	"$wrapper" unmarked
expect_status 1 $? "marks: a mark that cannot be written fails the test"
expect_line "$SCRATCH/mark-unwritable.out" \
	"# kunit-module: cannot keep the kernel log's place in $SCRATCH/no-such-dir/mark (KUNIT_KMSG_MARK moves it): what the kernel logs before the next test would go unread" \
	"saying where and how to move it"
