# SPDX-License-Identifier: GPL-2.0
# A check that fails in a process a case forked fails that case, however
# late it comes, in either mode and under ASan: never a later case, never
# nothing.  One the case cannot wait for fails the suite, naming the case.
. tests/lib.sh

for mode in supervised no-fork asan; do
	out=$SCRATCH/$mode.ktap
	case $mode in
	supervised) "$USER_BUILD/fixtures/forked-late" --timeout=2 > "$out" 2>&1 ;;
	no-fork) "$USER_BUILD/fixtures/forked-late" --timeout=2 --no-fork > "$out" 2>&1 ;;
	asan) "$ASAN_BUILD/fixtures/forked-late" --timeout=2 > "$out" 2>&1 ;;
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
	if grep -qE '^    # kunit: a check failed in process [0-9]+, which case 1 \(clones_late_failure\) of suite 2 forked, after the case.s result: its suite fails$' "$out"; then
		pass "$mode: a failure from a process made by clone() names the case that made it"
	else
		fail "$mode: no line names the case whose clone() failed late"
		show "$out"
	fi
	expect_line "$out" "not ok 2 unknown-process" "$mode: and fails the suite"
	expect_line "$out" "    ok 2 innocent" "$mode: not the case that ran meanwhile"

	if grep -qE "^    # never_ends: process [0-9]+, which the case forked, still ran at the case's timeout: killed$" "$out"; then
		pass "$mode: a process that outlives its case's timeout is killed, named"
	else
		fail "$mode: no line names the process that outlived its case's timeout"
		show "$out"
	fi
	expect_line "$out" "    not ok 1 never_ends" "$mode: and its case fails"
	expect_line "$out" "not ok 4 at-the-end" \
		"$mode: a process that fails while the program ends fails the last suite"
done

# What left the process group unregistered (clone(), setsid()) is waited
# for when the run ends: its failure, or its still running, fails the run.
for mode in supervised no-fork; do
	flag=
	[ $mode = no-fork ] && flag=--no-fork
	out=$SCRATCH/escapes-$mode.ktap
	"$USER_BUILD/fixtures/forked-late" --timeout=1 $flag escapes.escapes_and_fails > "$out" 2>&1
	expect_status 1 $? "$mode: a process that escaped and failed after the results fails the run"
	if grep -qE "^Bail out! kunit: a check failed in process [0-9]+, which case 1 \(escapes_and_fails\) of suite 1 forked, after its case's result$" "$out"; then
		pass "$mode: and the run says which case started it"
	else
		fail "$mode: no Bail out! line names the case whose process failed after the run"
		show "$out"
	fi
	out=$SCRATCH/for-ever-$mode.ktap
	"$USER_BUILD/fixtures/forked-late" --timeout=1 $flag escapes.escapes_for_ever > "$out" 2>&1
	expect_status 1 $? "$mode: a process that escaped and runs on fails the run"
	if grep -qE "^Bail out! kunit: process [0-9]+, which a case started, still ran at the end of the run: killed$" "$out"; then
		pass "$mode: it is killed, named"
	else
		fail "$mode: no Bail out! line names the process left running"
		show "$out"
	fi
done
