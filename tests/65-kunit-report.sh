# SPDX-License-Identifier: GPL-2.0
# kunit-report reads consoles: KTAP among kernel messages, several
# documents, a suite cut short by a crash; it writes one KTAP document
# that kunit.py reads, and fails when anything failed or nothing ran.
. tests/lib.sh

report=$BUILD/host/kunit-report

# A console: noise, the built-in document, a module's document, and a
# module whose suite the kernel never finished.
{
	echo "Linux version 6.1.0 (noise)"
	"$USER_BUILD/kunit-example-test"
	echo "random: crng init done"
	"$USER_BUILD/samples/misc-example-test"
	echo "KTAP version 1"
	echo "1..1"
	echo "    KTAP version 1"
	echo "    # Subtest: dies"
	echo "    1..3"
	echo "    ok 1 first"
	echo "BUG: kernel NULL pointer dereference, address: 0000000000000000"
	echo "Kernel panic - not syncing: Fatal exception"
} > "$SCRATCH/console.log" 2>&1

"$report" --color=never --ktap="$SCRATCH/results.ktap" "$SCRATCH/console.log" > "$SCRATCH/out" 2>&1
expect_status 1 $? "kunit-report fails a console with failures and a crash"
expect_line "$SCRATCH/out" "[PASS] example                                    7 passed, 0 failed, 1 skipped" \
	"the example suite is summarised"
expect_line "$SCRATCH/out" "    FAIL misc_example_test_failure" "the failing case is named"
expect_line "$SCRATCH/out" "          # This test never passes." "the failure's log follows"
expect_line "$SCRATCH/out" "    did not finish: the kernel panicked" "a suite cut short is reported"
expect_line "$SCRATCH/out" "    plan 1..3: tests 2 to 3 did not report" \
	"with the cases that never reported"
expect_line "$SCRATCH/out" "      | BUG: kernel NULL pointer dereference, address: 0000000000000000" \
	"what the kernel printed as it died is shown"
expect_line "$SCRATCH/out" "Kernel panic - not syncing: Fatal exception" "the panic is reported"
expect_line "$SCRATCH/results.ktap" "1..4" \
	"the merged document plans three suites, and the errors outside them"
expect_line "$SCRATCH/results.ktap" "not ok 4 (outside the tests)" \
	"the panic is a failed test of its own"
expect_line "$SCRATCH/results.ktap" "not ok 2 misc-example" "suites are numbered anew"
expect_no_line "$SCRATCH/results.ktap" "crng" "kernel messages stay out of the KTAP"

kunit_py_results "$SCRATCH/results.ktap" "$SCRATCH/py"
expect_line "$SCRATCH/py" "dies.first PASS" "kunit.py reads the merged document"
if grep -q 'Ran 14 tests: passed: 9, failed: 4, skipped: 1' "$SCRATCH/py.log"; then
	pass "kunit.py counts the two cases the dead kernel never ran, and the panic, as failed"
else
	fail "kunit.py's counts for the merged document"
	tail -n 3 "$SCRATCH/py.log" | sed -e 's/^/#   /'
fi

# A skip without a reason ends the line with "# SKIP".
printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: bare" "    1..1" \
	"    ok 1 quiet # SKIP" "ok 1 bare # SKIP" > "$SCRATCH/bare.log"
"$report" --results="$SCRATCH/bare.results" "$SCRATCH/bare.log" > /dev/null 2>&1
expect_status 0 $? "kunit-report on a console whose only case skips"
expect_line "$SCRATCH/bare.results" "bare.quiet SKIP" "a skip without a reason is a skip named 'quiet'"

"$USER_BUILD/kunit-test" > "$SCRATCH/self.log" 2>&1
"$report" --color=never "$SCRATCH/self.log" > "$SCRATCH/self.out" 2>&1
expect_status 0 $? "kunit-report passes a console where everything passed"

echo "no tests here" > "$SCRATCH/empty.log"
"$report" "$SCRATCH/empty.log" > "$SCRATCH/empty.out" 2>&1
expect_status 1 $? "kunit-report fails a console without results"
if grep -q 'no KUnit results in' "$SCRATCH/empty.out"; then
	pass "and says so"
else
	fail "no message for a console without results"
fi
"$report" "$SCRATCH/missing.log" > "$SCRATCH/missing.out" 2>&1
expect_status 1 $? "kunit-report on a missing file"
"$report" > /dev/null 2>&1
expect_status 2 $? "kunit-report without a file"

valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=99 \
	"$report" --ktap="$SCRATCH/v.ktap" "$SCRATCH/console.log" > "$SCRATCH/valgrind" 2>&1
expect_status 1 $? "kunit-report is clean under valgrind"

# --json and --junit, on results with passes, failures, crashes, skips and
# parameters: the userspace crash fixture and KUnit's own suites.
{ "$USER_BUILD/fixtures/crashes" --timeout=1; "$USER_BUILD/kunit-example-test"; } \
	> "$SCRATCH/mixed.log" 2>&1
"$report" --ktap="$SCRATCH/mixed.ktap" --json="$SCRATCH/mixed.json" --arch=x86_64 \
	--junit="$SCRATCH/mixed.xml" "$SCRATCH/mixed.log" > /dev/null 2>&1
expect_status 1 $? "kunit-report writes JSON and JUnit for a run with failures"
json_results "$SCRATCH/mixed.json" "$SCRATCH/all.results"
kunit_py_results "$SCRATCH/mixed.ktap" "$SCRATCH/kunit-py.results"
# Where kunit.py's JSON has a failed group with only passed cases in it,
# ours says why with a leaf of its own; the rest is the same.
expect_line "$SCRATCH/all.results" "suite-exit-crashes.(suite) FAIL" \
	"--json: a suite that failed outside its cases has a failed (suite) leaf"
grep -v -x -F 'suite-exit-crashes.(suite) FAIL' "$SCRATCH/all.results" > "$SCRATCH/ours.results"
if [ -s "$SCRATCH/ours.results" ] &&
   diff -u "$SCRATCH/kunit-py.results" "$SCRATCH/ours.results" > "$SCRATCH/json.diff"; then
	pass "--json gives kunit.py --json's groups, names and statuses: $(wc -l < "$SCRATCH/ours.results") results"
else
	fail "--json differs from kunit.py --json"
	show "$SCRATCH/json.diff" 20
fi
if python3 - "$SCRATCH/mixed.json" <<'PY'
import json, sys
top = json.load(open(sys.argv[1]))
assert top["name"] == "KUnit Test Group" and top["arch"] == "x86_64"
assert top["git_branch"] == "kselftest"
assert all(g["arch"] == "x86_64" and "defconfig" in g for g in top["sub_groups"])
PY
then
	pass "--json has kunit.py's common fields, with --arch"
else
	fail "--json lacks kunit.py's common fields"
fi
if python3 - "$SCRATCH/mixed.xml" > "$SCRATCH/junit.out" 2>&1 <<'PY'
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cases = root.findall("./testsuite/testcase")
failures = [c for c in cases if c.find("failure") is not None]
skipped = [c for c in cases if c.find("skipped") is not None]
assert int(root.get("tests")) == len(cases), (root.get("tests"), len(cases))
assert int(root.get("failures")) == len(failures)
assert int(root.get("skipped")) == len(skipped)
names = {c.get("classname") + "." + c.get("name") for c in cases}
assert "crashes.crashes_on_two.value 2" in names, sorted(names)
text = "".join(c.find("failure").text or "" for c in failures)
assert "crashed: killed by SIGSEGV" in text
print(len(cases), len(failures), len(skipped))
PY
then
	pass "--junit is well-formed XML with one testcase per result: $(cat "$SCRATCH/junit.out") (cases, failures, skips)"
else
	fail "--junit"
	show "$SCRATCH/junit.out" 10
fi

# kunit.py's --summary and --failed (6.13): the summary line alone, or with
# the suites that failed; the files and the exit status stay the same.
"$report" --color=never "$SCRATCH/mixed.log" > "$SCRATCH/all.out" 2>&1
all_status=$?
"$report" --color=never --summary --ktap="$SCRATCH/summary.ktap" "$SCRATCH/mixed.log" \
	> "$SCRATCH/summary.out" 2>&1
expect_status "$all_status" $? "--summary exits as the full report does"
if [ "$(wc -l < "$SCRATCH/summary.out")" -eq 1 ] &&
	[ "$(cat "$SCRATCH/summary.out")" = "$(grep -E '^[0-9]+ suites, ' "$SCRATCH/all.out")" ]; then
	pass "--summary prints the summary line alone"
else
	fail "--summary printed more or other than the summary line"
	show "$SCRATCH/summary.out" 10
fi
if cmp -s "$SCRATCH/summary.ktap" "$SCRATCH/mixed.ktap"; then
	pass "--summary writes the same files"
else
	fail "--summary wrote another KTAP document"
fi
"$report" --color=never --failed "$SCRATCH/mixed.log" > "$SCRATCH/failed.out" 2>&1
expect_status "$all_status" $? "--failed exits as the full report does"
if grep -q '^\[PASS\]\|^\[SKIP\]' "$SCRATCH/failed.out"; then
	fail "--failed printed a suite that did not fail"
	show "$SCRATCH/failed.out" 20
elif [ "$(grep -c '^\[FAIL\]' "$SCRATCH/failed.out")" -eq "$(grep -c '^\[FAIL\]' "$SCRATCH/all.out")" ] &&
	[ "$(grep -c '^\[FAIL\]' "$SCRATCH/all.out")" -gt 0 ] &&
	[ "$(tail -n 1 "$SCRATCH/failed.out")" = "$(tail -n 1 "$SCRATCH/all.out")" ]; then
	pass "--failed prints every failed suite, with why, and the summary line, nothing else"
else
	fail "--failed did not print the failed suites and the summary line"
	show "$SCRATCH/failed.out" 20
fi
