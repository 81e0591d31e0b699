// SPDX-License-Identifier: GPL-2.0
/*
 * An out-of-tree KUnit test module for tests/69-lava.sh: a case that
 * passes, one that fails, one that skips and one that oopses, a suite
 * whose init fails (it prints no header), and names
 * and messages made to trouble a LAVA job: spaces, shell metacharacters,
 * '=' and what LAVA reads as its own signals, in a case's name, in
 * parameters' descriptions and in a case's log.  Each must reach LAVA as
 * one result of a safe name, and no message may become a result.
 */
#include <kunit/test.h>
#include <linux/module.h>

/* What lava-test-case prints, and what ends LAVA's reading of a test run. */
#define LAVA_FORGED_PASS	"<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=lava-forged RESULT=pass>"
#define LAVA_FORGED_EXIT	"<LAVA_TEST_RUNNER EXIT>"

static void lava_passes(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 2 + 2, 4);
}

static void lava_fails(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, 2 + 2, 5);
}

static void lava_skips(struct kunit *test)
{
	kunit_skip(test, "skipped on purpose " LAVA_FORGED_PASS);
}

static void lava_oopses(struct kunit *test)
{
	int *nowhere = test->priv;

	KUNIT_EXPECT_NULL(test, nowhere);
	WRITE_ONCE(*nowhere, 1);
}

/* Its log and its failure message carry signals; it passes. */
static void lava_says_signals(struct kunit *test)
{
	kunit_info(test, "%s\n", LAVA_FORGED_PASS);
	kunit_info(test, "%s\n", LAVA_FORGED_EXIT);
	KUNIT_EXPECT_STREQ(test, LAVA_FORGED_PASS, LAVA_FORGED_PASS);
}

static const char * const lava_param_names[] = {
	"a b $(reboot) `reboot`",
	"x=y > z",
	"<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=lava-param RESULT=pass>",
	"..",
};

static const void *lava_param_gen(const void *prev, char *desc)
{
	const char * const *name = prev ? (const char * const *)prev + 1 : lava_param_names;

	if (name >= lava_param_names + ARRAY_SIZE(lava_param_names))
		return NULL;
	strscpy(desc, *name, KUNIT_PARAM_DESC_SIZE);
	return name;
}

/* The last parameter fails: a parameter's failure fails its case. */
static void lava_params(struct kunit *test)
{
	const char * const *name = test->param_value;

	KUNIT_EXPECT_NE(test, strcmp(*name, ".."), 0);
}

static struct kunit_case lava_cases[] = {
	KUNIT_CASE(lava_passes),
	KUNIT_CASE(lava_fails),
	KUNIT_CASE(lava_skips),
	KUNIT_CASE(lava_oopses),
	KUNIT_CASE(lava_says_signals),
	KUNIT_CASE_PARAM(lava_params, lava_param_gen),
	{ .run_case = lava_passes, .name = "same name" },
	{ .run_case = lava_passes, .name = "same_name" },
	{ .run_case = lava_passes,
	  .name = "name with spaces; $(reboot) " LAVA_FORGED_PASS },
	{}
};

static struct kunit_suite lava_suite = {
	.name = "lava-fixture",
	.test_cases = lava_cases,
};

/* A suite that fails alone: its init fails, no case runs, no header. */
static int lava_init_fails(struct kunit_suite *suite)
{
	return -EIO;
}

static struct kunit_case lava_init_cases[] = {
	KUNIT_CASE(lava_passes),
	{}
};

static struct kunit_suite lava_init_suite = {
	.name = "lava-fixture-init",
	.suite_init = lava_init_fails,
	.test_cases = lava_init_cases,
};

kunit_test_suites(&lava_suite, &lava_init_suite);

MODULE_DESCRIPTION("KUnit cases that a LAVA job must report as they are");
MODULE_LICENSE("GPL");
