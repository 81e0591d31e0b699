# SPDX-License-Identifier: GPL-2.0
# Cases that crash, hang or exit are reported "not ok" with the reason;
# the rest of the suite and the later suites still run.
. tests/lib.sh

out=$SCRATCH/crashes.ktap
start=$(date +%s)
"$USER_BUILD/fixtures/crashes" --timeout=1 > "$out" 2>&1
status=$?
end=$(date +%s)
expect_status 1 $status "a program with crashing cases fails"

expect_line "$out" "    # null_dereference: crashed: killed by SIGSEGV (Segmentation fault)" \
	"a NULL dereference is reported with its signal"
expect_line "$out" "    not ok 1 null_dereference" "the NULL dereference case is not ok"
expect_line "$out" "    ok 2 after_crash" \
	"the next case runs, without the crashed case's resources"
expect_line "$out" "    # bus_error: crashed: killed by SIGBUS (Bus error)" "SIGBUS is reported"
expect_line "$out" "    # divide_by_zero: crashed: killed by SIGFPE (Floating point exception)" \
	"SIGFPE is reported"
expect_line "$out" "    # illegal_instruction: crashed: killed by SIGILL (Illegal instruction)" \
	"SIGILL is reported"
expect_line "$out" "    # aborts: crashed: killed by SIGABRT (Aborted)" "SIGABRT is reported"
expect_line "$out" "    # hangs: timed out after 1 s, killed" "a hang is reported as a timeout"
expect_line "$out" "    not ok 7 hangs" "the hanging case is not ok"
expect_line "$out" "    # exits: the test process exited with status 3" \
	"a case that calls exit() is reported"
line=$(grep -n 'KUNIT_EXPECT_EQ(test, 1, 2)' tests/fixtures/crashes.c | cut -d: -f1)
expect_line "$out" "    # fails_first: EXPECTATION FAILED at tests/fixtures/crashes.c:$line" \
	"a failure printed before a crash is kept"
expect_line "$out" "        ok 1 value 1" "a parameter before a crashing one passes"
expect_line "$out" "        not ok 2 value 2" "the crashing parameter is not ok"
expect_line "$out" "        ok 3 value 3" "the parameter after a crashing one runs"
expect_line "$out" "    ok 11 after_crash" "the suite's last case runs"
expect_line "$out" "# crashes: pass:2 fail:9 skip:0 total:11" "the suite's counts survive crashes"
expect_line "$out" "# Totals: pass:4 fail:9 skip:0 total:13" "the parameter counts survive crashes"
expect_line "$out" "    # suite-init-crashes: crashed: killed by SIGSEGV (Segmentation fault)" \
	"a crash in suite_init is reported"
expect_line "$out" "not ok 2 suite-init-crashes" "a suite whose suite_init crashes fails"
expect_line "$out" "    ok 1 after_crash" "a case before a crash in suite_exit passes"
expect_line "$out" "    # suite-exit-crashes: crashed: killed by SIGSEGV (Segmentation fault)" \
	"a crash in suite_exit is reported"
expect_line "$out" "not ok 3 suite-exit-crashes" "a suite whose suite_exit crashes fails"
expect_line "$out" "ok 4 survivor" "the suite after a crashed one runs"

# A new process goes on where the dead one stopped: no header twice, no
# case run twice, every result once.
count_lines() {
	grep -c -x -F -e "$2" "$1"
}
for line in "KTAP version 1" "1..4" "    # Subtest: crashes" "    1..11" \
	"        # Subtest: crashes_on_two" "        ok 1 value 1" "    ok 2 after_crash" \
	"    # Subtest: suite-exit-crashes"; do
	n=$(count_lines "$out" "$line")
	if [ "$n" = 1 ]; then
		pass "'$line' is printed once across the crashes"
	else
		fail "'$line' is printed $n times across the crashes"
	fi
done
n=$(grep -c -E '^ *(not )?ok ' "$out")
if [ "$n" = 20 ]; then
	pass "20 results across 11 deaths of the test process, each once"
else
	fail "$n results across the crashes, not 20"
fi

# Not a speed test: the hang must be cut at --timeout=1, well before the
# 30 s default.
elapsed=$((end - start))
if [ $elapsed -lt 25 ]; then
	pass "--timeout=1 cuts the hang short: the whole program took $elapsed s"
else
	fail "the hang was not cut at --timeout=1: the program took $elapsed s"
fi

# Under AddressSanitizer, the same program still reports each case.
"$ASAN_BUILD/fixtures/crashes" --timeout=2 > "$SCRATCH/asan.ktap" 2> "$SCRATCH/asan.err"
expect_status 1 $? "the crash fixture under ASan fails"
expect_line "$SCRATCH/asan.ktap" "ok 4 survivor" "under ASan, the suite after the crashes runs"

# Where a new process cannot just go on: the generator gives fewer
# parameters than when the process died, a generator crashes, a check
# failed in a forked process before the case ran a suite of its own.
"$USER_BUILD/fixtures/resume" --timeout=5 > "$SCRATCH/resume.ktap" 2>&1
expect_status 1 $? "the resume fixture fails"
expect_line "$SCRATCH/resume.ktap" \
	"    # crashes_on_entry_one: parameter 2: crashed: killed by SIGSEGV (Segmentation fault); not given again" \
	"a parameter that died and is not given again is reported"
expect_line "$SCRATCH/resume.ktap" "not ok 1 fewer-params-after-crash" \
	"its suite fails, though every result printed passed"
expect_line "$SCRATCH/resume.ktap" "    not ok 1 passes" \
	"a case whose generator crashed has a failed result, closing its parameters"
expect_line "$SCRATCH/resume.ktap" "not ok 2 generator-crashes" "its suite fails"
expect_line "$SCRATCH/resume.ktap" \
	"    # fork_fails_then_nests: a check failed in process $(forked_pid "$SCRATCH/resume.ktap" fork_fails_then_nests), which the case forked" \
	"a forked process's failed check survives a suite the case runs next"
expect_line "$SCRATCH/resume.ktap" "not ok 3 fork-then-nest" "that case's suite fails"
python3 "$KUNIT_PY" parse "$SCRATCH/resume.ktap" > "$SCRATCH/resume.kunit-py" 2>&1
if grep -q 'Traceback' "$SCRATCH/resume.kunit-py"; then
	fail "kunit.py cannot read the resume fixture's output"
	tail -n 3 "$SCRATCH/resume.kunit-py" | sed -e 's/^/#   /'
elif grep -q 'failed: [1-9]' "$SCRATCH/resume.kunit-py"; then
	pass "kunit.py reads the resume fixture's output, with its failures"
else
	fail "kunit.py finds no failure in the resume fixture's output"
	tail -n 2 "$SCRATCH/resume.kunit-py" | sed -e 's/^/#   /'
fi

# A case that closes or replaces the pipes between its process and the
# supervisor fails, saying so, and the cases after it run; suite code that
# does fails its suite; a process the case forked only loses its lines.
"$USER_BUILD/fixtures/lost-output" > "$SCRATCH/lost.ktap" 2>&1
expect_status 1 $? "a program whose cases close KUnit's pipes fails"
for name in closes_everything replaces_pipes suite-init-closes; do
	if grep -Eqx " {4}# $name: closed or replaced descriptor [0-9]+, a pipe to KUnit's supervisor" \
		"$SCRATCH/lost.ktap"; then
		pass "$name: the pipe it closed or replaced is named"
	else
		fail "$name: no line names the pipe it closed or replaced"
		show "$SCRATCH/lost.ktap"
	fi
done
expect_line "$SCRATCH/lost.ktap" "    not ok 1 closes_everything" "a case that closed the pipes fails"
expect_line "$SCRATCH/lost.ktap" "    ok 2 passes" "the case after it runs, in a new process"
expect_line "$SCRATCH/lost.ktap" "    not ok 3 replaces_pipes" \
	"a case that opened other files in the pipes' place fails"
expect_line "$SCRATCH/lost.ktap" \
	"    # forked_closes_and_fails: a check failed in process $(forked_pid "$SCRATCH/lost.ktap" forked_closes_and_fails), which the case forked" \
	"a forked process that closed the pipes still fails its case"
expect_line "$SCRATCH/lost.ktap" "    ok 5 passes" "the case after them runs"
expect_line "$SCRATCH/lost.ktap" "    ok 6 makes_pipes_nonblocking" \
	"a case that makes KUnit's pipes non-blocking still passes"
expect_line "$SCRATCH/lost.ktap" "not ok 2 suite-init-closes" \
	"a suite whose suite_init closed the pipes fails"
# A generator runs in its case's context: the new process does not run it
# again, and the case fails for it.
if grep -Eqx " {4}# takes_a_value: its parameters' context: closed or replaced descriptor [0-9]+, a pipe to KUnit's supervisor" \
	"$SCRATCH/lost.ktap"; then
	pass "a generator that closes them fails its case, saying so, and is not replayed"
else
	fail "a generator that closes them: no line says its case's context did"
	show "$SCRATCH/lost.ktap"
fi
expect_line "$SCRATCH/lost.ktap" "    not ok 1 takes_a_value" "its case fails"
expect_line "$SCRATCH/lost.ktap" "    ok 2 passes" "the case after it runs"
expect_line "$SCRATCH/lost.ktap" "not ok 3 generator-closes" "its suite fails"
expect_line "$SCRATCH/lost.ktap" "ok 4 survivor" "the suite after them runs"
expect_no_line "$SCRATCH/lost.ktap" "a line that goes nowhere" \
	"a line written where a pipe was is not taken for the case's"

# A case that calls exit(0): its process's status is not the program's.
"$USER_BUILD/fixtures/exits-zero" > "$SCRATCH/exits-zero.ktap" 2>&1
expect_status 1 $? "a case that calls exit(0) fails the program"
expect_line "$SCRATCH/exits-zero.ktap" "    # exits_zero: the test process exited with status 0" \
	"with the reason"
expect_line "$SCRATCH/exits-zero.ktap" "    ok 3 passes" "the case after it runs"
"$USER_BUILD/fixtures/exits-zero" --no-fork > "$SCRATCH/exits-zero-nofork.ktap" 2>&1
expect_status 1 $? "with --no-fork, a case that calls exit(0) fails the program"
expect_line "$SCRATCH/exits-zero-nofork.ktap" \
	"Bail out! kunit: the test process ended in the middle of the run, in suite 1, case 2 (--no-fork): the test process exited with status 0" \
	"and says where"
expect_line "$SCRATCH/exits-zero.ktap" "    not ok 4 fails_then_exits_zero" \
	"a case that fails a check, then calls _exit(0), fails"
expect_line "$SCRATCH/exits-zero.ktap" "    not ok 5 thread_exits_zero" \
	"a case whose thread calls _exit(0) fails"
expect_line "$SCRATCH/exits-zero.ktap" "    ok 6 passes" "the case after them runs"
# With --no-fork, however the process ends: the plan is not met, the program fails.
for case in fails_then_exits_zero thread_exits_zero; do
	"$USER_BUILD/fixtures/exits-zero" --no-fork "exits-zero.$case" \
		> "$SCRATCH/$case-nofork.ktap" 2>&1
	expect_status 1 $? "with --no-fork, $case fails the program"
	expect_line "$SCRATCH/$case-nofork.ktap" \
		"Bail out! kunit: the test process ended in the middle of the run, in suite 1, case 1 (--no-fork): the test process exited with status 0" \
		"with --no-fork, $case: the program says where it ended"
done

# With --no-fork, a case that closes the results' copy of stdout ends the
# run, saying so: no result can go out after it.
"$USER_BUILD/fixtures/lost-output" --no-fork lost-output.closes_everything \
	> "$SCRATCH/lost-nofork.ktap" 2>&1
expect_status 1 $? "--no-fork: a case that closes every descriptor above 2 fails the program"
expect_match "$SCRATCH/lost-nofork.ktap" \
	"^Bail out! kunit: the test process ended in the middle of the run, in suite 1, case 1 \(--no-fork\): closed or replaced descriptor [0-9]+, its copy of standard output$" \
	"--no-fork: and says which descriptor it closed"
