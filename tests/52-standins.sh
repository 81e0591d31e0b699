# SPDX-License-Identifier: GPL-2.0
# The userspace stand-ins for kernel headers behave as the kernel does
# (tests/fixtures/standins.c): kmalloc(0) is ZERO_SIZE_PTR, krealloc() to
# 0 bytes frees, glob_match() has the kernel's syntax, IS_ENABLED() counts
# modules, *_ONCE() is once, a kref put too often warns, numbers are read
# by the kernel's rules, 0xa0 is a space, bit counts are constants,
# division rounds toward zero, and a device frees what it owns (or warns).
. tests/lib.sh

program=$USER_BUILD/fixtures/standins
"$program" > "$SCRATCH/out" 2> "$SCRATCH/err"
expect_status 0 $? "the stand-ins' suite passes"
number=0
for case in kmalloc_zero_is_zero_size_ptr allocation_limits krealloc_to_zero_frees \
	glob_has_the_kernel_syntax \
	is_enabled_counts_modules once_is_once_per_call_site kref_put_too_often_warns \
	numbers_are_read_as_the_kernel_does no_break_space_is_a_space bits_are_counted_and_found \
	division_rounds_toward_zero devices_own_their_allocations; do
	number=$((number + 1))
	expect_line "$SCRATCH/out" "    ok $number $case" "$case"
done
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
if grep -q '^    # WARNING: at tools/testing/selftests/kunit/user/include/linux/device.h:[0-9]*$' "$SCRATCH/err"; then
	pass "devm_kfree() of what the device does not own warns"
else
	fail "devm_kfree() of what the device does not own does not warn"
fi

"$ASAN_BUILD/fixtures/standins" > "$SCRATCH/asan.out" 2>&1
expect_status 0 $? "under ASan and UBSan (and LeakSanitizer: krealloc() to 0 frees, a device frees what it owns)"
valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=99 \
	"$program" --no-fork > "$SCRATCH/valgrind" 2>&1
expect_status 0 $? "under valgrind, no leak: krealloc() to 0 frees the object, device_unregister() what the device owns"
