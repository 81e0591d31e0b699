// SPDX-License-Identifier: GPL-2.0
/*
 * Cost of a check, in nanoseconds: a passing KUNIT_EXPECT_EQ() against the
 * same loop written by hand (a compare, and a call on mismatch that the
 * compiler cannot drop), and a failing KUNIT_EXPECT_EQ() with its report
 * formatted but not printed.  Prints "name nanoseconds" lines.
 */
#include <kunit/test.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TABLE_SIZE 1024

static int left[TABLE_SIZE], right[TABLE_SIZE];
static unsigned long mismatches;

static noinline void note_mismatch(size_t i)
{
	mismatches += i;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static noinline void bare_loop(size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (unlikely(left[i % TABLE_SIZE] != right[i % TABLE_SIZE]))
			note_mismatch(i);
}

static noinline void expect_loop(struct kunit *test, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, left[i % TABLE_SIZE], right[i % TABLE_SIZE]);
}

static noinline void failing_loop(struct kunit *test, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, left[i % TABLE_SIZE], right[i % TABLE_SIZE] + 1);
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 50000000;
	size_t failing = n / 1000 ? n / 1000 : 1;
	struct kunit test;
	double start;
	size_t i;

	for (i = 0; i < TABLE_SIZE; i++)
		left[i] = right[i] = rand();
	kunit_init_test(&test, "bench", NULL);
	test.log.quiet = true;

	start = now_ns();
	bare_loop(n);
	printf("bare_compare %.3f\n", (now_ns() - start) / n);

	start = now_ns();
	expect_loop(&test, n);
	printf("passing_expect %.3f\n", (now_ns() - start) / n);

	start = now_ns();
	failing_loop(&test, failing);
	printf("failing_expect %.3f\n", (now_ns() - start) / failing);

	return mismatches || test.status != KUNIT_FAILURE;
}
