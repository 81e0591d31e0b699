# SPDX-License-Identifier: GPL-2.0
# Failures that a KTAP reader can miss: a "not ok" outvoted by passing
# cases, a plan not met, results forged by a compared value, state carried
# from one document into the next, numbers that overflow.  Each must fail
# the program (its exit status) and kunit-report (its exit status, its
# counts, its JUnit XML), native and under ASan/UBSan.  The kselftest
# wrapper's side is in tests/55-kselftest-wrapper.sh.
. tests/lib.sh

report=$BUILD/host/kunit-report
asan_report=$BUILD/host-asan/kunit-report

# report_fails NAME FILE WHAT: both builds of kunit-report fail FILE.
report_fails() {
	"$report" --color=never --junit="$SCRATCH/$1.xml" "$2" > "$SCRATCH/$1.out" 2>&1
	expect_status 1 $? "kunit-report: $3"
	"$asan_report" --color=never "$2" > "$SCRATCH/$1.asan" 2>&1
	expect_status 1 $? "kunit-report under ASan and UBSan: $3"
}

# expect_junit_failure NAME TESTCASE: the JUnit file names TESTCASE failed.
expect_junit_failure() {
	if python3 - "$SCRATCH/$1.xml" "$2" > "$SCRATCH/$1.junit" 2>&1 <<'PY'
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
bad = [c.get("classname") + "." + c.get("name") for c in root.iter("testcase")
       if c.find("failure") is not None or c.find("error") is not None]
print(bad)
sys.exit(0 if sys.argv[2] in bad else 1)
PY
	then
		pass "JUnit: $2 failed"
	else
		fail "JUnit does not fail $2"
		show "$SCRATCH/$1.junit"
	fi
}

# The userspace program: a crash in suite_exit, in a parameter generator,
# and a failed expectation whose value holds KTAP-looking lines.
out=$SCRATCH/verdicts.ktap
"$USER_BUILD/fixtures/verdicts" > "$out" 2>&1
expect_status 1 $? "a crash in suite_exit, in a generator, a forged value: the program fails"
"$ASAN_BUILD/fixtures/verdicts" > "$SCRATCH/verdicts-asan.ktap" 2>&1
expect_status 1 $? "the same under ASan and UBSan"
report_fails verdicts "$out" "the program's output fails"
expect_line "$SCRATCH/verdicts.out" \
	"[FAIL] exit-crash                                 2 passed, 1 failed, 0 skipped" \
	"a suite whose cases passed but whose suite_exit crashed failed"
expect_junit_failure verdicts "exit-crash.(suite)"
expect_line "$SCRATCH/verdicts.out" \
	"[FAIL] generator-crash                            2 passed, 1 failed, 0 skipped" \
	"a parameterised case whose generator crashed failed"
# The crash is a failed result among the parameters: readers that count
# results (kunit.py, JUnit) see it.
expect_junit_failure verdicts "generator-crash.param_passes.the parameters' context"
expect_line "$SCRATCH/verdicts.out" \
	"[FAIL] forged                                     2 passed, 3 failed, 0 skipped" \
	"forged values and output do not add results"
expect_line "$out" "    # ok 3 forged\"" "a value's lines are diagnostics"
expect_junit_failure verdicts "forged.forged_results"
expect_junit_failure verdicts "forged.forged_by_line_breaks"
expect_line "$out" "        ok 1 param-0" "a parameter described by blanks gets a name"
expect_line "$out" "        not ok 2 fails _ SKIP not really" \
	"a '#' in a parameter's description cannot make its failure a skip"
# kunit.py breaks lines at '\r', '\v', '\f', U+0085, U+2028 and U+2029 too:
# no forged line may read as a result for it either, in the document that
# kunit-report writes (kunit.py cannot read the raw output past the
# parameterised case that never printed its result).
"$report" --ktap="$SCRATCH/verdicts-merged.ktap" "$out" > /dev/null 2>&1
kunit_py_results "$SCRATCH/verdicts-merged.ktap" "$SCRATCH/kunit-py"
if grep -qx "forged.forged_by_line_breaks FAIL" "$SCRATCH/kunit-py" &&
   ! grep -q "forged.forged " "$SCRATCH/kunit-py"; then
	pass "kunit.py reads the case that printed line breaks failed, and no forged result"
else
	fail "kunit.py reads forged results in the merged document"
	show "$SCRATCH/kunit-py"
fi

expect_line "$out" "    not ok 1 forked_expectation_fails" \
	"an expectation that fails in a process the case forked fails the case"
expect_line "$out" "    not ok 2 forked_assertion_fails" "so does an assertion"
expect_line "$out" "    ok 3 forked_process_returns" \
	"a forked process that returns from the case ends there"
if [ "$(grep -c '# Subtest: forks' "$out")" = 1 ] && grep -qx "1..4" "$out"; then
	pass "no forked process runs the rest of the suites"
else
	fail "a forked process ran on: the forks suite is printed more than once"
	show "$out"
fi

# A suite's own "not ok" and a parameterised case's, over passing children.
cat > "$SCRATCH/own-not-ok.ktap" <<'KTAP'
KTAP version 1
1..2
    KTAP version 1
    # Subtest: suite-fails
    1..1
    ok 1 passes
not ok 1 suite-fails
    KTAP version 1
    # Subtest: case-fails
    1..1
        KTAP version 1
        # Subtest: params
        ok 1 one
        ok 2 two
    not ok 1 params
ok 2 case-fails
KTAP
report_fails own-not-ok "$SCRATCH/own-not-ok.ktap" "a suite's and a case's own not ok"
expect_junit_failure own-not-ok "suite-fails.(suite)"
expect_junit_failure own-not-ok "case-fails.params (itself)"

# A plan not met: the missing case is a failure, named.
printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: short" \
	"    1..3" "    ok 1 a" "    ok 2 b" "ok 1 short" > "$SCRATCH/short.ktap"
report_fails short "$SCRATCH/short.ktap" "a plan of three cases with two results"
expect_line "$SCRATCH/short.out" "    plan 1..3: test 3 did not report" "the missing case is named"

# An old-style expectation (stock KUnit) whose value forges result lines.
cat > "$SCRATCH/forged-stock.ktap" <<'KTAP'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: forged
    1..2
    # compares: EXPECTATION FAILED at forged.c:3
    Expected value == "b", but
        value == "a
    ok 1 first
    ok 2 second
"
    not ok 2 compares
not ok 1 forged
KTAP
report_fails forged-stock "$SCRATCH/forged-stock.ktap" "stock KUnit's forged value lines"

# A document cut short: its pending parameters are not the next suite's.
cat > "$SCRATCH/two-documents.ktap" <<'KTAP'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: dies
    1..1
        KTAP version 1
        # Subtest: params
        ok 1 one
KTAP version 1
1..1
    KTAP version 1
    # Subtest: next
    1..1
    ok 1 fine
ok 1 next
KTAP
report_fails two-documents "$SCRATCH/two-documents.ktap" "a document cut short by the next"
"$report" --results="$SCRATCH/two-documents.results" "$SCRATCH/two-documents.ktap" > /dev/null 2>&1
expect_line "$SCRATCH/two-documents.results" "next.fine PASS" \
	"the next document's suite has only its own case"
expect_no_line "$SCRATCH/two-documents.results" "next.fine.one" \
	"no parameter of the dead document is charged to it"
expect_line "$SCRATCH/two-documents.results" "dies.params.one PASS" \
	"the dead document keeps its parameter"
expect_line "$SCRATCH/two-documents.results" "dies.params UNFINISHED" \
	"and its case did not finish"

# Numbers that do not fit: malformed, not wrapped around.
printf '%s\n' "KTAP version 1" "1..99999999999999999999" "    KTAP version 1" \
	"    # Subtest: big" "    1..1" "    ok 1 a" "ok 1 big" > "$SCRATCH/big-plan.ktap"
report_fails big-plan "$SCRATCH/big-plan.ktap" "a plan of 99999999999999999999"
printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: big" "    1..1" \
	"    ok 18446744073709551617 a" "ok 1 big" > "$SCRATCH/big-number.ktap"
report_fails big-number "$SCRATCH/big-number.ktap" "a result numbered 18446744073709551617"
expect_no_line "$SCRATCH/big-plan.asan" "runtime error" "no undefined behaviour on a huge plan"

# "not ok ... # SKIP" is a failure, as TAP::Parser reads it.
printf '%s\n' "KTAP version 1" "1..1" "not ok 1 skipped # SKIP but failed" \
	> "$SCRATCH/not-ok-skip.ktap"
report_fails not-ok-skip "$SCRATCH/not-ok-skip.ktap" "not ok with a SKIP directive"

# The program's exit status is what its output reads: cases that closed
# the pipes their results go through fail it, and so does its output.
"$USER_BUILD/fixtures/lost-output" > "$SCRATCH/lost.ktap" 2>&1
expect_status 1 $? "cases that closed KUnit's pipes: the program fails, as its output reads"
report_fails lost "$SCRATCH/lost.ktap" "the output of cases that closed KUnit's pipes"

# Kernel reports of trouble on a console: in a case's time they fail it,
# KASAN's and UBSAN's excepted (they tell KUnit, and a case may expect
# them); with no suite open, they fail the run.
cat > "$SCRATCH/reports.ktap" <<'KTAP'
[    1.0] KTAP version 1
[    1.0] 1..1
[    1.0]     KTAP version 1
[    1.0]     # Subtest: reports
[    1.0]     1..3
[    1.1] WARNING: CPU: 0 PID: 40 at drivers/foo.c:12 foo_work+0x10/0x20
[    1.1] clocksource: Switched to clocksource tsc
[    1.1]     ok 1 warned_meanwhile
[    1.2] BUG: KASAN: slab-out-of-bounds in kasan_oob_right+0x90/0x1a0
[    1.2]     ok 2 expects_kasan
[    1.3] input: AT Translated Set 2 keyboard as /devices/platform/i8042/serio0/input/input0
[    1.3]     ok 3 quiet
[    1.3] ok 1 reports
KTAP
report_fails reports "$SCRATCH/reports.ktap" "a WARNING in a passing case's time"
expect_line "$SCRATCH/reports.out" \
	"      the kernel reported trouble while it ran: WARNING: CPU: 0 PID: 40 at drivers/foo.c:12 foo_work+0x10/0x20" \
	"the report is shown under the case"
"$report" --results="$SCRATCH/reports.results" "$SCRATCH/reports.ktap" > /dev/null 2>&1
expect_line "$SCRATCH/reports.results" "reports.expects_kasan PASS" \
	"a KASAN report in a case's time is left to KUnit"
expect_no_line "$SCRATCH/reports.out" "input: AT" "other kernel messages are not shown under a case"
# A WARNING that the case's own kunit_warning_suppress() block expected,
# as the kernel says ("kunit: expected warnings N"), is quoted, not a
# failure; one more than it expected is, and the count is the case's only.
cat > "$SCRATCH/expected.ktap" <<'KTAP'
[    1.0] KTAP version 1
[    1.0] 1..1
[    1.0]     KTAP version 1
[    1.0]     # Subtest: expected
[    1.0]     1..3
[    1.1] WARNING: CPU: 0 PID: 40 at lib/foo.c:12 foo_check+0x10/0x20
[    1.1] CPU: 0 PID: 40 Comm: kunit_try_catch Tainted: G        W        N 6.12.0 #1
[    1.1] kunit: expected warnings 1
[    1.1]     # expects_one: 1 warning in a kunit_warning_suppress() block, expected: its report is in the log
[    1.1]     ok 1 expects_one
[    1.2] WARNING: CPU: 0 PID: 41 at lib/foo.c:12 foo_check+0x10/0x20
[    1.2] CPU: 0 PID: 41 Comm: kunit_try_catch Tainted: G        W        N 6.12.0 #1
[    1.2] WARNING: CPU: 0 PID: 41 at lib/foo.c:14 foo_check+0x30/0x20
[    1.2] CPU: 0 PID: 41 Comm: kunit_try_catch Tainted: G        W        N 6.12.0 #1
[    1.2] kunit: expected warnings 1
[    1.2]     ok 2 expects_one_of_two
[    1.3] WARNING: CPU: 0 PID: 42 at lib/foo.c:12 foo_check+0x10/0x20
[    1.3] CPU: 0 PID: 42 Comm: kunit_try_catch Tainted: G        W        N 6.12.0 #1
[    1.3]     ok 3 expects_none
[    1.3] ok 1 expected
KTAP
"$report" --results="$SCRATCH/expected.results" "$SCRATCH/expected.ktap" > "$SCRATCH/expected.out" 2>&1
expect_status 1 $? "a console with a warning no block expected fails"
expect_line "$SCRATCH/expected.results" "expected.expects_one PASS" \
	"a warning that the case's block expected fails nothing"
expect_line "$SCRATCH/expected.results" "expected.expects_one_of_two FAIL" \
	"a warning more than the case's block expected fails it"
expect_line "$SCRATCH/expected.results" "expected.expects_none FAIL" \
	"an earlier case's expectation does not carry over"
# A report is a case's only when its task is a test's thread: one from a
# kworker or another task in the case's time fails the run instead.
cat > "$SCRATCH/tasks.ktap" <<'KTAP'
[    1.0] KTAP version 1
[    1.0] 1..1
[    1.0]     KTAP version 1
[    1.0]     # Subtest: tasks
[    1.0]     1..6
[    1.1] WARNING: CPU: 0 PID: 40 at drivers/foo.c:12 foo_work+0x10/0x20
[    1.1] Modules linked in: foo
[    1.1] CPU: 0 PID: 40 Comm: kworker/0:1 Not tainted 6.1.0 #1
[    1.1]     ok 1 work_warned_meanwhile
[    1.2] BUG: kernel NULL pointer dereference, address: 0000000000000000
[    1.2] Oops: 0002 [#1] PREEMPT SMP
[    1.2] CPU: 0 UID: 0 PID: 191 Comm: kunit_try_catch Tainted: G   O   6.12.0 #1
[    1.2]     ok 2 own_thread_oopsed
[    1.3] INFO: task modprobe:77 blocked for more than 120 seconds.
[    1.3]     ok 3 other_task_hung
[    1.4] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [kunit_try_catch:191]
[    1.4]     ok 4 own_thread_locked_up
[    1.5] BUG: KASAN: use-after-free in foo_work_fn+0x3c/0x50 [foo]
[    1.5] Read of size 4 at addr ffff888001234560 by task kworker/0:2/41
[    1.5] CPU: 0 PID: 41 Comm: kworker/0:2 Tainted: G    B   O  6.1.0 #1
[    1.5] Workqueue: events foo_work_fn [foo]
[    1.5]     ok 5 work_used_freed_memory
[    1.6] BUG: KASAN: slab-out-of-bounds in kmalloc_oob_right+0x9a/0x1a0
[    1.6] Write of size 1 at addr ffff888001234578 by task kunit_try_catch/192
[    1.6] CPU: 0 PID: 192 Comm: kunit_try_catch Tainted: G    B   O  6.1.0 #1
[    1.6]     ok 6 own_thread_expected_kasan
[    1.7] BUG: KASAN: slab-out-of-bounds in foo_suite_exit+0x1a/0x40 [foo]
[    1.7] Write of size 1 at addr ffff888001234580 by task kunit_suite/193
[    1.7] CPU: 0 PID: 193 Comm: kunit_suite Tainted: G    B   O  6.1.0 #1
[    1.7] ok 1 tasks
KTAP
report_fails tasks "$SCRATCH/tasks.ktap" "reports of other tasks in cases' time"
"$report" --results="$SCRATCH/tasks.results" "$SCRATCH/tasks.ktap" > /dev/null 2>&1
expect_line "$SCRATCH/tasks.out" \
	"the kernel reported trouble in task kworker/0:1, which runs no test: WARNING: CPU: 0 PID: 40 at drivers/foo.c:12 foo_work+0x10/0x20" \
	"a kworker's WARNING in a case's time fails the run, naming the task"
expect_line "$SCRATCH/tasks.results" "tasks.work_warned_meanwhile PASS" \
	"and not the case, whose thread did not warn"
expect_line "$SCRATCH/tasks.results" "tasks.own_thread_oopsed FAIL" \
	"an oops whose task line (6.12's, with UID) names a test's thread fails the case"
expect_line "$SCRATCH/tasks.out" \
	"the kernel reported trouble in task modprobe, which runs no test: INFO: task modprobe:77 blocked for more than 120 seconds." \
	"a hung task's report names its task in its first line"
expect_line "$SCRATCH/tasks.results" "tasks.own_thread_locked_up FAIL" \
	"a soft lockup of a test's thread fails its case"
expect_line "$SCRATCH/tasks.out" \
	"the kernel reported trouble in task kworker/0:2, which runs no test: BUG: KASAN: use-after-free in foo_work_fn+0x3c/0x50 [foo]" \
	"a KASAN report of a kworker in a case's time fails the run: KASAN tells KUnit only of a test's thread"
expect_line "$SCRATCH/tasks.out" \
	"the kernel reported trouble in task kunit_suite, which runs no test: BUG: KASAN: slab-out-of-bounds in foo_suite_exit+0x1a/0x40 [foo]" \
	"a KASAN report of suite code (suite_exit's thread) fails the run: it tells no test"
expect_line "$SCRATCH/tasks.results" "tasks.own_thread_expected_kasan PASS" \
	"a KASAN report of a test's thread is left to KASAN, which the case may expect"
# A kernel that names the threads of KUnit's code ("kunit: case thread
# PID", "kunit: suite thread PID") is read by process id, not by a name
# any thread can take, and a case's thread is the case's only until its
# result: after it, the id may be another thread's.
cat > "$SCRATCH/pids.ktap" <<'KTAP'
[    1.0] KTAP version 1
[    1.0] 1..1
[    1.0]     KTAP version 1
[    1.0]     # Subtest: pids
[    1.0]     1..4
[    1.1] kunit: case thread 192
[    1.1] BUG: KASAN: slab-out-of-bounds in kmalloc_oob_right+0x9a/0x1a0
[    1.1] Write of size 1 at addr ffff888001234578 by task kunit_try_catch/300
[    1.1] CPU: 0 PID: 300 Comm: kunit_try_catch Tainted: G    B   O  6.1.0 #1
[    1.1]     ok 1 impostor_used_freed_memory
[    1.2] kunit: case thread 193
[    1.2] BUG: KASAN: slab-out-of-bounds in kmalloc_oob_right+0x9a/0x1a0
[    1.2] Write of size 1 at addr ffff888001234578 by task renamed/193
[    1.2] CPU: 0 UID: 0 PID: 193 Comm: renamed Tainted: G    B   O  6.12.0 #1
[    1.2]     ok 2 renamed_own_thread_expected_kasan
[    1.3] kunit: case thread 194
[    1.3] BUG: KASAN: slab-out-of-bounds in consumer+0x9a/0x1a0
[    1.3] Read of size 1 at addr ffff888001234578 by task consumer/192
[    1.3] CPU: 0 PID: 192 Comm: consumer Tainted: G    B   O  6.1.0 #1
[    1.3]     ok 3 reused_id
[    1.4] kunit: suite thread 195
[    1.4] BUG: KASAN: slab-out-of-bounds in gen_helper+0x9a/0x1a0
[    1.4] Read of size 1 at addr ffff888001234578 by task kunit_try_catch/196
[    1.4] CPU: 0 PID: 196 Comm: kunit_try_catch Tainted: G    B   O  6.1.0 #1
[    1.4] kunit: case thread 197
[    1.4] BUG: KASAN: slab-out-of-bounds in kmalloc_oob_right+0x9a/0x1a0
[    1.4] Write of size 1 at addr ffff888001234578 by task kunit_try_catch/197
[    1.4] CPU: 0 PID: 197 Comm: kunit_try_catch Tainted: G    B   O  6.1.0 #1
[    1.4]     ok 4 own_thread_expected_kasan
[    1.5] BUG: KASAN: use-after-free in late_helper+0x9a/0x1a0
[    1.5] Read of size 1 at addr ffff888001234578 by task kunit_try_catch/197
[    1.5] CPU: 0 PID: 197 Comm: kunit_try_catch Tainted: G    B   O  6.1.0 #1
[    1.5] ok 1 pids
KTAP
report_fails pids "$SCRATCH/pids.ktap" "a KASAN report of a thread named like a case's but not one"
"$report" --results="$SCRATCH/pids.results" "$SCRATCH/pids.ktap" > /dev/null 2>&1
expect_line "$SCRATCH/pids.out" \
	"the kernel reported trouble in task kunit_try_catch, which runs no test: BUG: KASAN: slab-out-of-bounds in kmalloc_oob_right+0x9a/0x1a0" \
	"the impostor's report fails the run"
expect_line "$SCRATCH/pids.results" "pids.renamed_own_thread_expected_kasan PASS" \
	"a case's thread that renamed itself is still the case's: its report is KASAN's"
expect_line "$SCRATCH/pids.out" \
	"the kernel reported trouble in task consumer, which runs no test: BUG: KASAN: slab-out-of-bounds in consumer+0x9a/0x1a0" \
	"the id of an earlier case's thread, now another thread's, is not a case's"
expect_line "$SCRATCH/pids.out" \
	"the kernel reported trouble in task kunit_try_catch, which runs no test: BUG: KASAN: slab-out-of-bounds in gen_helper+0x9a/0x1a0" \
	"a thread named like a case's started before the first case (by a generator) is not a case's"
expect_line "$SCRATCH/pids.results" "pids.own_thread_expected_kasan PASS" \
	"a named case thread's report is KASAN's"
expect_line "$SCRATCH/pids.out" \
	"the kernel reported trouble in task kunit_try_catch, which runs no test: BUG: KASAN: use-after-free in late_helper+0x9a/0x1a0" \
	"a case's thread after the case's result is no case's"
expect_no_line "$SCRATCH/pids.out" "kunit: case thread" "the kernel's thread lines are not shown as noise"
# Before any case of the run: the suite's own thread, named, says that
# this kernel names its threads.
printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: gen" "    1..1" \
	"kunit: suite thread 170" "BUG: KASAN: slab-out-of-bounds in gen_helper+0x9a/0x1a0" \
	"CPU: 0 PID: 171 Comm: kunit_try_catch Tainted: G    B   O  6.1.0 #1" \
	"kunit: case thread 172" "    ok 1 a" "ok 1 gen" > "$SCRATCH/firstgen.ktap"
report_fails firstgen "$SCRATCH/firstgen.ktap" "a generator's thread named like a case's, before any case"
printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: s" "    1..1" \
	"    ok 1 a" "ok 1 s" "BUG: KASAN: use-after-free in foo+0x1/0x2" > "$SCRATCH/outside.ktap"
report_fails outside "$SCRATCH/outside.ktap" "a KASAN report with no suite open"
expect_line "$SCRATCH/outside.out" \
	"the kernel reported trouble outside any test: BUG: KASAN: use-after-free in foo+0x1/0x2" \
	"the run says so"

# The console's word that it dropped the kernel's messages, a report
# among them perhaps, fails the run; a line only like it does not.
printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: s" "    1..2" \
	"    ok 1 a" "** 6203 printk messages dropped **" "    ok 2 b" "ok 1 s" > "$SCRATCH/dropped.ktap"
report_fails dropped "$SCRATCH/dropped.ktap" "the console dropped messages during a suite"
expect_line "$SCRATCH/dropped.out" "** 6203 printk messages dropped **" "the console's words are shown"
printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: s" "    1..1" \
	"    ok 1 a" "** 12 printk messages dropped ** (or not)" "ok 1 s" > "$SCRATCH/notdropped.ktap"
if "$report" "$SCRATCH/notdropped.ktap" > "$SCRATCH/notdropped.out" 2>&1; then
	pass "a line only like the console's word on dropped messages is not an error"
else
	fail "a line only like the console's word on dropped messages failed the run"
	show "$SCRATCH/notdropped.out"
fi

# x86's traps that die print neither "BUG:" nor "Oops" first: their die
# line ("invalid opcode: 0000 [#1] PREEMPT SMP") is the report.  Messages
# of about that shape are not.
cat > "$SCRATCH/die.ktap" <<'KTAP'
[    1.0] KTAP version 1
[    1.0] 1..1
[    1.0]     KTAP version 1
[    1.0]     # Subtest: traps
[    1.0]     1..5
[    1.1] invalid opcode: 0000 [#1] PREEMPT SMP
[    1.1]     ok 1 invalid_opcode
[    1.2] divide error: 0000 [#2]
[    1.2]     ok 2 divide_error
[    1.3] int3: 00cc [#3] SMP
[    1.3]     ok 3 int3
[    1.4] stack segment: 0000 [#14] PREEMPT SMP KASAN
[    1.4]     ok 4 stack_segment
[    1.5] eth0: 00000 [#1]
[    1.5] dev: 00g0 [#1]
[    1.5] dev: 000 [#1]
[    1.5] dev:  0000 [#1]
[    1.5] two  spaces: 0000 [#1]
[    1.5] dev: 0000 [#]
[    1.5] dev: 0000 [#1]x
[    1.5] dev: 0000 #1
[    1.5] dev: ABCD [#1]
[    1.5] 8250: 0000 [#1]
[    1.5] dev-x: 0000 [#1]
[    1.5]     ok 5 lookalikes
[    1.5] ok 1 traps
KTAP
report_fails die "$SCRATCH/die.ktap" "x86 die lines in passing cases' time"
"$report" --results="$SCRATCH/die.results" "$SCRATCH/die.ktap" > /dev/null 2>&1
for case in invalid_opcode divide_error int3 stack_segment; do
	expect_line "$SCRATCH/die.results" "traps.$case FAIL" "a die line fails the case $case"
done
expect_line "$SCRATCH/die.results" "traps.lookalikes PASS" \
	"lines shaped almost like a die line are not reports"
