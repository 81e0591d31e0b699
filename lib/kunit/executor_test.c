// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit's tests of its executor: filter globs and the suite sets they
 * choose.
 */
#include "executor.h"
#include <kunit/test.h>
#include <kunit/visibility.h>

#include <linux/kernel.h>
#include <linux/string.h>

static void noop_case(struct kunit *test)
{
}

static struct kunit_case alpha_cases[] = {
	{ .run_case = noop_case, .name = "add" },
	{ .run_case = noop_case, .name = "add_many" },
	{ .run_case = noop_case, .name = "remove" },
	{}
};

static struct kunit_case beta_cases[] = {
	{ .run_case = noop_case, .name = "add" },
	{}
};

static struct kunit_suite alpha = { .name = "list-alpha", .test_cases = alpha_cases };
static struct kunit_suite beta = { .name = "list-beta", .test_cases = beta_cases };
static struct kunit_suite gamma = { .name = "hash", .test_cases = beta_cases };
static struct kunit_suite * const all_suites[] = { &alpha, &beta, &gamma };

static const struct kunit_suite_set all_set = {
	.start = all_suites,
	.end = all_suites + ARRAY_SIZE(all_suites),
};

/* Filters the test's suites; the result is freed when the case ends. */
static struct kunit_suite_set filter(struct kunit *test, const char *glob, int *err)
{
	struct kunit_suite_set *set = kunit_kzalloc(test, sizeof(*set), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, set);
	*set = kunit_filter_suites(&all_set, glob, NULL, NULL, err);
	return *set;
}

static void executor_test_glob_check(struct kunit *test)
{
	KUNIT_EXPECT_NULL(test, kunit_filter_glob_check("list*"));
	KUNIT_EXPECT_NULL(test, kunit_filter_glob_check("list-[ab]*.add*"));
	KUNIT_EXPECT_NULL(test, kunit_filter_glob_check("[]]x"));
	KUNIT_EXPECT_STREQ(test, kunit_filter_glob_check(""), "the filter is empty");
	KUNIT_EXPECT_STREQ(test, kunit_filter_glob_check(NULL), "the filter is empty");
	KUNIT_EXPECT_STREQ(test, kunit_filter_glob_check(".add"),
			   "the suite part, before the '.', is empty");
	KUNIT_EXPECT_STREQ(test, kunit_filter_glob_check("list."),
			   "the case part, after the '.', is empty");
	KUNIT_EXPECT_STREQ(test, kunit_filter_glob_check("list[ab"),
			   "a '[' has no matching ']'");
	KUNIT_EXPECT_STREQ(test, kunit_filter_glob_check("list.add[!"),
			   "a '[' has no matching ']'");
}

static void executor_test_filter_suites(struct kunit *test)
{
	struct kunit_suite_set set;
	int err;

	set = filter(test, "list-*", &err);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_ASSERT_EQ(test, set.end - set.start, 2);
	KUNIT_EXPECT_STREQ(test, set.start[0]->name, "list-alpha");
	KUNIT_EXPECT_STREQ(test, set.start[1]->name, "list-beta");
	KUNIT_EXPECT_EQ(test, kunit_suite_num_test_cases(set.start[0]), 3);
	/* Copies: the registered suites are not touched. */
	KUNIT_EXPECT_PTR_NE(test, set.start[0], &alpha);
	kunit_free_suite_set(set);
}

static void executor_test_filter_cases(struct kunit *test)
{
	struct kunit_suite_set set;
	int err;

	set = filter(test, "list-alpha.add*", &err);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_ASSERT_EQ(test, set.end - set.start, 1);
	KUNIT_ASSERT_EQ(test, kunit_suite_num_test_cases(set.start[0]), 2);
	KUNIT_EXPECT_STREQ(test, set.start[0]->test_cases[0].name, "add");
	KUNIT_EXPECT_STREQ(test, set.start[0]->test_cases[1].name, "add_many");
	KUNIT_EXPECT_EQ(test, kunit_suite_num_test_cases(&alpha), 3);
	kunit_free_suite_set(set);
}

static void executor_test_filter_drops_empty_suites(struct kunit *test)
{
	struct kunit_suite_set set;
	int err;

	set = filter(test, "*.remove", &err);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_ASSERT_EQ(test, set.end - set.start, 1);
	KUNIT_EXPECT_STREQ(test, set.start[0]->name, "list-alpha");
	kunit_free_suite_set(set);

	set = filter(test, "nothing*", &err);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, set.end - set.start, 0);
	kunit_free_suite_set(set);
}

static void executor_test_filter_rejects_bad_glob(struct kunit *test)
{
	struct kunit_suite_set set;
	int err;

	set = filter(test, "list[", &err);
	KUNIT_EXPECT_EQ(test, err, -EINVAL);
	KUNIT_EXPECT_EQ(test, set.end - set.start, 0);
}

/* 6.12's kunit_parse_glob_filter(): split at the first '.', both copied. */
static void executor_test_parse_glob_filter(struct kunit *test)
{
	struct kunit_glob_filter parsed = { NULL, NULL };
	const char *original = "list-*.add*";

	KUNIT_ASSERT_EQ(test, kunit_parse_glob_filter(&parsed, original), 0);
	KUNIT_EXPECT_STREQ(test, parsed.suite_glob, "list-*");
	KUNIT_EXPECT_STREQ(test, parsed.test_glob, "add*");
	KUNIT_EXPECT_PTR_NE(test, parsed.test_glob, original + 7);
	kfree(parsed.suite_glob);
	kfree(parsed.test_glob);

	KUNIT_ASSERT_EQ(test, kunit_parse_glob_filter(&parsed, "hash"), 0);
	KUNIT_EXPECT_STREQ(test, parsed.suite_glob, "hash");
	KUNIT_EXPECT_NULL(test, parsed.test_glob);
	kfree(parsed.suite_glob);

	/* Nothing after the dot is an empty glob, not none. */
	KUNIT_ASSERT_EQ(test, kunit_parse_glob_filter(&parsed, "hash."), 0);
	KUNIT_EXPECT_STREQ(test, parsed.suite_glob, "hash");
	KUNIT_EXPECT_STREQ(test, parsed.test_glob, "");
	kfree(parsed.suite_glob);
	kfree(parsed.test_glob);

	KUNIT_ASSERT_EQ(test, kunit_parse_glob_filter(&parsed, "a.b.c"), 0);
	KUNIT_EXPECT_STREQ(test, parsed.suite_glob, "a");
	KUNIT_EXPECT_STREQ(test, parsed.test_glob, "b.c");
	kfree(parsed.suite_glob);
	kfree(parsed.test_glob);
}

static struct kunit_case executor_test_cases[] = {
	KUNIT_CASE(executor_test_parse_glob_filter),
	KUNIT_CASE(executor_test_glob_check),
	KUNIT_CASE(executor_test_filter_suites),
	KUNIT_CASE(executor_test_filter_cases),
	KUNIT_CASE(executor_test_filter_drops_empty_suites),
	KUNIT_CASE(executor_test_filter_rejects_bad_glob),
	{}
};

static struct kunit_suite executor_test_suite = {
	.name = "kunit-executor",
	.test_cases = executor_test_cases,
};

kunit_test_suites(&executor_test_suite);

MODULE_LICENSE("GPL v2");
MODULE_DESCRIPTION("Tests of KUnit's executor");
/* KUnit internals exported for its own suites (tests-only-export.h). */
MODULE_IMPORT_NS(KUNIT_NAMESPACE(KUNIT_INTERNALS));
