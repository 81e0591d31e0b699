# SPDX-License-Identifier: GPL-2.0
# KUnit's own suites and the example, in userspace: plain, under
# AddressSanitizer with UBSan, and under valgrind.
. tests/lib.sh

for prog in kunit-test kunit-example-test; do
	"$USER_BUILD/$prog" > "$SCRATCH/$prog.ktap" 2>&1
	status=$?
	expect_status 0 $status "$prog passes"
	[ $status -eq 0 ] || grep -B8 '^ *not ok' "$SCRATCH/$prog.ktap" | sed -e 's/^/#   /'
	# Every case it has reports, and every plan is met.
	listed=$("$USER_BUILD/$prog" --list | grep -c '\.')
	cases=$(grep -cE '^    (not )?ok ' "$SCRATCH/$prog.ktap")
	if [ "$cases" -eq "$listed" ] && [ "$cases" -gt 0 ] &&
	   "$BUILD/host/kunit-report" "$SCRATCH/$prog.ktap" > "$SCRATCH/$prog.report" 2>&1; then
		pass "$prog reports a result for each of its $listed cases, every plan met"
	else
		fail "$prog reports $cases case results for $listed cases"
		show "$SCRATCH/$prog.report"
	fi

	"$ASAN_BUILD/$prog" > "$SCRATCH/$prog.asan" 2>&1
	status=$?
	expect_status 0 $status "$prog passes under ASan and UBSan"
	[ $status -eq 0 ] || show "$SCRATCH/$prog.asan"

	valgrind -q --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \
		--error-exitcode=99 "$USER_BUILD/$prog" > "$SCRATCH/$prog.valgrind" 2>&1
	status=$?
	expect_status 0 $status "$prog passes under valgrind, no errors, no leaks"
	[ $status -eq 0 ] || show "$SCRATCH/$prog.valgrind"
done

# The self-tests must be able to fail: break one expectation of the runner's
# test and see the suite report it.
sed -e 's/"    ok 1 fake_passes\\n"/"    ok 1 fake_passes_broken\\n"/' lib/kunit/kunit-test.c \
	> "$SCRATCH/kunit-test-broken.c"
if cmp -s lib/kunit/kunit-test.c "$SCRATCH/kunit-test-broken.c"; then
	fail "could not break kunit-test.c for the self-check"
else
	cc -std=gnu11 -Iinclude -I"$TOP/lib/kunit" -Itools/testing/selftests/kunit/user/include \
		"$SCRATCH/kunit-test-broken.c" "$USER_BUILD/libkunit.a" \
		-o "$SCRATCH/kunit-test-broken" 2> "$SCRATCH/cc.log"
	"$SCRATCH/kunit-test-broken" > "$SCRATCH/broken.ktap" 2>&1
	expect_status 1 $? "a broken self-test makes kunit-test fail"
	expect_line "$SCRATCH/broken.ktap" "    not ok 1 runner_test_suite_ktap" \
		"the broken self-test names the case"
fi
