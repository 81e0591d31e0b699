// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit's tests of itself: test status, logging, stopping a case,
 * test-managed resources, and the runner's KTAP output, including a run
 * that goes on from where an earlier one stopped.
 */
#include "attributes-impl.h"
#include "executor.h"
#include "progress.h"
#include <kunit/attributes.h>
#include <kunit/device.h>
#include <kunit/resource.h>
#include <kunit/static_stub.h>
#include <kunit/string-stream.h>
#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <kunit/try-catch.h>
#include <kunit/visibility.h>

#include <linux/bug.h>
#include <linux/device.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "fake-test.h"

static bool reached_end;

/* Status */

static void do_nothing(struct kunit *fake)
{
	reached_end = true;
}

static void set_failure(struct kunit *fake)
{
	kunit_set_failure(fake);
	reached_end = true;
}

static void mark_skipped(struct kunit *fake)
{
	kunit_mark_skipped(fake, "no %s here", "hardware");
	reached_end = true;
}

static void skip(struct kunit *fake)
{
	kunit_skip(fake, "skipped at %d", 1);
	reached_end = true;
}

static void fail_then_skip(struct kunit *fake)
{
	kunit_set_failure(fake);
	kunit_skip(fake, "too late");
}

static void skip_without_reason(struct kunit *fake)
{
	kunit_mark_skipped(fake, NULL);
}

/* A fake case, and how it must end. */
struct status_param {
	const char *name;
	void (*case_fn)(struct kunit *fake);
	enum kunit_status status;
	const char *comment;
	bool reached_end;
	bool aborted;
};

static const struct status_param status_params[] = {
	{ "starts successful", do_nothing, KUNIT_SUCCESS, "", true, false },
	{ "set failure is silent", set_failure, KUNIT_FAILURE, "", true, false },
	{ "mark skipped goes on", mark_skipped, KUNIT_SKIPPED, "no hardware here", true, false },
	{ "skip stops", skip, KUNIT_SKIPPED, "skipped at 1", false, true },
	{ "failure outlives skip", fail_then_skip, KUNIT_FAILURE, "too late", false, true },
	{ "skip without reason", skip_without_reason, KUNIT_SKIPPED, "", false, false },
};

static void status_param_desc(const struct status_param *param, char *desc)
{
	strscpy(desc, param->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(status, status_params, status_param_desc);

/* Status, comment and end of a fake case; none of it is printed. */
static void status_test_ends(struct kunit *test)
{
	const struct status_param *param = test->param_value;
	struct kunit_fake_run run;

	reached_end = false;
	kunit_run_fake(test, "fake", param->case_fn, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, param->status);
	KUNIT_EXPECT_STREQ(test, run.fake.status_comment, param->comment);
	KUNIT_EXPECT_EQ(test, reached_end, param->reached_end);
	KUNIT_EXPECT_EQ(test, run.aborted, param->aborted);
	KUNIT_EXPECT_STREQ(test, run.output, "");
}

static int fail_current_line;

static void fail_current(struct kunit *fake)
{
	fail_current_line = __LINE__; kunit_fail_current_test("sanitizer says %d", 3);
}

static void status_test_fail_current_test(struct kunit *test)
{
	struct kunit_fake_run run;
	char expected[256];

	/* Built in or a module: either reaches KUnit through its hooks. */
	kunit_run_fake(test, "fake", fail_current, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_FAILURE);
	snprintf(expected, sizeof(expected), "    # fake: %s:%d: sanitizer says 3\n", __FILE__,
		 fail_current_line);
	KUNIT_EXPECT_STREQ(test, run.output, expected);
}

static void status_test_get_current_test(struct kunit *test)
{
	/* As mainline's own tests read it, in both worlds. */
	KUNIT_EXPECT_PTR_EQ(test, current->kunit_test, test);
	KUNIT_EXPECT_PTR_EQ(test, kunit_get_current_test(), test);
	kunit_platform_set_current_test(NULL);
	KUNIT_EXPECT_NULL(test, kunit_get_current_test());
	kunit_platform_set_current_test(test);
}

static void status_test_fail_current_test_outside_a_case(struct kunit *test)
{
	kunit_platform_set_current_test(NULL);
	kunit_fail_current_test("nobody to fail");
	kunit_platform_set_current_test(test);
	KUNIT_EXPECT_EQ(test, test->status, KUNIT_SUCCESS);
}

static struct kunit_case status_test_cases[] = {
	KUNIT_CASE_PARAM(status_test_ends, status_gen_params),
	KUNIT_CASE(status_test_fail_current_test),
	KUNIT_CASE(status_test_get_current_test),
	KUNIT_CASE(status_test_fail_current_test_outside_a_case),
	{}
};

static struct kunit_suite status_test_suite = {
	.name = "kunit-status",
	.test_cases = status_test_cases,
};

/* Logging */

static void log_lines(struct kunit *fake)
{
	kunit_info(fake, "info %d", 1);
	kunit_warn(fake, "warn %s", "two");
	kunit_err(fake, "err\n");
	kunit_info(fake, "first\nsecond\n");
	kunit_log(KERN_INFO, fake, "  raw %c", 'x');
}

static void log_test_lines(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", log_lines, &run);
	KUNIT_EXPECT_STREQ(test, run.output,
			   "    # fake: info 1\n"
			   "    # fake: warn two\n"
			   "    # fake: err\n"
			   "    # fake: first\n"
			   "    # second\n"
			   "  raw x\n");
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
}

static char long_text[5000];

static void log_long_line(struct kunit *fake)
{
	kunit_info(fake, "%s", long_text);
}

static void log_test_long_line_is_whole(struct kunit *test)
{
	struct kunit_fake_run run;

	memset(long_text, 'x', sizeof(long_text) - 1);
	long_text[sizeof(long_text) - 1] = '\0';
	kunit_run_fake(test, "fake", log_long_line, &run);
	/* "    # fake: ", the text, then the newline. */
	KUNIT_EXPECT_EQ(test, strlen(run.output), 12 + sizeof(long_text) - 1 + 1);
	KUNIT_EXPECT_EQ(test, strspn(run.output + strlen("    # fake: "), "x"),
			sizeof(long_text) - 1);
}

static void log_null_argument(struct kunit *fake)
{
	/* NULL at run time, which the compiler cannot see. */
	const char *nothing = fake->priv;

	kunit_info(fake, "value: %s", nothing);
}

static void log_test_null_argument(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", log_null_argument, &run);
	KUNIT_EXPECT_STREQ(test, run.output, "    # fake: value: (null)\n");
}

static struct kunit_case log_test_cases[] = {
	KUNIT_CASE(log_test_lines),
	KUNIT_CASE(log_test_long_line_is_whole),
	KUNIT_CASE(log_test_null_argument),
	{}
};

static struct kunit_suite log_test_suite = {
	.name = "kunit-log",
	.test_cases = log_test_cases,
};

/* Stopping a case: kunit_try_catch */

struct try_catch_record {
	struct kunit_try_catch try_catch;
	bool tried_to_end;
	bool caught;
};

static void try_and_return(void *data)
{
	struct try_catch_record *record = data;

	record->tried_to_end = true;
}

static void try_and_throw(void *data)
{
	struct try_catch_record *record = data;

	kunit_try_catch_throw(&record->try_catch);
	record->tried_to_end = true;
}

static void catch_it(void *data)
{
	struct try_catch_record *record = data;

	record->caught = true;
}

/* A try-catch run, and what must come of it. */
struct try_catch_param {
	const char *name;
	kunit_try_catch_func_t try_fn;
	kunit_try_catch_func_t catch_fn;
	bool thrown;
	bool tried_to_end;
	bool caught;
};

static const struct try_catch_param try_catch_params[] = {
	{ "returns", try_and_return, catch_it, false, true, false },
	{ "throws", try_and_throw, catch_it, true, false, true },
	{ "throws without catch", try_and_throw, NULL, true, false, false },
};

static void try_catch_param_desc(const struct try_catch_param *param, char *desc)
{
	strscpy(desc, param->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(try_catch, try_catch_params, try_catch_param_desc);

static void try_catch_test_run(struct kunit *test)
{
	const struct try_catch_param *param = test->param_value;
	struct try_catch_record record = { };

	kunit_try_catch_init(&record.try_catch, test, param->try_fn, param->catch_fn);
	kunit_try_catch_run(&record.try_catch, &record);
	/* A throw is no error: the result is 0, as in the series and in 6.1. */
	KUNIT_EXPECT_EQ(test, kunit_try_catch_get_result(&record.try_catch), 0);
	KUNIT_EXPECT_EQ(test, record.try_catch.thrown, param->thrown);
	KUNIT_EXPECT_EQ(test, record.tried_to_end, param->tried_to_end);
	KUNIT_EXPECT_EQ(test, record.caught, param->caught);
}

/* Upstream's five-argument form (6.17) takes a time limit in jiffies. */
static void try_catch_test_init_timeout(struct kunit *test)
{
	struct try_catch_record record = { };

	kunit_try_catch_init(&record.try_catch, test, try_and_return, catch_it, 3 * HZ);
	KUNIT_EXPECT_EQ(test, record.try_catch.timeout, 3);
	/* Rounded up to whole seconds: never earlier than asked. */
	kunit_try_catch_init(&record.try_catch, test, try_and_return, catch_it,
			     msecs_to_jiffies(2500));
	KUNIT_EXPECT_EQ(test, record.try_catch.timeout, 3);
	kunit_try_catch_init(&record.try_catch, test, try_and_return, catch_it, 0);
	KUNIT_EXPECT_EQ(test, record.try_catch.timeout, 0);

	kunit_try_catch_init(&record.try_catch, test, try_and_return, catch_it,
			     300 * msecs_to_jiffies(MSEC_PER_SEC));
	KUNIT_EXPECT_EQ(test, record.try_catch.timeout, 300);
	KUNIT_EXPECT_PTR_EQ(test, record.try_catch.test, test);
	kunit_try_catch_run(&record.try_catch, &record);
	/* try_result is upstream's name of the result. */
	KUNIT_EXPECT_EQ(test, record.try_catch.try_result, 0);
	KUNIT_EXPECT_TRUE(test, record.tried_to_end);
	KUNIT_EXPECT_FALSE(test, record.caught);
}

static struct kunit_case try_catch_test_cases[] = {
	KUNIT_CASE_PARAM(try_catch_test_run, try_catch_gen_params),
	KUNIT_CASE(try_catch_test_init_timeout),
	{}
};

static struct kunit_suite try_catch_test_suite = {
	.name = "kunit-try-catch",
	.test_cases = try_catch_test_cases,
};

/* Resources */

#define MAX_EVENTS 8

/* What the fake resources saw happen, in order. */
struct resource_events {
	int freed[MAX_EVENTS];
	int num_freed;
	int inits;
};

static struct resource_events events;

struct counted {
	int id;
};

static int counted_init(struct kunit_resource *res, void *context)
{
	struct counted *counted = kzalloc(sizeof(*counted), GFP_KERNEL);

	if (!counted)
		return -ENOMEM;
	counted->id = *(int *)context;
	res->data = counted;
	events.inits++;
	return 0;
}

static void counted_free(struct kunit_resource *res)
{
	struct counted *counted = res->data;

	if (events.num_freed < MAX_EVENTS)
		events.freed[events.num_freed++] = counted->id;
	kfree(counted);
}

static int failing_init(struct kunit_resource *res, void *context)
{
	return -EIO;
}

static void noted_free(struct kunit_resource *res)
{
	if (events.num_freed < MAX_EVENTS)
		events.freed[events.num_freed++] = (int)(uintptr_t)res->data;
}

static int resource_test_init(struct kunit *test)
{
	memset(&events, 0, sizeof(events));
	return 0;
}

static void resource_test_alloc_and_cleanup(struct kunit *test)
{
	struct kunit fake;
	struct counted *counted;
	int id = 7;

	kunit_init_test(&fake, "fake", NULL);
	counted = kunit_alloc_resource(&fake, counted_init, counted_free, GFP_KERNEL, &id);
	KUNIT_ASSERT_NOT_NULL(test, counted);
	KUNIT_EXPECT_EQ(test, counted->id, 7);
	KUNIT_EXPECT_EQ(test, events.inits, 1);
	KUNIT_EXPECT_EQ(test, events.num_freed, 0);

	kunit_cleanup(&fake);
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);
	KUNIT_EXPECT_EQ(test, events.freed[0], 7);
	KUNIT_EXPECT_TRUE(test, list_empty(&fake.resources));
}

static void resource_test_freed_newest_first(struct kunit *test)
{
	struct kunit fake;
	int id;

	kunit_init_test(&fake, "fake", NULL);
	for (id = 1; id <= 3; id++)
		KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(&fake, counted_init, counted_free,
								 GFP_KERNEL, &id));
	kunit_cleanup(&fake);
	KUNIT_ASSERT_EQ(test, events.num_freed, 3);
	KUNIT_EXPECT_EQ(test, events.freed[0], 3);
	KUNIT_EXPECT_EQ(test, events.freed[1], 2);
	KUNIT_EXPECT_EQ(test, events.freed[2], 1);
}

static void resource_test_failed_init_adds_nothing(struct kunit *test)
{
	struct kunit fake;

	kunit_init_test(&fake, "fake", NULL);
	KUNIT_EXPECT_NULL(test, kunit_alloc_resource(&fake, failing_init, counted_free,
						     GFP_KERNEL, NULL));
	KUNIT_EXPECT_NULL(test, kunit_alloc_and_get_resource(&fake, failing_init, counted_free,
							     GFP_KERNEL, NULL));
	KUNIT_EXPECT_TRUE(test, list_empty(&fake.resources));
	kunit_cleanup(&fake);
	KUNIT_EXPECT_EQ(test, events.num_freed, 0);
}

static void resource_test_add_caller_owned(struct kunit *test)
{
	struct kunit_resource res = { };
	struct kunit fake;

	kunit_init_test(&fake, "fake", NULL);
	KUNIT_ASSERT_EQ(test, kunit_add_resource(&fake, NULL, noted_free, &res, (void *)5), 0);
	KUNIT_EXPECT_PTR_EQ(test, res.data, (void *)5);
	kunit_cleanup(&fake);
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);
	KUNIT_EXPECT_EQ(test, events.freed[0], 5);
}

static void resource_test_named(struct kunit *test)
{
	struct kunit_resource first = { }, second = { }, *found;
	struct kunit fake;
	int err;

	kunit_init_test(&fake, "fake", NULL);
	err = kunit_add_named_resource(&fake, NULL, noted_free, &first, "status", (void *)1);
	KUNIT_ASSERT_EQ(test, err, 0);
	err = kunit_add_named_resource(&fake, NULL, noted_free, &second, "status", (void *)2);
	KUNIT_EXPECT_EQ(test, err, -EEXIST);
	err = kunit_add_named_resource(&fake, NULL, noted_free, &second, NULL, (void *)2);
	KUNIT_EXPECT_EQ(test, err, -EINVAL);

	found = kunit_find_named_resource(&fake, "status");
	KUNIT_ASSERT_PTR_EQ(test, found, &first);
	KUNIT_EXPECT_PTR_EQ(test, found->data, (void *)1);
	kunit_put_resource(found);
	KUNIT_EXPECT_NULL(test, kunit_find_named_resource(&fake, "other"));

	KUNIT_EXPECT_EQ(test, kunit_destroy_named_resource(&fake, "status"), 0);
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);
	KUNIT_EXPECT_EQ(test, kunit_destroy_named_resource(&fake, "status"), -ENOENT);
	kunit_cleanup(&fake);
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);
}

static void resource_test_find_holds_a_reference(struct kunit *test)
{
	struct kunit_resource *res, *found;
	struct kunit fake;
	int id = 9;

	kunit_init_test(&fake, "fake", NULL);
	res = kunit_alloc_and_get_resource(&fake, counted_init, counted_free, GFP_KERNEL, &id);
	KUNIT_ASSERT_NOT_NULL(test, res);
	found = kunit_find_resource(&fake, kunit_resource_data_match, res->data);
	KUNIT_EXPECT_PTR_EQ(test, found, res);

	/* Off the list, still held twice: not freed. */
	kunit_cleanup(&fake);
	KUNIT_EXPECT_EQ(test, events.num_freed, 0);
	kunit_put_resource(found);
	KUNIT_EXPECT_EQ(test, events.num_freed, 0);
	kunit_put_resource(res);
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);
}

static void resource_test_remove(struct kunit *test)
{
	struct kunit_resource *res;
	struct kunit fake;
	int id = 4;

	kunit_init_test(&fake, "fake", NULL);
	res = kunit_alloc_and_get_resource(&fake, counted_init, counted_free, GFP_KERNEL, &id);
	KUNIT_ASSERT_NOT_NULL(test, res);
	kunit_remove_resource(&fake, res);
	kunit_remove_resource(&fake, res);
	KUNIT_EXPECT_TRUE(test, list_empty(&fake.resources));
	KUNIT_EXPECT_EQ(test, events.num_freed, 0);
	kunit_put_resource(res);
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);
}

static void resource_test_kmalloc(struct kunit *test)
{
	struct kunit fake;
	u8 *zeroed;
	int *array;
	size_t i;

	kunit_init_test(&fake, "fake", NULL);
	zeroed = kunit_kzalloc(&fake, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, zeroed);
	for (i = 0; i < 64; i++)
		KUNIT_ASSERT_EQ(test, zeroed[i], 0);

	array = kunit_kcalloc(&fake, 16, sizeof(*array), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, array);
	for (i = 0; i < 16; i++)
		KUNIT_ASSERT_EQ(test, array[i], 0);

	KUNIT_EXPECT_NOT_NULL(test, kunit_kmalloc(&fake, 10, GFP_KERNEL));
	KUNIT_EXPECT_NOT_NULL(test, kunit_kmalloc_array(&fake, 3, 5, GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, list_count_nodes(&fake.resources), 4);

	kunit_kfree(&fake, zeroed);
	kunit_kfree(&fake, NULL);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&fake.resources), 3);
	KUNIT_EXPECT_EQ(test, fake.status, KUNIT_SUCCESS);

	kunit_cleanup(&fake);
	KUNIT_EXPECT_TRUE(test, list_empty(&fake.resources));
}

static void resource_test_kmalloc_overflow(struct kunit *test)
{
	struct kunit fake;

	kunit_init_test(&fake, "fake", NULL);
	KUNIT_EXPECT_NULL(test, kunit_kmalloc_array(&fake, SIZE_MAX / 2, 4, GFP_KERNEL));
	KUNIT_EXPECT_NULL(test, kunit_kcalloc(&fake, SIZE_MAX / 2, 4, GFP_KERNEL));
	KUNIT_EXPECT_TRUE(test, list_empty(&fake.resources));
}

static void resource_test_kstrdup(struct kunit *test)
{
	static const char text[] = "a string";
	struct kunit fake;
	char *copy;

	kunit_init_test(&fake, "fake", NULL);
	copy = kunit_kstrdup(&fake, text, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	KUNIT_EXPECT_PTR_NE(test, (const char *)copy, text);
	KUNIT_EXPECT_STREQ(test, copy, text);
	KUNIT_EXPECT_NULL(test, kunit_kstrdup(&fake, NULL, GFP_KERNEL));
	KUNIT_EXPECT_EQ(test, list_count_nodes(&fake.resources), 1);
	kunit_cleanup(&fake);
	KUNIT_EXPECT_TRUE(test, list_empty(&fake.resources));
}

/*
 * A string in the kernel's read-only data is not copied; one in writable
 * memory always is, and in userspace every one is.
 */
static void resource_test_kstrdup_const(struct kunit *test)
{
	static const char text[] = "read-only";
	char *writable = kunit_kstrdup(test, "writable", GFP_KERNEL);
	const char *kept, *copied;
	struct kunit fake;

	KUNIT_ASSERT_NOT_NULL(test, writable);
	kunit_init_test(&fake, "fake", NULL);
	kept = kunit_kstrdup_const(&fake, text, GFP_KERNEL);
	copied = kunit_kstrdup_const(&fake, writable, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, kept);
	KUNIT_ASSERT_NOT_NULL(test, copied);
	KUNIT_EXPECT_STREQ(test, kept, text);
	KUNIT_EXPECT_STREQ(test, copied, "writable");
	KUNIT_EXPECT_PTR_NE(test, copied, (const char *)writable);
	/* Built in, text is the kernel's read-only data; in a module, it is not. */
	if (kunit_platform_is_rodata(text))
		KUNIT_EXPECT_PTR_EQ(test, kept, (const char *)text);
	else
		KUNIT_EXPECT_PTR_NE(test, kept, (const char *)text);
	KUNIT_EXPECT_EQ(test, list_count_nodes(&fake.resources),
			kunit_platform_is_rodata(text) ? 1 : 2);
	kunit_kfree_const(&fake, kept);
	kunit_kfree_const(&fake, copied);
	KUNIT_EXPECT_NULL(test, kunit_kstrdup_const(&fake, NULL, GFP_KERNEL));
	KUNIT_EXPECT_TRUE(test, list_empty(&fake.resources));
	KUNIT_EXPECT_EQ(test, fake.status, KUNIT_SUCCESS);
	kunit_cleanup(&fake);
}

static const struct {
	const char *name;
	int value;
} described_params[] = {
	{ "first", 1 },
	{ "second", 2 },
};

KUNIT_ARRAY_PARAM_DESC(described, described_params, name);

static void resource_test_array_param_desc(struct kunit *test)
{
	char desc[KUNIT_PARAM_DESC_SIZE] = "";
	struct kunit context;
	const void *param;

	kunit_init_test(&context, "context", NULL);
	param = described_gen_params(&context, NULL, desc);
	KUNIT_EXPECT_PTR_EQ(test, param, (const void *)&described_params[0]);
	KUNIT_EXPECT_STREQ(test, desc, "first");
	/* The first call registers the array with the case's context. */
	KUNIT_EXPECT_PTR_EQ(test, context.params_array.params, (const void *)described_params);
	KUNIT_EXPECT_EQ(test, context.params_array.num_params, 2);
	KUNIT_EXPECT_EQ(test, context.params_array.elem_size, sizeof(described_params[0]));
	param = described_gen_params(&context, param, desc);
	KUNIT_EXPECT_PTR_EQ(test, param, (const void *)&described_params[1]);
	KUNIT_EXPECT_STREQ(test, desc, "second");
	KUNIT_EXPECT_NULL(test, described_gen_params(&context, param, desc));
	/* Called without a context, as code before Linux 6.18 may. */
	KUNIT_EXPECT_PTR_EQ(test, described_gen_params(NULL, NULL, desc),
			    (const void *)&described_params[0]);
}

static void noted_action(void *context)
{
	if (events.num_freed < MAX_EVENTS)
		events.freed[events.num_freed++] = (int)(uintptr_t)context;
}

static void count_up(int *counter)
{
	(*counter)++;
}

KUNIT_DEFINE_ACTION_WRAPPER(count_up_action, count_up, int *);

/* Deferred actions run with the resources, newest first, once each. */
static void resource_test_actions(struct kunit *test)
{
	struct kunit fake;
	int counter = 0;

	memset(&events, 0, sizeof(events));
	kunit_init_test(&fake, "fake", NULL);
	KUNIT_ASSERT_EQ(test, kunit_add_action(&fake, noted_action, (void *)1), 0);
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(&fake, NULL, noted_free, GFP_KERNEL,
							 (void *)11));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(&fake, noted_action, (void *)2), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(&fake, noted_action, (void *)3), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(&fake, noted_action, (void *)4), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action(&fake, count_up_action, &counter), 0);
	KUNIT_EXPECT_EQ(test, kunit_add_action(&fake, NULL, NULL), -EINVAL);

	/* Released now: runs now, not again; removed: never runs. */
	kunit_release_action(&fake, noted_action, (void *)3);
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);
	KUNIT_EXPECT_EQ(test, events.freed[0], 3);
	kunit_remove_action(&fake, noted_action, (void *)4);
	kunit_remove_action(&fake, noted_action, (void *)99);
	kunit_release_action(&fake, noted_action, (void *)99);
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);

	kunit_cleanup(&fake);
	KUNIT_EXPECT_EQ(test, counter, 1);
	KUNIT_ASSERT_EQ(test, events.num_freed, 4);
	KUNIT_EXPECT_EQ(test, events.freed[1], 2);
	KUNIT_EXPECT_EQ(test, events.freed[2], 11);
	KUNIT_EXPECT_EQ(test, events.freed[3], 1);
	KUNIT_EXPECT_TRUE(test, list_empty(&fake.resources));
}

static int not_managed;

static void kfree_foreign(struct kunit *fake)
{
	kunit_kfree(fake, &not_managed);
}

static void resource_test_kfree_foreign_fails(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", kfree_foreign, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_NOT_NULL(test, strstr(run.output,
					   "was not allocated by this test, or is already freed"));
}

/*
 * kunit_vm_mmap() maps user memory that the case reads and writes through
 * the user-copy functions, and reports an error as vm_mmap() does.
 */
static void resource_test_vm_mmap(struct kunit *test)
{
	static const char sent[] = "through user memory";
	char back[sizeof(sent)] = "";
	unsigned long addr, other, again;

	if (!KUNIT_PLATFORM_HAS_USER_MEMORY)
		kunit_skip(test, "no user memory for tests: a modular KUnit before 6.12");
	addr = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ | PROT_WRITE,
			     MAP_ANONYMOUS | MAP_PRIVATE, 0);
	if (addr == (unsigned long)-EOPNOTSUPP)
		kunit_skip(test, "this architecture's kernel threads cannot reach user memory");
	KUNIT_ASSERT_NE(test, addr, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR_VALUE(addr));
	KUNIT_EXPECT_EQ(test, addr & (PAGE_SIZE - 1), 0);
	KUNIT_EXPECT_EQ(test, copy_to_user((void __user *)addr, sent, sizeof(sent)), 0);
	KUNIT_EXPECT_EQ(test, copy_from_user(back, (void __user *)addr, sizeof(sent)), 0);
	KUNIT_EXPECT_STREQ(test, back, sent);

	/* Only user memory that allows it is copied to or from. */
	KUNIT_EXPECT_EQ(test, copy_to_user((void __user *)back, sent, sizeof(sent)), sizeof(sent));
	other = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE, PROT_READ,
			      MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR_VALUE(other));
	KUNIT_EXPECT_NE(test, other, addr);
	KUNIT_EXPECT_EQ(test, copy_to_user((void __user *)other, sent, sizeof(sent)), sizeof(sent));
	KUNIT_EXPECT_EQ(test, copy_from_user(back, (void __user *)other, sizeof(sent)), 0);
	KUNIT_EXPECT_EQ(test, back[0], 0);

	again = kunit_vm_mmap(test, NULL, addr, PAGE_SIZE, PROT_READ,
			      MAP_ANONYMOUS | MAP_PRIVATE | MAP_FIXED_NOREPLACE, 0);
	KUNIT_EXPECT_EQ(test, again, (unsigned long)-EEXIST);
}

static unsigned long vm_mmap_left_at;

static void maps_and_leaves(struct kunit *fake)
{
	vm_mmap_left_at = kunit_vm_mmap(fake, NULL, 0, 4 * PAGE_SIZE, PROT_READ | PROT_WRITE,
					MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_FALSE(fake, IS_ERR_VALUE(vm_mmap_left_at));
}

/*
 * A mapping the case left goes when it ends: its address is free again.
 * In userspace this checks the unmapping.  In the kernel it checks less:
 * the fake case's thread takes its address space with it, and this case
 * maps into a new one of its own, where the address is free anyway.
 */
static void resource_test_vm_mmap_gone_with_case(struct kunit *test)
{
	struct kunit_fake_run run;
	unsigned long addr;

	if (!KUNIT_PLATFORM_HAS_USER_MEMORY)
		kunit_skip(test, "no user memory for tests: a modular KUnit before 6.12");
	kunit_run_fake(test, "fake", maps_and_leaves, &run);
	if (vm_mmap_left_at == (unsigned long)-EOPNOTSUPP)
		kunit_skip(test, "this architecture's kernel threads cannot reach user memory");
	KUNIT_ASSERT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_ASSERT_NE(test, vm_mmap_left_at, 0);
	addr = kunit_vm_mmap(test, NULL, vm_mmap_left_at, 4 * PAGE_SIZE, PROT_READ,
			     MAP_ANONYMOUS | MAP_PRIVATE | MAP_FIXED_NOREPLACE, 0);
	KUNIT_EXPECT_EQ(test, addr, vm_mmap_left_at);
}

struct obj_test_pair {
	long first;
	char second[3];
};

/* kmalloc_obj() and its kin, mainline's or KUnit's: typed, sized, zeroed where asked. */
static void resource_test_kmalloc_obj(struct kunit *test)
{
	struct obj_test_pair *one = kzalloc_obj(*one);
	struct obj_test_pair *three = kzalloc_objs(struct obj_test_pair, 3, GFP_KERNEL);
	int *number = kmalloc_obj(int);
	long *longs = kmalloc_objs(*longs, 2);

	KUNIT_EXPECT_NOT_NULL(test, one);
	KUNIT_EXPECT_NOT_NULL(test, three);
	KUNIT_EXPECT_NOT_NULL(test, number);
	KUNIT_EXPECT_NOT_NULL(test, longs);
	if (one && three) {
		KUNIT_EXPECT_EQ(test, one->first, 0);
		KUNIT_EXPECT_EQ(test, three[2].second[2], 0);
	}
	if (number && longs) {
		*number = 7;
		longs[1] = 9;
		KUNIT_EXPECT_EQ(test, *number + longs[1], 16);
	}
	kfree(one);
	kfree(three);
	kfree(number);
	kfree(longs);
}

static struct kunit_case resource_test_cases[] = {
	KUNIT_CASE(resource_test_kmalloc_obj),
	KUNIT_CASE(resource_test_alloc_and_cleanup),
	KUNIT_CASE(resource_test_freed_newest_first),
	KUNIT_CASE(resource_test_failed_init_adds_nothing),
	KUNIT_CASE(resource_test_add_caller_owned),
	KUNIT_CASE(resource_test_named),
	KUNIT_CASE(resource_test_find_holds_a_reference),
	KUNIT_CASE(resource_test_remove),
	KUNIT_CASE(resource_test_kmalloc),
	KUNIT_CASE(resource_test_kmalloc_overflow),
	KUNIT_CASE(resource_test_kstrdup),
	KUNIT_CASE(resource_test_kstrdup_const),
	KUNIT_CASE(resource_test_array_param_desc),
	KUNIT_CASE(resource_test_actions),
	KUNIT_CASE(resource_test_kfree_foreign_fails),
	KUNIT_CASE(resource_test_vm_mmap),
	KUNIT_CASE(resource_test_vm_mmap_gone_with_case),
	{}
};

static struct kunit_suite resource_test_suite = {
	.name = "kunit-resource",
	.init = resource_test_init,
	.test_cases = resource_test_cases,
};

/* The runner, on suites of its own whose output is captured */

/* Calls made into the fake suites, in order, as letters. */
static char calls[64];

static void note_call(char call)
{
	size_t len = strlen(calls);

	if (len + 1 < sizeof(calls)) {
		calls[len] = call;
		calls[len + 1] = '\0';
	}
}

static int fake_suite_init(struct kunit_suite *suite)
{
	note_call('S');
	return 0;
}

static void fake_suite_exit(struct kunit_suite *suite)
{
	note_call('s');
}

static int fake_init(struct kunit *test)
{
	note_call('I');
	return 0;
}

static void fake_exit(struct kunit *test)
{
	note_call('E');
}

static void fake_passes(struct kunit *test)
{
	note_call('p');
	KUNIT_EXPECT_EQ(test, 1, 1);
}

static void fake_fails(struct kunit *test)
{
	note_call('f');
	kunit_set_failure(test);
}

static int fake_assert_line;

static void fake_asserts(struct kunit *test)
{
	note_call('a');
	kunit_alloc_resource(test, NULL, noted_free, GFP_KERNEL, (void *)11);
	fake_assert_line = __LINE__; KUNIT_ASSERT_FAILURE(test, "stop");
	note_call('!');
}

static void fake_skips(struct kunit *test)
{
	note_call('k');
	kunit_skip(test, "not today");
}

static const int fake_params[] = { 10, 20, 30 };

static void fake_param_desc(const int *param, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "value %d", *param);
}

KUNIT_ARRAY_PARAM(fake_params, fake_params, fake_param_desc);
KUNIT_ARRAY_PARAM(fake_plain_params, fake_params, NULL);

static void fake_param_case(struct kunit *test)
{
	const int *param = test->param_value;

	note_call('0' + *param / 10);
	if (*param == 20)
		kunit_set_failure(test);
}

static void fake_param_skips(struct kunit *test)
{
	kunit_skip(test, "every one");
}

static struct kunit_case fake_cases[] = {
	KUNIT_CASE(fake_passes),
	KUNIT_CASE(fake_fails),
	KUNIT_CASE(fake_asserts),
	KUNIT_CASE(fake_skips),
	{}
};

static struct kunit_suite fake_suite = {
	.name = "fake",
	.suite_init = fake_suite_init,
	.suite_exit = fake_suite_exit,
	.init = fake_init,
	.exit = fake_exit,
	.test_cases = fake_cases,
};

static struct kunit_case fake_param_cases[] = {
	KUNIT_CASE_PARAM(fake_param_case, fake_params_gen_params),
	KUNIT_CASE_PARAM(fake_param_case, fake_plain_params_gen_params),
	KUNIT_CASE_PARAM(fake_param_skips, fake_params_gen_params),
	{}
};

static struct kunit_suite fake_param_suite = {
	.name = "fake-params",
	.test_cases = fake_param_cases,
};

/* Parameterised cases with a context (param_init, param_exit). */

static const int fake_context_values[] = { 1, 2, 3 };

static void fake_context_desc(struct kunit *test, const void *param, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "number %d", *(const int *)param);
}

static void fake_context_action(void *letter)
{
	note_call((char)(uintptr_t)letter);
}

static int fake_context_init(struct kunit *test)
{
	int *shared = kunit_kzalloc(test, sizeof(*shared), GFP_KERNEL);

	note_call('P');
	if (!shared)
		return -ENOMEM;
	*shared = 100;
	test->priv = shared;
	/* Goes when the context ends, after param_exit. */
	kunit_add_action(test, fake_context_action, (void *)'r');
	kunit_register_params_array(test, fake_context_values,
				    ARRAY_SIZE(fake_context_values), fake_context_desc);
	return 0;
}

/* 'x' when every parameter added to the value the context holds, else 'X'. */
static void fake_context_exit(struct kunit *test)
{
	int *shared = test->priv;

	note_call(*shared == 106 ? 'x' : 'X');
}

/* Each parameter's run sees the context, and adds to what it holds. */
static void fake_context_case(struct kunit *test)
{
	int *shared;

	KUNIT_ASSERT_NOT_NULL(test, test->parent);
	shared = test->parent->priv;
	KUNIT_ASSERT_NOT_NULL(test, shared);
	*shared += *(const int *)test->param_value;
	note_call('0' + *(const int *)test->param_value);
}

static int fake_context_init_fails(struct kunit *test)
{
	note_call('P');
	kunit_add_action(test, fake_context_action, (void *)'r');
	return -ENOMEM;
}

static int fake_context_init_asserts(struct kunit *test)
{
	note_call('P');
	KUNIT_ASSERT_FAILURE(test, "no context today");
	note_call('!');
	return 0;
}

static void fake_context_exit_fails(struct kunit *test)
{
	note_call('x');
	KUNIT_FAIL(test, "the context was left wrong");
}

/* A generator of Linux 6.17 and before, which takes no test. */
static const void *fake_old_generator(const void *prev, char *desc)
{
	static const int values[] = { 4, 5 };

	if (!prev)
		return &values[0];
	if (prev == &values[0])
		return &values[1];
	return NULL;
}

static void fake_context_notes(struct kunit *test)
{
	note_call('0' + *(const int *)test->param_value);
}

/* KUNIT_ARRAY_PARAM()'s generator registers its array with the context. */
static void fake_context_sees_array(struct kunit *test)
{
	KUNIT_ASSERT_NOT_NULL(test, test->parent);
	KUNIT_EXPECT_PTR_EQ(test, test->parent->params_array.params, (const void *)fake_params);
	KUNIT_EXPECT_EQ(test, test->parent->params_array.num_params, 3);
	note_call('0' + *(const int *)test->param_value / 10);
}

static struct kunit_case fake_context_cases[] = {
	KUNIT_CASE_PARAM_WITH_INIT(fake_context_case, kunit_array_gen_params,
				   fake_context_init, fake_context_exit),
	KUNIT_CASE_PARAM_WITH_INIT(fake_context_case, kunit_array_gen_params,
				   fake_context_init_fails, fake_context_exit),
	KUNIT_CASE_PARAM_WITH_INIT(fake_context_case, kunit_array_gen_params,
				   fake_context_init_asserts, fake_context_exit),
	KUNIT_CASE_PARAM_WITH_INIT(fake_context_notes, kunit_array_gen_params,
				   fake_context_init, fake_context_exit_fails),
	KUNIT_CASE_PARAM(fake_context_notes, fake_old_generator),
	KUNIT_CASE_PARAM(fake_context_sees_array, fake_plain_params_gen_params),
	{}
};

static struct kunit_suite fake_context_suite = {
	.name = "fake-context",
	.test_cases = fake_context_cases,
};

static int fake_context_init_skips(struct kunit *test)
{
	note_call('P');
	kunit_add_action(test, fake_context_action, (void *)'r');
	kunit_skip(test, "no such device here");
	return 0;
}

/* A generator that fails an assertion on the context it receives. */
static const void *fake_context_gen_asserts(struct kunit *test, const void *prev, char *desc)
{
	if (test->param_index == 1)
		KUNIT_ASSERT_FAILURE(test, "the generator gives up");
	return kunit_array_gen_params(test, prev, desc);
}

/* A parameter that gives the context's array more: more than announced. */
static void fake_context_grows(struct kunit *test)
{
	note_call('0' + *(const int *)test->param_value);
	test->parent->params_array.num_params = 3;
}

static int fake_context_init_two(struct kunit *test)
{
	kunit_register_params_array(test, fake_context_values, 2, NULL);
	return 0;
}

/* A parameter that takes the context's array away: fewer than announced. */
static void fake_context_shrinks(struct kunit *test)
{
	note_call('0' + *(const int *)test->param_value);
	test->parent->params_array.num_params = 1;
}

static struct kunit_case fake_context_edge_cases[] = {
	KUNIT_CASE_PARAM_WITH_INIT(fake_context_case, kunit_array_gen_params,
				   fake_context_init_skips, fake_context_exit),
	KUNIT_CASE_PARAM_WITH_INIT(fake_context_case, fake_context_gen_asserts,
				   fake_context_init, fake_context_exit),
	KUNIT_CASE_PARAM_WITH_INIT(fake_context_shrinks, kunit_array_gen_params,
				   fake_context_init, NULL),
	KUNIT_CASE_PARAM_WITH_INIT(fake_context_grows, kunit_array_gen_params,
				   fake_context_init_two, NULL),
	KUNIT_CASE(fake_passes),
	{}
};

/*
 * A context that a parameter's leftover thread fails a check on after its
 * case ended: played by the next case, which fails a check on it.
 */
static struct kunit *fake_left_context;

static void fake_context_leaves(struct kunit *test)
{
	fake_left_context = test->parent;
}

static void fake_fails_left_context(struct kunit *test)
{
	KUNIT_FAIL(fake_left_context, "too late");
}

static struct kunit_case fake_context_late_cases[] = {
	KUNIT_CASE_PARAM_WITH_INIT(fake_context_leaves, kunit_array_gen_params,
				   fake_context_init_two, NULL),
	KUNIT_CASE(fake_fails_left_context),
	{}
};

static struct kunit_suite fake_context_late_suite = {
	.name = "fake-context-late",
	.test_cases = fake_context_late_cases,
};

static struct kunit_suite fake_context_edge_suite = {
	.name = "fake-context-edges",
	.test_cases = fake_context_edge_cases,
};

static int fake_suite_init_fails(struct kunit_suite *suite)
{
	return -EIO;
}

/* Cases filled in by suite_init, as a suite may do: counted after it. */
static struct kunit_case fake_late_cases[2];

static int fake_fill_cases(struct kunit_suite *suite)
{
	fake_late_cases[0] = (struct kunit_case)KUNIT_CASE(fake_passes);
	return 0;
}

static struct kunit_suite fake_late_suite = {
	.name = "fake-late",
	.suite_init = fake_fill_cases,
	.test_cases = fake_late_cases,
};

static struct kunit_suite fake_broken_suite = {
	.name = "fake-broken",
	.suite_init = fake_suite_init_fails,
	.test_cases = fake_cases,
};

/* A suite that its suite_init skips, as mainline's example_skip_suite. */
static int fake_suite_init_skips(struct kunit_suite *suite)
{
	note_call('S');
	kunit_mark_skipped(suite, "not in %s", "this kernel");
	return 0;
}

static void fake_suite_exit_skips(struct kunit_suite *suite)
{
	kunit_mark_skipped(suite, "too late");
}

static struct kunit_suite fake_skipped_suite = {
	.name = "fake-skipped",
	.suite_init = fake_suite_init_skips,
	.suite_exit = fake_suite_exit,
	.test_cases = fake_cases,
};

static int fake_init_fails(struct kunit *test)
{
	return -EINVAL;
}

static struct kunit_case fake_one_case[] = {
	KUNIT_CASE(fake_passes),
	{}
};

static struct kunit_suite fake_init_fails_suite = {
	.name = "fake-init-fails",
	.init = fake_init_fails,
	.exit = fake_exit,
	.test_cases = fake_one_case,
};

/* An exit function that fails an assertion, after a resource was added. */
static void fake_exit_asserts(struct kunit *test)
{
	note_call('X');
	KUNIT_ASSERT_FAILURE(test, "exit stops");
	note_call('!');
}

static void fake_adds_resource(struct kunit *test)
{
	note_call('r');
	kunit_alloc_resource(test, NULL, noted_free, GFP_KERNEL, (void *)12);
}

static void fake_adds_resource_asserts(struct kunit *test)
{
	note_call('q');
	kunit_alloc_resource(test, NULL, noted_free, GFP_KERNEL, (void *)13);
	KUNIT_ASSERT_FAILURE(test, "case stops");
}

static struct kunit_case fake_resource_case[] = {
	KUNIT_CASE(fake_adds_resource),
	KUNIT_CASE(fake_adds_resource_asserts),
	{}
};

static struct kunit_suite fake_exit_asserts_suite = {
	.name = "fake-exit-asserts",
	.exit = fake_exit_asserts,
	.test_cases = fake_resource_case,
};

/* A limit longer than any clock counts: no limit, not an instant timeout. */
static struct kunit_case fake_endless_limit_cases[] = {
	KUNIT_CASE_TIMEOUT(fake_passes, ULONG_MAX),
	{}
};

static struct kunit_suite fake_endless_limit_suite = {
	.name = "fake-endless-limit",
	.test_cases = fake_endless_limit_cases,
};

static struct kunit_case no_cases[] = {
	{}
};

static struct kunit_suite fake_empty_suite = {
	.name = "fake-empty",
	.test_cases = no_cases,
};

/* @format with the line of the assertion in fake_asserts() for its %d. */
static char *with_assert_line(struct kunit *test, const char *format)
{
	size_t size = strlen(format) + strlen(__FILE__) + 16;
	char *text = kunit_kmalloc(test, size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, text);
	snprintf(text, size, format, __FILE__, fake_assert_line);
	return text;
}

/*
 * Runs @suite as suite 1 of a document, capturing its lines: its own
 * document as kunit_suite_results() makes it, without the header.
 */
static char *run_fake_suite(struct kunit *test, struct kunit_suite *suite,
			    struct kunit_progress *progress)
{
	static const char header[] = "KTAP version 1\n1..1\n";
	struct string_stream *log = alloc_string_stream(test, GFP_KERNEL);
	char *document;

	KUNIT_ASSERT_NOT_NULL(test, log);
	calls[0] = '\0';
	suite->log.stream = log;
	suite->log.quiet = true;
	__kunit_run_suite(suite, 1, progress);
	document = kunit_keep_text(test, kunit_suite_results(suite));
	suite->log.stream = NULL;
	suite->log.quiet = false;

	KUNIT_ASSERT_NOT_NULL(test, document);
	KUNIT_ASSERT_EQ(test, strncmp(document, header, strlen(header)), 0);
	return document + strlen(header);
}

static void runner_test_suite_ktap(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_suite, &progress);
	char *expected;

	expected = with_assert_line(test,
				    "    KTAP version 1\n"
				    "    # Subtest: fake\n"
				    "    # module: kunit_test\n"
				    "    1..4\n"
				    "    ok 1 fake_passes\n"
				    "    not ok 2 fake_fails\n"
				    "    # fake_asserts: ASSERTION FAILED at %s:%d\n"
				    "    # stop\n"
				    "    not ok 3 fake_asserts\n"
				    "    ok 4 fake_skips # SKIP not today\n"
				    "# fake: pass:1 fail:2 skip:1 total:4\n"
				    "# Totals: pass:1 fail:2 skip:1 total:4\n"
				    "not ok 1 fake\n");
	KUNIT_EXPECT_STREQ(test, output, expected);
	/* init and exit around each case, exit also after the assertion. */
	KUNIT_EXPECT_STREQ(test, calls, "SIpEIfEIaEIkEs");
	KUNIT_EXPECT_EQ(test, progress.run_stats.passed, 1);
	KUNIT_EXPECT_EQ(test, progress.run_stats.failed, 2);
	KUNIT_EXPECT_EQ(test, progress.run_stats.skipped, 1);
	KUNIT_EXPECT_EQ(test, fake_cases[1].status, KUNIT_FAILURE);
	KUNIT_EXPECT_EQ(test, kunit_suite_has_succeeded(&fake_suite), KUNIT_FAILURE);
}

static void runner_test_resources_freed_after_assertion(struct kunit *test)
{
	struct kunit_progress progress = { };

	memset(&events, 0, sizeof(events));
	run_fake_suite(test, &fake_suite, &progress);
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);
	KUNIT_EXPECT_EQ(test, events.freed[0], 11);
}

static void runner_test_params(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_param_suite, &progress);

	KUNIT_EXPECT_STREQ(test, output,
			   "    KTAP version 1\n"
			   "    # Subtest: fake-params\n"
			   "    # module: kunit_test\n"
			   "    1..3\n"
			   "        KTAP version 1\n"
			   "        # Subtest: fake_param_case\n"
			   "        ok 1 value 10\n"
			   "        not ok 2 value 20\n"
			   "        ok 3 value 30\n"
			   "    # fake_param_case: pass:2 fail:1 skip:0 total:3\n"
			   "    not ok 1 fake_param_case\n"
			   "        KTAP version 1\n"
			   "        # Subtest: fake_param_case\n"
			   "        ok 1 param-0\n"
			   "        not ok 2 param-1\n"
			   "        ok 3 param-2\n"
			   "    # fake_param_case: pass:2 fail:1 skip:0 total:3\n"
			   "    not ok 2 fake_param_case\n"
			   "        KTAP version 1\n"
			   "        # Subtest: fake_param_skips\n"
			   "        ok 1 value 10 # SKIP every one\n"
			   "        ok 2 value 20 # SKIP every one\n"
			   "        ok 3 value 30 # SKIP every one\n"
			   "    # fake_param_skips: pass:0 fail:0 skip:3 total:3\n"
			   "    ok 3 fake_param_skips # SKIP every one\n"
			   "# fake-params: pass:0 fail:2 skip:1 total:3\n"
			   "# Totals: pass:4 fail:2 skip:3 total:9\n"
			   "not ok 1 fake-params\n");
	KUNIT_EXPECT_STREQ(test, calls, "123123");
}

static struct kunit_suppressed_warning *context_block;

/* Opens a block on the parameters' context, which none may have. */
static int fake_context_opens_block(struct kunit *test)
{
	kunit_register_params_array(test, fake_context_values, ARRAY_SIZE(fake_context_values),
				    fake_context_desc);
	context_block = kunit_start_suppress_warning(test);
	return 0;
}

static void fake_param_passes(struct kunit *test)
{
}

static struct kunit_case fake_context_block_cases[] = {
	KUNIT_CASE_PARAM_WITH_INIT(fake_param_passes, kunit_array_gen_params,
				   fake_context_opens_block, NULL),
	{}
};

static struct kunit_suite fake_context_block_suite = {
	.name = "fake-context-block",
	.test_cases = fake_context_block_cases,
};

/*
 * A block on a parameterised case's context would count the warnings of
 * every parameter's window and close in none of them: it is refused,
 * which fails the case.
 */
static void runner_test_param_context_block(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output;

	context_block = ERR_PTR(-EINVAL);
	output = run_fake_suite(test, &fake_context_block_suite, &progress);
	KUNIT_EXPECT_NULL(test, context_block);
	KUNIT_EXPECT_EQ(test, fake_context_block_cases[0].status, KUNIT_FAILURE);
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
		"cannot open a kunit_warning_suppress() block: the parameters' context has no window of its own"));
	KUNIT_EXPECT_FALSE(test, kunit_has_active_suppress_warning());
}

static void runner_test_param_context(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_context_suite, &progress);

	/*
	 * param_init, the parameters, param_exit, then what the context
	 * holds; a context that failed its init runs no parameter and no
	 * param_exit, but what it holds still goes; one whose param_exit
	 * failed a check fails its case.
	 */
	KUNIT_EXPECT_STREQ(test, calls, "P123xrPrPP123xr45123");
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "    1..6\n"
					   "        KTAP version 1\n"
					   "        # Subtest: fake_context_case\n"
					   "        1..3\n"
					   "        ok 1 number 1\n"
					   "        ok 2 number 2\n"
					   "        ok 3 number 3\n"
					   "    # fake_context_case: pass:3 fail:0 skip:0 total:3\n"
					   "    ok 1 fake_context_case\n"
					   "    # fake_context_case: failed to initialize parent parameter test (-12)\n"
					   "    not ok 2 fake_context_case\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "no context today"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "    # fake_context_case: failed to initialize parent parameter test (-4)\n"
					   "    not ok 3 fake_context_case\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "the context was left wrong"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "    # fake_context_notes: the parameters' context failed\n"
					   "        not ok 4 the parameters' context\n"
					   "    # fake_context_notes: pass:3 fail:1 skip:0 total:4\n"
					   "    not ok 4 fake_context_notes\n"));
	/* No plan: the count is the generator's to know. */
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "        # Subtest: fake_context_notes\n"
					   "        ok 1 param-0\n"
					   "        ok 2 param-1\n"
					   "    # fake_context_notes: pass:2 fail:0 skip:0 total:2\n"
					   "    ok 5 fake_context_notes\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "        # Subtest: fake_context_sees_array\n"
					   "        ok 1 param-0\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "    ok 6 fake_context_sees_array\n"));
	/* Each context that failed counts as a failed result of its case. */
	KUNIT_EXPECT_EQ(test, progress.run_stats.failed, 3);
}

/* A case's time limit: its own, its suite's, or the default scaled by speed. */
static void runner_test_timeout_by_speed(struct kunit *test)
{
	unsigned long base = kunit_platform_default_timeout();
	struct kunit_suite suite = { .name = "timeouts" };
	struct kunit_case normal = KUNIT_CASE(fake_passes);
	struct kunit_case slow = KUNIT_CASE_SLOW(fake_passes);
	struct kunit_case very_slow = KUNIT_CASE_ATTR(fake_passes,
						      { .speed = KUNIT_SPEED_VERY_SLOW });
	struct kunit_case own = KUNIT_CASE_TIMEOUT(fake_passes, 7);

	if (!base)
		kunit_skip(test, "no default time limit in this run");
	KUNIT_EXPECT_EQ(test, kunit_case_timeout(&suite, &normal), base);
	KUNIT_EXPECT_EQ(test, kunit_case_timeout(&suite, &slow), 3 * base);
	KUNIT_EXPECT_EQ(test, kunit_case_timeout(&suite, &very_slow), 12 * base);
	KUNIT_EXPECT_EQ(test, kunit_case_timeout(&suite, &own), 7);

	/* The suite's speed counts for a case that has none of its own. */
	suite.attr.speed = KUNIT_SPEED_SLOW;
	KUNIT_EXPECT_EQ(test, kunit_case_timeout(&suite, &normal), 3 * base);
	very_slow.attr.speed = KUNIT_SPEED_NORMAL;
	KUNIT_EXPECT_EQ(test, kunit_case_timeout(&suite, &very_slow), base);

	/* The suite's own limit comes before any scaling, the case's before it. */
	suite.timeout = 5;
	KUNIT_EXPECT_EQ(test, kunit_case_timeout(&suite, &slow), 5);
	KUNIT_EXPECT_EQ(test, kunit_case_timeout(&suite, &own), 7);
}

static void runner_test_cases_counted_after_suite_init(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output;

	memset(fake_late_cases, 0, sizeof(fake_late_cases));
	output = run_fake_suite(test, &fake_late_suite, &progress);
	KUNIT_EXPECT_STREQ(test, output,
			   "    KTAP version 1\n"
			   "    # Subtest: fake-late\n"
			   "    # module: kunit_test\n"
			   "    1..1\n"
			   "    ok 1 fake_passes\n"
			   "ok 1 fake-late\n");
}

static void runner_test_suite_init_fails(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_broken_suite, &progress);

	KUNIT_EXPECT_STREQ(test, output,
			   "    # fake-broken: failed to initialize (-5)\n"
			   "not ok 1 fake-broken\n");
	KUNIT_EXPECT_STREQ(test, calls, "");
	KUNIT_EXPECT_EQ(test, progress.run_stats.failed, 1);
}

/* No case runs, nor its init; suite_exit does; the suite reports skipped. */
static void runner_test_suite_skipped_by_init(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_skipped_suite, &progress);

	KUNIT_EXPECT_STREQ(test, output, "ok 1 fake-skipped # SKIP not in this kernel\n");
	KUNIT_EXPECT_STREQ(test, calls, "Ss");
	KUNIT_EXPECT_EQ(test, progress.run_stats.failed, 0);
	KUNIT_EXPECT_EQ(test, progress.run_stats.passed, 0);
	KUNIT_EXPECT_EQ(test, kunit_suite_has_succeeded(&fake_skipped_suite), KUNIT_SKIPPED);
	/* The mark is the run's: a suite_init that does not skip runs the cases. */
	KUNIT_EXPECT_TRUE(test, fake_skipped_suite.skipped_by_init);
	fake_skipped_suite.suite_init = NULL;
	fake_skipped_suite.suite_exit = fake_suite_exit_skips;
	output = run_fake_suite(test, &fake_skipped_suite, &progress);
	fake_skipped_suite.suite_init = fake_suite_init_skips;
	fake_skipped_suite.suite_exit = fake_suite_exit;
	KUNIT_EXPECT_FALSE(test, fake_skipped_suite.skipped_by_init);
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "    ok 1 fake_passes\n"));
	/* A mark after suite_init (in suite_exit) skips nothing: the failed cases fail the suite. */
	KUNIT_EXPECT_EQ(test, kunit_suite_has_succeeded(&fake_skipped_suite), KUNIT_FAILURE);
}

static void runner_test_case_init_fails(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_init_fails_suite, &progress);

	KUNIT_EXPECT_STREQ(test, output,
			   "    KTAP version 1\n"
			   "    # Subtest: fake-init-fails\n"
			   "    # module: kunit_test\n"
			   "    1..1\n"
			   "    # fake_passes: failed to initialize: -22\n"
			   "    not ok 1 fake_passes\n"
			   "not ok 1 fake-init-fails\n");
	/* Neither the case nor its exit ran. */
	KUNIT_EXPECT_STREQ(test, calls, "");
}

/*
 * An exit function that fails an assertion runs once, as in stock: run
 * again to finish the clean-up, it would free what it freed already.  The
 * case's resources are still freed, after a case that asserted too.
 */
static void runner_test_exit_asserts_once(struct kunit *test)
{
	struct kunit_progress progress = { };

	memset(&events, 0, sizeof(events));
	run_fake_suite(test, &fake_exit_asserts_suite, &progress);
	KUNIT_EXPECT_STREQ(test, calls, "rXqX");
	KUNIT_EXPECT_EQ(test, events.num_freed, 2);
	KUNIT_EXPECT_EQ(test, events.freed[0], 12);
	KUNIT_EXPECT_EQ(test, events.freed[1], 13);
	KUNIT_EXPECT_EQ(test, progress.run_stats.failed, 2);
}

static void asserting_action(void *context)
{
	struct kunit *test = context;

	note_call('A');
	KUNIT_ASSERT_FAILURE(test, "the action stops");
}

static void fake_action_asserts(struct kunit *test)
{
	kunit_alloc_resource(test, NULL, noted_free, GFP_KERNEL, (void *)14);
	KUNIT_ASSERT_EQ(test, kunit_add_action(test, asserting_action, test), 0);
}

static struct kunit_case fake_action_case[] = {
	KUNIT_CASE(fake_action_asserts),
	{}
};

static struct kunit_suite fake_action_asserts_suite = {
	.name = "fake-action-asserts",
	.test_cases = fake_action_case,
};

/*
 * A deferred action that fails an assertion stops the clean-up, which
 * goes on with the next resource; the action's record, KUnit's, is freed
 * all the same (the ASan build's leak checker sees it otherwise).
 */
static void runner_test_action_asserts(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output;

	memset(&events, 0, sizeof(events));
	output = run_fake_suite(test, &fake_action_asserts_suite, &progress);
	KUNIT_EXPECT_STREQ(test, calls, "A");
	KUNIT_EXPECT_EQ(test, events.num_freed, 1);
	KUNIT_EXPECT_EQ(test, events.freed[0], 14);
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "the action stops"));
	KUNIT_EXPECT_EQ(test, progress.run_stats.failed, 1);
}

static void runner_test_endless_limit(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_endless_limit_suite, &progress);

	KUNIT_EXPECT_STREQ(test, output,
			   "    KTAP version 1\n"
			   "    # Subtest: fake-endless-limit\n"
			   "    # module: kunit_test\n"
			   "    1..1\n"
			   "    ok 1 fake_passes\n"
			   "ok 1 fake-endless-limit\n");
}

static void runner_test_empty_suite(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_empty_suite, &progress);

	KUNIT_EXPECT_STREQ(test, output,
			   "    KTAP version 1\n"
			   "    # Subtest: fake-empty\n"
			   "    1..0\n"
			   "ok 1 fake-empty # SKIP no test cases\n");
	KUNIT_EXPECT_EQ(test, progress.run_stats.total, 0);
}

/*
 * Runs @suite from @progress, where an earlier run stopped: it must print
 * what a whole run prints from line @from on, and make the calls @calls.
 */
static void expect_goes_on(struct kunit *test, struct kunit_suite *suite,
			   struct kunit_progress *progress, const char *from,
			   const char *expected_calls)
{
	struct kunit_progress fresh = { };
	char *whole = run_fake_suite(test, suite, &fresh);
	char *rest = strstr(whole, from);

	KUNIT_ASSERT_NOT_NULL(test, rest);
	KUNIT_EXPECT_STREQ(test, run_fake_suite(test, suite, progress), rest);
	KUNIT_EXPECT_STREQ(test, calls, expected_calls);
}

static void runner_test_goes_on_in_case(struct kunit *test)
{
	/* Stopped at the second case. */
	struct kunit_progress progress = {
		.phase = KUNIT_PHASE_CASE,
		.run_begun = true,
		.suite_begun = true,
		.case_begun = true,
		.case_index = 1,
		.case_status = KUNIT_SKIPPED,
		.suite_stats = { .passed = 1, .total = 1 },
		.suite_total_stats = { .passed = 1, .total = 1 },
	};

	/* No header again; suite_init runs again; the case before does not. */
	expect_goes_on(test, &fake_suite, &progress, "    not ok 2 fake_fails\n", "SIfEIaEIkEs");
}

static void runner_test_goes_on_in_param(struct kunit *test)
{
	/* Stopped at the second parameter of the first case. */
	struct kunit_progress progress = {
		.phase = KUNIT_PHASE_CASE,
		.run_begun = true,
		.suite_begun = true,
		.case_begun = true,
		.params_begun = true,
		.param_index = 1,
		.case_status = KUNIT_SUCCESS,
		.param_stats = { .passed = 1, .total = 1 },
	};

	/* Neither the parameters' header nor the first parameter again. */
	expect_goes_on(test, &fake_param_suite, &progress, "        not ok 2 value 20\n", "23123");
}

/*
 * kunit_skip() in param_init skips the case; an assertion in a generator,
 * on the context it receives, fails the case and not the run; a case that
 * gives fewer parameters than its plan announced fails.
 */
static void runner_test_param_context_edges(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_context_edge_suite, &progress);

	KUNIT_EXPECT_STREQ(test, calls, "PrP1XrP1r12p");
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "    ok 1 fake_context_case # SKIP no such device here\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "        ok 1 number 1\n"
					   "    # fake_context_case: ASSERTION FAILED at "));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "    # the generator gives up\n"
					   "        not ok 2 the parameter generator\n"
					   "    # fake_context_case: pass:1 fail:1 skip:0 total:2\n"
					   "    not ok 2 fake_context_case\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "        1..3\n"
					   "        ok 1 number 1\n"
					   "    # fake_context_shrinks: 3 parameters announced, 1 given\n"
					   "        not ok 2 the parameters announced\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "    not ok 3 fake_context_shrinks\n"));
	/* The third parameter is not run: the KTAP keeps to its plan. */
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "        1..2\n"
					   "        ok 1 param-0\n"
					   "        ok 2 param-1\n"
					   "    # fake_context_grows: 2 parameters announced, 2 and more given\n"
					   "        not ok 3 the parameters announced\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "    ok 5 fake_passes\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "not ok 1 fake-context-edges\n"));
}

/* A late failure on a context that ended fails the suite, in memory still there. */
static void runner_test_param_context_late(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_context_late_suite, &progress);

	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "    ok 1 fake_context_leaves\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "    ok 2 fake_fails_left_context\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
					   "    # fake-context-late: fake_context_leaves failed after it ended: a thread it left running failed a check\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(output, "not ok 1 fake-context-late\n"));
}

static void runner_test_param_context_goes_on(struct kunit *test)
{
	/* Stopped at the second parameter of the first case. */
	struct kunit_progress progress = {
		.phase = KUNIT_PHASE_CASE,
		.run_begun = true,
		.suite_begun = true,
		.case_begun = true,
		.params_begun = true,
		.param_index = 1,
		.case_status = KUNIT_SUCCESS,
		.param_stats = { .passed = 1, .total = 1 },
	};

	/*
	 * A new context, without the header again; then from the second
	 * parameter on.  What the first parameter added to the context's
	 * value went with the run that stopped ('X').
	 */
	expect_goes_on(test, &fake_context_suite, &progress, "        ok 2 number 2\n",
		       "P23XrPrPP123xr45123");
}

static void runner_test_progress_cleared_after_suite(struct kunit *test)
{
	struct kunit_progress progress = { };

	run_fake_suite(test, &fake_param_suite, &progress);
	/* The next suite starts from nothing but the run's own counts. */
	KUNIT_EXPECT_EQ(test, progress.phase, KUNIT_PHASE_IDLE);
	KUNIT_EXPECT_FALSE(test, progress.suite_begun);
	KUNIT_EXPECT_FALSE(test, progress.case_begun);
	KUNIT_EXPECT_FALSE(test, progress.suite_failed);
	KUNIT_EXPECT_EQ(test, progress.case_index, 0);
	KUNIT_EXPECT_EQ(test, progress.param_index, 0);
	KUNIT_EXPECT_EQ(test, progress.suite_stats.total, 0);
	KUNIT_EXPECT_EQ(test, progress.suite_total_stats.total, 0);
	KUNIT_EXPECT_EQ(test, progress.param_stats.total, 0);
	KUNIT_EXPECT_EQ(test, progress.run_stats.total, 9);
	KUNIT_EXPECT_EQ(test, progress.run_stats.failed, 2);

	run_fake_suite(test, &fake_broken_suite, &progress);
	KUNIT_EXPECT_FALSE(test, progress.suite_failed);
	KUNIT_EXPECT_EQ(test, progress.run_stats.failed, 3);
}

/* kunit_suite_results() of @suite, kept in test memory. */
static char *suite_results(struct kunit *test, struct kunit_suite *suite)
{
	return kunit_keep_text(test, kunit_suite_results(suite));
}

static void runner_test_suite_results(struct kunit *test)
{
	struct kunit_progress progress = { };
	struct string_stream *log = alloc_string_stream(test, GFP_KERNEL);
	char *before, *after, *partial;

	KUNIT_ASSERT_NOT_NULL(test, log);
	KUNIT_EXPECT_NULL(test, kunit_suite_results(&fake_empty_suite));
	fake_empty_suite.log.stream = log;
	fake_empty_suite.log.quiet = true;
	kunit_suite_clear_results(&fake_empty_suite);
	before = suite_results(test, &fake_empty_suite);
	/* Numbered 107 among the suites it ran with, 1 in its own document. */
	__kunit_run_suite(&fake_empty_suite, 107, &progress);
	after = suite_results(test, &fake_empty_suite);
	kunit_suite_clear_results(&fake_empty_suite);
	string_stream_add(log, "    KTAP version 1\n    1..2\n    ok 1 first\n");
	partial = suite_results(test, &fake_empty_suite);
	fake_empty_suite.log.stream = NULL;
	fake_empty_suite.log.quiet = false;

	KUNIT_EXPECT_STREQ(test, before, "");
	KUNIT_EXPECT_STREQ(test, after,
			   "KTAP version 1\n"
			   "1..1\n"
			   "    KTAP version 1\n"
			   "    # Subtest: fake-empty\n"
			   "    1..0\n"
			   "ok 1 fake-empty # SKIP no test cases\n");
	/* A run still going has no result line yet. */
	KUNIT_EXPECT_STREQ(test, partial,
			   "KTAP version 1\n"
			   "1..1\n"
			   "    KTAP version 1\n"
			   "    1..2\n"
			   "    ok 1 first\n");
}

static void runner_test_suite_results_failed(struct kunit *test)
{
	struct kunit_progress progress = { };
	struct string_stream *log = alloc_string_stream(test, GFP_KERNEL);
	char *results;

	KUNIT_ASSERT_NOT_NULL(test, log);
	fake_broken_suite.log.stream = log;
	fake_broken_suite.log.quiet = true;
	__kunit_run_suite(&fake_broken_suite, 23, &progress);
	results = suite_results(test, &fake_broken_suite);
	fake_broken_suite.log.stream = NULL;
	fake_broken_suite.log.quiet = false;

	KUNIT_EXPECT_STREQ(test, results,
			   "KTAP version 1\n"
			   "1..1\n"
			   "    # fake-broken: failed to initialize (-5)\n"
			   "not ok 1 fake-broken\n");
}

/* A filter runs a copy of a suite; the suite's own results are made. */
static void runner_test_filtered_copy_results(struct kunit *test)
{
	struct kunit_suite *all[] = { &fake_suite };
	struct kunit_suite_set set = { .start = all, .end = all + 1 }, filtered;
	struct string_stream *log = alloc_string_stream(test, GFP_KERNEL);
	struct kunit_progress progress = { };
	char *results;
	int err = 0;
	long count;

	KUNIT_ASSERT_NOT_NULL(test, log);
	filtered = kunit_filter_suites(&set, "fake.fake_passes", NULL, NULL, &err);
	KUNIT_ASSERT_EQ(test, err, 0);
	/* Freed before the assertion ends the case: no leak when it fails. */
	count = filtered.end - filtered.start;
	if (count != 1)
		kunit_free_suite_set(filtered);
	KUNIT_ASSERT_EQ(test, count, 1);
	KUNIT_EXPECT_PTR_NE(test, filtered.start[0], &fake_suite);
	fake_suite.log.stream = log;
	fake_suite.log.quiet = true;
	filtered.start[0]->log = fake_suite.log;
	kunit_suite_clear_results(&fake_suite);
	__kunit_run_suite(filtered.start[0], 1, &progress);
	kunit_free_suite_set(filtered);
	results = suite_results(test, &fake_suite);
	fake_suite.log.stream = NULL;
	fake_suite.log.quiet = false;

	KUNIT_EXPECT_STREQ(test, results,
			   "KTAP version 1\n"
			   "1..1\n"
			   "    KTAP version 1\n"
			   "    # Subtest: fake\n"
			   "    # module: kunit_test\n"
			   "    1..1\n"
			   "    ok 1 fake_passes\n"
			   "ok 1 fake\n");
}

static void runner_test_run_tests_public(struct kunit *test)
{
	fake_empty_suite.log.quiet = true;
	KUNIT_EXPECT_EQ(test, kunit_run_tests(&fake_empty_suite), 0);
	fake_empty_suite.log.quiet = false;
	KUNIT_EXPECT_EQ(test, kunit_suite_num_test_cases(&fake_suite), 4);
	KUNIT_EXPECT_EQ(test, kunit_test_case_num(&fake_suite, &fake_cases[2]), 3);
	KUNIT_EXPECT_EQ(test, kunit_test_case_num(&fake_suite, &fake_one_case[0]), 0);
}

static struct kunit_case runner_test_cases[] = {
	KUNIT_CASE(runner_test_suite_ktap),
	KUNIT_CASE(runner_test_resources_freed_after_assertion),
	KUNIT_CASE(runner_test_params),
	KUNIT_CASE(runner_test_cases_counted_after_suite_init),
	KUNIT_CASE(runner_test_suite_init_fails),
	KUNIT_CASE(runner_test_suite_skipped_by_init),
	KUNIT_CASE(runner_test_case_init_fails),
	KUNIT_CASE(runner_test_exit_asserts_once),
	KUNIT_CASE(runner_test_action_asserts),
	KUNIT_CASE(runner_test_endless_limit),
	KUNIT_CASE(runner_test_empty_suite),
	KUNIT_CASE(runner_test_goes_on_in_case),
	KUNIT_CASE(runner_test_goes_on_in_param),
	KUNIT_CASE(runner_test_param_context),
	KUNIT_CASE(runner_test_param_context_block),
	KUNIT_CASE(runner_test_param_context_edges),
	KUNIT_CASE(runner_test_param_context_late),
	KUNIT_CASE(runner_test_timeout_by_speed),
	KUNIT_CASE(runner_test_param_context_goes_on),
	KUNIT_CASE(runner_test_progress_cleared_after_suite),
	KUNIT_CASE(runner_test_suite_results),
	KUNIT_CASE(runner_test_suite_results_failed),
	KUNIT_CASE(runner_test_filtered_copy_results),
	KUNIT_CASE(runner_test_run_tests_public),
	{}
};

static struct kunit_suite runner_test_suite = {
	.name = "kunit-runner",
	.test_cases = runner_test_cases,
};

static void fake_slow(struct kunit *test)
{
	note_call('w');
}

static void fake_very_slow(struct kunit *test)
{
	note_call('v');
}

static struct kunit_case fake_attr_cases[] = {
	KUNIT_CASE(fake_passes),
	KUNIT_CASE_SLOW(fake_slow),
	KUNIT_CASE_ATTR(fake_very_slow, { .speed = KUNIT_SPEED_VERY_SLOW }),
	KUNIT_CASE_PARAM_ATTR(fake_param_case, fake_plain_params_gen_params,
			      { .speed = KUNIT_SPEED_SLOW }),
	{}
};

static struct kunit_suite fake_attr_suite = {
	.name = "fake-attr",
	.test_cases = fake_attr_cases,
};

/* A slow suite: its cases are slow unless they say otherwise. */
static struct kunit_case fake_slow_suite_cases[] = {
	KUNIT_CASE(fake_passes),
	KUNIT_CASE_ATTR(fake_very_slow, { .speed = KUNIT_SPEED_NORMAL }),
	{}
};

static struct kunit_suite fake_slow_suite = {
	.name = "fake-slow",
	.test_cases = fake_slow_suite_cases,
	.attr = { .speed = KUNIT_SPEED_SLOW },
};

static void attributes_test_ktap(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output = run_fake_suite(test, &fake_attr_suite, &progress);

	KUNIT_EXPECT_STREQ(test, output,
			   "    KTAP version 1\n"
			   "    # Subtest: fake-attr\n"
			   "    # module: kunit_test\n"
			   "    1..4\n"
			   "    ok 1 fake_passes\n"
			   "    # fake_slow.speed: slow\n"
			   "    ok 2 fake_slow\n"
			   "    # fake_very_slow.speed: very_slow\n"
			   "    ok 3 fake_very_slow\n"
			   "        KTAP version 1\n"
			   "        # Subtest: fake_param_case\n"
			   "        ok 1 param-0\n"
			   "        not ok 2 param-1\n"
			   "        ok 3 param-2\n"
			   "    # fake_param_case.speed: slow\n"
			   "    # fake_param_case: pass:2 fail:1 skip:0 total:3\n"
			   "    not ok 4 fake_param_case\n"
			   "# fake-attr: pass:3 fail:1 skip:0 total:4\n"
			   "# Totals: pass:5 fail:1 skip:0 total:6\n"
			   "not ok 1 fake-attr\n");
	KUNIT_EXPECT_STREQ(test, calls, "pwv123");

	output = run_fake_suite(test, &fake_slow_suite, &progress);
	KUNIT_EXPECT_STREQ(test, output,
			   "    KTAP version 1\n"
			   "    # Subtest: fake-slow\n"
			   "    # speed: slow\n"
			   "    # module: kunit_test\n"
			   "    1..2\n"
			   "    ok 1 fake_passes\n"
			   "    # fake_very_slow.speed: normal\n"
			   "    ok 2 fake_very_slow\n"
			   "# fake-slow: pass:2 fail:0 skip:0 total:2\n"
			   "# Totals: pass:2 fail:0 skip:0 total:2\n"
			   "ok 1 fake-slow\n");
}

/*
 * Filters fake_attr_suite and fake_slow_suite by @filters (and @action);
 * returns the kept cases as "S.case[-]" words (S: a for fake-attr, s for
 * fake-slow; the case without its "fake_"), '-' for a case kept to be
 * skipped, or "error N".
 */
static char *attr_filtered(struct kunit *test, const char *filters, const char *action)
{
	struct kunit_suite *all[] = { &fake_attr_suite, &fake_slow_suite };
	struct kunit_suite_set set = { .start = all, .end = all + 2 }, kept;
	struct kunit_suite * const *suite;
	struct kunit_case *test_case;
	char *conditions = kunit_kstrdup(test, filters, GFP_KERNEL);
	char *skip = action ? kunit_kstrdup(test, action, GFP_KERNEL) : NULL;
	char *words = kunit_kzalloc(test, 256, GFP_KERNEL);
	int err = 0;

	KUNIT_ASSERT_NOT_NULL(test, conditions);
	KUNIT_ASSERT_NOT_NULL(test, words);
	kept = kunit_filter_suites(&set, NULL, conditions, skip, &err);
	if (err) {
		snprintf(words, 256, "error %d", err);
		return words;
	}
	for (suite = kept.start; suite < kept.end; suite++)
		kunit_suite_for_each_test_case(*suite, test_case)
			snprintf(words + strlen(words), 256 - strlen(words), "%s%c.%s%s",
				 *words ? " " : "", (*suite)->name[strlen("fake-")],
				 test_case->name + strlen("fake_"),
				 !test_case->filtered_out ? "" :
				 test_case->status == KUNIT_SKIPPED ? "-" : "-unskipped");
	kunit_free_suite_set(kept);
	return words;
}

static void attributes_test_filter(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "speed>slow", NULL),
			   "a.passes s.very_slow");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "speed<=slow", NULL),
			   "a.slow a.very_slow a.param_case s.passes");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "speed=very_slow", NULL),
			   "a.very_slow");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, " speed != normal , speed>=slow", NULL),
			   "a.slow a.param_case s.passes");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "speed>slow", "skip"),
			   "a.passes a.slow- a.very_slow- a.param_case- s.passes- s.very_slow");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "module=kunit_test", NULL),
			   "a.passes a.slow a.very_slow a.param_case s.passes s.very_slow");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "module!=kunit_test", NULL), "");
	/* '-' and '_' are one in a module's name, as modprobe takes them. */
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "module=kunit-test,speed=very_slow", NULL),
			   "a.very_slow");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "module=kunit_tes", NULL), "");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "is_init=false", NULL),
			   "a.passes a.slow a.very_slow a.param_case s.passes s.very_slow");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "is_init=true", NULL), "");
}

static void attributes_test_bad_filters(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "speed>fast", NULL), "error -22");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "colour=red", NULL), "error -22");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "module<abc", NULL), "error -22");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "speed", NULL), "error -22");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "speed>slow,colour=red", NULL), "error -22");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "module==kunit_test", NULL), "error -22");
	KUNIT_EXPECT_STREQ(test, attr_filtered(test, "speed=unset", NULL), "error -22");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("module=!kunit_test"),
			   "a module's name is letters, digits, '_' and '-'");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("module=a b"),
			   "a module's name is letters, digits, '_' and '-'");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("module=a\tb"),
			   "a module's name is letters, digits, '_' and '-'");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("module=kunit_test.ko"),
			   "a module's name is letters, digits, '_' and '-'");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("speed<unset"),
			   "unknown speed: use very_slow, slow or normal");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("speed>fast"),
			   "unknown speed: use very_slow, slow or normal");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("speed>slow, colour=red"),
			   "unknown attribute: use speed, module or is_init");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("module>=x"),
			   "a name takes = or != only");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("speed"),
			   "no operator: use <, >, <=, >=, = or !=");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("speed="),
			   "no value after the operator");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check("is_init=yes"),
			   "the value is true or false");
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_check(" , "), "the filter is empty");
	KUNIT_EXPECT_NULL(test, kunit_attr_filter_check("speed>slow, module=a,is_init=true"));
}

/*
 * A suite without cases survives every filter but a case glob: its
 * suite_init may fail, and a filter must not hide that.
 */
static void attributes_test_empty_suite_kept(struct kunit *test)
{
	struct kunit_suite *all[] = { &fake_empty_suite };
	struct kunit_suite_set set = { .start = all, .end = all + 1 }, kept;
	char *filters = kunit_kstrdup(test, "speed>slow", GFP_KERNEL);
	int err = 0;
	long count;

	KUNIT_ASSERT_NOT_NULL(test, filters);
	kept = kunit_filter_suites(&set, NULL, filters, NULL, &err);
	count = kept.end - kept.start;
	kunit_free_suite_set(kept);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, count, 1);
	kept = kunit_filter_suites(&set, "fake-empty", NULL, NULL, &err);
	count = kept.end - kept.start;
	kunit_free_suite_set(kept);
	KUNIT_EXPECT_EQ(test, count, 1);
	/* "*" and "*.*" choose the same cases: the same suites too. */
	kept = kunit_filter_suites(&set, "fake-empty.*", NULL, NULL, &err);
	count = kept.end - kept.start;
	kunit_free_suite_set(kept);
	KUNIT_EXPECT_EQ(test, count, 1);
}

static void attributes_test_parse(struct kunit *test)
{
	char *filters = kunit_kstrdup(test, "speed>slow, module!=foo", GFP_KERNEL);
	char *bad = kunit_kstrdup(test, "colour=red", GFP_KERNEL);
	struct kunit_attr_filter filter;
	int err = 0;

	KUNIT_ASSERT_NOT_NULL(test, filters);
	KUNIT_ASSERT_NOT_NULL(test, bad);
	KUNIT_EXPECT_EQ(test, kunit_get_filter_count(filters), 2);
	KUNIT_EXPECT_EQ(test, kunit_get_filter_count(",, ,"), 0);
	KUNIT_EXPECT_EQ(test, kunit_get_filter_count("speed>slow"), 1);
	filter = kunit_next_attr_filter(&filters, &err);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_name(filter), "speed");
	KUNIT_EXPECT_STREQ(test, filter.input, ">slow");
	KUNIT_ASSERT_NOT_NULL(test, filters);
	filter = kunit_next_attr_filter(&filters, &err);
	KUNIT_EXPECT_EQ(test, err, 0);
	KUNIT_EXPECT_STREQ(test, kunit_attr_filter_name(filter), "module");
	KUNIT_EXPECT_STREQ(test, filter.input, "!=foo");
	KUNIT_EXPECT_NULL(test, filters);
	kunit_next_attr_filter(&bad, &err);
	KUNIT_EXPECT_EQ(test, err, -EINVAL);
}

/* kunit.filter_action=skip: the cases left out are skipped, not run. */
static void attributes_test_skip_not_run(struct kunit *test)
{
	struct kunit_suite *all[] = { &fake_attr_suite };
	struct kunit_suite_set set = { .start = all, .end = all + 1 }, kept;
	struct string_stream *log = alloc_string_stream(test, GFP_KERNEL);
	char *filters = kunit_kstrdup(test, "speed=slow", GFP_KERNEL);
	char *skip = kunit_kstrdup(test, "skip", GFP_KERNEL);
	struct kunit_progress progress = { };
	char *results;
	int err = 0;

	KUNIT_ASSERT_NOT_NULL(test, log);
	KUNIT_ASSERT_NOT_NULL(test, filters);
	KUNIT_ASSERT_NOT_NULL(test, skip);
	kept = kunit_filter_suites(&set, NULL, filters, skip, &err);
	KUNIT_ASSERT_EQ(test, err, 0);
	if (kept.end - kept.start != 1)
		kunit_free_suite_set(kept);
	KUNIT_ASSERT_EQ(test, kept.end - kept.start, 1);
	fake_attr_suite.log.stream = log;
	fake_attr_suite.log.quiet = true;
	kept.start[0]->log = fake_attr_suite.log;
	kunit_suite_clear_results(&fake_attr_suite);
	calls[0] = '\0';
	__kunit_run_suite(kept.start[0], 1, &progress);
	kunit_free_suite_set(kept);
	results = kunit_keep_text(test, kunit_suite_results(&fake_attr_suite));
	fake_attr_suite.log.stream = NULL;
	fake_attr_suite.log.quiet = false;

	KUNIT_EXPECT_STREQ(test, results,
			   "KTAP version 1\n"
			   "1..1\n"
			   "    KTAP version 1\n"
			   "    # Subtest: fake-attr\n"
			   "    # module: kunit_test\n"
			   "    1..4\n"
			   "    ok 1 fake_passes # SKIP\n"
			   "    # fake_slow.speed: slow\n"
			   "    ok 2 fake_slow\n"
			   "    # fake_very_slow.speed: very_slow\n"
			   "    ok 3 fake_very_slow # SKIP\n"
			   "        KTAP version 1\n"
			   "        # Subtest: fake_param_case\n"
			   "        ok 1 param-0\n"
			   "        not ok 2 param-1\n"
			   "        ok 3 param-2\n"
			   "    # fake_param_case.speed: slow\n"
			   "    # fake_param_case: pass:2 fail:1 skip:0 total:3\n"
			   "    not ok 4 fake_param_case\n"
			   "# fake-attr: pass:1 fail:1 skip:2 total:4\n"
			   "# Totals: pass:3 fail:1 skip:2 total:6\n"
			   "not ok 1 fake-attr\n");
	KUNIT_EXPECT_STREQ(test, calls, "w123");
}

/* The code under test: it may be replaced, by the task of a test only. */
static noinline int stubbed_add_one(int x)
{
	KUNIT_STATIC_STUB_REDIRECT(stubbed_add_one, x);
	return x + 1;
}

static int add_ten(int x)
{
	return x + 10;
}

static int add_hundred(int x)
{
	return x + 100;
}

static void stub_test_replaces(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, stubbed_add_one(1), 2);
	kunit_activate_static_stub(test, stubbed_add_one, add_ten);
	KUNIT_EXPECT_EQ(test, stubbed_add_one(1), 11);
	kunit_activate_static_stub(test, stubbed_add_one, add_hundred);
	KUNIT_EXPECT_EQ(test, stubbed_add_one(1), 101);
	kunit_deactivate_static_stub(test, stubbed_add_one);
	KUNIT_EXPECT_EQ(test, stubbed_add_one(1), 2);
	kunit_activate_static_stub(test, stubbed_add_one, add_ten);
	__kunit_activate_static_stub(test, stubbed_add_one, NULL);
	KUNIT_EXPECT_EQ(test, stubbed_add_one(1), 2);
}

static int stub_seen_in_fake;

static void activates_and_ends(struct kunit *fake)
{
	kunit_activate_static_stub(fake, stubbed_add_one, add_ten);
	stub_seen_in_fake = stubbed_add_one(1);
}

static void deactivates_nothing(struct kunit *fake)
{
	kunit_deactivate_static_stub(fake, stubbed_add_one);
}

/* A stub is the activating test's only, and ends with its case. */
static void stub_test_ends_with_case(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", activates_and_ends, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	KUNIT_EXPECT_EQ(test, stub_seen_in_fake, 11);
	KUNIT_EXPECT_EQ(test, stubbed_add_one(1), 2);

	kunit_run_fake(test, "fake", deactivates_nothing, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_TRUE(test, run.aborted);
	KUNIT_EXPECT_NOT_NULL(test, strstr(run.output,
					   "# the function has no active stub to deactivate\n"));
}

static void device_test_register(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "kunit-dev");
	char *managed, name[64];

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	snprintf(name, sizeof(name), "%s.kunit-dev", test->name);
	KUNIT_EXPECT_STREQ(test, dev_name(dev), name);
	managed = devm_kzalloc(dev, 64, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, managed);
	KUNIT_EXPECT_EQ(test, managed[63], 0);
	/* A name is taken once at a time, as a driver's on the kunit bus. */
	KUNIT_EXPECT_EQ(test, PTR_ERR(kunit_device_register(test, "kunit-dev")), -EBUSY);
	KUNIT_EXPECT_EQ(test, PTR_ERR(kunit_device_register(test, NULL)), -EINVAL);
	kunit_device_unregister(test, dev);
	/* Twice: the second finds nothing to do, and touches nothing. */
	kunit_device_unregister(test, dev);
	/* Its name is free again. */
	dev = kunit_device_register(test, "kunit-dev");
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, dev);
}

static void note_devm_action(void *data)
{
	(*(int *)data)++;
}

/* An action the device runs as it goes, last added first, once. */
static void device_test_devm_action(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "kunit-dev-action");
	int first = 0, second = 0;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, devm_add_action(dev, note_devm_action, &first), 0);
	KUNIT_ASSERT_NOT_NULL(test, devm_kzalloc(dev, 16, GFP_KERNEL));
	KUNIT_ASSERT_EQ(test, devm_add_action_or_reset(dev, note_devm_action, &second), 0);
	KUNIT_EXPECT_EQ(test, first + second, 0);
	kunit_device_unregister(test, dev);
	KUNIT_EXPECT_EQ(test, first, 1);
	KUNIT_EXPECT_EQ(test, second, 1);
}

static void registers_and_leaves(struct kunit *fake)
{
	struct device *dev = kunit_device_register(fake, "left");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(fake, dev);
	KUNIT_ASSERT_NOT_NULL(fake, devm_kmalloc(dev, 32, GFP_KERNEL));
}

/*
 * A device the case did not unregister goes with it, its managed memory
 * too (a leak checker would see it otherwise), and its name is free.
 */
static void device_test_gone_with_case(struct kunit *test)
{
	struct kunit_fake_run run;

	kunit_run_fake(test, "fake", registers_and_leaves, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
	kunit_run_fake(test, "fake", registers_and_leaves, &run);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_SUCCESS);
}

static struct kunit_case stub_test_cases[] = {
	KUNIT_CASE(stub_test_replaces),
	KUNIT_CASE(stub_test_ends_with_case),
	{}
};

static struct kunit_suite stub_test_suite = {
	.name = "kunit-static-stub",
	.test_cases = stub_test_cases,
};

static struct kunit_case device_test_cases[] = {
	KUNIT_CASE(device_test_register),
	KUNIT_CASE(device_test_devm_action),
	KUNIT_CASE(device_test_gone_with_case),
	{}
};

static struct kunit_suite device_test_suite = {
	.name = "kunit-device",
	.test_cases = device_test_cases,
};

static struct kunit_case attributes_test_cases[] = {
	KUNIT_CASE(attributes_test_ktap),
	KUNIT_CASE(attributes_test_filter),
	KUNIT_CASE(attributes_test_bad_filters),
	KUNIT_CASE(attributes_test_empty_suite_kept),
	KUNIT_CASE(attributes_test_parse),
	KUNIT_CASE(attributes_test_skip_not_run),
	{}
};

static struct kunit_suite attributes_test_suite = {
	.name = "kunit-attributes",
	.test_cases = attributes_test_cases,
};

/*
 * Warnings a test expects (kunit_warning_suppress()): each is counted in
 * its block, and fails no case; one outside a block fails its case.
 */
static void suppress_skip_without_warnings(struct kunit *test)
{
	if (!IS_ENABLED(CONFIG_BUG))
		kunit_skip(test, "WARN() does nothing without CONFIG_BUG");
}

static noinline void suppress_warn_from_a_function(void)
{
	WARN(1, "a warning that %s expects\n", __func__);
}

static void suppress_test_counts(struct kunit *test)
{
	suppress_skip_without_warnings(test);
	kunit_warning_suppress(test) {
		KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, 0);
		WARN(1, "a warning that %s expects\n", __func__);
		KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, 1);
		suppress_warn_from_a_function();
		KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, 2);
		KUNIT_EXPECT_TRUE(test, WARN_ON(test));
		KUNIT_ASSERT_SUPPRESSED_WARNING_COUNT(test, 3);
	}
	KUNIT_EXPECT_FALSE(test, kunit_has_active_suppress_warning());
}

static void suppress_test_count_after_end(struct kunit *test)
{
	struct kunit_suppressed_warning *first, *second;

	suppress_skip_without_warnings(test);
	first = kunit_start_suppress_warning(test);
	KUNIT_ASSERT_NOT_NULL(test, first);
	WARN(1, "first block\n");
	suppress_warn_from_a_function();
	kunit_end_suppress_warning(test, first);

	second = kunit_start_suppress_warning(test);
	KUNIT_ASSERT_NOT_NULL(test, second);
	WARN(1, "second block\n");
	kunit_end_suppress_warning(test, second);

	KUNIT_EXPECT_EQ(test, kunit_suppressed_warning_count(first), 2);
	KUNIT_EXPECT_EQ(test, kunit_suppressed_warning_count(second), 1);
	KUNIT_EXPECT_EQ(test, kunit_suppressed_warning_count(NULL), 0);
}

static void suppress_test_active_state(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, kunit_has_active_suppress_warning());
	kunit_warning_suppress(test)
		KUNIT_EXPECT_TRUE(test, kunit_has_active_suppress_warning());
	KUNIT_EXPECT_FALSE(test, kunit_has_active_suppress_warning());
	/* A break leaves the block closed, as its end does. */
	kunit_warning_suppress(test)
		break;
	KUNIT_EXPECT_FALSE(test, kunit_has_active_suppress_warning());
}

static struct kunit_suppressed_warning *suppress_second_block;

static void suppress_open_second_block(struct kunit *fake)
{
	suppress_second_block = kunit_start_suppress_warning(fake);
}

static void suppress_test_one_block_at_a_time(struct kunit *test)
{
	struct kunit_fake_run run;

	suppress_second_block = ERR_PTR(-EINVAL);
	kunit_warning_suppress(test)
		kunit_run_fake(test, "second", suppress_open_second_block, &run);
	KUNIT_EXPECT_NULL(test, suppress_second_block);
	KUNIT_EXPECT_EQ(test, run.fake.status, KUNIT_FAILURE);
	KUNIT_EXPECT_NOT_NULL(test, strstr(run.output, "Another suppression block is already active"));
}

static void fake_warns(struct kunit *test)
{
	WARN(1, "a warning that %s does not expect\n", __func__);
}

static void fake_expects_its_warning(struct kunit *test)
{
	kunit_warning_suppress(test) {
		WARN(1, "a warning that %s expects\n", __func__);
		KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, 1);
	}
}

static struct kunit_case fake_warning_cases[] = {
	{ .run_case = fake_warns, .name = "first" },
	{ .run_case = fake_warns, .name = "second" },
	{}
};

static struct kunit_suite fake_warning_suite = {
	.name = "fake-warnings",
	.test_cases = fake_warning_cases,
};

/*
 * A case's warning that no block of its own expects fails it, even inside
 * a block of the case that runs it (which expects it: in the kernel, the
 * windows of both cases count it).  A case whose block expects its
 * warning passes, and its log tells the warning.
 */
static void suppress_test_verdicts(struct kunit *test)
{
	struct kunit_progress progress = { };
	char *output;

	suppress_skip_without_warnings(test);
	fake_warning_cases[0].run_case = fake_warns;
	fake_warning_cases[1].run_case = fake_warns;
	kunit_warning_suppress(test) {
		run_fake_suite(test, &fake_warning_suite, &progress);
		KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, 2);
	}
	KUNIT_EXPECT_EQ(test, fake_warning_cases[0].status, KUNIT_FAILURE);
	KUNIT_EXPECT_EQ(test, fake_warning_cases[1].status, KUNIT_FAILURE);

	memset(&progress, 0, sizeof(progress));
	fake_warning_cases[0].run_case = fake_expects_its_warning;
	fake_warning_cases[1].run_case = fake_expects_its_warning;
	output = run_fake_suite(test, &fake_warning_suite, &progress);
	KUNIT_EXPECT_EQ(test, fake_warning_cases[0].status, KUNIT_SUCCESS);
	KUNIT_EXPECT_EQ(test, fake_warning_cases[1].status, KUNIT_SUCCESS);
	KUNIT_EXPECT_NOT_NULL(test, strstr(output,
		"    # second: 1 warning in a kunit_warning_suppress() block, expected: its report is in the log\n"
		"    ok 2 second\n"));
}

static struct kunit_case suppress_test_cases[] = {
	KUNIT_CASE(suppress_test_counts),
	KUNIT_CASE(suppress_test_count_after_end),
	KUNIT_CASE(suppress_test_active_state),
	KUNIT_CASE(suppress_test_one_block_at_a_time),
	KUNIT_CASE(suppress_test_verdicts),
	{}
};

static struct kunit_suite suppress_test_suite = {
	.name = "kunit-warning-suppression",
	.test_cases = suppress_test_cases,
};

kunit_test_suites(&status_test_suite, &log_test_suite, &try_catch_test_suite,
		  &resource_test_suite, &runner_test_suite, &attributes_test_suite,
		  &stub_test_suite, &device_test_suite, &suppress_test_suite);

MODULE_LICENSE("GPL v2");
MODULE_DESCRIPTION("Tests of KUnit itself");
/* KUnit internals exported for its own suites (tests-only-export.h). */
MODULE_IMPORT_NS(KUNIT_NAMESPACE(KUNIT_INTERNALS));
