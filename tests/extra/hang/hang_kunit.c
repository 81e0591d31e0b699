// SPDX-License-Identifier: GPL-2.0
/*
 * An out-of-tree KUnit test module whose cases outlive their timeouts.
 * A case that never returns (with a short kunit.timeout) must be reported
 * as timed out; the cases after it in its suite, which could meet what it
 * still does, are reported as not run, and the next suite runs.  Two cases
 * bring their own limits, which hold whatever kunit.timeout says.  Two
 * return after their timeouts: the kernel must keep the module loaded
 * until they do, and their memory.
 */
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/string.h>

static void hang_before(struct kunit *test)
{
	KUNIT_SUCCEED(test);
}

static void hang_forever(struct kunit *test)
{
	/* Sleeps, so that the runner gets the CPU to notice the timeout. */
	for (;;)
		msleep(100);
}

static void hang_after(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 2 * 2, 4);
}

static void hang_sleeps_four_seconds(struct kunit *test)
{
	msleep(4000);
	KUNIT_SUCCEED(test);
}

/*
 * Sleeps past kunit.timeout, then returns, and uses its test and its
 * resources: the kernel must keep them, and the module, until then.
 */
static void hang_returns_late(struct kunit *test)
{
	int *value = kunit_kzalloc(test, sizeof(*value), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, value);
	msleep(5000);
	*value = 42;
	KUNIT_EXPECT_EQ(test, *value, 42);
}

static void hang_last(struct kunit *test)
{
	KUNIT_SUCCEED(test);
}

/*
 * The suite's exit runs after every case that returns, the late one too,
 * in its thread, after its suite ended: the console tells it did.
 */
static void hang_exit(struct kunit *test)
{
	if (!strcmp(test->name, "hang_returns_late"))
		pr_info("hang_kunit: the exit of hang_returns_late ran\n");
}

/* A parameter that sleeps past its suite's one-second limit, then returns. */
static void hang_params(struct kunit *test)
{
	const int *seconds = test->param_value;

	msleep(*seconds * 1000);
	KUNIT_SUCCEED(test);
}

static const int hang_param_seconds[] = { 0, 6, 0 };

KUNIT_ARRAY_PARAM(hang_params, hang_param_seconds, NULL);

static struct kunit_case hang_cases[] = {
	KUNIT_CASE(hang_before),
	KUNIT_CASE(hang_forever),
	KUNIT_CASE(hang_after),
	{}
};

/* Says when it runs: not again while hang_forever still runs. */
static int hang_suite_init(struct kunit_suite *suite)
{
	pr_info("hang_kunit: suite_init of extra-hang ran\n");
	return 0;
}

static struct kunit_suite hang_suite = {
	.name = "extra-hang",
	.suite_init = hang_suite_init,
	.test_cases = hang_cases,
};

static struct kunit_case hang_next_cases[] = {
	KUNIT_CASE(hang_after),
	{}
};

static struct kunit_suite hang_next_suite = {
	.name = "extra-hang-next",
	.test_cases = hang_next_cases,
};

/* Two cases of one name: the second, not run, still has a name of its own. */
static struct kunit_case hang_limit_cases[] = {
	KUNIT_CASE_TIMEOUT(hang_sleeps_four_seconds, 10),
	KUNIT_CASE_TIMEOUT(hang_forever, 1),
	KUNIT_CASE(hang_forever),
	{}
};

static struct kunit_suite hang_limit_suite = {
	.name = "extra-hang-limits",
	.test_cases = hang_limit_cases,
};

static struct kunit_case hang_param_cases[] = {
	KUNIT_CASE_PARAM(hang_params, hang_params_gen_params),
	KUNIT_CASE(hang_last),
	{}
};

static struct kunit_suite hang_param_suite = {
	.name = "extra-hang-params",
	.timeout = 1,
	.test_cases = hang_param_cases,
};

static struct kunit_case hang_late_cases[] = {
	KUNIT_CASE(hang_returns_late),
	KUNIT_CASE(hang_last),
	{}
};

static struct kunit_suite hang_late_suite = {
	.name = "extra-hang-late",
	.exit = hang_exit,
	.test_cases = hang_late_cases,
};

/*
 * Sleeps past kunit.timeout the first time only: once it has returned, a
 * run of its suite from debugfs (tests/guest/late-return.sh) runs every
 * case again.
 */
static void hang_once(struct kunit *test)
{
	static bool slept;

	if (!slept) {
		slept = true;
		msleep(5000);
	}
	KUNIT_SUCCEED(test);
}

static struct kunit_case hang_once_cases[] = {
	KUNIT_CASE(hang_once),
	KUNIT_CASE(hang_last),
	{}
};

static struct kunit_suite hang_once_suite = {
	.name = "extra-hang-once",
	.test_cases = hang_once_cases,
};

kunit_test_suites(&hang_suite, &hang_next_suite, &hang_limit_suite, &hang_param_suite,
		  &hang_late_suite, &hang_once_suite);

MODULE_LICENSE("GPL");
