/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For KUnit's own tests: run test code against a fake test case whose
 * output is captured instead of printed, and see how it ended.
 */
#ifndef _KUNIT_FAKE_TEST_H
#define _KUNIT_FAKE_TEST_H

#include <kunit/string-stream.h>
#include <kunit/test.h>
#include <kunit/try-catch.h>

/**
 * struct kunit_fake_run - how a fake test case ended
 * @fake: the fake test, as the code left it.
 * @aborted: the code was stopped early, by an assertion or a skip.
 * @output: the lines it printed; freed when the real case ends.
 */
struct kunit_fake_run {
	struct kunit fake;
	bool aborted;
	char *output;
};

/**
 * kunit_keep_text() - move a kmalloc()ed string into a test's memory
 * @test: the real test; the copy is freed when its case ends.
 * @text: the string, or NULL; it is freed.
 *
 * Ends the case if @text is NULL or there is no memory for the copy.
 *
 * Return: the copy.
 */
static inline char *kunit_keep_text(struct kunit *test, char *text)
{
	char *copy = NULL;

	if (text) {
		copy = kunit_kmalloc(test, strlen(text) + 1, GFP_KERNEL);
		if (copy)
			strscpy(copy, text, strlen(text) + 1);
	}
	kfree(text);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	return copy;
}

/**
 * kunit_stream_text() - the text of a string_stream, owned by a test
 * @test: the real test; the copy is freed when its case ends.
 * @stream: the stream.
 *
 * Return: the text; see kunit_keep_text().
 */
static inline char *kunit_stream_text(struct kunit *test, struct string_stream *stream)
{
	return kunit_keep_text(test, string_stream_get_string(stream));
}

struct kunit_fake_call {
	void (*code)(struct kunit *fake);
	struct kunit *fake;
};

static inline void kunit_fake_call(void *data)
{
	struct kunit_fake_call *call = data;

	kunit_platform_set_current_test(call->fake);
	call->code(call->fake);
}

/**
 * kunit_run_fake() - run @code against a fake test case named @name
 * @test: the real test; owns the captured output.
 * @name: the fake case's name, as it appears in its output.
 * @code: the code to run, given the fake test.
 * @run: where to put the outcome.
 *
 * The fake's resources are cleaned up afterwards, as KUnit would.
 */
static inline void kunit_run_fake(struct kunit *test, const char *name,
				  void (*code)(struct kunit *fake), struct kunit_fake_run *run)
{
	struct string_stream *log = alloc_string_stream(test, GFP_KERNEL);
	struct kunit *outer = kunit_platform_current_test();
	struct kunit_fake_call call = { .code = code, .fake = &run->fake };

	KUNIT_ASSERT_NOT_NULL(test, log);
	kunit_init_test(&run->fake, name, log);
	run->fake.log.quiet = true;
	kunit_try_catch_init(&run->fake.try_catch, &run->fake, kunit_fake_call, NULL);
	kunit_try_catch_run(&run->fake.try_catch, &call);
	kunit_platform_set_current_test(outer);
	run->aborted = run->fake.try_catch.thrown;
	kunit_cleanup(&run->fake);

	run->output = kunit_stream_text(test, log);
}

#endif /* _KUNIT_FAKE_TEST_H */
