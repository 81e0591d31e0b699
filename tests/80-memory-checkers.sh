# SPDX-License-Identifier: GPL-2.0
# The memory checkers that `make check` relies on do catch errors in test
# programs: a clean run under them means something.
. tests/lib.sh

prog=memory-errors
"$USER_BUILD/fixtures/$prog" > "$SCRATCH/plain.ktap" 2>&1
expect_status 0 $? "without a checker, the memory errors go unnoticed"

valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
	"$USER_BUILD/fixtures/$prog" > "$SCRATCH/valgrind.out" 2>&1
expect_status 1 $? "under valgrind, the leak fails the program"
if grep -q 'definitely lost' "$SCRATCH/valgrind.out"; then
	pass "valgrind reports the leak"
else
	fail "valgrind does not report the leak"
	show "$SCRATCH/valgrind.out"
fi
expect_line "$SCRATCH/valgrind.out" \
	"Bail out! kunit: after the last suite: the test process exited with status 99" \
	"KUnit says how the test process ended"

"$ASAN_BUILD/fixtures/$prog" > "$SCRATCH/asan.ktap" 2> "$SCRATCH/asan.err"
expect_status 1 $? "under ASan, the heap overflow fails the program"
expect_line "$SCRATCH/asan.ktap" "    not ok 2 overflows_heap" "ASan's finding fails that case only"
expect_line "$SCRATCH/asan.ktap" "    ok 3 passes" "the case after it still passes"
# UBSan's object-size check may see the overflow before ASan does.
if grep -q 'heap-buffer-overflow\|insufficient space for an object' "$SCRATCH/asan.err"; then
	pass "the sanitizers name the heap overflow"
else
	fail "no ASan report"
	show "$SCRATCH/asan.err"
fi
