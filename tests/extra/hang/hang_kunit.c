// SPDX-License-Identifier: GPL-2.0
/*
 * An out-of-tree KUnit test module whose middle case never returns: with
 * a short kunit.timeout it must be reported as timed out, and the case
 * after it must still run.  Two cases bring their own limits, which hold
 * whatever kunit.timeout says.  One returns after its timeout: the kernel
 * must keep the module loaded until it does, and the case's memory.
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

static struct kunit_case hang_cases[] = {
	KUNIT_CASE(hang_before),
	KUNIT_CASE(hang_forever),
	KUNIT_CASE(hang_after),
	KUNIT_CASE_TIMEOUT(hang_sleeps_four_seconds, 10),
	KUNIT_CASE_TIMEOUT(hang_forever, 1),
	KUNIT_CASE(hang_returns_late),
	KUNIT_CASE(hang_last),
	{}
};

static struct kunit_suite hang_suite = {
	.name = "extra-hang",
	.exit = hang_exit,
	.test_cases = hang_cases,
};

kunit_test_suite(hang_suite);

MODULE_LICENSE("GPL");
