# SPDX-License-Identifier: GPL-2.0
# make run: a real kernel with this KUnit, booted under QEMU.  The first
# run builds the kernel (minutes, cold); the others reuse it.  They run
# the whole kselftest target in the guest (KSELFTEST=all), but for the
# second, which checks the default: only the tests of the kernel's KUnit.
. tests/lib.sh
export KSELFTEST=all
# On Linux 6.12, the default tree (tests/94 and 97 keep one run on 6.1).
unset KSRC

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "make run" "KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi

make --no-print-directory run BUILD="$BUILD" > "$SCRATCH/run1.out" 2>&1
expect_status 0 $? "make run builds a kernel, boots it and passes"
[ -f "$BUILD/last/console.log" ] || fail "no console.log"
expect_own_suites "$BUILD/last/results.ktap" "in the kernel"
summary=$own_summary
expect_line "$SCRATCH/run1.out" "$summary" "make run sums them up: $summary"
if grep -q '^Elapsed time: .*s total, .*s build, .*s run' "$SCRATCH/run1.out"; then
	pass "stage timings are printed"
else
	fail "no stage timings"
	tail -n 5 "$SCRATCH/run1.out" | sed -e 's/^/#   /'
fi
kunit_py_results "$BUILD/last/results.ktap" "$SCRATCH/results"
total=$(echo "$summary" | sed -n 's/.* \([0-9]*\) results: \([0-9]*\) passed.*/Ran \1 tests: passed: \2, skipped: 1/p')
if [ -n "$total" ] && grep -q "$total" "$SCRATCH/results.log"; then
	pass "kunit.py parse reads results.ktap: $total"
else
	fail "kunit.py parse on results.ktap"
	tail -n 3 "$SCRATCH/results.log" | sed -e 's/^/#   /'
fi

json_results "$BUILD/last/results.json" "$SCRATCH/results-json"
expect_same "$SCRATCH/results" "$SCRATCH/results-json" \
	"build/last/results.json has what kunit.py --json makes of results.ktap"
if python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' \
	"$BUILD/last/results.xml" 2> /dev/null; then
	pass "build/last/results.xml is well-formed JUnit XML"
else
	fail "build/last/results.xml is not well-formed"
fi

# The guest ran the kselftest target with run_kselftest.sh.
ksft=$BUILD/last/kselftest.tap
expect_line "$ksft" "ok 1 selftests: kunit: kunit-test" \
	"kselftest.tap: KUnit's own suites, as a userspace program in the guest"
expect_line "$ksft" "ok 2 selftests: kunit: kunit-example-test" "kselftest.tap: the example"
expect_line "$ksft" "ok 3 selftests: kunit: builtin" \
	"kselftest.tap: the suites that ran built in at boot"
expect_line "$ksft" "# # ok 1 status_test_ends" \
	"kselftest.tap: cases nested with \"# \", for kselftest's CI parsers"
expect_valid_tap "$ksft" "kselftest.tap is valid TAP for Perl's TAP::Parser"
# The tree's own suites that make tree-suites runs, as programs of the target.
tree_suites=$(sh tools/testing/selftests/kunit/tree-suites-select.sh "$(scripts/ksrc.sh "$BUILD" "$KSRC")" \
	tools/testing/selftests/kunit/tree-suites.list | sed -n 's/^\([a-z_][a-z0-9_]*\)[[:space:]].*/\1/p')
missing=
for name in $tree_suites; do
	grep -qE "^ok [0-9]+ selftests: kunit: tree-$name\$" "$ksft" || missing="$missing $name"
done
if [ -z "$missing" ]; then
	pass "kselftest.tap: the tree's suites pass as userspace programs in the guest: $(echo $tree_suites)"
else
	fail "kselftest.tap: tree suites missing or failing:$missing"
	grep 'selftests: kunit: tree-' "$ksft" | sed -e 's/^/#   /'
fi
cp "$BUILD/last/results.kcidb.json" "$SCRATCH/run1.kcidb.json"
expect_valid_kcidb "$SCRATCH/run1.kcidb.json" "build/last/results.kcidb.json is a valid KCIDB report"

KSELFTEST= make --no-print-directory run BUILD="$BUILD" > "$SCRATCH/run2.out" 2>&1
expect_status 0 $? "a second make run"
if [ "$(grep -E '^(ok|not ok|1\.\.)' "$BUILD/last/kselftest.tap")" = "1..2
ok 1 selftests: kunit: builtin
ok 2 selftests: kunit: kernel-log" ]; then
	pass "by default, the guest runs the kselftest target's tests of the kernel's KUnit only (builtin, kernel-log)"
else
	fail "by default, the guest runs other kselftest tests than builtin"
	grep -E '^(ok|not ok|1\.\.)' "$BUILD/last/kselftest.tap" | sed -e 's/^/#   /'
fi
if grep -qE '^  (CC|LD|AR) ' "$BUILD/last/build.log"; then
	fail "a second make run recompiled the kernel"
	grep -E '^  (CC|LD|AR) ' "$BUILD/last/build.log" | head -n 5 | sed -e 's/^/#   /'
else
	pass "a second make run compiles nothing: $(grep '^Elapsed' "$SCRATCH/run2.out")"
fi

# A GUEST_SCRIPT that exits non-zero fails the run, which says so.
printf 'echo guest-fails: ran\nexit 3\n' > "$SCRATCH/guest-fails.sh"
make --no-print-directory run BUILD="$BUILD" GUEST_SCRIPT="$SCRATCH/guest-fails.sh" \
	> "$SCRATCH/guest-fails.out" 2>&1
expect_status 2 $? "make run with a GUEST_SCRIPT that exits 3 fails"
expect_line "$BUILD/last/console.log" "guest-fails: ran" "the failing GUEST_SCRIPT ran"
expect_line "$SCRATCH/guest-fails.out" "kunit-run: in the guest: GUEST_SCRIPT exited with status 3" \
	"the run names the GUEST_SCRIPT's exit status"

# The results come on a port of their own, which kernel code cannot
# print to: printk'd lines that look like run_kselftest.sh's results or
# the guest's own lines reach the console, and count for nothing.
make --no-print-directory run BUILD="$BUILD" GUEST_SCRIPT=tests/guest/forge.sh \
	> "$SCRATCH/forge.out" 2>&1
expect_status 0 $? "make run whose kernel prints forged results and errors passes, as without them"
expect_line "$BUILD/last/console.log" "kselftest| ok 99 selftests: kunit: forged" \
	"the forged results are on the console"
if grep -q 'forged' "$BUILD/last/kselftest.tap" "$BUILD/last/results.kcidb.json"; then
	fail "printk'd results reach kselftest.tap or the KCIDB report"
	grep 'forged' "$BUILD/last/kselftest.tap" | show /dev/stdin
else
	pass "printk'd results reach neither kselftest.tap nor the KCIDB report"
fi
expect_no_line "$SCRATCH/forge.out" "kunit-run: in the guest: forged" \
	"a printk'd error of the guest's is no error of the run"
expect_line "$BUILD/last/kselftest.tap" "ok 3 selftests: kunit: builtin" \
	"kselftest.tap has the real results, from the results port"
if grep -q '^kunit-run: record start tainted=[0-9]' "$BUILD/last/results.port" &&
   grep -q '^kunit-run: record end tainted=[0-9]' "$BUILD/last/results.port" &&
   [ "$(tail -n 1 "$BUILD/last/results.port")" = "kunit-run: done" ]; then
	pass "the results port has the kernel's record at the start and the end, then done"
else
	fail "the results port lacks the records or done"
	grep '^kunit-run: ' "$BUILD/last/results.port" | show /dev/stdin
fi
if [ ! -s "$BUILD/last/results.port" ] || grep -q "$(printf '\r')" "$BUILD/last/results.port"; then
	fail "the results port is empty, or not raw: the guest's tty added carriage returns"
else
	pass "the results port is raw: lines arrive as written"
fi
# A forged "done" on the console does not stand for the guest's.
make --no-print-directory run BUILD="$BUILD" GUEST_SCRIPT=tests/guest/forge-done.sh \
	> "$SCRATCH/forge-done.out" 2>&1
expect_status 2 $? "make run whose guest ends early, its kernel printing a forged done, fails"
expect_line "$BUILD/last/console.log" "forge-done: rebooting" "the GUEST_SCRIPT that ends the machine ran"
expect_line "$SCRATCH/forge-done.out" "kunit-run: the test userland did not finish; console tail:" \
	"the run says the userland did not finish"

# The kernel's own record decides: a taint of trouble that no console
# line reports (W, set through /proc) fails the run, saying what.  Only
# the example runs: where KUnit's tests expected every warning the kernel
# counted, a W that comes uncounted is taken for theirs (usage.rst).
make --no-print-directory run BUILD="$BUILD" GUEST_SCRIPT=tests/guest/taint.sh FILTER='example*' \
	> "$SCRATCH/taint.out" 2>&1
expect_status 2 $? "make run whose kernel ends tainted W fails"
expect_line "$BUILD/last/console.log" "taint: 512" "the GUEST_SCRIPT tainted the kernel"
expect_line "$SCRATCH/taint.out" "kunit-run: the kernel's record shows trouble: taint W (a warning)" \
	"the run says which taint"
expect_match "$SCRATCH/taint.out" "^kselftest: [0-9]+ ok, 0 not ok, of [0-9]+ tests" \
	"its tests passed: the record alone failed it"

# expect_blind_failure PROGRAM WHAT REASON: tests/guest/blind-wrapper.sh
# ran PROGRAM without the kernel log to read, and it failed WHAT for
# KUnit's REASON (a grep pattern), which it read from their debugfs results.
expect_blind_failure() {
	expect_line "$BUILD/last/console.log" "blind-$1: exit 1" \
		"$1 fails $2 without the kernel log to read, not skips them"
	if grep -q "^blind-$1| .*kunit executor: $3" "$BUILD/last/console.log"; then
		pass "$1: for the reason in their debugfs results"
	else
		fail "$1 without the kernel log did not read KUnit's reason in debugfs"
		grep "^blind-$1|" "$BUILD/last/console.log" | head -n 5 | sed -e 's/^/#   /'
	fi
}

# A kunit.filter_glob that KUnit cannot use fails the built-in suites
# where the kernel log cannot be read too: their debugfs results say why.
make --no-print-directory run BUILD="$BUILD" KERNEL_ARGS='kunit.filter_glob=kunit-[' \
	GUEST_SCRIPT=tests/guest/blind-wrapper.sh > "$SCRATCH/builtin-badfilter.out" 2>&1
expect_status 2 $? "make run with built-in suites and a malformed kunit.filter_glob fails"
expect_blind_failure builtin "the built-in suites" "bad filter 'kunit-\\[': "
# So does an unknown kunit.action.
make --no-print-directory run BUILD="$BUILD" KERNEL_ARGS='kunit.action=walk' \
	GUEST_SCRIPT=tests/guest/blind-wrapper.sh > "$SCRATCH/builtin-badaction.out" 2>&1
expect_status 2 $? "make run with an unknown kunit.action fails"
expect_blind_failure builtin "the built-in suites of an unknown action" "unknown action 'walk'"

# debugfs: every built-in suite keeps its KTAP in .../kunit/<suite>/results,
# and writing to .../run runs it again.
make --no-print-directory run BUILD="$BUILD" GUEST_SCRIPT=tests/guest/debugfs-builtin.sh \
	> "$SCRATCH/debugfs.out" 2>&1
expect_status 0 $? "make run with a guest script that reads debugfs"
console=$BUILD/last/console.log
dirs=$(sed -n 's/^debugfs-dirs: //p' "$console")
case " $dirs" in
*" example "*" kunit-runner "*" string-stream "*)
	pass "/sys/kernel/debug/kunit has a directory per built-in suite: $dirs" ;;
*)
	fail "/sys/kernel/debug/kunit lacks built-in suites: '$dirs'" ;;
esac
expect_line "$console" "debugfs-modes: 400 200 " "results is read-only and run write-only, for root"
sed -n 's/^results| //p' "$console" > "$SCRATCH/example.results"
if [ "$(head -n 2 "$SCRATCH/example.results" | tr '\n' ' ')" = "KTAP version 1 1..1 " ] &&
   [ "$(tail -n 1 "$SCRATCH/example.results")" = "ok 1 example" ]; then
	pass "a suite's results are a KTAP document of its own, the suite numbered 1"
else
	fail "a suite's results are not a document of their own"
	sed -e 's/^/#   /' "$SCRATCH/example.results" | head -n 5
fi
kunit_py_results "$SCRATCH/example.results" "$SCRATCH/example.parsed"
if grep -q "Ran 8 tests: passed: 7, skipped: 1" "$SCRATCH/example.parsed.log"; then
	pass "kunit.py parse reads a suite's debugfs results: 8 results"
else
	fail "kunit.py parse on a suite's debugfs results"
	tail -n 3 "$SCRATCH/example.parsed.log" | sed -e 's/^/#   /'
fi
expect_line "$console" "debugfs-run: ok" "writing to a suite's run file succeeds"
expect_line "$console" "rerun| ok 1 kunit-status" "after a run from debugfs, results hold the new run"
if [ "$(grep -c '^    # Subtest: kunit-status$' "$console")" -eq 2 ]; then
	pass "a run from debugfs runs the suite again, on the console"
else
	fail "a run from debugfs did not run the suite again"
fi

# KUnit as kunit.ko and its suites as modules: the same results, and the
# modules' debugfs files live as long as the modules.  A modular KUnit
# maps user memory only where the tree exports mm_alloc() to it (6.12);
# a built-in one (kunit_nodebugfs.config, tests/96's arm64) always does.
user_memory=
grep -q 'EXPORT_SYMBOL_IF_KUNIT(mm_alloc)' "$(scripts/ksrc.sh "$BUILD" "${KSRC:-}")/kernel/fork.c" ||
	user_memory=no-user-memory
make --no-print-directory run BUILD="$BUILD" KUNITCONFIG=scripts/configs/kunit_modules.config \
	> "$SCRATCH/modules.out" 2>&1
expect_status 0 $? "make run with KUnit and its suites as modules"
ksft=$BUILD/last/kselftest.tap
expect_own_suites "$BUILD/last/results.ktap" "as modules" $user_memory
expect_line "$SCRATCH/modules.out" "$own_summary" "as modules, make run sums them up: $own_summary"
for module in kunit-test assert-test string-stream-test executor_test kunit-example-test; do
	if grep -q "^ok [0-9]* selftests: kunit: module-$module\$" "$ksft"; then
		pass "kselftest.tap: module $module is a test of its own, and passes"
	else
		fail "kselftest.tap: no passing test for module $module"
	fi
done
expect_line "$ksft" "# # ok 1 runner_test_suite_ktap" \
	"kselftest.tap: a module's cases are nested under it"
if grep -q "^ok [0-9]* selftests: kunit: builtin # SKIP" "$ksft"; then
	pass "kselftest.tap: with KUnit a module, builtin is skipped"
else
	fail "kselftest.tap: builtin not skipped with KUnit a module"
fi
expect_valid_tap "$ksft" "kselftest.tap with module tests is valid TAP"
# What kunit.ko exports, as modpost wrote it: the API of include/kunit for
# every module, KUnit's internals only to its own suites, and nothing of
# the built-in suites' executor.
grep -P '\tlib/kunit/kunit\t' "$(cat "$BUILD/last/run-dir")/obj/Module.symvers" |
	cut -f 2,5 > "$SCRATCH/kunit-exports"
expect_line "$SCRATCH/kunit-exports" "kunit_do_failed_assertion	" \
	"kunit.ko exports the checks' failure path to every module"
expect_line "$SCRATCH/kunit-exports" "string_stream_add	KUNIT_INTERNALS" \
	"kunit.ko exports its string_stream to the KUNIT_INTERNALS namespace only"
expect_line "$SCRATCH/kunit-exports" "kunit_filter_suites	KUNIT_INTERNALS" \
	"kunit.ko exports its filter to the KUNIT_INTERNALS namespace only"
expect_no_line "$SCRATCH/kunit-exports" "kunit_executor_run" \
	"kunit.ko has no executor of built-in suites"
# A kunit.filter_glob that KUnit cannot use keeps every module's suites
# from running: that fails each module-NAME, and the run, with KUnit's
# reason, rather than skip them as suites the filter left out.
make --no-print-directory run BUILD="$BUILD" KUNITCONFIG=scripts/configs/kunit_modules.config \
	KERNEL_ARGS='kunit.filter_glob=kunit-[' GUEST_SCRIPT=tests/guest/blind-wrapper.sh \
	> "$SCRATCH/modules-badfilter.out" 2>&1
expect_status 2 $? "make run with kunit.ko and a malformed kunit.filter_glob fails"
expect_line "$BUILD/last/console.log" \
	"kunit executor: bad filter 'kunit-[': a '[' has no matching ']'" \
	"kunit.ko says why a module's suites did not run"
if grep -Eq "^not ok [0-9]+ selftests: kunit: module-kunit-test( # exit=1)?\$" "$ksft"; then
	pass "kselftest.tap: the module whose suites the bad filter kept from running fails"
else
	fail "kselftest.tap: module-kunit-test did not fail with a bad filter"
	grep 'module-kunit-test' "$ksft" | head -n 3 | sed -e 's/^/#   /'
fi
expect_blind_failure module-kunit-test "the module's suites" "bad filter 'kunit-\\[': "
make --no-print-directory run BUILD="$BUILD" KUNITCONFIG=scripts/configs/kunit_modules.config \
	GUEST_SCRIPT=tests/guest/debugfs-module.sh > "$SCRATCH/modules-debugfs.out" 2>&1
expect_status 0 $? "make run with modules and a guest script that reads debugfs"
console=$BUILD/last/console.log
expect_line "$console" "module-results| ok 1 kunit-runner" \
	"a loaded module's suite has its results in debugfs"
expect_line "$console" "module-run: ok" "a module's suite runs again from debugfs"
expect_line "$console" "module-rerun| ok 1 kunit-runner" "and its results are those of the new run"
expect_line "$console" "rmmod kunit_test: ok" "the test module unloads"
expect_no_line "$console" "after rmmod: kunit-runner still there" \
	"its suites' directories go with it"
expect_line "$console" "after rmmod: string-stream kept" \
	"the directories of another module's suites stay"
expect_line "$console" "rmmod kunit: ok" "kunit.ko unloads once its users are gone"
expect_no_line "$console" "after rmmod kunit: /sys/kernel/debug/kunit still there" \
	"/sys/kernel/debug/kunit goes with kunit.ko"
expect_line "$console" "module-script: done" "the guest script ran to its end"

make --no-print-directory run BUILD="$BUILD" KUNIT_EXTRA=tests/extra/failing \
	> "$SCRATCH/extra.out" 2>&1
expect_status 2 $? "make run with a failing KUNIT_EXTRA suite fails"
expect_line "$SCRATCH/extra.out" "    FAIL extra_fails" "the failing expectation's case is named"
fails_line=$(grep -n 'KUNIT_EXPECT_EQ(test, 1 + 1, 3);' "$TOP/tests/extra/failing/failing_kunit.c" | cut -d: -f1)
expect_line "$BUILD/last/results.ktap" \
	"    # extra_fails: EXPECTATION FAILED at $TOP/tests/extra/failing/failing_kunit.c:$fails_line" \
	"a failure in a KUNIT_EXTRA test names the user's own file, not the build directory's copy"
expect_line "$SCRATCH/extra.out" "    FAIL extra_asserts" "the failing assertion's case is named"
expect_line "$SCRATCH/extra.out" "    FAIL extra_oopses" "the case that oopses is named"
expect_line "$BUILD/last/results.ktap" "    ok 5 extra_after_oops" \
	"the case after the oops runs and passes"
expect_line "$BUILD/last/results.ktap" "    ok 6 extra_before_module_init" \
	"a module's suites run before its init function, as in stock 6.1"
expect_line "$BUILD/last/results.ktap" "    ok 7 extra_thread_reused" \
	"a case after one that returned runs in a new thread, as in stock"
expect_line "$BUILD/last/results.ktap" "    ok 9 extra_new_thread_after_assert" \
	"the thread that a failed assertion ended is not reused"
expect_line "$BUILD/last/results.ktap" \
	"    # extra_oopses: crashed: the test thread died (oops, BUG or bad access; see above)" \
	"the oops is reported at once, not after kunit.timeout"
oops_line=$(grep -n 'KUNIT_EXPECT_NULL(test, nowhere)' "$TOP/tests/extra/failing/failing_kunit.c" | cut -d: -f1)
expect_match "$BUILD/last/results.ktap" \
	"^    # extra_oopses: last line seen .*failing_kunit\\.c:$oops_line \\(the last check it reached\\)\$" \
	"the oops's report names the last check the case reached"
expect_line "$BUILD/last/kselftest.tap" "not ok 4 selftests: kunit: module-failing_kunit # exit=1" \
	"kselftest.tap: the failing module is one failed test"
expect_line "$BUILD/last/kselftest.tap" "# # not ok 4 extra_oopses" \
	"kselftest.tap: the case that oopsed is nested under it"
expect_line "$BUILD/last/kselftest.tap" "# # not ok 10 extra_forged_value" \
	"kselftest.tap: a failed comparison whose value looks like results fails"
expect_line "$BUILD/last/results.ktap" "    #     ok 1 extra_forged_first" \
	"the kernel prints the compared value's lines as diagnostics"
expect_line "$BUILD/last/results.ktap" \
	"    # extra_leaks_nice: returned with its thread's scheduling policy or nice level changed" \
	"a case that changes its thread's nice level fails, saying so"
expect_line "$BUILD/last/results.ktap" "    ok 12 extra_new_thread_after_leak" \
	"the next case runs in a new thread, at the default nice level"
expect_line "$BUILD/last/results.ktap" \
	"    # extra_leaks_irqs: returned with interrupts disabled" \
	"a case that returns with interrupts disabled fails, saying so"
expect_line "$BUILD/last/results.ktap" "    ok 14 extra_after_irqs" \
	"the next case runs with interrupts enabled"
# The work item that the case before queued oopses in a kworker in this
# case's time: the report names a task no test runs in, which fails the
# run, not the case (the kernel's taint had D since extra_oopses).
if grep -qE '^the kernel reported trouble in task kworker/[^ ]*, which runs no test: BUG: kernel NULL pointer dereference, address: 0000000000000000$' \
	"$SCRATCH/extra.out"; then
	pass "a kworker's oops in a case's time fails the run, naming the task"
else
	fail "a kworker's oops in a case's time does not fail the run, naming the task"
	grep 'reported trouble' "$SCRATCH/extra.out" | head -n 5 | sed -e 's/^/#   /'
fi
expect_line "$BUILD/last/results.ktap" "    ok 16 extra_during_bad_work" \
	"and not the case, whose thread did not oops"
if grep -qE '^# # the kernel reported trouble in task kworker/[^ ]*, which runs no test: BUG: kernel NULL pointer' \
	"$BUILD/last/kselftest.tap"; then
	pass "kselftest.tap: the wrapper, reading the kernel log, fails the module for it too"
else
	fail "kselftest.tap: the wrapper does not report the kworker's oops"
fi
# Exactly the reports the module asks for: two NULL dereferences, no more
# (besides the warnings that KUnit's own tests give in their
# kunit_warning_suppress() blocks, which their cases' verdicts judge).
reports=$(grep -E '^(Oops|BUG:|WARNING:|general protection|kernel BUG at|UBSAN:)' \
	"$BUILD/last/console.log" | grep -cv '^WARNING: .* at lib/kunit/kunit-test\.c:[0-9]* ')
if [ "$reports" = 4 ]; then
	pass "the failing module's run holds the two oopses it asks for (BUG: and Oops: each), no other report"
else
	fail "the failing module's run holds $reports kernel report lines, not the 4 of its two oopses"
	grep -E '^(Oops|BUG:|WARNING:|general protection|kernel BUG at|UBSAN:)' \
		"$BUILD/last/console.log" | head -n 8 | sed -e 's/^/#   /'
fi
# The pattern of kselftest's CI parsers: a result at any depth of "# ".
if grep -qE '^(# )*(not )?ok [0-9]+ extra_forged_first' "$BUILD/last/kselftest.tap"; then
	fail "a compared value's line reads as a result in kselftest.tap"
else
	pass "none of the value's lines reads as a result in kselftest.tap, for CI parsers"
fi

expect_line "$SCRATCH/extra.out" \
	"kunit-run: the kernel's record shows trouble: taint D (a task died), oops_count 2" \
	"the kernel's record shows the two oopses"
expect_match "$SCRATCH/extra.out" "^  \\| (BUG: kernel NULL pointer dereference|Oops: )" \
	"and the run quotes the kernel's reports"

# The KCIDB report of the failing run: valid, one test per case, the
# failing cases FAIL, the oops ERROR; kunit-report on the console agrees.
cp "$BUILD/last/results.kcidb.json" "$SCRATCH/extra.kcidb.json"
expect_valid_kcidb "$SCRATCH/extra.kcidb.json" \
	"the failing run's results.kcidb.json validates against KCIDB's schema v5.3"
cp "$SCRATCH/extra.kcidb.json.tests" "$SCRATCH/kcidb"
expect_line "$SCRATCH/kcidb" "kunit.extra-failing.extra_fails FAIL" "the failing case is FAIL"
expect_line "$SCRATCH/kcidb" "kunit.extra-failing.extra_oopses ERROR" \
	"the case whose thread oopsed is ERROR"
expect_line "$SCRATCH/kcidb" "kunit.extra-failing.extra_passes PASS" "a passing case is PASS"
expect_line "$SCRATCH/kcidb" "kunit.example.example_skip_test SKIP" "a skipped case is SKIP"
expect_line "$SCRATCH/kcidb" "boot FAIL" \
	"the boot itself is a test, failed by the kworker's oops that no case can be charged with"
if grep -q '"architecture": "x86_64"' "$BUILD/last/results.kcidb.json" &&
   grep -q '"config_name": "tinyconfig x86_64 base.config kunit_defconfig"' \
	"$BUILD/last/results.kcidb.json" && grep -q '"compiler": "gcc' "$BUILD/last/results.kcidb.json"; then
	pass "the build names its architecture, configuration and compiler"
else
	fail "the build's fields are missing"
	grep -A12 '"builds"' "$BUILD/last/results.kcidb.json" | show /dev/stdin
fi
expect_line "$SCRATCH/kcidb" "kselftest.kunit.module-failing_kunit FAIL" \
	"the kselftest target's test of the failing module is FAIL"
expect_line "$SCRATCH/kcidb" "kselftest.kunit.module-failing_kunit.extra-failing.extra_fails FAIL" \
	"with the failing case below it"
expect_line "$SCRATCH/kcidb" "kselftest.kunit.kunit-test PASS" \
	"the userspace programs that ran in the guest are there too"
grep -v '^valid' "$SCRATCH/kcidb" > "$SCRATCH/kcidb.tests"
(set -a && . "$BUILD/last/kcidb.env" &&
 "$BUILD/host/kunit-report" --kcidb="$SCRATCH/again.json" --arch=x86_64 \
	--kselftest-tap="$BUILD/last/kselftest.tap" "$BUILD/last/console.log" > /dev/null 2>&1)
cmp -s "$SCRATCH/again.json" "$BUILD/last/results.kcidb.json"
expect_status 0 $? "kunit-report --kcidb on the console, with build/last/kcidb.env, gives the same report"

# kselftest.tap as a line-based CI parser flattens it: every case of the
# failing module once, with its status.
python3 tests/ktap/reports.py flatten "$BUILD/last/kselftest.tap" > "$SCRATCH/flat"
expect_line "$SCRATCH/flat" "duplicates: 0" "no two results of kselftest.tap flatten to one name"
sed -n 's/^kunit\.extra-failing\.\([^.]*\) \([A-Z]*\)$/\1 \2/p' "$SCRATCH/kcidb.tests" |
	sed -e 's/ERROR$/FAIL/' | sort > "$SCRATCH/cases.kcidb"
sed -n 's/^kunit_module_failing_kunit\.\(extra_[A-Za-z0-9_]*\) \([A-Z]*\)$/\1 \2/p' \
	"$SCRATCH/flat" | grep -v '^extra_failing ' | sort > "$SCRATCH/cases.flat"
if [ -s "$SCRATCH/cases.flat" ]; then
	expect_same "$SCRATCH/cases.kcidb" "$SCRATCH/cases.flat" \
		"a flattening parser sees each case of the failing module once, with its status"
else
	fail "a flattening parser sees no case of the failing module in kselftest.tap"
fi

# Results reach the host as each test ends: a guest that dies during
# a later test (the failing module's oops, made a panic) has given them.
make --no-print-directory run BUILD="$BUILD" KUNIT_EXTRA=tests/extra/failing \
	KERNEL_ARGS=oops=panic > "$SCRATCH/panic.out" 2>&1
expect_status 2 $? "make run whose kernel panics during the kselftest run fails"
expect_line "$SCRATCH/panic.out" "kunit-run: the kernel panicked; console tail:" "and says it panicked"
for result in "ok 1 selftests: kunit: kunit-test" "ok 2 selftests: kunit: kunit-example-test" \
	"ok 3 selftests: kunit: builtin"; do
	expect_line "$BUILD/last/kselftest.tap" "$result" \
		"the panic's kselftest.tap has the result that came before it: $result"
done
expect_no_line "$BUILD/last/kselftest.tap" "not ok 4 selftests: kunit: module-failing_kunit # exit=1" \
	"and none of the module whose test the panic cut"

# The installed target on this machine, whose kernel has no KUnit: the
# userspace programs pass, the kernel's tests are skipped, none fails.
install=$(readlink -f "$BUILD/last/kselftest-install")
(cd "$install" && ./run_kselftest.sh) 2>&1 | cat > "$SCRATCH/host.tap"
expect_line "$SCRATCH/host.tap" "ok 1 selftests: kunit: kunit-test" \
	"run_kselftest.sh on this machine: the userspace programs pass"
if [ -d /sys/module/kunit ] || [ "$(id -u)" != 0 ]; then
	skip "run_kselftest.sh on a kernel without KUnit" "this kernel has KUnit, or not root"
else
	expect_line "$SCRATCH/host.tap" "ok 3 selftests: kunit: builtin # SKIP" \
		"run_kselftest.sh on a kernel without KUnit: builtin is skipped"
	expect_line "$SCRATCH/host.tap" "ok 4 selftests: kunit: module-failing_kunit # SKIP" \
		"run_kselftest.sh on a kernel without KUnit: the module test is skipped"
	expect_line "$SCRATCH/host.tap" \
		"# 1..0 # SKIP the running kernel has no KUnit (/sys/module/kunit missing, modprobe kunit failed)" \
		"with the reason"
fi
expect_no_line "$SCRATCH/host.tap" "not ok" "run_kselftest.sh on this machine: nothing fails"
expect_valid_tap "$SCRATCH/host.tap" "and its output is valid TAP"
(cd "$install" && ./run_kselftest.sh -t kunit:kunit-example-test) 2>&1 | cat > "$SCRATCH/one.tap"
if grep -q "^1..1$" "$SCRATCH/one.tap" &&
   grep -q "^ok 1 selftests: kunit: kunit-example-test$" "$SCRATCH/one.tap"; then
	pass "run_kselftest.sh -t kunit:kunit-example-test runs that test alone"
else
	fail "run_kselftest.sh -t kunit:kunit-example-test"
	sed -e 's/^/#   /' "$SCRATCH/one.tap" | head -n 5
fi

# The target through the kernel tree's own make: gen_tar, and make kselftest.
run=$(dirname "$install")
if grep -qx 'TARGETS += kunit' "$run/src/tools/testing/selftests/Makefile"; then
	pass "the work tree's selftests Makefile has kunit in its default TARGETS"
else
	fail "kunit is not in the default TARGETS of the work tree"
fi
# As a kernel developer would type them: not under make check's make.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$run/src/tools/testing/selftests" \
	O="$run/obj" TARGETS=kunit KSFT_INSTALL_PATH="$SCRATCH/tar" gen_tar > "$SCRATCH/gen_tar.log" 2>&1
expect_status 0 $? "make -C tools/testing/selftests TARGETS=kunit gen_tar"
tar -tzf "$SCRATCH/tar/kselftest-packages/kselftest.tar.gz" > "$SCRATCH/tar.list" 2>&1
for f in ./run_kselftest.sh ./kunit/kunit-module ./kunit/builtin ./kunit/kunit-test \
	./kunit/settings ./kunit/config; do
	expect_line "$SCRATCH/tar.list" "$f" "the kselftest tarball has $f"
done
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$run/src" O="$run/obj" kselftest TARGETS=kunit \
	> "$SCRATCH/kselftest.log" 2>&1
expect_status 0 $? "make kselftest TARGETS=kunit in the kernel tree"
expect_line "$SCRATCH/kselftest.log" "ok 2 selftests: kunit: kunit-example-test" \
	"make kselftest runs the target's tests"

# A case that never returns is cut at kunit.timeout; the rest of its
# suite is reported not run, and the next suite runs.
make --no-print-directory run BUILD="$BUILD" KUNIT_EXTRA=tests/extra/hang CASE_TIMEOUT=3 \
	FILTER='extra*' GUEST_SCRIPT=tests/guest/late-return.sh > "$SCRATCH/hang.out" 2>&1
expect_status 2 $? "make run with a hanging case fails"
console=$BUILD/last/console.log
hang_not_run="not run: code of this suite timed out and may still run"
# One suite after another, as they should read (kunit-report keeps the lines).
sed -n '/^    # Subtest: extra-hang$/,/^not ok 6 extra-hang-once$/p; /^not ok 6 extra-hang-once$/q' \
	"$BUILD/last/results.ktap" |
	grep -vE '^ *(KTAP version 1|1\.\.[0-9]+|# [a-z_]+: timed out after .*|# [a-z_]+: last line seen .*|# module: hang_kunit)$' \
	> "$SCRATCH/hang.lines"
late_line=$(grep -n 'KUNIT_ASSERT_NOT_NULL(test, value)' "$TOP/tests/extra/hang/hang_kunit.c" | cut -d: -f1)
expect_match "$BUILD/last/results.ktap" \
	"^    # hang_returns_late: last line seen .*hang_kunit\\.c:$late_line \\(the last check it reached\\)\$" \
	"the timeout's report names the last check the case reached"
expect_line "$BUILD/last/results.ktap" "    # module: hang_kunit" "the hang module's suites name it"
cat > "$SCRATCH/hang.expected" <<EOT
    # Subtest: extra-hang
    ok 1 hang_before
    not ok 2 hang_forever
    ok 3 hang_after # SKIP $hang_not_run
not ok 1 extra-hang
    # Subtest: extra-hang-next
    ok 1 hang_after
ok 2 extra-hang-next
    # Subtest: extra-hang-limits
    ok 1 hang_sleeps_four_seconds
    not ok 2 hang_forever
    ok 3 hang_forever # SKIP $hang_not_run
not ok 3 extra-hang-limits
    # Subtest: extra-hang-params
        # Subtest: hang_params
        ok 1 param-0
        not ok 2 param-1
        # hang_params: parameters after 2 $hang_not_run
    not ok 1 hang_params
    ok 2 hang_last # SKIP $hang_not_run
not ok 4 extra-hang-params
    # Subtest: extra-hang-late
    not ok 1 hang_returns_late
    ok 2 hang_last # SKIP $hang_not_run
not ok 5 extra-hang-late
    # Subtest: extra-hang-once
    not ok 1 hang_once
    ok 2 hang_last # SKIP $hang_not_run
not ok 6 extra-hang-once
EOT
if diff -u "$SCRATCH/hang.expected" "$SCRATCH/hang.lines" > "$SCRATCH/hang.diff"; then
	pass "after a case times out, the rest of its suite is not run, saying why, and the next suite runs"
else
	fail "the hang module's results are not as expected"
	show "$SCRATCH/hang.diff"
fi
expect_line "$BUILD/last/results.ktap" "    # hang_returns_late: timed out after 3 s; its module stays loaded until it returns" \
	"a case that sleeps past its timeout is reported timed out"
expect_line "$BUILD/last/kselftest.tap" \
	"# # module-hang_kunit: a case that timed out (hang_forever, hang_returns_late, hang_once, param-1) still runs; hang_kunit kept loaded" \
	"the wrapper fails the module's test: a case still ran when it tried to unload it"
expect_line "$SCRATCH/hang.out" \
	"  module-hang_kunit: a case that timed out (hang_forever, hang_returns_late, hang_once, param-1) still runs; hang_kunit kept loaded" \
	"make run's summary says so"
expect_line "$console" "kunit: hang_kunit: a case that timed out still runs: the load waits for it to return" \
	"the kernel says why the load waits"
expect_line "$BUILD/last/kselftest.tap" \
	"# # module-hang_kunit: modprobe hang_kunit has not returned 3 s after the module's init function did: the kernel holds the load for a case that timed out (hang_forever, hang_returns_late, hang_once, param-1)" \
	"the wrapper says why modprobe has not returned, and goes on"
expect_line "$console" "late-return: hang_kunit refcnt 3" \
	"the two cases that never return hold the module, and its load; the two that returned let go"
expect_line "$console" "hang_kunit: the exit of hang_returns_late ran" \
	"the late case's exit function ran when it returned, after its suite ended"
expect_line "$console" "late-return: rerun| ok 2 hang_last" \
	"once the late case returned, a run of its suite from debugfs runs every case again"
expect_line "$console" "late-return: rerun-hang| ok 1 hang_before # SKIP $hang_not_run" \
	"while a case never returns, a run of its suite from debugfs runs none of its cases"
if [ "$(grep -c '^hang_kunit: suite_init of extra-hang ran$' "$console")" = 1 ]; then
	pass "nor its suite_init: it ran once, at the load"
else
	fail "suite_init of extra-hang ran $(grep -c '^hang_kunit: suite_init of extra-hang ran$' "$console") times"
fi
expect_no_line "$console" "late-return: rmmod hang_kunit succeeded" \
	"the module cannot be unloaded under its running cases"
if grep -nE 'Oops|BUG: |unable to handle|general protection|WARNING: ' "$console" \
	> "$SCRATCH/hang-reports"; then
	fail "the hang run's kernel reported a problem"
	show "$SCRATCH/hang-reports"
else
	pass "no oops, BUG or warning in the hang run's console: nothing ran freed code or memory"
fi
expect_line "$BUILD/last/results.ktap" \
	"    # hang_forever: timed out after 3 s; its module stays loaded until it returns" \
	"the hanging case is reported as timed out"
cp "$BUILD/last/results.kcidb.json" "$SCRATCH/hang.kcidb.json"
expect_valid_kcidb "$SCRATCH/hang.kcidb.json" "the hang run's results.kcidb.json is a valid KCIDB report"
expect_line "$SCRATCH/hang.kcidb.json.tests" "kunit.extra-hang.hang_forever ERROR" \
	"KCIDB: the case that timed out is ERROR"
expect_line "$SCRATCH/hang.kcidb.json.tests" "kunit.extra-hang.hang_after SKIP" \
	"KCIDB: a case not run after it is SKIP"
expect_line "$SCRATCH/hang.kcidb.json.tests" "kunit.extra-hang-limits.hang_forever-2 SKIP" \
	"KCIDB: the second case of that name has a path of its own"
python3 tests/ktap/reports.py flatten "$BUILD/last/kselftest.tap" > "$SCRATCH/hang.flat"
expect_line "$SCRATCH/hang.flat" "duplicates: 0" \
	"the hang module's two cases named hang_forever flatten to two names in kselftest.tap"
expect_line "$BUILD/last/results.ktap" \
	"    # hang_forever: timed out after 1 s; its module stays loaded until it returns" \
	"KUNIT_CASE_TIMEOUT(, 1) cuts a hang before kunit.timeout=3"
expect_no_line "$BUILD/last/results.ktap" "# Subtest: example" "FILTER keeps only the matching suites"
# hang_wq_assert: an assertion fails in a work item its case flushes, and
# the case waits for good; its suite's own limit is 600 s.  The case is
# given up on five seconds later, not 600: stock KUnit ends it at once.
if grep -q '^    # hang_wq_flushes: an assertion failed in thread kworker/[^ ]*, which ended there; the case.s own thread did not return: given up on; its module stays loaded until it returns$' \
	"$BUILD/last/results.ktap"; then
	pass "a case whose work item failed an assertion and that waits for it is given up on at once, saying why"
else
	fail "a case whose work item failed an assertion was not given up on"
	grep -n 'hang_wq' "$BUILD/last/results.ktap" | sed -e 's/^/#   /'
fi
expect_line "$BUILD/last/results.ktap" \
	"    ok 2 hang_wq_after # SKIP not run: code of this suite timed out and may still run" \
	"the rest of its suite is not run, as after a timeout"
expect_line "$BUILD/last/kselftest.tap" \
	"# # module-hang_wq_assert: a case that timed out (hang_wq_flushes) still runs; hang_wq_assert kept loaded" \
	"the wrapper names the case given up on, which keeps its module"
# hang_exit_asserts: a late case whose exit fails an assertion.  Its exit
# runs once, and its thread's end lets go of the module, which unloads.
if [ "$(grep -c '^hang_exit: exit ran$' "$console")" = 1 ]; then
	pass "a late case's exit function that fails an assertion runs once"
else
	fail "a late case's exit function ran $(grep -c '^hang_exit: exit ran$' "$console") times"
fi
expect_match "$BUILD/last/kselftest.tap" "^not ok [0-9]+ selftests: kunit: module-hang_exit_asserts" \
	"its module's test fails"
expect_no_line "$BUILD/last/kselftest.tap" \
	"# # module-hang_exit_asserts: a case that timed out (hang_exit_sleeps_past_limit) still runs; hang_exit_asserts kept loaded" \
	"the late thread's end, after its exit asserted, lets go of the module: it unloads"

# The same with KUnit as kunit.ko, whose code the late threads run too.
make --no-print-directory run BUILD="$BUILD" KUNITCONFIG=scripts/configs/kunit_modules.config \
	KUNIT_EXTRA=tests/extra/hang CASE_TIMEOUT=3 FILTER='extra*' \
	GUEST_SCRIPT=tests/guest/late-return.sh > "$SCRATCH/hang-modules.out" 2>&1
expect_status 2 $? "with KUnit as kunit.ko, make run with a hanging case fails"
expect_line "$BUILD/last/console.log" "late-return: hang_kunit refcnt 3" \
	"with kunit.ko, the late case lets go of its module when it returns"
expect_line "$BUILD/last/console.log" "hang_kunit: the exit of hang_returns_late ran" \
	"with kunit.ko, the late case's exit function ran"
if grep -nE 'Oops|BUG: |unable to handle|general protection|WARNING: ' \
	"$BUILD/last/console.log" > "$SCRATCH/hang-modules-reports"; then
	fail "with kunit.ko, the hang run's kernel reported a problem"
	show "$SCRATCH/hang-modules-reports"
else
	pass "with kunit.ko, no oops, BUG or warning in the hang run's console"
fi

# Issue 28's misbehaving modules (tests/extra/safety), each loaded on its
# own by the wrapper, in one boot: the kernel's own record decides, and
# nothing runs on freed memory.
make --no-print-directory run BUILD="$BUILD" KUNIT_EXTRA=tests/extra/safety \
	GUEST_SCRIPT=tests/guest/safety.sh > "$SCRATCH/safety.out" 2>&1
expect_status 2 $? "make run with the misbehaving modules fails"
console=$BUILD/last/console.log
ksft=$BUILD/last/kselftest.tap
ktap=$BUILD/last/results.ktap
cp "$console" "$SCRATCH/safety.console"
# expect_module_result RESULT MODULE WHAT: kselftest.tap's line for MODULE.
expect_module_result() {
	if grep -qE "^$1 [0-9]+ selftests: kunit: module-$2( # exit=[0-9]+)?\$" "$ksft"; then
		pass "kselftest.tap: module-$2 is '$1': $3"
	else
		fail "kselftest.tap: module-$2 is not '$1': $3"
		grep -E "module-$2( |\$)" "$ksft" | head -n 3 | sed -e 's/^/#   /'
	fi
}
expect_line "$ktap" \
	"    # safety_bug_in_work: the kernel's record gained D (a task died) while it ran; see the kernel's report" \
	"a case in whose time a work item it queued dies in BUG() fails on the kernel's taint"
expect_module_result "not ok" safety_bug_work "the kernel's record fails it"
if grep -q '^kernel BUG at .*safety_bug_work.c:[0-9]*!$' "$console"; then
	pass "with CONFIG_BUG and DEBUG_BUGVERBOSE, BUG() says where it is"
else
	fail "BUG() does not say where it is: is CONFIG_BUG on?"
fi
expect_module_result "not ok" safety_divide_work \
	"a work item that dies in a divide error fails its module, on oops_count"
expect_line "$ktap" \
	"    # safety_warns_in_work: the kernel's record gained W (a warning) while it ran; see the kernel's report" \
	"a WARN_ON() in a work item a case waited for fails the case on the kernel's taint"
if grep -q '^WARNING: CPU: [0-9]* PID: [0-9]* at .*safety_warn.c:[0-9]* safety_warn_fn' "$console"; then
	pass "WARN_ON() prints a report that names its function"
else
	fail "WARN_ON() printed no report naming its function (CONFIG_BUG, KALLSYMS?)"
fi
expect_module_result "not ok" safety_warn "the warning fails its module"
expect_module_result "not ok" safety_exit_oops "a module whose module_exit oopses fails"
expect_module_result "not ok" safety_same_names "a failing suite that shares its name fails its module"
if grep -qE '^not ok [0-9]+ safety_same-2$' "$ktap" && grep -qE '^ok [0-9]+ safety_same$' "$ktap"; then
	pass "the second suite of one name reports under a name of its own, and fails"
else
	fail "two suites of one name do not report under names of their own"
	grep -E 'safety_same' "$ktap" | head -n 6 | sed -e 's/^/#   /'
fi
expect_line "$console" "safety-same-dirs: safety_same safety_same-2 " \
	"each suite of one name has a debugfs directory of its own"
expect_line "$console" "safety-same-2| not ok 1 safety_same-2" \
	"the second one's debugfs results hold its failure"
expect_module_result ok safety_signal \
	"cases that leave a signal pending or blocked, or page faults disabled, pass, as the cases after them"
expect_module_result "not ok" safety_suite_init_oops "a suite_init that oopses fails its module"
expect_line "$ktap" \
	"    # safety_suite_init_oops: suite_init: crashed: the test thread died (oops, BUG or bad access; see above)" \
	"the suite says its suite_init crashed"
expect_module_result "not ok" safety_gen_oops "a parameter generator that oopses fails its module"
expect_match "$ktap" \
	"^ +# safety_param_case: the parameter generator: crashed: the test thread died \\(oops, BUG or bad access; see above\\)\$" \
	"the case says its generator crashed, in a thread of the case"
expect_line "$ktap" "        ok 1 first" "the parameter before the crash ran and passed"
expect_line "$ktap" "    not ok 1 safety_helper_asserts" \
	"an assertion that fails in a thread the case started fails the case"
expect_line "$ktap" "    ok 2 safety_exit_ran_once" \
	"that thread ends alone: the case's exit runs once, in the case's thread, before the next"
expect_line "$ktap" "    not ok 2 safety_runs_meanwhile" \
	"a thread a case left running fails an assertion during the next case: that case fails, as in stock"
expect_module_result "not ok" safety_late_assert "and so does its module"
expect_line "$ktap" \
	"    # safety_late_assert_last: safety_leaves_helper failed after it ended: a thread it left running failed a check" \
	"a thread that fails an assertion after the suite's last case fails the suite, naming the case"
expect_match "$ktap" "^not ok [0-9]+ safety_late_assert_last\$" "the suite fails"
expect_module_result "not ok" safety_init_fails_late "a module whose init fails after a case timed out fails"
expect_line "$console" "safety_init_fails_late: the late case returned" \
	"the late case of a module whose init failed returned, the module not freed under it"
expect_line "$console" "safety_init_case_late: the late __init case returned" \
	"the late __init case returned, its init code not freed under it"
expect_line "$console" "safety-init-files: results " \
	"a suite whose code lies in init memory has results but no debugfs run file"
expect_line "$ktap" \
	"    # safety_suite_exit_late: suite_exit not run: a case that timed out still runs" \
	"suite_exit does not run under a case that timed out"
expect_line "$console" "safety_suite_exit_late: the late case used its fixture" \
	"the late case used its fixture, which suite_exit did not free"
expect_module_result ok safety_nest_inner "a test module that takes two seconds passes"
expect_line "$console" "safety-nest| ok 1 safety_loads_a_test_module" \
	"a case that loads another test module (request_module()) passes, without waiting for its timeout"
expect_line "$console" "safety-busy: second run refused" \
	"a debugfs run of a suite that is running is refused"
expect_line "$console" "safety-during|     # Subtest: safety_nest_inner" \
	"results read during a run give its lines so far"
expect_no_line "$console" "safety-during| ok 1 safety_nest_inner" \
	"results read during a run have no result line yet"
expect_line "$console" "safety-after| ok 1 safety_nest_inner" \
	"results read after the run end with its result"
expect_module_result "not ok" safety_bad_page_exit \
	"a suite_exit that taints the kernel B (a bad page) fails its module, though its case passed"
expect_line "$ktap" \
	"    # safety_bad_page_exit: the kernel's record gained B (a bad page or a memory checker's report) outside its cases; see the kernel's report" \
	"the suite says what came outside its cases"
expect_module_result "not ok" safety_flood "a module that logs past the kernel's log buffer fails"
expect_line "$ksft" \
	"# # module-safety_flood: the kernel log lost records while safety_flood ran (its buffer overflowed; CONFIG_LOG_BUF_SHIFT or log_buf_len= makes it larger): a report among them would not be seen" \
	"the wrapper says the log lost records"
expect_module_result "not ok" safety_ref_init_late "a case that timed out fails its module"
expect_line "$console" "safety_ref_init_late: the late case called init code: 42" \
	"a late case that calls init code through a __ref function finds it: the load waited for it"
expect_line "$console" "safety_run_tests_late: the late case returned" \
	"a case that kunit_run_tests() ran from a failing init function returned, its module not freed under it"
expect_line "$console" "safety_run_tests_late: the late case run through a pointer returned, request_module() gave 0" \
	"so did one of a suite run through a pointer to kunit_run_tests(), and the module it loaded late did not wait for it"
expect_line "$console" "safety-run-tests: modprobe ended with 1" \
	"and modprobe waited for it, then failed"
expect_module_result ok safety_zz_after "the module loaded last runs, and the shared workqueue runs its work"
expect_line "$console" "safety-script: done" "the guest script ran to its end"
# The reports the modules ask for, and no other: BUG() in a work item,
# the divide error, WARN_ON(), the NULL dereferences of module_exit, of
# suite_init and of a generator; nothing from a case that ran on freed
# memory.  (Besides the warnings that KUnit's own tests expect.)
grep -E '^(Oops|BUG:|WARNING:|general protection|kernel BUG at|UBSAN:|[a-z ]+: [0-9a-f]{4} \[#[0-9]+\])' \
	"$console" | grep -v '^WARNING: .* at lib/kunit/kunit-test\.c:[0-9]* ' > "$SCRATCH/safety.reports"
cat > "$SCRATCH/safety.expected" <<'REPORTS'
kernel BUG at
invalid opcode
divide error
WARNING:
BUG: kernel NULL pointer dereference
Oops:
BUG: kernel NULL pointer dereference
Oops:
BUG: kernel NULL pointer dereference
Oops:
REPORTS
# Since 6.2 the kernel's die() lines start "Oops: " ("Oops: invalid
# opcode: 0000 [#1]", "Oops: Oops: 0002 [#3]").
sed -e 's/^Oops: \(invalid opcode\|divide error\|Oops:\)/\1/' \
	-e 's/^\(kernel BUG at\|invalid opcode\|divide error\|WARNING:\|BUG: kernel NULL pointer dereference\|Oops:\).*/\1/' \
	"$SCRATCH/safety.reports" > "$SCRATCH/safety.kinds"
if cmp -s "$SCRATCH/safety.expected" "$SCRATCH/safety.kinds"; then
	pass "the safety run's console holds exactly the reports its modules ask for"
else
	fail "the safety run's console holds other reports than those its modules ask for"
	show "$SCRATCH/safety.reports"
fi

# A configuration option that does not exist is named, and nothing is built.
# The build directory has a .kunitconfig too, which KUNITCONFIG wins over.
mkdir -p "$SCRATCH/dotconfig"
printf 'CONFIG_KUNIT=y\nCONFIG_KUNIT_FROM_DOT_KUNITCONFIG=y\n' > "$SCRATCH/dotconfig/.kunitconfig"
printf 'CONFIG_KUNIT=y\nCONFIG_KUNIT_NO_SUCH_OPTION=y\n' > "$SCRATCH/bad.kunitconfig"
mkdir -p "$SCRATCH/dotconfig/last"
echo "ok 1 stale" > "$SCRATCH/dotconfig/last/results.ktap"
make --no-print-directory run BUILD="$SCRATCH/dotconfig" KSRC="$BUILD/src/linux-source-6.12" \
	KUNITCONFIG="$SCRATCH/bad.kunitconfig" > "$SCRATCH/bad.out" 2>&1
expect_status 2 $? "make run with an unknown option fails"
if [ -e "$SCRATCH/dotconfig/last/results.ktap" ]; then
	fail "a run that stopped before its report left an earlier run's results.ktap"
else
	pass "a run that stops before its report leaves no earlier run's results"
fi
expect_line "$SCRATCH/bad.out" \
	"  CONFIG_KUNIT_NO_SUCH_OPTION=y: no such option in this kernel" "the unknown option is named"
expect_no_line "$SCRATCH/bad.out" "CONFIG_KUNIT_FROM_DOT_KUNITCONFIG" \
	"KUNITCONFIG wins over \$(BUILD)/.kunitconfig"

# Without KUNITCONFIG, the build directory's .kunitconfig is read, as
# kunit.py does.
env -u KUNITCONFIG make --no-print-directory run BUILD="$SCRATCH/dotconfig" \
	KSRC="$BUILD/src/linux-source-6.12" > "$SCRATCH/dotconfig.out" 2>&1
expect_status 2 $? "make run with a .kunitconfig that names an unknown option fails"
expect_line "$SCRATCH/dotconfig.out" \
	"  CONFIG_KUNIT_FROM_DOT_KUNITCONFIG=y: no such option in this kernel" \
	"without KUNITCONFIG, \$(BUILD)/.kunitconfig is the configuration"

# JOBS sets the kernel build's jobs; nonsense is refused before anything.
make --no-print-directory run BUILD="$SCRATCH/dotconfig" JOBS=many \
	> "$SCRATCH/jobs.out" 2>&1
expect_status 2 $? "make run JOBS=many fails"
expect_line "$SCRATCH/jobs.out" "kunit-run: JOBS=many: give a number of jobs, 1 or more" \
	"and says why"
