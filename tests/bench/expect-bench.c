// SPDX-License-Identifier: GPL-2.0
/*
 * Cost of a check, in nanoseconds: a passing KUNIT_EXPECT_EQ() against the
 * same loop written by hand (a compare, and a call on mismatch that the
 * compiler cannot drop; again keeping both values, as a report needs
 * them), and a failing KUNIT_EXPECT_EQ() with its report
 * formatted but not printed.  Prints "name nanoseconds" lines.
 *
 *   expect-bench [ITERATIONS [LOOP]]
 *
 * With LOOP (bare_compare, bare_compare_values or passing_expect), runs
 * that loop once and prints nothing: make bench counts the instructions of
 * its function under valgrind --tool=callgrind --toggle-collect, which
 * repeat exactly where the clock does not.
 */
#include <kunit/test.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TABLE_SIZE 1024

static int left[TABLE_SIZE], right[TABLE_SIZE];
static unsigned long mismatches;

static noinline void note_mismatch(size_t i)
{
	mismatches += i;
}

static noinline void note_mismatch_values(long left, long right)
{
	mismatches += left - right;
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

/* The compare by hand again, keeping both values for a message. */
static noinline void bare_values_loop(size_t n)
{
	size_t i;
	int l, r;

	for (i = 0; i < n; i++) {
		l = left[i % TABLE_SIZE];
		r = right[i % TABLE_SIZE];
		if (unlikely(l != r))
			note_mismatch_values(l, r);
	}
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

/* Nanoseconds an iteration of @loop over @n iterations. */
static double per_iteration(void (*loop)(struct kunit *test, size_t n), struct kunit *test,
			    size_t n)
{
	double start = now_ns();

	loop(test, n);
	return (now_ns() - start) / n;
}

static void bare(struct kunit *test, size_t n)
{
	bare_loop(n);
}

static void bare_values(struct kunit *test, size_t n)
{
	bare_values_loop(n);
}

/*
 * The loops take turns, ROUNDS times, and each keeps its fastest round:
 * what else the machine does only ever slows a round down, and whichever
 * loop ran first would otherwise pay for the clock speeding up.
 */
#define ROUNDS 5

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*loop)(struct kunit *test, size_t n);
	} loops[] = {
		{ "bare_compare", bare },
		{ "bare_compare_values", bare_values },
		{ "passing_expect", expect_loop },
	};
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 20000000;
	size_t failing = n / 1000 ? n / 1000 : 1;
	double best[ARRAY_SIZE(loops)], took;
	struct kunit test;
	double start;
	size_t i, round;

	for (i = 0; i < TABLE_SIZE; i++)
		left[i] = right[i] = rand();
	kunit_init_test(&test, "bench", NULL);
	test.log.quiet = true;

	if (argc > 2) {
		for (i = 0; i < ARRAY_SIZE(loops); i++) {
			if (!strcmp(argv[2], loops[i].name)) {
				loops[i].loop(&test, n);
				return mismatches || test.status == KUNIT_FAILURE;
			}
		}
		fprintf(stderr, "expect-bench: no loop named %s\n", argv[2]);
		return 2;
	}

	for (round = 0; round < ROUNDS; round++) {
		for (i = 0; i < ARRAY_SIZE(loops); i++) {
			took = per_iteration(loops[i].loop, &test, n);
			if (!round || took < best[i])
				best[i] = took;
		}
	}
	for (i = 0; i < ARRAY_SIZE(loops); i++)
		printf("%s %.3f\n", loops[i].name, best[i]);

	start = now_ns();
	failing_loop(&test, failing);
	printf("failing_expect %.3f\n", (now_ns() - start) / failing);

	return mismatches || test.status != KUNIT_FAILURE;
}
