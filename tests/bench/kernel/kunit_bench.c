// SPDX-License-Identifier: GPL-2.0
/*
 * kunit_bench: what KUnit costs inside the kernel, for `make bench`.
 *
 * scripts/bench.sh builds it against this project's KUnit and against the
 * tree's stock KUnit (make run STOCK=1) in the same configuration, so it
 * uses the Linux 6.1 API only.  Each figure is one console line at
 * KERN_ERR, which the bench's "quiet" boot still shows while KUnit's own
 * lines only go to the log buffer (a serial console would otherwise time
 * the UART, not KUnit):
 *
 *   kunit-bench: NAME median=M min=A max=B unit=U
 */
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sort.h>

#define BENCH_ROUNDS		11
#define BENCH_PASS_LOOPS	200000
#define BENCH_FAIL_LOOPS	20
#define BENCH_EMPTY_CASES	1000

/* Read through READ_ONCE(), so that no compare is folded away. */
static int bench_values[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
static int bench_mismatches;
static u64 bench_first_suite_ns;
static u64 bench_suite_start_ns;

static int bench_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static void bench_report(const char *name, u64 *samples, int count, const char *unit)
{
	sort(samples, count, sizeof(*samples), bench_cmp_u64, NULL);
	pr_err("kunit-bench: %s median=%llu min=%llu max=%llu unit=%s\n", name,
	       samples[count / 2], samples[0], samples[count - 1], unit);
}

/* The smallest step of the clock the figures are taken with. */
static void bench_clock(struct kunit *test)
{
	u64 step = U64_MAX, before, after;
	int i;

	for (i = 0; i < 1000; i++) {
		before = ktime_get_ns();
		do {
			after = ktime_get_ns();
		} while (after == before);
		step = min(step, after - before);
	}
	pr_err("kunit-bench: clock_step median=%llu min=%llu max=%llu unit=ns\n",
	       step, step, step);
	KUNIT_EXPECT_GT(test, step, 0ULL);
}

/* A passing KUNIT_EXPECT_EQ, and the same compare written by hand. */
static void bench_expect_pass(struct kunit *test)
{
	u64 expect[BENCH_ROUNDS], compare[BENCH_ROUNDS], start;
	int round, i;

	for (round = 0; round < BENCH_ROUNDS; round++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_PASS_LOOPS; i++)
			KUNIT_EXPECT_EQ(test, READ_ONCE(bench_values[i & 15]), i & 15);
		expect[round] = (ktime_get_ns() - start) * 1000 / BENCH_PASS_LOOPS;

		start = ktime_get_ns();
		for (i = 0; i < BENCH_PASS_LOOPS; i++)
			if (READ_ONCE(bench_values[i & 15]) != (i & 15))
				WRITE_ONCE(bench_mismatches, bench_mismatches + 1);
		compare[round] = (ktime_get_ns() - start) * 1000 / BENCH_PASS_LOOPS;
	}
	bench_report("expect_pass", expect, BENCH_ROUNDS, "ps");
	bench_report("bare_compare", compare, BENCH_ROUNDS, "ps");
	KUNIT_EXPECT_EQ(test, bench_mismatches, 0);
}

/* A failing KUNIT_EXPECT_EQ: formatting and logging its message. */
static void bench_expect_fail(struct kunit *test)
{
	u64 samples[BENCH_ROUNDS], start;
	int round, i;

	for (round = 0; round < BENCH_ROUNDS; round++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_FAIL_LOOPS; i++)
			KUNIT_EXPECT_EQ(test, READ_ONCE(bench_values[1]), 2);
		samples[round] = (ktime_get_ns() - start) / BENCH_FAIL_LOOPS;
	}
	bench_report("expect_fail", samples, BENCH_ROUNDS, "ns");
}

static struct kunit_case bench_cases[] = {
	KUNIT_CASE(bench_clock),
	KUNIT_CASE(bench_expect_pass),
	KUNIT_CASE(bench_expect_fail),
	{}
};

static int bench_init(struct kunit_suite *suite)
{
	bench_first_suite_ns = ktime_get_ns();
	return 0;
}

static struct kunit_suite bench_suite = {
	.name = "kunit-bench",
	.suite_init = bench_init,
	.test_cases = bench_cases,
};

static void bench_empty(struct kunit *test)
{
}

/*
 * Written out whole: 6.12 copies a module's suites through its filter as
 * the module loads, before any suite's init could fill the array in.
 */
static struct kunit_case bench_empty_cases[BENCH_EMPTY_CASES + 1] = {
	[0 ... BENCH_EMPTY_CASES - 1] = KUNIT_CASE(bench_empty),
};

static int bench_empty_init(struct kunit_suite *suite)
{
	bench_suite_start_ns = ktime_get_ns();
	return 0;
}

/* The empty suite runs last: its end is the end of the module's suites. */
static void bench_empty_exit(struct kunit_suite *suite)
{
	u64 end = ktime_get_ns();
	u64 per_case = (end - bench_suite_start_ns) / BENCH_EMPTY_CASES;
	u64 all = (end - bench_first_suite_ns) / 1000;

	pr_err("kunit-bench: empty_case median=%llu min=%llu max=%llu unit=ns\n",
	       per_case, per_case, per_case);
	pr_err("kunit-bench: module_suites median=%llu min=%llu max=%llu unit=us\n",
	       all, all, all);
}

static struct kunit_suite bench_empty_suite = {
	.name = "kunit-bench-empty",
	.suite_init = bench_empty_init,
	.suite_exit = bench_empty_exit,
	.test_cases = bench_empty_cases,
};

kunit_test_suites(&bench_suite, &bench_empty_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit's costs in the kernel, for make bench");
