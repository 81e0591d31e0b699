// SPDX-License-Identifier: GPL-2.0
/*
 * The example of Documentation/dev-tools/kunit/usage.rst: a suite for a
 * small parser of sizes such as "4k", showing cases, a fixture,
 * expectations and assertions, parameters, skipping, test-managed memory,
 * logging, a time limit and a warning the test expects.  The documentation includes its parts from
 * here, between the "usage:" marker comments, and make check builds and
 * runs it, so that the examples cannot rot.  Every case passes or skips.
 */
#include <kunit/test.h>

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

/* The code under test: "4k" is 4096, "1M" 1048576; -EINVAL for the rest. */
static long parse_size(const char *text)
{
	long value = 0;

	if (!text || *text < '0' || *text > '9')
		return -EINVAL;
	for (; *text >= '0' && *text <= '9'; text++)
		value = value * 10 + (*text - '0');
	switch (*text) {
	case 'k':
		value *= 1024;
		text++;
		break;
	case 'M':
		value *= 1024 * 1024;
		text++;
		break;
	}
	return *text ? -EINVAL : value;
}

/* A caller that passes NULL has a bug: it gets a warning, and -EINVAL. */
static long parse_size_checked(const char *text)
{
	if (WARN_ON(!text))
		return -EINVAL;
	return parse_size(text);
}

/* usage: case */
static void parse_size_test_units(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, parse_size("4k"), 4096);
	KUNIT_EXPECT_EQ(test, parse_size("1M"), 1048576);
	KUNIT_EXPECT_EQ(test, parse_size("12"), 12);
}

/* usage: case end */

/* usage: assert */
static void parse_size_test_copy(struct kunit *test)
{
	char *copy = kunit_kzalloc(test, 8, GFP_KERNEL);

	/* Nothing below can run without the memory: end the case if it failed. */
	KUNIT_ASSERT_NOT_NULL(test, copy);
	strscpy(copy, "64k", 8);
	KUNIT_EXPECT_EQ(test, parse_size(copy), 65536);
	/* No kfree(): the memory goes when the case ends, however it ends. */
}

/* usage: assert end */

/* usage: params */
struct parse_size_bad_case {
	const char *text;
};

static const struct parse_size_bad_case parse_size_bad_cases[] = {
	{ "" }, { "k" }, { "4K" }, { "4kB" }, { "-1" },
};

static void parse_size_bad_describe(const struct parse_size_bad_case *bad, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "\"%s\"", bad->text);
}

KUNIT_ARRAY_PARAM(parse_size_bad, parse_size_bad_cases, parse_size_bad_describe);

static void parse_size_test_rejects(struct kunit *test)
{
	const struct parse_size_bad_case *bad = test->param_value;

	KUNIT_EXPECT_EQ_MSG(test, parse_size(bad->text), -EINVAL, "for \"%s\"", bad->text);
}

/* usage: params end */

/* usage: skip */
static void parse_size_test_gigabytes(struct kunit *test)
{
	if (sizeof(long) < 8)
		kunit_skip(test, "a long of %zu bytes holds no 8G", sizeof(long));
	kunit_info(test, "long is %zu bytes", sizeof(long));
	KUNIT_EXPECT_EQ(test, parse_size("8192M"), 8L * 1024 * 1024 * 1024);
}

/* usage: skip end */

/* usage: fixture */
struct parse_size_fixture {
	char *buffer;
	size_t size;
};

static int parse_size_test_init(struct kunit *test)
{
	struct parse_size_fixture *fixture = kunit_kzalloc(test, sizeof(*fixture), GFP_KERNEL);

	if (!fixture)
		return -ENOMEM;
	fixture->size = 32;
	fixture->buffer = kunit_kzalloc(test, fixture->size, GFP_KERNEL);
	if (!fixture->buffer)
		return -ENOMEM;
	test->priv = fixture;
	return 0;
}

static void parse_size_test_from_buffer(struct kunit *test)
{
	struct parse_size_fixture *fixture = test->priv;

	snprintf(fixture->buffer, fixture->size, "%dk", 3);
	KUNIT_EXPECT_EQ(test, parse_size(fixture->buffer), 3072);
}

/* usage: fixture end */

/* usage: suite */
/* usage: warnings */
static void parse_size_test_warns_on_null(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_BUG))
		kunit_skip(test, "WARN_ON() does not warn without CONFIG_BUG");
	kunit_warning_suppress(test) {
		KUNIT_EXPECT_EQ(test, parse_size_checked(NULL), -EINVAL);
		KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, 1);
	}
	KUNIT_EXPECT_EQ(test, parse_size_checked("4k"), 4096);
}
/* usage: warnings end */

static struct kunit_case parse_size_test_cases[] = {
	KUNIT_CASE(parse_size_test_units),
	KUNIT_CASE(parse_size_test_copy),
	KUNIT_CASE_PARAM(parse_size_test_rejects, parse_size_bad_gen_params),
	KUNIT_CASE(parse_size_test_gigabytes),
	KUNIT_CASE_TIMEOUT(parse_size_test_from_buffer, 10),
	KUNIT_CASE(parse_size_test_warns_on_null),
	{}
};

static struct kunit_suite parse_size_test_suite = {
	.name = "parse-size",
	.init = parse_size_test_init,
	.test_cases = parse_size_test_cases,
};

kunit_test_suite(parse_size_test_suite);

/* usage: suite end */

MODULE_LICENSE("GPL");
