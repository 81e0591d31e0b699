# SPDX-License-Identifier: GPL-2.0
# A check that fails in a process a case forked fails that case, however
# late it comes, in either mode and under ASan: never a later case, never
# nothing.  One the case cannot wait for fails the suite, naming the case.
. tests/lib.sh

for mode in supervised no-fork asan; do
	out=$SCRATCH/$mode.ktap
	case $mode in
	supervised) "$USER_BUILD/fixtures/forked-late" --timeout=2 'late*' > "$out" 2>&1 ;;
	no-fork) "$USER_BUILD/fixtures/forked-late" --timeout=2 --no-fork 'late*' > "$out" 2>&1 ;;
	asan) "$ASAN_BUILD/fixtures/forked-late" --timeout=2 'late*' > "$out" 2>&1 ;;
	esac
	expect_status 1 $? "$mode: a program whose forked processes fail late fails"

	for n in 1 6; do
		expect_line "$out" "    not ok $n fails_after_return" \
			"$mode: a process that fails after its case returned fails that case ($n)"
	done
	pid=$(forked_pid "$out" fails_after_return)
	expect_line "$out" "    # fails_after_return: a check failed in process $pid, which the case forked" \
		"$mode: and the case's line names the process"
	expect_line "$out" "    ok 2 innocent" "$mode: the case that runs meanwhile is not charged with it"
	expect_line "$out" "    not ok 3 escaped_grandchild_fails" \
		"$mode: a grandchild that left the group and the session still fails its case"
	expect_line "$out" "    ok 4 kills_what_it_forked" "$mode: a case that kills what it forked passes"
	expect_line "$out" "    ok 5 leaves_a_quick_process" \
		"$mode: a case that leaves a process that ends by itself passes"
	expect_line "$out" "not ok 1 late" "$mode: their suite fails"

	# A process the wait cannot know of: the suite running when it fails fails.
	expect_match "$out" '^    # kunit: a check failed in process [0-9]+, which case 1 \(clones_late_failure\) of suite 3 forked, after the case.s result: its suite fails$' \
		"$mode: a failure from a process made by clone() names the case that made it"
	expect_line "$out" "not ok 3 late-unknown" "$mode: and fails the suite"
	expect_line "$out" "    ok 2 innocent" "$mode: not the case that ran meanwhile"

	expect_match "$out" "^    # never_ends: process [0-9]+, which the case forked, still ran at the case's timeout: killed$" \
		"$mode: a process that outlives its case's timeout is killed, named"
	expect_line "$out" "    not ok 1 never_ends" "$mode: and its case fails"
	expect_line "$out" "not ok 5 late-at-the-end" \
		"$mode: a process that fails while the program ends fails the last suite"

	# What the case's own wait() sees, and helpers that crash.
	expect_line "$out" "    ok 1 waits_for_its_own" \
		"$mode: a case's wait() returns its own child, not an orphan it never had"
	expect_match "$out" "^    # helper_aborts: process [0-9]+ crashed: killed by signal 6 \(Aborted\), which the case forked$" \
		"$mode: a process that crashes after its case returned fails the case, saying how"
	expect_line "$out" "    not ok 2 helper_aborts" "$mode: the case whose process crashed fails"
	if [ $mode = asan ]; then
		expect_match "$out" "^    # helper_overflows: process [0-9]+ ended with a sanitizer's report \(on stderr\), which the case forked$" \
			"asan: a process whose overflow a sanitizer reports fails its case"
		expect_line "$out" "    not ok 3 helper_overflows" "asan: the case fails"
	fi
done

# What left the process group unregistered (clone(), setsid()) is waited
# for when the run ends: its failure, or its still running, fails the run.
for mode in supervised no-fork; do
	flag=
	[ $mode = no-fork ] && flag=--no-fork
	out=$SCRATCH/escapes-$mode.ktap
	"$USER_BUILD/fixtures/forked-late" --timeout=1 $flag alone-escapes.escapes_and_fails > "$out" 2>&1
	expect_status 1 $? "$mode: a process that escaped and failed after the results fails the run"
	expect_match "$out" "^Bail out! kunit: a check failed in process [0-9]+, which case 1 \(escapes_and_fails\) of suite 1 forked, after its case's result$" \
		"$mode: and the run says which case started it"
	out=$SCRATCH/for-ever-$mode.ktap
	"$USER_BUILD/fixtures/forked-late" --timeout=1 $flag alone-escapes.escapes_for_ever > "$out" 2>&1
	expect_status 1 $? "$mode: a process that escaped and runs on fails the run"
	expect_match "$out" "^Bail out! kunit: process [0-9]+, which a case started, still ran at the end of the run: killed$" \
		"$mode: it is killed, named"
done

# A process that a parameterised case's context forks (in param_init or
# param_exit) and that fails a check fails that case, not a later one.
for mode in supervised no-fork; do
	flag=
	[ $mode = no-fork ] && flag=--no-fork
	out=$SCRATCH/context-$mode.ktap
	"$USER_BUILD/fixtures/forked-late" --timeout=2 $flag alone-context > "$out" 2>&1
	expect_status 1 $? "$mode: a check failed by what a case's context forked fails the run"
	expect_line "$out" "    not ok 1 context_param" "$mode: param_init's process fails its case"
	expect_line "$out" "    not ok 2 context_param" "$mode: param_exit's process fails its case"
	expect_line "$out" "    ok 3 innocent" "$mode: the case after them passes"
done

# Unknown to the run (clone()), in the test process's group: its failure
# after the last case is waited for, and fails the run.
for mode in supervised no-fork; do
	flag=
	[ $mode = no-fork ] && flag=--no-fork
	out=$SCRATCH/unknown-last-$mode.ktap
	"$USER_BUILD/fixtures/forked-late" --timeout=2 $flag alone-unknown-last > "$out" 2>&1
	expect_status 1 $? "$mode: a process of the group that fails after the last case fails the run"
	expect_match "$out" "^Bail out! kunit: a check failed in process [0-9]+, which case 1 \(clone_stays_and_fails\) of suite 1 forked, after its case's result$" \
		"$mode: and the run names the case that started it"
done

# More processes than the run can follow: the case fails, saying so; one
# that registers behind the wait's scan is still waited for.
out=$SCRATCH/many.ktap
"$USER_BUILD/fixtures/forked-late" --timeout=120 alone-many > "$out" 2>&1
expect_status 1 $? "a program whose case forks more than the run can follow fails"
expect_match "$out" "^    # fills_the_registry: process [0-9]+ could not be followed \(over 4096 processes at once\), which the case forked$" \
	"the case that forked more than the run can follow fails, saying so"
expect_line "$out" "    not ok 2 grandchild_registers_late" \
	"a grandchild that registers behind the wait's scan still fails its case"

# A table of late failures that is full: the running case's own still counts.
out=$SCRATCH/full-table.ktap
"$USER_BUILD/fixtures/forked-late" --timeout=5 alone-full-table > "$out" 2>&1
expect_status 1 $? "a program whose failures fill the table fails"
expect_line "$out" "    not ok 2 fails_after_the_flood" \
	"the running case's own process's failure is charged to it, whatever the table holds"

# A child the program had before it ran (a shell's job, kept across exec)
# is neither waited for nor killed.
sh -c 'sleep 5 & echo $! > "$1"; exec "$2" --timeout=2 late.innocent' sh "$SCRATCH/job" \
	"$USER_BUILD/fixtures/forked-late" > "$SCRATCH/job.ktap" 2>&1
expect_status 0 $? "a program with a child it had before passes"
if kill -0 "$(cat "$SCRATCH/job")" 2> /dev/null; then
	pass "and leaves that child alone"
	kill "$(cat "$SCRATCH/job")"
else
	fail "the program killed a child it had before it ran"
fi

# Correct tests that fork pass as they would unfollowed, in every mode; a
# crash of a process the program had before it ran fails nothing.
for mode in supervised no-fork asan; do
	out=$SCRATCH/legit-$mode.ktap
	case $mode in
	supervised) "$USER_BUILD/fixtures/forked-legit" --timeout=2 'legit*' > "$out" 2>&1 ;;
	no-fork) "$USER_BUILD/fixtures/forked-legit" --timeout=2 --no-fork 'legit*' > "$out" 2>&1 ;;
	asan) "$ASAN_BUILD/fixtures/forked-legit" --timeout=2 'legit*' > "$out" 2>&1 ;;
	esac
	expect_status 0 $? "$mode: correct tests that fork pass"
	expect_line "$out" "    ok 1 skips # SKIP what it tests is not here" \
		"$mode: a case that skips beside .init's helper is skipped, at once"
	expect_line "$out" "    ok 1 forks_beside_a_thread" \
		"$mode: a child that exit()s while a thread of the case holds memory passes"
	expect_line "$out" "    ok 1 ends_near_its_timeout" \
		"$mode: a helper that ends just after its case, near the timeout, passes"
	expect_line "$out" "ok 4 legit-quit" "$mode: a helper that .exit stops with SIGQUIT is no crash"
	[ $mode = asan ] && expect_line "$out" "    ok 3 death_test" \
		"asan: a death test that reaps a child a sanitizer ended passes"
	if grep -q "^    ok 2 child_in_pid_namespace # SKIP" "$out"; then
		skip "$mode: a child in a new pid namespace" "unshare(CLONE_NEWPID) needs root"
	else
		expect_line "$out" "    ok 2 child_in_pid_namespace" "$mode: a child in a new pid namespace passes"
	fi
done
sh -c 'sh -c "sleep 0.5; kill -ABRT \$\$" & exec "$1" --timeout=2 legit-near-timeout' sh \
	"$USER_BUILD/fixtures/forked-legit" > "$SCRATCH/crashing-job.ktap" 2>&1
expect_status 0 $? "a crash of a child the program had before it ran fails nothing"
# Nor does a process that such a child starts during the run: it is the
# child's, not the cases'; it is neither waited for nor killed.
sh -c '(sleep 0.3; sleep 5 & echo $! > "$2") & exec "$1" --timeout=2 legit-near-timeout' sh \
	"$USER_BUILD/fixtures/forked-legit" "$SCRATCH/grandchild" > "$SCRATCH/grandchild.ktap" 2>&1
expect_status 0 $? "a process that a child the program had before starts fails nothing"
if [ "$(sed -n 's/.*) \(.\).*/\1/p' "/proc/$(cat "$SCRATCH/grandchild")/stat" 2> /dev/null)" = S ]; then
	pass "and lives on"
	kill "$(cat "$SCRATCH/grandchild")"
else
	fail "the run killed a process that a child the program had before started"
fi

# A process of the group that no fork handler saw writes after the run's
# results, then fails: the run still reads its pipes, and fails.
out=$SCRATCH/left-writer.ktap
"$USER_BUILD/fixtures/forked-late" --timeout=3 alone-left-writer > "$out" 2>&1
expect_status 1 $? "a process left writing after the results, then failing, fails the run"
expect_match "$out" "^Bail out! kunit: a check failed in process [0-9]+, which case 1 \(leaves_a_writer\) of suite 1 forked, after its case's result$" \
	"and the run names the case that started it"

# A program started with SIGCHLD ignored (kept across exec; a shell's trap
# cannot do it) passes as it should: the run's status is not reaped away.
python3 -c 'import os, signal, sys
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
os.execv(sys.argv[1], sys.argv[1:])' "$USER_BUILD/fixtures/forked-legit" --timeout=2 legit-quit \
	> "$SCRATCH/sigchld-ignored.ktap" 2>&1
expect_status 0 $? "a passing program started with SIGCHLD ignored passes"
