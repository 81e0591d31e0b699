# SPDX-License-Identifier: GPL-2.0
# The userspace stand-ins for kernel headers behave as the kernel does
# (tests/fixtures/standins.c): kmalloc(0) is ZERO_SIZE_PTR, krealloc() to
# 0 bytes frees, glob_match() has the kernel's syntax, IS_ENABLED() counts
# modules, numbers are read by the kernel's rules, 0xa0 is a space, bit
# counts are constants, division rounds toward zero, abs() takes any
# width, a device frees what it owns, and random numbers stay below their
# bound.  *_ONCE() is once, a kref put
# too often warns, and so do devm_kfree() of what a device does not own
# and too large an allocation without __GFP_NOWARN; a warning fails the
# case, as the console's reader fails it in the kernel.
. tests/lib.sh

program=$USER_BUILD/fixtures/standins
"$program" > "$SCRATCH/out" 2> "$SCRATCH/err"
expect_status 1 $? "the program fails: suite standins_warn fails on purpose"
number=0
for case in kmalloc_zero_is_zero_size_ptr allocation_limits krealloc_to_zero_frees \
	krealloc_zeroes_and_limits glob_has_the_kernel_syntax is_enabled_counts_modules \
	numbers_are_read_as_the_kernel_does no_break_space_is_a_space bits_are_counted_and_found \
	division_rounds_toward_zero devices_own_their_allocations random_numbers_stay_in_range; do
	number=$((number + 1))
	expect_line "$SCRATCH/out" "    ok $number $case" "$case"
done
expect_line "$SCRATCH/out" "    ok 14 pointers_print_as_the_kernel_prints_them" \
	"pointers_print_as_the_kernel_prints_them: %px as the kernel prints it"
if grep -qE "standins: printk (0000000000001234|00001234)\$" "$SCRATCH/out"; then
	pass "printk() prints %px as the kernel does"
else
	fail "printk() does not print %px as the kernel does"
	grep "standins: printk" "$SCRATCH/out" | sed -e 's/^/#   /'
fi
expect_line "$SCRATCH/out" "ok 1 standins" "the suite of what does not warn passes"
number=0
for warning in once_is_once_per_call_site:tests/fixtures/standins.c \
	kref_put_too_often_warns:tools/testing/selftests/kunit/user/include/linux/kref.h \
	kref_get_saturates:tools/testing/selftests/kunit/user/include/linux/kref.h \
	devm_kfree_of_a_stranger_warns:tools/testing/selftests/kunit/user/include/linux/device.h \
	too_large_an_allocation_warns:tools/testing/selftests/kunit/user/include/linux/slab.h; do
	number=$((number + 1))
	case=${warning%%:*}
	file=${warning#*:}
	if grep -q "^    # $case: $file:[0-9]*: a WARNING, which fails the case\$" "$SCRATCH/out" &&
		grep -qx "    not ok $number $case" "$SCRATCH/out"; then
		pass "$case warns in $file, which fails it"
	else
		fail "$case does not fail on its warning in $file"
	fi
done
expect_line "$SCRATCH/out" "not ok 2 standins_warn" "the suite of warnings fails"
count=$(grep -c 'standins: printed once' "$SCRATCH/out")
if [ "$count" = 1 ]; then
	pass "pr_info_once() called three times prints once"
else
	fail "pr_info_once() called three times printed $count times"
fi
count=$(grep -c 'WARNING: at tests/fixtures/standins.c' "$SCRATCH/err")
if [ "$count" = 1 ]; then
	pass "WARN_ON_ONCE() called three times warns once"
else
	fail "WARN_ON_ONCE() called three times warned $count times"
fi
expect_line "$SCRATCH/err" "    # refcount_t: underflow; use-after-free." \
	"a kref put on a count at zero warns as refcount_t does"
count=$(grep -c 'refcount_t: saturated; leaking memory' "$SCRATCH/err")
if [ "$count" = 1 ]; then
	pass "a kref got past the top saturates, warning once, as refcount_t does"
else
	fail "a kref got past the top warned $count times, not once"
fi
if grep -q '^    # WARNING: at tools/testing/selftests/kunit/user/include/linux/device.h:[0-9]*$' "$SCRATCH/err"; then
	pass "devm_kfree() of what the device does not own warns"
else
	fail "devm_kfree() of what the device does not own does not warn"
fi

# The checkers find nothing: no leak, no bad access (exit 1 is the
# failing suite; a report would make it another).
"$ASAN_BUILD/fixtures/standins" > "$SCRATCH/asan.out" 2>&1
expect_status 1 $? "under ASan and UBSan, no report (LeakSanitizer: krealloc() to 0 frees, a device frees what it owns)"
if grep -q 'ERROR: \|runtime error:' "$SCRATCH/asan.out"; then
	fail "a sanitizer reported"
	grep 'ERROR: \|runtime error:' "$SCRATCH/asan.out" | head -n 5 | sed -e 's/^/#   /'
else
	pass "no sanitizer report"
fi
valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=99 \
	"$program" --no-fork > "$SCRATCH/valgrind" 2>&1
expect_status 1 $? "under valgrind, no leak: krealloc() to 0 frees the object, device_unregister() what the device owns"

# <linux/compiler.h> stands in for the kernel's attributes by itself: a
# flexible array's __counted_by() builds whatever the C library's
# <linux/stddef.h> has (Debian 12's arm64 cross headers have none).
printf '#include <linux/compiler.h>\nstruct counted { int n; int a[] __counted_by(n); };\n' \
	> "$SCRATCH/counted.c"
${CC:-cc} -Itools/testing/selftests/kunit/user/include -fsyntax-only "$SCRATCH/counted.c" \
	> "$SCRATCH/counted.out" 2>&1
expect_status 0 $? "a flexible array with __counted_by() builds with the stand-in alone"
