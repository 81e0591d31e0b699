# SPDX-License-Identifier: GPL-2.0
# Odd suites get the right result or a clear message, never a crash.
. tests/lib.sh

out=$SCRATCH/bad-input.ktap
"$USER_BUILD/fixtures/bad-input" > "$out" 2>&1
expect_status 1 $? "the bad-input fixture fails (one expectation fails on purpose)"
expect_line "$out" "ok 1 empty # SKIP no test cases" "a suite without cases is skipped, saying why"
expect_line "$out" "# warning: more than one suite is named twin" "a shared suite name is warned of"
expect_line "$out" "ok 3 twin" "the first twin runs"
expect_line "$out" "ok 4 twin" "the second twin runs"
line=$(grep -n 'KUNIT_EXPECT_STREQ(test, null, "text")' tests/fixtures/bad-input.c | cut -d: -f1)
expect_line "$out" "    # null_strings: EXPECTATION FAILED at tests/fixtures/bad-input.c:$line" \
	"STREQ with NULL fails without crashing"
expect_line "$out" "    #     null == (null)" "NULL prints as (null)"
long=$(sed -n 's/^[[:space:]]*"\([a-z_]*\)"[[:space:]]*\\*$/\1/p' tests/fixtures/bad-input.c | tr -d '\n')
if [ ${#long} -gt 300 ]; then
	expect_line "$out" "    ok 3 $long" "a ${#long}-character case name is printed whole"
else
	fail "could not read the long case name from the fixture (${#long} characters)"
fi
desc=$(printf 'd%.0s' $(seq 1 127))
expect_line "$out" "        ok 1 $desc" \
	"a description that fills its buffer is cut at 127 characters, not overrun"

"$ASAN_BUILD/fixtures/bad-input" > "$SCRATCH/asan" 2> "$SCRATCH/asan.err"
expect_status 1 $? "the bad-input fixture under ASan and UBSan"
if [ -s "$SCRATCH/asan.err" ]; then
	fail "ASan or UBSan reported errors on the bad-input fixture"
	show "$SCRATCH/asan.err"
else
	pass "no ASan or UBSan report on the bad-input fixture"
fi
