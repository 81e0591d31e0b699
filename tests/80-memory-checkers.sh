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
# The cases run in a child that ends with _exit(), which skips the leak
# check LeakSanitizer makes at exit: KUnit runs it, and the run fails
# though every case passed.
"$ASAN_BUILD/fixtures/leaks" > "$SCRATCH/leaks.ktap" 2> "$SCRATCH/leaks.err"
expect_status 1 $? "under ASan, a leak fails the program"
expect_line "$SCRATCH/leaks.ktap" \
	"Bail out! kunit: after the last suite: LeakSanitizer found memory that the cases leaked (its report is above)" \
	"as LeakSanitizer's finding"
if grep -q 'detected memory leaks' "$SCRATCH/leaks.err"; then
	pass "and its report is on stderr"
else
	fail "no LeakSanitizer report"
	show "$SCRATCH/leaks.err"
fi
"$USER_BUILD/fixtures/leaks" > "$SCRATCH/leaks-plain.ktap" 2>&1
expect_status 0 $? "without a checker, the leak goes unnoticed"
# UBSan's object-size check may see the overflow before ASan does.
if grep -q 'heap-buffer-overflow\|insufficient space for an object' "$SCRATCH/asan.err"; then
	pass "the sanitizers name the heap overflow"
else
	fail "no ASan report"
	show "$SCRATCH/asan.err"
fi
