# SPDX-License-Identifier: GPL-2.0
# make tree-suites: the kernel tree's own suites (tools/testing/selftests/kunit/tree-suites.list),
# from the tree unchanged, as userspace programs under ASan and UBSan.
. tests/lib.sh

make --no-print-directory tree-suites BUILD="$BUILD" > "$SCRATCH/out" 2>&1
expect_status 0 $? "make tree-suites builds and passes the tree's suites"
listed=$(grep -c '^[a-z]' tools/testing/selftests/kunit/tree-suites.list)
expect_line "$SCRATCH/out" "tree-suites: $listed programs from $BUILD/src/linux-source-6.1; $BUILD/last/tree-suites.ktap" \
	"every suite of the list ran: $listed programs"
for suite in rational linear-ranges-test list_sort bits-test lib_sort is_signed_type stackinit; do
	if grep -q "^\[PASS\] $suite " "$SCRATCH/out"; then
		pass "the tree's suite $suite passes in userspace"
	else
		fail "the tree's suite $suite does not pass in userspace"
		grep -A3 "\] $suite " "$SCRATCH/out" | sed -e 's/^/#   /'
	fi
done
kunit_py_results "$BUILD/last/tree-suites.ktap" "$SCRATCH/py"
if grep -q 'Ran 83 tests: passed: 78, skipped: 5' "$SCRATCH/py.log"; then
	pass "kunit.py parse reads tree-suites.ktap: 83 tests, 78 passed, 5 skipped"
else
	fail "kunit.py parse on tree-suites.ktap"
	tail -n 2 "$SCRATCH/py.log" | sed -e 's/^/#   /'
fi
# The suites and the code they test come from the tree, not from copies.
copies=
for file in $(sed -n 's/^[a-z_][a-z_0-9]*[[:space:]]\{1,\}\([^#]*\)/\1/p' tools/testing/selftests/kunit/tree-suites.list |
	sed -e 's/ --.*//'); do
	blob=$(git hash-object "$BUILD/src/linux-source-6.1/$file")
	git ls-files -s | grep -q " $blob " && copies="$copies $file"
done
if [ -n "$copies" ]; then
	fail "the project holds copies of the tree's files:$copies"
else
	pass "the project holds no copy of the suites' files or of the code they test"
fi

# Failures reach the exit status: a suite built unlike the kernel fails,
# and so do one that does not build and one that UBSan stops.
printf '%s\n' "stackinit lib/stackinit_kunit.c" > "$SCRATCH/unlike.list"
make --no-print-directory tree-suites BUILD="$BUILD" SUITES="$SCRATCH/unlike.list" \
	> "$SCRATCH/unlike.out" 2>&1
expect_status 2 $? "a suite whose cases fail fails make tree-suites"
if grep -q '^\[FAIL\] stackinit ' "$SCRATCH/unlike.out"; then
	pass "and is named"
else
	fail "the failing suite is not named"
	show "$SCRATCH/unlike.out"
fi
printf '%s\n' "list lib/list-test.c" > "$SCRATCH/nobuild.list"
make --no-print-directory tree-suites BUILD="$BUILD" SUITES="$SCRATCH/nobuild.list" \
	> "$SCRATCH/nobuild.out" 2>&1
expect_status 2 $? "a suite that does not build fails make tree-suites"
if grep -q '^tree-suites: list (lib/list-test.c) does not build:' "$SCRATCH/nobuild.out"; then
	pass "and says which"
else
	fail "no word of the suite that does not build"
	show "$SCRATCH/nobuild.out"
fi
printf '%s\n' "lib_sort lib/test_sort.c lib/sort.c -- -fstrict-overflow -fno-wrapv" \
	> "$SCRATCH/ubsan.list"
make --no-print-directory tree-suites BUILD="$BUILD" SUITES="$SCRATCH/ubsan.list" \
	> "$SCRATCH/ubsan.out" 2>&1
expect_status 2 $? "a UBSan report (signed overflow, outside the kernel's dialect) fails it"
if grep -q 'runtime error: signed integer overflow' "$SCRATCH/ubsan.out"; then
	pass "and shows the report"
else
	fail "the UBSan report is not shown"
	show "$SCRATCH/ubsan.out"
fi
# What a list cannot do: hide a suite in a last line without a newline,
# pass with a program that reports no suite, tell a checker to look away,
# use a name the kselftest Makefile would not read, or name one twice.
printf 'bits lib/test_bits.c\nstackinit lib/stackinit_kunit.c' > "$SCRATCH/nonl.list"
make --no-print-directory tree-suites BUILD="$BUILD" SUITES="$SCRATCH/nonl.list" \
	> "$SCRATCH/nonl.out" 2>&1
expect_status 2 $? "a last line without its newline is read, and its failing suite fails the run"
printf '%s\n' "bits lib/test_bits.c" "nosuite lib/sort.c" > "$SCRATCH/nosuite.list"
make --no-print-directory tree-suites BUILD="$BUILD" SUITES="$SCRATCH/nosuite.list" \
	> "$SCRATCH/nosuite.out" 2>&1
expect_status 2 $? "a program that reports no suite fails the run"
expect_line "$SCRATCH/nosuite.out" "tree-suites: nosuite reported no suite" "saying so"
for line in "lib_sort lib/test_sort.c lib/sort.c -- -fno-sanitize=all" \
	"lib_sort lib/test_sort.c lib/sort.c -- -fsanitize-recover=all" \
	"lib_sort lib/test_sort.c lib/sort.c -- --valgrind-error-exitcode=0" \
	"Bits lib/test_bits.c" "bits"; do
	printf '%s\n' "$line" > "$SCRATCH/refused.list"
	make --no-print-directory tree-suites BUILD="$BUILD" SUITES="$SCRATCH/refused.list" \
		> "$SCRATCH/refused.out" 2>&1
	expect_status 2 $? "the list line \"$line\" is refused"
done
printf '%s\n' "bits lib/test_bits.c" "bits lib/test_bits.c" > "$SCRATCH/twice.list"
make --no-print-directory tree-suites BUILD="$BUILD" SUITES="$SCRATCH/twice.list" \
	> "$SCRATCH/twice.out" 2>&1
expect_status 2 $? "a name given twice is refused"

"$TOP/scripts/kunit-cc" --ksrc="$SCRATCH" "$BUILD/src/linux-source-6.1/lib/test_bits.c" \
	-o "$SCRATCH/bits" > "$SCRATCH/badksrc.out" 2>&1
expect_status 2 $? "kunit-cc --ksrc refuses a directory that is no kernel tree"
expect_line "$SCRATCH/badksrc.out" \
	"kunit-cc: --ksrc=$SCRATCH is not a kernel tree (no include/linux, tools/include)" "saying so"
