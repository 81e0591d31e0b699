# SPDX-License-Identifier: GPL-2.0
# The userspace executor's command line: filters, --list, --no-fork,
# timeouts, help, bad input, and kselftest's exit codes.
. tests/lib.sh

prog=$USER_BUILD/kunit-test

"$prog" --help > "$SCRATCH/help" 2>&1
expect_status 0 $? "--help"
expect_line "$SCRATCH/help" "Usage: $prog [OPTION]... [FILTER]" "--help prints the usage"

"$prog" 'kunit-status.*fail_current*' > "$SCRATCH/filtered" 2>&1
expect_status 0 $? "a filter glob"
expect_line "$SCRATCH/filtered" "1..1" "the filter keeps one suite"
expect_line "$SCRATCH/filtered" "    1..2" "the filter keeps the two matching cases"
expect_line "$SCRATCH/filtered" "    ok 1 status_test_fail_current_test" \
	"the filtered cases are renumbered"

"$prog" --filter='kunit-st*' > "$SCRATCH/filter-option" 2>&1
expect_status 0 $? "--filter=GLOB"
expect_line "$SCRATCH/filter-option" "    # Subtest: kunit-status" "--filter selects the suite"

"$prog" --list 'kunit-log' > "$SCRATCH/list" 2>&1
expect_status 0 $? "--list"
printf '%s\n' "KTAP version 1" "kunit-log.log_test_lines" "kunit-log.log_test_long_line_is_whole" \
	"kunit-log.log_test_null_argument" > "$SCRATCH/list.expected"
expect_same "$SCRATCH/list.expected" "$SCRATCH/list" "--list prints suite.case names"

"$prog" 'no-such-suite*' > "$SCRATCH/nomatch" 2>&1
expect_status 4 $? "a filter that matches nothing is a skip"
expect_line "$SCRATCH/nomatch" "1..0" "a filter that matches nothing prints an empty plan"

for bad in '' '.case' 'suite.' 'suite[ab' 'suite.case[!'; do
	"$prog" -f "$bad" > "$SCRATCH/bad" 2>&1
	expect_status 2 $? "the malformed filter '$bad' is refused"
	if grep -qF "bad filter '$bad'" "$SCRATCH/bad"; then
		pass "the malformed filter '$bad' is named"
	else
		fail "no clear message for the malformed filter '$bad'"
		show "$SCRATCH/bad"
	fi
done

# Attribute filters, as kunit.filter and kunit.filter_action.
"$prog" --attr='speed<normal' > "$SCRATCH/attr" 2>&1
expect_status 4 $? "--attr='speed<normal': nothing to run is a skip"
expect_line "$SCRATCH/attr" "1..0" "no case of kunit-test is slow: none runs"
"$prog" -a 'module=kunit_test' 'kunit-attr*' > "$SCRATCH/attr-module" 2>&1
expect_status 0 $? "-a 'module=kunit_test' with a glob"
expect_line "$SCRATCH/attr-module" "    # module: kunit_test" "the suite names its module"
expect_line "$SCRATCH/attr-module" "    ok 6 attributes_test_skip_not_run" "and runs every case"
"$prog" --attr='module!=kunit_test' --filter-action=skip 'kunit-attr*' > "$SCRATCH/attr-skip" 2>&1
expect_status 4 $? "--filter-action=skip: every case left out is a skip"
expect_line "$SCRATCH/attr-skip" "    ok 1 attributes_test_ktap # SKIP" "kept, skipped, not run"
# A filter action alone filters nothing: the plan is the whole run's.
"$prog" > "$SCRATCH/plain" 2>&1
"$prog" --filter-action=skip > "$SCRATCH/action-alone" 2>&1
expect_status 0 $? "--filter-action=skip alone runs everything and passes"
if [ "$(grep -c '^ok \|^not ok ' "$SCRATCH/action-alone")" = "$(grep -c '^ok \|^not ok ' "$SCRATCH/plain")" ] &&
	! grep -q '# SKIP$' "$SCRATCH/action-alone"; then
	pass "and keeps every suite, skipping no case"
else
	fail "--filter-action=skip alone changed the run"
	show "$SCRATCH/action-alone"
fi
for bad in 'speed>fast' 'colour=red' 'module<x' 'speed'; do
	"$prog" --attr="$bad" > "$SCRATCH/bad-attr" 2>&1
	expect_status 2 $? "the attribute filter '$bad' is refused"
	if grep -qF "$prog: bad --attr '$bad': " "$SCRATCH/bad-attr"; then
		pass "and named"
	else
		fail "no clear message for --attr='$bad'"
		show "$SCRATCH/bad-attr"
	fi
done
"$prog" --attr='speed>slow' --filter-action=drop > "$SCRATCH/bad-action" 2>&1
expect_status 2 $? "a filter action other than skip is refused"
expect_line "$SCRATCH/bad-action" "$prog: bad --filter-action 'drop': give skip" "and named"
"$prog" --list-attr 'kunit-attr*' > "$SCRATCH/list-attr" 2>&1
expect_status 0 $? "--list-attr"
if [ "$(sed -n '1,4p' "$SCRATCH/list-attr")" = "KTAP version 1
# module: kunit_test
kunit-attributes.attributes_test_ktap
kunit-attributes.attributes_test_filter" ]; then
	pass "--list-attr lists the suite's attributes, then its cases"
else
	fail "--list-attr prints something else"
	show "$SCRATCH/list-attr"
fi

"$prog" a b > "$SCRATCH/two" 2>&1
expect_status 2 $? "two filters are refused"
"$prog" --timeout=soon > "$SCRATCH/timeout" 2>&1
expect_status 2 $? "a timeout that is not a number is refused"
expect_line "$SCRATCH/timeout" "$prog: bad timeout 'soon': give whole seconds, 0 to 86400" \
	"the bad timeout is named"
"$prog" --frobnicate > "$SCRATCH/option" 2>&1
expect_status 2 $? "an unknown option is refused"

"$USER_BUILD/fixtures/all-skipped" > "$SCRATCH/skipped" 2>&1
expect_status 4 $? "a program whose cases all skip exits with kselftest's SKIP"
expect_line "$SCRATCH/skipped" "ok 1 all-skipped # SKIP" "the all-skipped suite is a skip"

# In one process, for a debugger: assertions still stop their case...
"$prog" --no-fork > "$SCRATCH/nofork" 2>&1
expect_status 0 $? "--no-fork runs the self-tests in one process"
# ...and a crash stops the program where it happened.
"$USER_BUILD/fixtures/crashes" --no-fork 'crashes.null_dereference' > "$SCRATCH/nofork-crash" 2>&1
expect_status 1 $? "--no-fork: a crash ends the run and fails the program"
expect_line "$SCRATCH/nofork-crash" \
	"Bail out! kunit: the test process ended in the middle of the run, in suite 1, case 1 (--no-fork): crashed: killed by SIGSEGV (Segmentation fault)" \
	"--no-fork: and says where and how"
# ...and a check that fails in a process a case forked fails the case.
"$USER_BUILD/fixtures/verdicts" --no-fork 'forks*' > "$SCRATCH/nofork-forks" 2>&1
expect_status 1 $? "--no-fork: checks that fail in forked processes fail the program"
expect_line "$SCRATCH/nofork-forks" "    not ok 1 forked_expectation_fails" \
	"--no-fork: an expectation that fails in a forked process fails its case"

# A timeout of 0 lets a case run as long as it takes.
"$USER_BUILD/fixtures/crashes" --timeout=0 'crashes.after_crash' > "$SCRATCH/notimeout" 2>&1
expect_status 0 $? "--timeout=0"
