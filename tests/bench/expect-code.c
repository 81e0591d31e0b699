// SPDX-License-Identifier: GPL-2.0
/*
 * The code of a passing check, for tests/54-expect-code.sh to read: each
 * expect_NAME() makes one check of two operands that arrive in registers,
 * and bare_NAME() is the same compare written by hand, calling out when
 * it does not hold.  A passing check must run no more instructions than
 * the hand-written compare: the operands are compared in their own types,
 * and whatever the report needs (widened values, the site) is made on the
 * failing path only.
 *
 * loop_expect() and loop_bare() check arrays, where the operands come
 * from memory; the hand-written loop keeps both values for its message,
 * as a check's report needs them.
 */
#include <kunit/test.h>

long bench_mismatches;

/* Out of line, and not static, so that its calls stay calls. */
noinline void bench_mismatch(struct kunit *test)
{
	WRITE_ONCE(bench_mismatches, bench_mismatches + 1);
}

noinline void bench_mismatch_values(struct kunit *test, long left, long right)
{
	WRITE_ONCE(bench_mismatches, bench_mismatches + left - right);
}

#define EXPECT_CODE_PAIR(name, type, check)				\
void expect_##name(struct kunit *test, type left, type right)		\
{									\
	check(test, left, right);					\
}									\
void bare_##name(struct kunit *test, type left, type right)		\
{									\
	if (unlikely(left != right))					\
		bench_mismatch(test);					\
}

EXPECT_CODE_PAIR(int, int, KUNIT_EXPECT_EQ)
EXPECT_CODE_PAIR(unsigned_char, unsigned char, KUNIT_EXPECT_EQ)
EXPECT_CODE_PAIR(short, short, KUNIT_EXPECT_EQ)
EXPECT_CODE_PAIR(unsigned_int, unsigned int, KUNIT_EXPECT_EQ)
EXPECT_CODE_PAIR(long, long, KUNIT_EXPECT_EQ)
EXPECT_CODE_PAIR(u64, u64, KUNIT_EXPECT_EQ)
EXPECT_CODE_PAIR(pointer, void *, KUNIT_EXPECT_PTR_EQ)
EXPECT_CODE_PAIR(assert_int, int, KUNIT_ASSERT_EQ)

void loop_expect(struct kunit *test, const int *left, const int *right, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		KUNIT_EXPECT_EQ(test, left[i], right[i]);
}

void loop_bare(struct kunit *test, const int *left, const int *right, size_t count)
{
	size_t i;
	int l, r;

	for (i = 0; i < count; i++) {
		l = left[i];
		r = right[i];
		if (unlikely(l != r))
			bench_mismatch_values(test, l, r);
	}
}
