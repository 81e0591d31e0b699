# SPDX-License-Identifier: GPL-2.0
# The kernel tree's own kunit.py parses the programs' KTAP case by case.
. tests/lib.sh

"$USER_BUILD/kunit-example-test" > "$SCRATCH/example.ktap" 2>&1
kunit_py_results "$SCRATCH/example.ktap" "$SCRATCH/example"
printf '%s\n' 'example.example_push_pop_test PASS' 'example.example_full_stack_test PASS' \
	'example.example_empty_stack_test PASS' 'example.example_all_checks_test PASS' \
	'example.example_skip_test SKIP' 'example.example_params_test.1 + 2 PASS' \
	'example.example_params_test.-1 + 1 PASS' \
	'example.example_params_test.2147483647 + 0 PASS' | sort > "$SCRATCH/example.wanted"
sort "$SCRATCH/example" > "$SCRATCH/example.got"
expect_same "$SCRATCH/example.wanted" "$SCRATCH/example.got" "kunit.py reads the example"

"$USER_BUILD/fixtures/crashes" --timeout=1 > "$SCRATCH/crashes.ktap" 2>&1
kunit_py_results "$SCRATCH/crashes.ktap" "$SCRATCH/crashes"
for line in 'crashes.null_dereference FAIL' 'crashes.after_crash PASS' 'crashes.hangs FAIL' \
	'crashes.crashes_on_two.value 1 PASS' 'crashes.crashes_on_two.value 2 FAIL' \
	'crashes.crashes_on_two.value 3 PASS' 'survivor.after_crash PASS'; do
	expect_line "$SCRATCH/crashes" "$line" "kunit.py reads '$line' after crashes"
done
if grep -q 'Ran 16 tests: passed: 6, failed: 10' "$SCRATCH/crashes.log"; then
	pass "kunit.py counts the crash fixture's 16 results"
else
	fail "kunit.py's count for the crash fixture"
	tail -n 3 "$SCRATCH/crashes.log" | sed -e 's/^/#   /'
fi

"$USER_BUILD/kunit-test" > "$SCRATCH/self.ktap" 2>&1
kunit_py_results "$SCRATCH/self.ktap" "$SCRATCH/self"
summary=$(grep 'Testing complete' "$SCRATCH/self.log")
if echo "$summary" | grep -qE 'Ran [0-9]+ tests: passed: [0-9]+$'; then
	pass "kunit.py reads KUnit's own suites: $(grep -o 'Ran [0-9]* tests' "$SCRATCH/self.log")"
else
	fail "kunit.py on KUnit's own suites"
	tail -n 5 "$SCRATCH/self.log" | sed -e 's/^/#   /'
fi
