// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit's tests of string_stream and of the original kunit_stream logger.
 */
#include <kunit/kunit-stream.h>
#include <kunit/string-stream.h>
#include <kunit/test.h>
#include <kunit/visibility.h>

#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "fake-test.h"

static void string_stream_test_empty(struct kunit *test)
{
	struct string_stream *stream = alloc_string_stream(test, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, stream);
	KUNIT_EXPECT_TRUE(test, string_stream_is_empty(stream));
	KUNIT_EXPECT_EQ(test, string_stream_length(stream), 0);
	KUNIT_EXPECT_STREQ(test, kunit_stream_text(test, stream), "");
}

static void string_stream_test_add(struct kunit *test)
{
	struct string_stream *stream = alloc_string_stream(test, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, stream);
	KUNIT_EXPECT_EQ(test, string_stream_add(stream, "one %d, ", 1), 0);
	KUNIT_EXPECT_EQ(test, string_stream_add(stream, "%s", "two"), 0);
	KUNIT_EXPECT_FALSE(test, string_stream_is_empty(stream));
	KUNIT_EXPECT_EQ(test, string_stream_length(stream), strlen("one 1, two"));
	KUNIT_EXPECT_STREQ(test, kunit_stream_text(test, stream), "one 1, two");
}

static void string_stream_test_grows(struct kunit *test)
{
	struct string_stream *stream = alloc_string_stream(test, GFP_KERNEL);
	char *text;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, stream);
	for (i = 0; i < 1000; i++)
		KUNIT_ASSERT_EQ(test, string_stream_add(stream, "%03d,", i), 0);
	text = kunit_stream_text(test, stream);
	KUNIT_EXPECT_EQ(test, strlen(text), 4000);
	KUNIT_EXPECT_EQ(test, strncmp(text, "000,001,002,", 12), 0);
	KUNIT_EXPECT_STREQ(test, text + 3996, "999,");
}

static void string_stream_test_one_long_add(struct kunit *test)
{
	struct string_stream *stream = alloc_string_stream(test, GFP_KERNEL);
	char *long_text = kunit_kzalloc(test, 3001, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, stream);
	KUNIT_ASSERT_NOT_NULL(test, long_text);
	memset(long_text, 'y', 3000);
	string_stream_add(stream, "<");
	KUNIT_EXPECT_EQ(test, string_stream_add(stream, "%s>", long_text), 0);
	KUNIT_EXPECT_EQ(test, string_stream_length(stream), 3002);
	KUNIT_EXPECT_EQ(test, kunit_stream_text(test, stream)[3001], '>');
}

/*
 * A text larger than the allocator hands out (8 MiB of blanks, the widest
 * field vsnprintf() takes, which it only counts; the buffer would be 16
 * MiB) is refused with -ENOMEM, the stream as it was, and quietly: an
 * allocator's WARNING would fail the case that logged it.  Where kmalloc()
 * hands out 16 MiB (64 KiB pages: powerpc), no field is that wide.
 */
static void string_stream_test_too_long_fails_quietly(struct kunit *test)
{
	struct string_stream *stream;

	if (KMALLOC_MAX_SIZE >= (16UL << 20))
		kunit_skip(test, "kmalloc() hands out %lu bytes here: no text is too long",
			   (unsigned long)KMALLOC_MAX_SIZE);
	stream = alloc_string_stream(test, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, stream);
	KUNIT_ASSERT_EQ(test, string_stream_add(stream, "kept"), 0);
	KUNIT_EXPECT_EQ(test, string_stream_add(stream, "%*s", (8 << 20) - 1, ""), -ENOMEM);
	KUNIT_EXPECT_STREQ(test, kunit_stream_text(test, stream), "kept");
}

static void string_stream_test_clear(struct kunit *test)
{
	struct string_stream *stream = alloc_string_stream(test, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, stream);
	string_stream_add(stream, "gone");
	string_stream_clear(stream);
	KUNIT_EXPECT_TRUE(test, string_stream_is_empty(stream));
	string_stream_add(stream, "kept");
	KUNIT_EXPECT_STREQ(test, kunit_stream_text(test, stream), "kept");
}

static void string_stream_test_append(struct kunit *test)
{
	struct string_stream *stream = alloc_string_stream(test, GFP_KERNEL);
	struct string_stream *other = alloc_string_stream(test, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, stream);
	KUNIT_ASSERT_NOT_NULL(test, other);
	string_stream_add(stream, "left ");
	string_stream_add(other, "right");
	KUNIT_EXPECT_EQ(test, string_stream_append(stream, other), 0);
	KUNIT_EXPECT_STREQ(test, kunit_stream_text(test, stream), "left right");
	KUNIT_EXPECT_STREQ(test, kunit_stream_text(test, other), "right");
}

/* The original API: new, get, put; the stream lives until its last put. */
static void string_stream_test_reference_counted(struct kunit *test)
{
	struct string_stream *stream = new_string_stream();

	KUNIT_ASSERT_NOT_NULL(test, stream);
	string_stream_add(stream, "shared");
	string_stream_get(stream);
	KUNIT_EXPECT_EQ(test, string_stream_put(stream), 0);
	KUNIT_EXPECT_STREQ(test, kunit_stream_text(test, stream), "shared");
	KUNIT_EXPECT_EQ(test, string_stream_put(stream), 1);

	stream = new_string_stream();
	KUNIT_ASSERT_NOT_NULL(test, stream);
	destroy_string_stream(stream);
	destroy_string_stream(NULL);
}

/* Runs @case_fn as a case of its own, which passes and prints @expected. */
static void expect_fake_output(struct kunit *test, void (*case_fn)(struct kunit *fake),
			       const char *expected)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", case_fn, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_STREQ(test, run.output, expected);
}

static void kunit_stream_message(struct kunit *fake)
{
	struct kunit_stream *stream = kunit_new_stream(fake);
	struct kunit_stream *other = kunit_new_stream(fake);

	if (!stream || !other) {
		kunit_set_failure(fake);
		return;
	}
	kunit_stream_set_level(stream, KERN_INFO);
	kunit_stream_add(stream, "value is %d", 5);
	kunit_stream_add(other, "; more\nsecond line");
	kunit_stream_append(stream, other);
	kunit_stream_commit(stream);
	/* Committing empties the stream. */
	kunit_stream_commit(stream);

	kunit_stream_add(other, "dropped");
	kunit_stream_clear(other);
	kunit_stream_add(other, "no level");
	kunit_stream_commit(other);
}

static void kunit_stream_test_commit(struct kunit *test)
{
	expect_fake_output(test, kunit_stream_message,
			   "    # fake: value is 5; more\n"
			   "    # fake: second line\n"
			   "    # fake: kunit_stream: message committed without a level\n"
			   "    # fake: no level\n");
}

/* Text added and never committed: the end of the case prints it, with a note. */
static void kunit_stream_left_behind(struct kunit *fake)
{
	struct kunit_stream *stream = kunit_new_stream(fake);

	kunit_stream_set_level(stream, KERN_INFO);
	kunit_stream_add(stream, "left %s", "behind");
}

static void kunit_stream_test_uncommitted(struct kunit *test)
{
	expect_fake_output(test, kunit_stream_left_behind,
			   "    # fake: kunit_stream: the case ended with text never committed; it follows\n"
			   "    # fake: left behind\n");
}

static struct kunit_case string_stream_test_cases[] = {
	KUNIT_CASE(string_stream_test_empty),
	KUNIT_CASE(string_stream_test_add),
	KUNIT_CASE(string_stream_test_grows),
	KUNIT_CASE(string_stream_test_one_long_add),
	KUNIT_CASE(string_stream_test_too_long_fails_quietly),
	KUNIT_CASE(string_stream_test_clear),
	KUNIT_CASE(string_stream_test_append),
	KUNIT_CASE(string_stream_test_reference_counted),
	KUNIT_CASE(kunit_stream_test_commit),
	KUNIT_CASE(kunit_stream_test_uncommitted),
	{}
};

static struct kunit_suite string_stream_test_suite = {
	.name = "string-stream",
	.test_cases = string_stream_test_cases,
};

kunit_test_suites(&string_stream_test_suite);

MODULE_LICENSE("GPL v2");
MODULE_DESCRIPTION("Tests of KUnit's string_stream and kunit_stream");
/* KUnit internals exported for its own suites (tests-only-export.h). */
MODULE_IMPORT_NS(KUNIT_NAMESPACE(KUNIT_INTERNALS));
