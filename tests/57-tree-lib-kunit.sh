# SPDX-License-Identifier: GPL-2.0
# 6.12's own lib/kunit suites in userspace: the files of 6.12's lib/kunit
# that test KUnit through the API of include/kunit (the example, assert.h's
# formatters, the executor's filters) build unchanged with scripts/kunit-cc,
# under ASan and UBSan, and give, case by case, the results that stock
# 6.12 KUnit gives them in the kernel, as make compat recorded them on the
# tree's whole all-tests list (scripts/compat/all_tests_full-6.12.results).
# The platform bus's suite stops at compile time, saying why.
. tests/lib.sh

ksrc=$("$TOP/scripts/ksrc.sh" "$BUILD" 6.12 2> "$SCRATCH/ksrc.err")
if [ -z "$ksrc" ]; then
	fail "no 6.12 tree: $(cat "$SCRATCH/ksrc.err")"
	exit 0
fi
record=$TOP/scripts/compat/all_tests_full-6.12.results
flags="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"

: > "$SCRATCH/user.results"
for file in kunit-example-test assert_test executor_test; do
	# shellcheck disable=SC2086
	"$TOP/scripts/kunit-cc" --ksrc="$ksrc" "$ksrc/lib/kunit/$file.c" -o "$SCRATCH/$file" \
		$flags > "$SCRATCH/$file.cc" 2>&1
	status=$?
	expect_status 0 $status "kunit-cc builds 6.12's lib/kunit/$file.c unchanged"
	if [ $status -ne 0 ]; then
		show "$SCRATCH/$file.cc" 20
		continue
	fi
	"$SCRATCH/$file" > "$SCRATCH/$file.ktap" 2>&1
	expect_status 0 $? "6.12's lib/kunit/$file.c passes in userspace under ASan and UBSan"
	if ! "$BUILD/host/kunit-report" --results="$SCRATCH/$file.results" \
		"$SCRATCH/$file.ktap" > "$SCRATCH/$file.report" 2>&1 ||
	   ! [ -s "$SCRATCH/$file.results" ]; then
		fail "6.12's $file: its results cannot be read"
		show "$SCRATCH/$file.report" 20
		continue
	fi
	cat "$SCRATCH/$file.results" >> "$SCRATCH/user.results"
done
sort "$SCRATCH/user.results" -o "$SCRATCH/user.results"

# The suites these files register, and stock's results of them from the
# record of stock 6.12 in the kernel: a suite that did not run in
# userspace, or that the record lacks, is a difference too.
suites="example example_init kunit-assert kunit_executor_test"
ran=$(cut -d' ' -f1 "$SCRATCH/user.results" | cut -d. -f1 | sort -u | tr '\n' ' ')
if [ "$ran" = "$suites " ]; then
	pass "in userspace, the suites the three files register ran: $suites"
else
	fail "in userspace, the suites that ran: $ran; wanted: $suites"
fi
: > "$SCRATCH/kernel.results"
missing=
for suite in $suites; do
	grep "^$suite[. ]" "$record" >> "$SCRATCH/kernel.results" 2>/dev/null ||
		missing="$missing $suite"
done
if [ -z "$missing" ]; then
	pass "each of these suites has stock 6.12's results on record"
else
	fail "suites with no stock 6.12 result in $record:$missing"
fi
expect_same "$SCRATCH/kernel.results" "$SCRATCH/user.results" \
	"in userspace, stock 6.12's kernel results case by case: $(wc -l < "$SCRATCH/user.results") results"

# The platform bus does not exist in userspace: the compiler says so.
"$TOP/scripts/kunit-cc" --ksrc="$ksrc" "$ksrc/lib/kunit/platform-test.c" \
	-o "$SCRATCH/platform-test" > "$SCRATCH/platform.cc" 2>&1
expect_status 1 $? "6.12's lib/kunit/platform-test.c does not build in userspace"
expect_match "$SCRATCH/platform.cc" \
	'error: #error "<kunit/platform_device.h>: userspace has no platform bus or driver model; run this test in the kernel"' \
	"the compiler says why, and where to run it"
