# SPDX-License-Identifier: GPL-2.0
# Results that cannot be written are lost results: a userspace KUnit
# program, and kunit-report, fail when stdout does not take them (a full
# disk, a closed descriptor), and say so on stderr; a program whose cases'
# stderr is lost fails too, with a Bail out! line on stdout.
. tests/lib.sh

prog=$USER_BUILD/kunit-example-test
"$prog" > /dev/null 2>&1
expect_status 0 $? "the example program passes when its output is written"

for mode in supervised no-fork; do
	flag=
	[ $mode = no-fork ] && flag=--no-fork
	"$prog" $flag > /dev/full 2> "$SCRATCH/full-$mode.err"
	expect_status 1 $? "$mode: a program whose stdout is full fails"
	expect_line "$SCRATCH/full-$mode.err" \
		"kunit: cannot write the results to standard output: No space left on device; the run fails" \
		"$mode: and says so on stderr"
	"$prog" $flag >&- 2> "$SCRATCH/closed-$mode.err"
	expect_status 1 $? "$mode: a program whose stdout is closed fails"
	expect_line "$SCRATCH/closed-$mode.err" \
		"kunit: cannot write the results to standard output: Bad file descriptor; the run fails" \
		"$mode: and says so on stderr"
	"$prog" $flag --list > /dev/full 2> /dev/null
	expect_status 1 $? "$mode: a list of the cases that stdout does not take fails"

	# A case that writes to stderr, whose lines are lost.
	out=$SCRATCH/stderr-$mode.ktap
	"$USER_BUILD/fixtures/output" $flag output.errs_without_newline > "$out" 2> /dev/null
	expect_status 0 $? "$mode: the case that writes to stderr passes where stderr takes it"
	"$USER_BUILD/fixtures/output" $flag output.errs_without_newline > "$out" 2> /dev/full
	expect_status 1 $? "$mode: a program whose cases' stderr is lost fails"
	expect_line "$out" \
		"Bail out! kunit: what the cases wrote to standard error was lost: No space left on device" \
		"$mode: and says so where a reader of its results sees it"
done

console=$SCRATCH/passing.log
"$prog" > "$console" 2>&1
"$BUILD/host/kunit-report" --color=never "$console" > /dev/null 2>&1
expect_status 0 $? "kunit-report passes a passing console"
"$BUILD/host/kunit-report" --color=never "$console" > /dev/full 2> "$SCRATCH/report.err"
expect_status 1 $? "kunit-report fails when stdout does not take its summary"
if grep -q "^$BUILD/host/kunit-report: cannot write to standard output" "$SCRATCH/report.err"; then
	pass "and says so on stderr"
else
	fail "kunit-report says nothing on stderr of its lost summary"
	show "$SCRATCH/report.err"
fi
