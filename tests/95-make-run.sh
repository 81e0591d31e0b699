# SPDX-License-Identifier: GPL-2.0
# make run: a real kernel with this KUnit, booted under QEMU.  The first
# run builds the kernel (minutes, cold); the others reuse it.
. tests/lib.sh

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "make run" "KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi

make --no-print-directory run BUILD="$BUILD" > "$SCRATCH/run1.out" 2>&1
expect_status 0 $? "make run builds a kernel, boots it and passes"
[ -f "$BUILD/last/console.log" ] || fail "no console.log"
summary=$(userspace_summary)
expect_line "$SCRATCH/run1.out" "$summary" \
	"in the kernel, KUnit's own suites give what they give in userspace: $summary"
if grep -q '^Elapsed time: .*s total, .*s build, .*s run' "$SCRATCH/run1.out"; then
	pass "stage timings are printed"
else
	fail "no stage timings"
	tail -n 5 "$SCRATCH/run1.out" | sed -e 's/^/#   /'
fi
kunit_py_results "$BUILD/last/results.ktap" "$SCRATCH/results"
total=$(echo "$summary" | sed -n 's/.* \([0-9]*\) results: \([0-9]*\) passed.*/Ran \1 tests: passed: \2, skipped: 1/p')
if [ -n "$total" ] && grep -q "$total" "$SCRATCH/results.log"; then
	pass "kunit.py parse reads results.ktap: $total"
else
	fail "kunit.py parse on results.ktap"
	tail -n 3 "$SCRATCH/results.log" | sed -e 's/^/#   /'
fi

make --no-print-directory run BUILD="$BUILD" > "$SCRATCH/run2.out" 2>&1
expect_status 0 $? "a second make run"
if grep -qE '^  (CC|LD|AR) ' "$BUILD/last/build.log"; then
	fail "a second make run recompiled the kernel"
	grep -E '^  (CC|LD|AR) ' "$BUILD/last/build.log" | head -n 5 | sed -e 's/^/#   /'
else
	pass "a second make run compiles nothing: $(grep '^Elapsed' "$SCRATCH/run2.out")"
fi

make --no-print-directory run BUILD="$BUILD" KUNIT_EXTRA=tests/extra/failing \
	> "$SCRATCH/extra.out" 2>&1
expect_status 2 $? "make run with a failing KUNIT_EXTRA suite fails"
expect_line "$SCRATCH/extra.out" "    FAIL extra_fails" "the failing expectation's case is named"
expect_line "$SCRATCH/extra.out" "    FAIL extra_asserts" "the failing assertion's case is named"
expect_line "$SCRATCH/extra.out" "    FAIL extra_oopses" "the case that oopses is named"
expect_line "$BUILD/last/results.ktap" "    ok 5 extra_after_oops" \
	"the case after the oops runs and passes"
expect_line "$BUILD/last/results.ktap" \
	"    # extra_oopses: crashed: the test thread died (oops, BUG or bad access; see above)" \
	"the oops is reported at once, not after kunit.timeout"

# A case that never returns is cut at kunit.timeout; the next one runs.
make --no-print-directory run BUILD="$BUILD" KUNIT_EXTRA=tests/extra/hang CASE_TIMEOUT=3 \
	FILTER='extra*' > "$SCRATCH/hang.out" 2>&1
expect_status 2 $? "make run with a hanging case fails"
expect_line "$BUILD/last/results.ktap" "    # hang_forever: timed out after 3 s" \
	"the hanging case is reported as timed out"
expect_line "$BUILD/last/results.ktap" "    ok 3 hang_after" "the case after the hang runs"
expect_no_line "$BUILD/last/results.ktap" "# Subtest: example" "FILTER keeps only the matching suites"

# A configuration option that does not exist is named, and nothing is built.
printf 'CONFIG_KUNIT=y\nCONFIG_KUNIT_NO_SUCH_OPTION=y\n' > "$SCRATCH/bad.kunitconfig"
make --no-print-directory run BUILD="$SCRATCH/build" KSRC="$BUILD/src/linux-source-6.1" \
	KUNITCONFIG="$SCRATCH/bad.kunitconfig" > "$SCRATCH/bad.out" 2>&1
expect_status 2 $? "make run with an unknown option fails"
expect_line "$SCRATCH/bad.out" \
	"  CONFIG_KUNIT_NO_SUCH_OPTION=y: no such option in this kernel" "the unknown option is named"
