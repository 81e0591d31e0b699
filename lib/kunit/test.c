// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit's runner: runs the cases of a suite, keeps their status and prints
 * their results as KTAP.
 *
 * The same file builds into the kernel and into userspace programs; the
 * differences sit behind <kunit/platform.h>.  Every line of output goes
 * through kunit_log_printf(), which hands it to the platform and copies it
 * into the suite's log when there is one.
 */
#include "attributes-impl.h"
#include "hooks-impl.h"
#include "progress.h"
#include "tests-only-export.h"
#include <kunit/resource.h>
#include <kunit/string-stream.h>
#include <kunit/test-bug.h>
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "line-break.h"

static bool enable_param = IS_ENABLED(CONFIG_KUNIT_DEFAULT_ENABLED);
/* Readable, so that a wrapper can tell KUnit disabled from results lost. */
module_param_named(enable, enable_param, bool, 0444);
MODULE_PARM_DESC(enable, "Run KUnit tests; false skips them all");

/*
 * 0: never print the pass/fail counts of a suite or a parameterised case;
 * 1: print them when there is more than one result; 2: always.
 */
static int stats_enabled = 1;
module_param_named(stats_enabled, stats_enabled, int, 0644);
MODULE_PARM_DESC(stats_enabled, "Print pass/fail counts: 0 never, 1 if more than one result, 2 always");

/**
 * kunit_enabled() - whether KUnit runs tests at all
 *
 * Return: the value of the kunit.enable parameter; true in userspace.
 */
bool kunit_enabled(void)
{
	return enable_param;
}
EXPORT_SYMBOL_GPL(kunit_enabled);

/* Lines up to this size are formatted on the stack. */
#define KUNIT_LOG_LINE_SIZE	256

/*
 * Prints one line: @indent spaces, then "# " if @diagnostic, then @len
 * bytes of @text.
 */
static void kunit_log_line(struct kunit_log_sink *log, const char *level, size_t indent,
			   bool diagnostic, const char *text, size_t len)
{
	const char *marker = diagnostic ? "# " : "";
	size_t size = indent + strlen(marker) + len + 1;
	char small[KUNIT_LOG_LINE_SIZE];
	const char *line = text;
	char *copy = small;

	/* A whole line as it was formatted goes out as it is; a part is copied. */
	if (indent || diagnostic || text[len]) {
		if (size > sizeof(small))
			copy = kmalloc(size, GFP_ATOMIC | __GFP_NOWARN);
		if (!copy) {
			/* Better a cut line than none. */
			copy = small;
			size = sizeof(small);
		}
		snprintf(copy, size, "%*s%s%.*s", (int)indent, "", marker, (int)len, text);
		line = copy;
	}

	if (!log->quiet)
		kunit_platform_emit(level, line);
	if (log->stream)
		string_stream_add(log->stream, "%s\n", line);

	if (copy != small)
		kfree(copy);
}

/*
 * Prints @text line by line.  Lines after the first are diagnostics of the
 * first line's KTAP level: its indentation, then "# ".  So a value that a
 * failed expectation prints, whatever it holds, cannot read as a result
 * line or a header.
 */
static void kunit_log_text(struct kunit_log_sink *log, const char *level, const char *text)
{
	size_t indent = strspn(text, " ");
	const char *line = text;
	size_t len, brk;

	do {
		for (len = 0; line[len] && !kunit_line_break(line + len); len++)
			;
		kunit_log_line(log, level, line == text ? 0 : indent, line != text, line, len);
		line += len;
		brk = kunit_line_break(line);
		line += brk;
	} while (*line);
}

static void __printf(3, 0) kunit_log_vprintf(struct kunit_log_sink *log, const char *level,
					     const char *fmt, va_list args)
{
	char small[KUNIT_LOG_LINE_SIZE];
	char *text = small;
	va_list copy;
	int len;

	va_copy(copy, args);
	len = vsnprintf(small, sizeof(small), fmt, copy);
	va_end(copy);
	if (len < 0)
		return;
	if ((size_t)len >= sizeof(small)) {
		text = kmalloc(len + 1, GFP_ATOMIC | __GFP_NOWARN);
		if (text)
			vsnprintf(text, len + 1, fmt, args);
		else
			text = small;
	}
	kunit_log_text(log, level, text);
	if (text != small)
		kfree(text);
}

/**
 * kunit_log_printf() - print lines to the console and to a log
 * @log: where the lines go (see &struct kunit_log_sink).
 * @level: printk level.
 * @fmt: printf-style format; may hold several lines.
 * @...: arguments for @fmt.
 *
 * The function behind kunit_log() and everything built on it.
 */
void kunit_log_printf(struct kunit_log_sink *log, const char *level, const char *fmt, ...)
{
	va_list args;

	if (!fmt)
		return;
	va_start(args, fmt);
	kunit_log_vprintf(log, level, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL_GPL(kunit_log_printf);

/**
 * __kunit_mark_skipped() - the function behind kunit_mark_skipped()
 * @test: the running test.
 * @fmt: printf-style reason, or NULL for none.
 * @...: arguments for @fmt.
 *
 * A case that has failed stays failed; the reason is kept either way.
 */
void __kunit_mark_skipped(struct kunit *test, const char *fmt, ...)
{
	va_list args;

	if (READ_ONCE(test->status) != KUNIT_FAILURE)
		WRITE_ONCE(test->status, KUNIT_SKIPPED);
	test->status_comment[0] = '\0';
	if (!fmt)
		return;
	va_start(args, fmt);
	vscnprintf(test->status_comment, sizeof(test->status_comment), fmt, args);
	va_end(args);
}
EXPORT_SYMBOL_GPL(__kunit_mark_skipped);

/* Behind kunit_mark_skipped() on a suite, from its suite_init. */
void __kunit_suite_mark_skipped(struct kunit_suite *suite, const char *fmt, ...)
{
	va_list args;

	suite->marked_skipped = true;
	suite->status_comment[0] = '\0';
	if (!fmt)
		return;
	va_start(args, fmt);
	vscnprintf(suite->status_comment, sizeof(suite->status_comment), fmt, args);
	va_end(args);
}
EXPORT_SYMBOL_GPL(__kunit_suite_mark_skipped);

/* The function behind kunit_fail_current_test(), through kunit_hooks. */
static void __printf(3, 4) kunit_fail_current_test_hook(const char *file, int line,
							const char *fmt, ...)
{
	struct kunit *test = kunit_platform_current_test();
	char reason[KUNIT_LOG_LINE_SIZE] = "";
	va_list args;

	if (!test)
		return;
	kunit_set_failure(test);
	if (fmt) {
		va_start(args, fmt);
		vscnprintf(reason, sizeof(reason), fmt, args);
		va_end(args);
	}
	kunit_err(test, "%s:%d: %s", file, line, reason);
}

/**
 * kunit_install_hooks() - let code outside KUnit reach it
 *
 * Fills in the table that <kunit/test-bug.h> calls through; the platform
 * calls it as KUnit starts.
 */
void kunit_install_hooks(void)
{
	kunit_hooks.fail_current_test = kunit_fail_current_test_hook;
	kunit_hooks.get_static_stub_address = __kunit_get_static_stub_address_impl;
}

/**
 * kunit_remove_hooks() - empty the table again, as KUnit goes
 */
void kunit_remove_hooks(void)
{
	memset(&kunit_hooks, 0, sizeof(kunit_hooks));
}

/**
 * kunit_init_test() - prepare a &struct kunit for a run of a case
 * @test: the test to prepare.
 * @name: the case's name.
 * @log: NULL, or a stream that receives a copy of the case's lines.
 *
 * Leaves @test->param_value alone: the runner sets it per parameter.
 */
void kunit_init_test(struct kunit *test, const char *name, struct string_stream *log)
{
	spin_lock_init(&test->lock);
	INIT_LIST_HEAD(&test->resources);
	test->priv = NULL;
	test->name = name;
	test->log.stream = log;
	test->log.quiet = false;
	test->status = KUNIT_SUCCESS;
	test->status_comment[0] = '\0';
	test->params_array = (struct kunit_params){};
	test->last_check = NULL;
	test->releasing = NULL;
	test->no_block_reason = NULL;
	kunit_try_catch_init(&test->try_catch, test, NULL, NULL);
}
EXPORT_SYMBOL_GPL(kunit_init_test);

/**
 * kunit_array_gen_params() - the generator of the array a case registered
 * @test: the case's context, where kunit_register_params_array() put the
 *	  array.
 * @prev: the last parameter (unused: the context counts them).
 * @desc: receives the parameter's description, if the array has a
 *	  describing function.
 *
 * Return: the next element of the array, or NULL after the last one (or
 * when no array was registered).
 */
const void *kunit_array_gen_params(struct kunit *test, const void *prev, char *desc)
{
	const struct kunit_params *array = &test->params_array;
	const void *param;

	if (!array->params || test->param_index < 0 ||
	    (size_t)test->param_index >= array->num_params)
		return NULL;
	param = (const char *)array->params + test->param_index * array->elem_size;
	if (array->get_description)
		array->get_description(test, param, desc);
	return param;
}
EXPORT_SYMBOL_GPL(kunit_array_gen_params);

/**
 * kunit_suite_num_test_cases() - count the cases of a suite
 * @suite: the suite.
 *
 * Return: the number of cases.
 */
size_t kunit_suite_num_test_cases(struct kunit_suite *suite)
{
	struct kunit_case *test_case;
	size_t count = 0;

	kunit_suite_for_each_test_case(suite, test_case)
		count++;
	return count;
}
EXPORT_SYMBOL_GPL(kunit_suite_num_test_cases);

/**
 * kunit_test_case_num() - the KTAP number of a case in its suite
 * @suite: the suite.
 * @test_case: one of its cases.
 *
 * Return: the 1-based position of @test_case, or 0 if it is not there.
 */
unsigned int kunit_test_case_num(struct kunit_suite *suite, struct kunit_case *test_case)
{
	struct kunit_case *tc;
	unsigned int number = 1;

	kunit_suite_for_each_test_case(suite, tc) {
		if (tc == test_case)
			return number;
		number++;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(kunit_test_case_num);

/**
 * kunit_suite_has_succeeded() - the overall result of a suite that ran
 * @suite: the suite.
 *
 * Return: KUNIT_FAILURE if it or a case failed, KUNIT_SKIPPED if every
 * case was skipped or there are none, KUNIT_SUCCESS otherwise.
 */
enum kunit_status kunit_suite_has_succeeded(struct kunit_suite *suite)
{
	enum kunit_status status = KUNIT_SKIPPED;
	struct kunit_case *test_case;

	if (suite->suite_init_err)
		return KUNIT_FAILURE;
	if (suite->skipped_by_init)
		return KUNIT_SKIPPED;
	kunit_suite_for_each_test_case(suite, test_case) {
		if (test_case->status == KUNIT_FAILURE)
			return KUNIT_FAILURE;
		if (test_case->status == KUNIT_SUCCESS)
			status = KUNIT_SUCCESS;
	}
	return status;
}
EXPORT_SYMBOL_GPL(kunit_suite_has_succeeded);

static void kunit_count(struct kunit_result_stats *stats, enum kunit_status status)
{
	switch (status) {
	case KUNIT_SUCCESS:
		stats->passed++;
		break;
	case KUNIT_SKIPPED:
		stats->skipped++;
		break;
	case KUNIT_FAILURE:
		stats->failed++;
		break;
	}
	stats->total++;
}

static void kunit_add_stats(struct kunit_result_stats *sum, const struct kunit_result_stats *add)
{
	sum->passed += add->passed;
	sum->skipped += add->skipped;
	sum->failed += add->failed;
	sum->total += add->total;
}

static bool kunit_should_print_stats(const struct kunit_result_stats *stats)
{
	if (stats_enabled == 0)
		return false;
	return stats_enabled == 2 || stats->total > 1;
}

/* One KTAP result line: "ok 3 name", or "ok 3 name # SKIP reason" for a skip. */
static void kunit_print_result(struct kunit_log_sink *log, const char *indent,
			       enum kunit_status status, size_t number,
			       const char *name, const char *skip_reason)
{
	if (status == KUNIT_SKIPPED && skip_reason && skip_reason[0])
		kunit_log_printf(log, KERN_INFO, "%s%s %zu %s # SKIP %s", indent,
				 kunit_status_to_ok_not_ok(status), number, name, skip_reason);
	else if (status == KUNIT_SKIPPED)
		kunit_log_printf(log, KERN_INFO, "%s%s %zu %s # SKIP", indent,
				 kunit_status_to_ok_not_ok(status), number, name);
	else
		kunit_log_printf(log, KERN_INFO, "%s%s %zu %s", indent,
				 kunit_status_to_ok_not_ok(status), number, name);
}

/*
 * Reports how a protected run ended when that was not by returning; @part
 * names what ran, for a part of a case's context ("param_init: "), or is "".
 */
static void kunit_report_stop(struct kunit *test, const char *part)
{
	struct kunit_try_catch *try_catch = &test->try_catch;
	const struct kunit_assert_site *last;

	switch (kunit_try_catch_get_result(try_catch)) {
	case 0:
		/* Returned, or ended by an assertion or a skip that said why. */
		break;
	default:
		kunit_err(test, "%s%s", part, try_catch->reason[0] ? try_catch->reason : "stopped");
		last = READ_ONCE(test->last_check);
		if (last)
			kunit_err(test, "last line seen %s:%d (the last check it reached)",
				  last->file, last->line);
		kunit_set_failure(test);
		break;
	}
}

/*
 * One run of a case (one parameter, or the whole case).  It lives on the
 * heap with the case's struct kunit: in the kernel, a case that outlived
 * its timeout still runs in its thread, which keeps a reference to the
 * attempt until the case returns at last (kunit_attempt_release()).  The
 * runner holds the other reference.
 *
 * What the run needs of its suite and case is copied here: a case that
 * outlived its timeout may return after its suite ended, and the suite
 * may then be gone (a filtered suite is a copy, freed when it ends).
 */
struct kunit_attempt {
	struct kunit test;
	int (*init)(struct kunit *test);
	void (*run_case)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_suite *suite;
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int suite_err;
	const void *(*generate_params)(struct kunit *test, const void *prev, char *desc);
	kunit_generate_params_without_test_t generate_params_without_test;
	/* NULL for a case; for a case's context, the part of it that runs. */
	const char *part;
	const void *param;
	struct module *owner;
	const void *tag;
	bool init_succeeded;
	bool exit_started;
	bool cleaned_up;
	struct kref refs;
	enum kunit_status reported;
	/*
	 * Last: a generator that writes past its end writes past the
	 * allocation, where KASAN and ASan see it, not over the fields above.
	 */
	char desc[KUNIT_PARAM_DESC_SIZE];
};

static void kunit_attempt_free(struct kref *refs)
{
	kfree(container_of(refs, struct kunit_attempt, refs));
}

/* The case's exit function and resource clean-up. */
static void kunit_attempt_cleanup(void *data)
{
	struct kunit_attempt *attempt = data;
	struct kunit *test = &attempt->test;

	kunit_platform_set_current_test(test);
	/*
	 * Once, as in stock: an exit function that failed an assertion is
	 * not run again to finish the clean-up (it would free what it freed
	 * already); the resources still go.
	 */
	if (!attempt->exit_started) {
		attempt->exit_started = true;
		if (attempt->init_succeeded && attempt->exit)
			attempt->exit(test);
	}
	kunit_cleanup(test);
	attempt->cleaned_up = true;
}

/* Init, the case itself, then the clean-up, all in one protected run. */
static void kunit_attempt_body(void *data)
{
	struct kunit_attempt *attempt = data;
	struct kunit *test = &attempt->test;
	int err;

	kunit_platform_set_current_test(test);
	if (attempt->init) {
		err = attempt->init(test);
		if (err) {
			kunit_err(test, "failed to initialize: %d", err);
			kunit_set_failure(test);
			kunit_attempt_cleanup(data);
			return;
		}
	}
	attempt->init_succeeded = true;
	attempt->run_case(test);
	kunit_attempt_cleanup(data);
}

/*
 * The end of an attempt whose case outlived its timeout, in the case's
 * thread: its clean-up, unless it ran, then the thread's reference goes.
 */
static void kunit_attempt_release(void *data)
{
	struct kunit_attempt *attempt = data;

	if (!attempt->cleaned_up)
		kunit_attempt_cleanup(attempt);
	kunit_platform_set_current_test(NULL);
	/* Before the attempt may go: a thread the case left must not find it. */
	kunit_try_catch_forget(&attempt->test.try_catch);
	kref_put(&attempt->refs, kunit_attempt_free);
}

/*
 * Runs @fn of @attempt in a protected run.  Returns true when the run
 * outlived its timeout: the run then holds a reference to the attempt,
 * which it drops when it ends (see kunit_attempt_release()).
 */
static bool kunit_attempt_protect(struct kunit_attempt *attempt, kunit_try_catch_func_t fn,
				  unsigned long timeout)
{
	struct kunit_try_catch *try_catch = &attempt->test.try_catch;

	kunit_try_catch_init(try_catch, &attempt->test, fn, NULL);
	try_catch->timeout = timeout;
	try_catch->owner = attempt->owner;
	try_catch->tag = attempt->tag;
	/* A case's context has no run_case: its generator takes the place. */
	if (attempt->run_case)
		try_catch->code[0] = attempt->run_case;
	else if (attempt->generate_params)
		try_catch->code[0] = attempt->generate_params;
	else
		try_catch->code[0] = attempt->generate_params_without_test;
	try_catch->code[1] = attempt->init;
	try_catch->code[2] = attempt->exit;
	try_catch->code[3] = attempt->tag;
	try_catch->release = kunit_attempt_release;
	kunit_try_catch_run(try_catch, attempt);
	kunit_report_stop(&attempt->test, attempt->part ? attempt->part : "");
	return kunit_try_catch_get_result(try_catch) == -ETIMEDOUT;
}

/**
 * kunit_case_timeout() - the seconds a case may run, each parameter anew
 * @suite: its suite.
 * @test_case: the case.
 *
 * Its own timeout (KUNIT_CASE_TIMEOUT()), else its suite's, else the
 * platform's default (kunit.timeout, CONFIG_KUNIT_DEFAULT_TIMEOUT in the
 * kernel; --timeout in userspace) times 3 for a slow case and 12 for a very
 * slow one, as upstream since Linux 6.17.  The case's speed counts where it
 * has one, the suite's otherwise.  Private to KUnit and its tests.
 *
 * Return: the seconds; 0 for no limit (a userspace run without --timeout).
 */
unsigned long kunit_case_timeout(const struct kunit_suite *suite,
				 const struct kunit_case *test_case)
{
	enum kunit_speed speed = test_case->attr.speed;

	if (test_case->timeout)
		return test_case->timeout;
	if (suite->timeout)
		return suite->timeout;
	if (speed == KUNIT_SPEED_UNSET)
		speed = suite->attr.speed;
	switch (speed) {
	case KUNIT_SPEED_SLOW:
		return 3 * kunit_platform_default_timeout();
	case KUNIT_SPEED_VERY_SLOW:
		return 12 * kunit_platform_default_timeout();
	default:
		return kunit_platform_default_timeout();
	}
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_case_timeout);

/* What a suite's runs are tagged with: the suite a filtered copy was made of. */
static const void *kunit_suite_tag(const struct kunit_suite *suite)
{
	return suite->origin ? suite->origin : suite;
}

/*
 * Code of @suite outlived its timeout and may still run: neither the suite
 * nor, for a filtered copy, the suite it was copied from may be freed or
 * torn down under it, now or in a later run, until it ends.
 */
static void kunit_suite_mark_late(struct kunit_suite *suite)
{
	suite->running_late = true;
	if (suite->origin)
		suite->origin->running_late = true;
}

/**
 * kunit_suite_running_late() - whether code of a suite that outlived its timeout still runs
 * @suite: the suite, or a filtered copy of it.
 *
 * The mark kunit_suite_mark_late() set holds until the platform says that
 * every such run of the suite ended; then a new run of it runs every case.
 *
 * Return: true while one may still run.
 */
bool kunit_suite_running_late(struct kunit_suite *suite)
{
	if (suite->running_late && !kunit_platform_late_code_runs(kunit_suite_tag(suite)))
		suite->running_late = false;
	return suite->running_late;
}

/* Why the cases of a suite after one that timed out do not run. */
#define KUNIT_NOT_RUN_AFTER_TIMEOUT "not run: code of this suite timed out and may still run"

/* Room for the platform's words on new trouble: "D (a task died), W (a warning)". */
#define KUNIT_TROUBLE_TEXT_SIZE	192

/*
 * Whether the platform's own record (the kernel's taint) shows trouble that
 * came since the core last looked, in @text; @in_case when that was a
 * case's start (see kunit_platform_new_trouble()).  The first look of a run
 * only takes the record: what came before the run is not the run's.
 */
static bool kunit_new_trouble(struct kunit_progress *progress, bool in_case, char *text)
{
	bool primed = progress->trouble_primed;
	bool found;

	text[0] = '\0';
	progress->trouble_primed = true;
	found = kunit_platform_new_trouble(&progress->trouble_seen, in_case, text,
					   KUNIT_TROUBLE_TEXT_SIZE);
	return primed && found;
}

/*
 * New trouble outside any case of @suite (@when: "before it began", "outside
 * its cases") fails the suite: no case's window saw it come.
 */
static void kunit_check_suite_trouble(struct kunit_suite *suite, struct kunit_progress *progress,
				      const char *when)
{
	char text[KUNIT_TROUBLE_TEXT_SIZE];

	if (!kunit_new_trouble(progress, false, text))
		return;
	kunit_log_printf(&suite->log, KERN_ERR,
			 KUNIT_SUBTEST_INDENT "# %.*s: " KUNIT_PLATFORM_RECORD " gained %s %s; see "
			 KUNIT_PLATFORM_REPORT,
			 (int)sizeof(suite->name), suite->name, text, when);
	progress->suite_failed = true;
}

/*
 * Runs the case once (for one parameter, or at all), its status and
 * comment going to @test.  A case that an earlier run died in is not run
 * again: it failed, for the platform's reason.
 */
/*
 * Whether the case that @attempt ran failed after its result was out: a
 * thread it left running failed a check on its &struct kunit.  Then the
 * suite fails, the log naming the case.
 */
static void kunit_check_failed_after(struct kunit_suite *suite, struct kunit_attempt *attempt,
				     struct kunit_progress *progress)
{
	if (READ_ONCE(attempt->test.status) != KUNIT_FAILURE ||
	    attempt->reported == KUNIT_FAILURE)
		return;
	kunit_log_printf(&suite->log, KERN_ERR,
			 KUNIT_SUBTEST_INDENT "# %.*s: %s failed after it ended: a thread it left running failed a check",
			 (int)sizeof(suite->name), suite->name, attempt->test.name);
	progress->suite_failed = true;
}

/*
 * A case's state (&struct kunit_attempt, with its &struct kunit) for the
 * next case of @suite: the last case's, kept until now as stock KUnit
 * keeps one &struct kunit for a whole suite, so that a thread a case left
 * running writes a late failure there (the running case's, then) and not
 * into freed memory; or a new one.
 */
static struct kunit_attempt *kunit_next_attempt(struct kunit_suite *suite,
						struct kunit_progress *progress)
{
	struct kunit_attempt *attempt = suite->spare_attempt;

	if (!attempt)
		return kzalloc(sizeof(*attempt), GFP_KERNEL);
	suite->spare_attempt = NULL;
	kunit_check_failed_after(suite, attempt, progress);
	memset(attempt, 0, sizeof(*attempt));
	return attempt;
}

/*
 * A parameterised case's context that ended stays until the next such
 * context ends, or the suite does, as a case's state stays: a thread that
 * a parameter left running may fail a check on test->parent meanwhile,
 * which then fails the suite instead of writing into freed memory.
 */
static void kunit_drop_spare_context(struct kunit_suite *suite, struct kunit_progress *progress)
{
	struct kunit_attempt *context = suite->spare_context;

	if (!context)
		return;
	suite->spare_context = NULL;
	kunit_check_failed_after(suite, context, progress);
	kref_put(&context->refs, kunit_attempt_free);
}

/*
 * At a suite's end: the last case's state goes, once checked, and the
 * runner lets go of the state of a case it gave up on.
 */
static void kunit_drop_spare_attempt(struct kunit_suite *suite, struct kunit_progress *progress)
{
	struct kunit_attempt *attempt = suite->spare_attempt;

	kunit_drop_spare_context(suite, progress);
	if (suite->given_up_attempt) {
		kref_put(&suite->given_up_attempt->refs, kunit_attempt_free);
		suite->given_up_attempt = NULL;
	}
	if (!attempt)
		return;
	suite->spare_attempt = NULL;
	kunit_check_failed_after(suite, attempt, progress);
	kfree(attempt);
}

static void kunit_run_attempt(struct kunit_suite *suite, struct kunit_case *test_case,
			      struct kunit *test, struct kunit_progress *progress)
{
	/* Not NULL when a test runs a suite of its own, as KUnit's self-tests do. */
	struct kunit *outer = kunit_platform_current_test();
	unsigned long timeout = kunit_case_timeout(suite, test_case);
	char trouble[KUNIT_TROUBLE_TEXT_SIZE];
	struct kunit_attempt *attempt;
	const char *death;
	bool abandoned;

	kunit_init_test(test, test_case->name, suite->log.stream);
	test->log.quiet = suite->log.quiet;

	progress->phase = KUNIT_PHASE_CASE;
	death = kunit_platform_death_reason(progress);
	if (death) {
		kunit_err(test, "%s", death);
		kunit_set_failure(test);
		progress->phase = KUNIT_PHASE_SUITE;
		return;
	}
	attempt = kunit_next_attempt(suite, progress);
	if (!attempt) {
		kunit_set_failure(test);
		kunit_err(test, "could not start the case: error %d", -ENOMEM);
		progress->phase = KUNIT_PHASE_SUITE;
		return;
	}
	attempt->init = suite->init;
	attempt->run_case = test_case->run_case;
	attempt->exit = suite->exit;
	attempt->owner = suite->owner;
	attempt->tag = kunit_suite_tag(suite);
	/* The runner's reference, and the one a run that outlives its timeout takes. */
	kref_init(&attempt->refs);
	kref_get(&attempt->refs);
	kunit_init_test(&attempt->test, test_case->name, suite->log.stream);
	attempt->test.log.quiet = suite->log.quiet;
	attempt->test.param_value = test->param_value;
	attempt->test.param_index = test->param_index;
	attempt->test.parent = test->parent;

	kunit_check_suite_trouble(suite, progress, "outside its cases");
	kunit_platform_case_start(&attempt->test, progress);
	abandoned = kunit_attempt_protect(attempt, kunit_attempt_body, timeout);
	/*
	 * The case stopped part-way: its exit and clean-up still run, again
	 * after each throw (exit once, then a resource at a time: each goes
	 * from the list before it is freed), until they are done.
	 */
	while (!abandoned && !attempt->cleaned_up)
		abandoned = kunit_attempt_protect(attempt, kunit_attempt_cleanup, timeout);
	/* A block the case left open expects no warning of a later window. */
	kunit_close_blocks_of(&attempt->test);
	if (!abandoned) {
		kunit_platform_case_end(&attempt->test, timeout);
		/*
		 * Trouble in its window is the case's: its own thread, or a
		 * thread or work item it started, most likely.  The report on
		 * the console names the task.
		 */
		if (kunit_new_trouble(progress, true, trouble)) {
			kunit_err(&attempt->test,
				  KUNIT_PLATFORM_RECORD " gained %s while it ran; see " KUNIT_PLATFORM_REPORT,
				  trouble);
			kunit_set_failure(&attempt->test);
		}
	}

	/* A case that outlived its timeout failed, whatever it does next. */
	if (abandoned) {
		kunit_suite_mark_late(suite);
		test->status = KUNIT_FAILURE;
		/*
		 * The runner's reference stays until the suite's end, whenever
		 * the case's thread ends: a thread the case started may fail a
		 * check on it meanwhile.  The rest of the suite is not run, so
		 * there is one such case at most.
		 */
		if (suite->given_up_attempt)
			kref_put(&suite->given_up_attempt->refs, kunit_attempt_free);
		suite->given_up_attempt = attempt;
	} else {
		test->status = attempt->test.status;
		strscpy(test->status_comment, attempt->test.status_comment,
			sizeof(test->status_comment));
		/* No late run took it: the runner's reference goes to the suite's spare. */
		kref_put(&attempt->refs, kunit_attempt_free);
		attempt->reported = test->status;
		suite->spare_attempt = attempt;
	}
	kunit_platform_set_current_test(outer);
	progress->phase = KUNIT_PHASE_SUITE;
}

static const void *kunit_next_param(struct kunit_suite *suite, struct kunit_case *test_case,
				    struct kunit_attempt *context, int index, const void *prev,
				    char *desc, bool *failed, struct kunit_progress *progress);

/*
 * Calls the generator of a parameterised case up to the parameter at
 * @index, which a run that an earlier one left continues from.  Returns
 * that parameter, or NULL if there are fewer or the generator failed
 * (@failed).
 */
static const void *kunit_replay_params(struct kunit_suite *suite, struct kunit_case *test_case,
				       struct kunit_attempt *context, int index, char *desc,
				       bool *failed, struct kunit_progress *progress)
{
	const void *param = NULL;
	int i;

	for (i = 0; i <= index; i++) {
		desc[0] = '\0';
		param = kunit_next_param(suite, test_case, context, i, param, desc, failed,
					 progress);
		if (!param)
			return NULL;
	}
	return param;
}

/*
 * A parameter's description names its result line: a '#' there would end
 * the name and start a directive ("value # SKIP" would read as a skip),
 * and a description of blanks would leave the line without a name.
 */
static void kunit_clean_param_desc(char *desc)
{
	char *p;

	for (p = desc; *p; p++)
		if (*p == '#')
			*p = '_';
	if (!desc[strspn(desc, " \t")])
		desc[0] = '\0';
}

/* param_init of a case's context, in a protected run. */
static void kunit_attempt_param_init(void *data)
{
	struct kunit_attempt *attempt = data;

	kunit_platform_set_current_test(&attempt->test);
	attempt->suite_err = attempt->init(&attempt->test);
	attempt->init_succeeded = !attempt->suite_err;
}

/*
 * Runs @fn, a part of a case's context (@part: "param_init: ", "the
 * parameter generator: ", "param_exit: "), in a protected run of the
 * context, as a case runs: the processes it forks count for it too, and a
 * check that fails on the context fails it.  The clean-up goes on after a
 * throw, a resource at a time, until it is done.  Returns true when the
 * run outlived its timeout: the context is then left to it, and the
 * runner's reference to it dropped.
 */
static bool kunit_run_context_code(struct kunit_suite *suite, struct kunit_case *test_case,
				   struct kunit_attempt *context, kunit_try_catch_func_t fn,
				   const char *part, struct kunit_progress *progress)
{
	unsigned long timeout = kunit_case_timeout(suite, test_case);
	struct kunit *outer = kunit_platform_current_test();
	bool abandoned;

	context->part = part;
	progress->phase = KUNIT_PHASE_PARAMS;
	kunit_platform_case_start(&context->test, progress);
	abandoned = kunit_attempt_protect(context, fn, timeout);
	while (!abandoned && fn == kunit_attempt_cleanup && !context->cleaned_up)
		abandoned = kunit_attempt_protect(context, fn, timeout);
	if (!abandoned)
		kunit_platform_case_end(&context->test, timeout);
	kunit_platform_set_current_test(outer);
	progress->phase = KUNIT_PHASE_SUITE;
	if (abandoned) {
		/* Its thread has the other reference, and cleans up when it ends. */
		kunit_suite_mark_late(suite);
		kref_put(&context->refs, kunit_attempt_free);
	}
	return abandoned;
}

/*
 * The end of a parameterised case's context: param_exit (if param_init
 * succeeded), then what the context holds goes.  Returns false when a
 * check on the context failed, in any of its parts, or the end did not
 * finish (logged).  A context that code run late may still use is left.
 */
static bool kunit_end_params_context(struct kunit_suite *suite, struct kunit_case *test_case,
				     struct kunit_attempt *context,
				     struct kunit_progress *progress)
{
	bool ok;

	/* A block on the context expects no warning after its parameters. */
	kunit_close_blocks_of(&context->test);
	if (kunit_suite_running_late(suite)) {
		/*
		 * A parameter's run that timed out may still use it: it stays,
		 * with what it holds.  That run failed the case already.
		 */
		return true;
	}
	/* Nothing to run: no thread for it. */
	if ((!context->exit || !context->init_succeeded) && list_empty(&context->test.resources))
		context->cleaned_up = true;
	if (!context->cleaned_up &&
	    kunit_run_context_code(suite, test_case, context, kunit_attempt_cleanup,
				   "param_exit: ", progress)) {
		kunit_close_blocks_of(&context->test);
		return false;
	}
	ok = context->test.status != KUNIT_FAILURE;
	/* No late run took the other reference; the suite keeps this one. */
	kref_put(&context->refs, kunit_attempt_free);
	context->reported = context->test.status;
	kunit_drop_spare_context(suite, progress);
	suite->spare_context = context;
	return ok;
}

/*
 * A parameterised case's context: the &struct kunit that its param_init,
 * its generator and its param_exit receive, and that each parameter's run
 * finds in test->parent.  It lives in an attempt of its own, as a case's
 * state does, for the same reason: code of it that outlives its timeout
 * still runs in the kernel.  Returns it, ready; or NULL when the case
 * cannot run its parameters, with its result in @test (failed, or skipped
 * by param_init) and the reason logged.
 */
static struct kunit_attempt *kunit_start_params_context(struct kunit_suite *suite,
							 struct kunit_case *test_case,
							 struct kunit *test,
							 struct kunit_progress *progress)
{
	struct kunit_attempt *context;
	const char *death;

	test->status = KUNIT_FAILURE;
	progress->phase = KUNIT_PHASE_PARAMS;
	death = kunit_platform_death_reason(progress);
	progress->phase = KUNIT_PHASE_SUITE;
	if (death) {
		/* Not run again: the parameters left have no context. */
		kunit_log_printf(&suite->log, KERN_ERR,
				 KUNIT_SUBTEST_INDENT "# %s: its parameters' context: %s",
				 test_case->name, death);
		return NULL;
	}
	context = kzalloc(sizeof(*context), GFP_KERNEL);
	if (!context) {
		kunit_log_printf(&suite->log, KERN_ERR,
				 KUNIT_SUBTEST_INDENT "# %s: no memory for the parameters' context",
				 test_case->name);
		return NULL;
	}
	kref_init(&context->refs);
	kref_get(&context->refs);
	kunit_init_test(&context->test, test_case->name, suite->log.stream);
	context->test.log.quiet = suite->log.quiet;
	/* Its time spans its parameters' windows: a block's count would cross them. */
	context->test.no_block_reason = "the parameters' context has no window of its own";
	context->init = test_case->param_init;
	context->exit = test_case->param_exit;
	context->generate_params = test_case->generate_params;
	context->generate_params_without_test = test_case->generate_params_without_test;
	context->owner = suite->owner;
	context->tag = kunit_suite_tag(suite);
	if (!context->init) {
		context->init_succeeded = true;
		return context;
	}

	if (kunit_run_context_code(suite, test_case, context, kunit_attempt_param_init,
				   "param_init: ", progress))
		return NULL;
	if (context->init_succeeded)
		return context;

	if (!context->suite_err && context->test.status == KUNIT_SKIPPED) {
		/* kunit_skip() in param_init: the case is skipped, for its reason. */
		test->status = KUNIT_SKIPPED;
		strscpy(test->status_comment, context->test.status_comment,
			sizeof(test->status_comment));
	} else {
		kunit_log_printf(&suite->log, KERN_ERR,
				 KUNIT_SUBTEST_INDENT "# %s: failed to initialize parent parameter test (%d)",
				 test_case->name, context->suite_err ? context->suite_err : -EINTR);
	}
	/* param_exit is for a context that param_init made; what it holds still goes. */
	if (!kunit_end_params_context(suite, test_case, context, progress))
		test->status = KUNIT_FAILURE;
	return NULL;
}

/*
 * The header of a case's parameters: with the array a context registered
 * for kunit_array_gen_params(), its plan too.
 */
static void kunit_print_params_header(struct kunit_suite *suite, struct kunit_case *test_case,
				      const struct kunit *context,
				      struct kunit_progress *progress)
{
	kunit_log_printf(&suite->log, KERN_INFO, KUNIT_SUBSUBTEST_INDENT "KTAP version 1");
	kunit_log_printf(&suite->log, KERN_INFO, KUNIT_SUBSUBTEST_INDENT "# Subtest: %s",
			 test_case->name);
	if (context->params_array.params && test_case->generate_params == kunit_array_gen_params) {
		progress->param_plan = context->params_array.num_params;
		kunit_log_printf(&suite->log, KERN_INFO, KUNIT_SUBSUBTEST_INDENT "1..%zu",
				 progress->param_plan);
	}
}

/*
 * A parameterised case fails for something that is none of its parameters
 * (its generator, its context, its plan): once its parameters' header is
 * out, a failed result named @what says so among them, so that every
 * reader of the KTAP counts the failure, and the counts match the lines.
 * (kunit.py takes a case whose results all passed for a pass, whatever
 * its own line says.)
 */
static void kunit_fail_params(struct kunit_suite *suite, struct kunit_progress *progress,
			      const char *what)
{
	if (progress->params_begun)
		kunit_print_result(&suite->log, KUNIT_SUBSUBTEST_INDENT, KUNIT_FAILURE,
				   ++progress->param_index, what, NULL);
	kunit_count(&progress->param_stats, KUNIT_FAILURE);
	progress->case_status = KUNIT_FAILURE;
}

static void kunit_run_param_case(struct kunit_suite *suite, struct kunit_case *test_case,
				 struct kunit *test, struct kunit_progress *progress)
{
	char desc[KUNIT_PARAM_DESC_SIZE];
	struct kunit_attempt *context;
	bool too_many = false;
	bool off_plan;
	const char *death;
	bool failed;
	char name[24];

	context = kunit_start_params_context(suite, test_case, test, progress);
	if (!context && test->status == KUNIT_FAILURE) {
		/* A result line too, if an earlier run printed the header. */
		kunit_fail_params(suite, progress, "the parameters' context");
		return;
	}
	if (!context) {
		kunit_count(&progress->param_stats, test->status);
		progress->case_status = test->status;
		return;
	}
	if (!progress->params_begun) {
		progress->params_begun = true;
		kunit_print_params_header(suite, test_case, &context->test, progress);
	}
	test->parent = &context->test;

	test->param_value = kunit_replay_params(suite, test_case, context, progress->param_index,
						desc, &failed, progress);

	while (test->param_value) {
		test->param_index = progress->param_index;
		/* A generator that overran the end of @desc still ends it here. */
		desc[sizeof(desc) - 1] = '\0';
		kunit_run_attempt(suite, test_case, test, progress);

		kunit_clean_param_desc(desc);
		if (!desc[0]) {
			snprintf(name, sizeof(name), "param-%d", progress->param_index);
			kunit_print_result(&suite->log, KUNIT_SUBSUBTEST_INDENT, test->status,
					   progress->param_index + 1, name, test->status_comment);
		} else {
			kunit_print_result(&suite->log, KUNIT_SUBSUBTEST_INDENT, test->status,
					   progress->param_index + 1, desc, test->status_comment);
		}

		kunit_count(&progress->param_stats, test->status);
		if (test->status == KUNIT_FAILURE)
			progress->case_status = KUNIT_FAILURE;
		else if (test->status == KUNIT_SUCCESS && progress->case_status != KUNIT_FAILURE)
			progress->case_status = KUNIT_SUCCESS;

		progress->param_index++;
		if (kunit_suite_running_late(suite)) {
			/* Not even the generator: it is suite code too. */
			kunit_log_printf(&suite->log, KERN_ERR,
					 KUNIT_SUBTEST_INDENT "# %s: parameters after %d %s",
					 test_case->name, progress->param_index,
					 KUNIT_NOT_RUN_AFTER_TIMEOUT);
			break;
		}
		desc[0] = '\0';
		test->param_value = kunit_next_param(suite, test_case, context,
						     progress->param_index, test->param_value,
						     desc, &failed, progress);
		/* Not beyond the plan printed: the KTAP would not read. */
		if (test->param_value && progress->param_plan &&
		    (size_t)progress->param_index >= progress->param_plan) {
			too_many = true;
			test->param_value = NULL;
		}
	}
	test->parent = NULL;
	/* The plan printed is a promise: a result less (or more) breaks it. */
	off_plan = !failed && progress->param_plan && !kunit_suite_running_late(suite) &&
		   (too_many || (size_t)progress->param_index != progress->param_plan);

	/* An earlier run died at a parameter that the generator gives no more. */
	progress->phase = KUNIT_PHASE_CASE;
	death = kunit_platform_death_reason(progress);
	progress->phase = KUNIT_PHASE_SUITE;
	if (death) {
		kunit_log_printf(&suite->log, KERN_ERR,
				 KUNIT_SUBTEST_INDENT "# %s: parameter %d: %s; not given again",
				 test_case->name, progress->param_index + 1, death);
		snprintf(name, sizeof(name), "param-%d", progress->param_index);
		kunit_fail_params(suite, progress, name);
	}
	/* A generator that crashed or hung fails its case (the log says how). */
	if (failed)
		kunit_fail_params(suite, progress, "the parameter generator");
	if (off_plan) {
		kunit_log_printf(&suite->log, KERN_ERR,
				 KUNIT_SUBTEST_INDENT "# %s: %zu parameters announced, %d%s given",
				 test_case->name, progress->param_plan, progress->param_index,
				 too_many ? " and more" : "");
		kunit_fail_params(suite, progress, "the parameters announced");
	}
	/* A failed generator failed the case already, and its context with it. */
	if (!kunit_end_params_context(suite, test_case, context, progress) && !failed) {
		kunit_log_printf(&suite->log, KERN_ERR,
				 KUNIT_SUBTEST_INDENT "# %s: the parameters' context failed",
				 test_case->name);
		kunit_fail_params(suite, progress, "the parameters' context");
	}
}

/*
 * Runs one case, all its parameters, and prints its result.  The case
 * goes on from its last parameter if it has begun (in an earlier run).
 */
static void kunit_run_case(struct kunit_suite *suite, struct kunit_case *test_case,
			   struct kunit_progress *progress)
{
	struct kunit test = { .param_value = NULL };

	if (!progress->case_begun) {
		progress->case_begun = true;
		progress->case_status = KUNIT_SKIPPED;
	}

	if (kunit_suite_running_late(suite)) {
		/*
		 * Suite code that ran out of time may still use what the suite
		 * shares with this case (its fixture, its module's state):
		 * running it now would test nothing that can be trusted.
		 */
		strscpy(test.status_comment, KUNIT_NOT_RUN_AFTER_TIMEOUT,
			sizeof(test.status_comment));
		kunit_count(&progress->param_stats, KUNIT_SKIPPED);
	} else if (test_case->filtered_out) {
		/* kunit.filter left it out, and kunit.filter_action=skip kept it. */
		kunit_count(&progress->param_stats, KUNIT_SKIPPED);
	} else if (kunit_case_has_params(test_case)) {
		kunit_run_param_case(suite, test_case, &test, progress);
	} else {
		kunit_run_attempt(suite, test_case, &test, progress);
		kunit_count(&progress->param_stats, test.status);
		progress->case_status = test.status;
	}

	kunit_log_attr(&suite->log, KUNIT_SUBTEST_INDENT, suite, test_case);
	if (kunit_should_print_stats(&progress->param_stats))
		kunit_log_printf(&suite->log, KERN_INFO,
				 KUNIT_SUBTEST_INDENT "# %s: pass:%lu fail:%lu skip:%lu total:%lu",
				 test_case->name, progress->param_stats.passed,
				 progress->param_stats.failed, progress->param_stats.skipped,
				 progress->param_stats.total);

	test_case->status = progress->case_status;
	kunit_print_result(&suite->log, KUNIT_SUBTEST_INDENT, progress->case_status,
			   progress->case_index + 1, test_case->name, test.status_comment);

	kunit_count(&progress->suite_stats, progress->case_status);
	kunit_add_stats(&progress->suite_total_stats, &progress->param_stats);

	progress->case_begun = false;
	progress->params_begun = false;
	progress->param_plan = 0;
	progress->param_index = 0;
	memset(&progress->param_stats, 0, sizeof(progress->param_stats));
}

/* The first line of a suite's results, and the line that names it. */
static void kunit_print_suite_header(struct kunit_suite *suite, size_t num_cases)
{
	kunit_log_printf(&suite->log, KERN_INFO, KUNIT_SUBTEST_INDENT "KTAP version 1");
	kunit_log_printf(&suite->log, KERN_INFO, KUNIT_SUBTEST_INDENT "# Subtest: %.*s",
			 (int)sizeof(suite->name), suite->name);
	kunit_log_attr(&suite->log, KUNIT_SUBTEST_INDENT, suite, NULL);
	kunit_log_printf(&suite->log, KERN_INFO, KUNIT_SUBTEST_INDENT "1..%zu", num_cases);
}

/*
 * A suite's result: failed if it failed outside its cases or if any case
 * failed; skipped if it has no case that passed.
 */
static enum kunit_status kunit_suite_status(const struct kunit_progress *progress)
{
	if (progress->suite_failed || progress->suite_stats.failed)
		return KUNIT_FAILURE;
	if (!progress->suite_stats.passed)
		return KUNIT_SKIPPED;
	return KUNIT_SUCCESS;
}

static void kunit_finish_suite(struct kunit_suite *suite, size_t number,
			       struct kunit_progress *progress)
{
	struct kunit_log_sink console = { .quiet = suite->log.quiet };
	/* A filtered copy's results are those of the suite it was copied from. */
	struct kunit_suite *kept = suite->origin ? suite->origin : suite;

	kunit_drop_spare_attempt(suite, progress);
	const struct kunit_result_stats *totals = &progress->suite_total_stats;
	enum kunit_status status = kunit_suite_status(progress);

	if (kunit_should_print_stats(&progress->suite_stats))
		kunit_log_printf(&suite->log, KERN_INFO,
				 "# %.*s: pass:%lu fail:%lu skip:%lu total:%lu",
				 (int)sizeof(suite->name), suite->name,
				 progress->suite_stats.passed, progress->suite_stats.failed,
				 progress->suite_stats.skipped, progress->suite_stats.total);
	if (kunit_should_print_stats(totals))
		kunit_log_printf(&suite->log, KERN_INFO,
				 "# Totals: pass:%lu fail:%lu skip:%lu total:%lu",
				 totals->passed, totals->failed, totals->skipped, totals->total);

	if (status == KUNIT_SKIPPED && !progress->suite_stats.total && !suite->skipped_by_init)
		strscpy(suite->status_comment, "no test cases", sizeof(suite->status_comment));
	/*
	 * The result goes to the console only.  The kept lines stop before
	 * it: kunit_suite_results() makes them a document of the suite alone,
	 * whose last line is this result, numbered 1 there.
	 */
	kept->status = status;
	kept->skipped_by_init = suite->skipped_by_init;
	if (kept != suite)
		strscpy(kept->status_comment, suite->status_comment, sizeof(kept->status_comment));
	kept->finished = true;
	kunit_print_result(&console, "", status, number, suite->name, suite->status_comment);

	kunit_add_stats(&progress->run_stats, &progress->suite_total_stats);
	if (progress->suite_failed)
		kunit_count(&progress->run_stats, KUNIT_FAILURE);

	progress->phase = KUNIT_PHASE_IDLE;
	progress->suite_begun = false;
	progress->case_begun = false;
	progress->params_begun = false;
	progress->param_plan = 0;
	progress->suite_failed = false;
	progress->case_index = 0;
	progress->param_index = 0;
	memset(&progress->suite_stats, 0, sizeof(progress->suite_stats));
	memset(&progress->param_stats, 0, sizeof(progress->param_stats));
	memset(&progress->suite_total_stats, 0, sizeof(progress->suite_total_stats));
}

/*
 * A case that suite code died in the middle of (its parameters' generator,
 * say) failed: its result closes what it had printed.
 */
static void __cold kunit_fail_open_case(struct kunit_suite *suite, struct kunit_progress *progress)
{
	struct kunit_case *test_case;

	if (!progress->case_begun || progress->case_index >= kunit_suite_num_test_cases(suite))
		return;
	test_case = &suite->test_cases[progress->case_index];
	test_case->status = KUNIT_FAILURE;
	kunit_print_result(&suite->log, KUNIT_SUBTEST_INDENT, KUNIT_FAILURE,
			   progress->case_index + 1, test_case->name, NULL);
	kunit_count(&progress->suite_stats, KUNIT_FAILURE);
	kunit_add_stats(&progress->suite_total_stats, &progress->param_stats);
}

/* suite_init or suite_exit, in a protected run. */
static void kunit_attempt_suite_call(void *data)
{
	struct kunit_attempt *attempt = data;

	/* As in stock, suite code belongs to no test. */
	kunit_platform_set_current_test(NULL);
	if (attempt->suite_init)
		attempt->suite_err = attempt->suite_init(attempt->suite);
	else
		attempt->suite_exit(attempt->suite);
}

/*
 * A parameter generator's call, in a protected run of the case's context
 * @data, whose test it receives (in the signature since Linux 6.18).
 */
static void kunit_attempt_generate(void *data)
{
	struct kunit_attempt *context = data;

	kunit_platform_set_current_test(&context->test);
	if (context->generate_params)
		context->param = context->generate_params(&context->test, context->param,
							  context->desc);
	else
		context->param = context->generate_params_without_test(context->param,
								       context->desc);
}

/*
 * Runs suite code that is not a case (@what: "suite_init", "suite_exit")
 * as @fn of @attempt, in a protected
 * run like a case's: an oops there ends a test thread, not the task that
 * runs the suites (which may be loading a module, holding the run's
 * lock).  Returns 0, or an error logged here: -EFAULT when it crashed,
 * -ETIMEDOUT when it outlived the suite's timeout (it may still run:
 * @suite and @attempt are then left to it).  Drops the runner's reference
 * to @attempt.
 */
static int kunit_run_suite_code(struct kunit_suite *suite, struct kunit_attempt *attempt,
				kunit_try_catch_func_t fn, const char *what)
{
	struct kunit *outer = kunit_platform_current_test();
	struct kunit_try_catch *try_catch;
	int err;

	attempt->suite = suite;
	attempt->owner = suite->owner;
	/* Nothing of a case to clean up if it outlives its timeout. */
	attempt->cleaned_up = true;
	kref_init(&attempt->refs);
	kref_get(&attempt->refs);
	kunit_init_test(&attempt->test, "suite code", NULL);
	try_catch = &attempt->test.try_catch;
	kunit_try_catch_init(try_catch, &attempt->test, fn, NULL);
	try_catch->timeout = suite->timeout;
	try_catch->owner = attempt->owner;
	try_catch->tag = kunit_suite_tag(suite);
	try_catch->code[0] = attempt->suite_init;
	try_catch->code[1] = attempt->suite_exit;
	try_catch->code[3] = try_catch->tag;
	/*
	 * Not a case's thread: a memory checker's report here tells no test,
	 * and a reader of the kernel's reports must not leave it to one.
	 */
	try_catch->thread_name = "kunit_suite";
	try_catch->release = kunit_attempt_release;
	kunit_try_catch_run(try_catch, attempt);
	kunit_platform_set_current_test(outer);

	err = kunit_try_catch_get_result(try_catch);
	if (err == -ETIMEDOUT)
		kunit_suite_mark_late(suite);
	else
		kref_put(&attempt->refs, kunit_attempt_free);
	if (err || try_catch->thrown) {
		kunit_log_printf(&suite->log, KERN_ERR, KUNIT_SUBTEST_INDENT "# %.*s: %s: %s",
				 (int)sizeof(suite->name), suite->name, what,
				 err ? try_catch->reason : "stopped part-way");
		err = err ? err : -EINTR;
	}
	return err;
}

/*
 * Calls @suite's suite_init (@init) or suite_exit (@exit) in a protected
 * run.  Returns suite_init's result, or an error (see kunit_run_suite_code()).
 */
static int kunit_call_suite_code(struct kunit_suite *suite, int (*init)(struct kunit_suite *),
				 void (*exit)(struct kunit_suite *))
{
	const char *what = init ? "suite_init" : "suite_exit";
	struct kunit_attempt *attempt = kzalloc(sizeof(*attempt), GFP_KERNEL);
	int err;

	if (!attempt) {
		kunit_log_printf(&suite->log, KERN_ERR, KUNIT_SUBTEST_INDENT "# %.*s: %s not run: error %d",
				 (int)sizeof(suite->name), suite->name, what, -ENOMEM);
		return -ENOMEM;
	}
	attempt->suite_init = init;
	attempt->suite_exit = exit;
	err = kunit_run_suite_code(suite, attempt, kunit_attempt_suite_call, what);
	if (!err)
		err = attempt->suite_err;
	kref_put(&attempt->refs, kunit_attempt_free);
	return err;
}

/*
 * The parameter after @prev (NULL for the first) of @test_case, number
 * @index from 0, its description in @desc, from the case's generator run
 * in a protected run with the case's context @context.
 * Returns NULL at the end, and when the generator crashed or ran out of
 * time (then @failed is set and the suite's log says so).
 */
static const void *kunit_next_param(struct kunit_suite *suite, struct kunit_case *test_case,
				    struct kunit_attempt *context, int index, const void *prev,
				    char *desc, bool *failed, struct kunit_progress *progress)
{
	struct kunit_try_catch *try_catch = &context->test.try_catch;

	/* kunit_array_gen_params() counts on it. */
	context->test.param_index = index;
	context->param = prev;
	context->desc[0] = '\0';
	*failed = kunit_run_context_code(suite, test_case, context, kunit_attempt_generate,
					 "the parameter generator: ", progress) ||
		  kunit_try_catch_get_result(try_catch) || try_catch->thrown;
	if (*failed && context->test.status == KUNIT_SKIPPED)
		/* A generator gives a parameter or none: a skip is neither. */
		kunit_log_printf(&suite->log, KERN_ERR,
				 KUNIT_SUBTEST_INDENT "# %s: the parameter generator skipped: %s",
				 test_case->name, context->test.status_comment);
	if (*failed)
		return NULL;
	memcpy(desc, context->desc, KUNIT_PARAM_DESC_SIZE);
	return context->param;
}

/**
 * __kunit_run_suite() - run a suite as number @number of a KTAP document
 * @suite: the suite.
 * @number: its number in the enclosing KTAP plan.
 * @progress: where the run stands; see &struct kunit_progress.  A suite
 *	      that has begun (in an earlier run) goes on from its position.
 *
 * Private to KUnit: the executor and kunit_run_tests() call it.
 */
void __kunit_run_suite(struct kunit_suite *suite, size_t number,
		       struct kunit_progress *progress)
{
	const char *death;
	size_t num_cases;

	progress->phase = KUNIT_PHASE_SUITE;
	suite->finished = false;
	if (suite->origin)
		suite->origin->finished = false;
	death = kunit_platform_death_reason(progress);
	if (death) {
		/* An earlier run died in suite code: the suite cannot go on. */
		kunit_log_printf(&suite->log, KERN_ERR, KUNIT_SUBTEST_INDENT "# %.*s: %s",
				 (int)sizeof(suite->name), suite->name, death);
		kunit_fail_open_case(suite, progress);
		progress->suite_failed = true;
		kunit_finish_suite(suite, number, progress);
		return;
	}

	suite->status_comment[0] = '\0';
	suite->suite_init_err = 0;
	suite->marked_skipped = false;
	suite->skipped_by_init = false;
	kunit_check_suite_trouble(suite, progress, "before it began");

	/*
	 * A mark of an earlier run's late code stays while that code runs:
	 * neither suite_init nor any case runs beside it, and each case says
	 * so (kunit_run_case()).
	 */
	if (suite->suite_init && kunit_suite_running_late(suite)) {
		kunit_log_printf(&suite->log, KERN_ERR,
				 KUNIT_SUBTEST_INDENT "# %.*s: suite_init %s",
				 (int)sizeof(suite->name), suite->name,
				 KUNIT_NOT_RUN_AFTER_TIMEOUT);
	} else if (suite->suite_init) {
		suite->suite_init_err = kunit_call_suite_code(suite, suite->suite_init, NULL);
		if (suite->suite_init_err) {
			/* As in stock KUnit: no plan, since no case will run. */
			kunit_log_printf(&suite->log, KERN_ERR,
					 KUNIT_SUBTEST_INDENT "# %.*s: failed to initialize (%d)",
					 (int)sizeof(suite->name), suite->name,
					 suite->suite_init_err);
			progress->suite_failed = true;
			kunit_check_suite_trouble(suite, progress, "outside its cases");
			kunit_finish_suite(suite, number, progress);
			return;
		}
	}

	/*
	 * Counted after suite_init, which may fill the cases in, as in stock.
	 * A suite that its suite_init skipped runs no case and prints no
	 * plan, as one whose suite_init failed, but its suite_exit undoes
	 * what suite_init did.
	 */
	suite->skipped_by_init = suite->marked_skipped;
	num_cases = suite->skipped_by_init ? 0 : kunit_suite_num_test_cases(suite);
	if (!progress->suite_begun && !suite->skipped_by_init) {
		progress->suite_begun = true;
		kunit_print_suite_header(suite, num_cases);
	}

	for (; progress->case_index < num_cases; progress->case_index++)
		kunit_run_case(suite, &suite->test_cases[progress->case_index], progress);

	/*
	 * Never under a case that still runs: suite_exit frees what the cases
	 * share.  The timed-out case failed the suite already.
	 */
	if (suite->suite_exit && kunit_suite_running_late(suite))
		kunit_log_printf(&suite->log, KERN_ERR,
				 KUNIT_SUBTEST_INDENT "# %.*s: suite_exit not run: a case that timed out still runs",
				 (int)sizeof(suite->name), suite->name);
	else if (suite->suite_exit && kunit_call_suite_code(suite, NULL, suite->suite_exit))
		progress->suite_failed = true;

	kunit_check_suite_trouble(suite, progress, "outside its cases");
	kunit_finish_suite(suite, number, progress);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(__kunit_run_suite);

/**
 * kunit_suite_results() - a suite's last run as a KTAP document of its own
 * @suite: a suite whose lines are kept, in @suite->log.stream.
 *
 * Made when asked for: a KTAP header that announces one test, the lines
 * the suite logged, and, once the run is over, the suite's result,
 * numbered 1 whatever its number on the console.  A run still going
 * gives its lines so far.
 *
 * Return: the text for the caller to kfree(): empty if the suite has not
 * run since kunit_suite_clear_results(); NULL without memory or log.
 */
__cold char *kunit_suite_results(struct kunit_suite *suite)
{
	struct string_stream *document;
	struct kunit_log_sink sink;
	char *text, *result = NULL;
	bool finished;

	if (!suite->log.stream)
		return NULL;
	/* The result of a run that is going on is still being written. */
	finished = suite->finished && !suite->running;
	text = string_stream_get_string(suite->log.stream);
	if (!text || (!*text && !finished))
		return text;

	document = new_string_stream();
	sink = (struct kunit_log_sink){ .stream = document, .quiet = true };
	if (document && !string_stream_add(document, "KTAP version 1\n1..1\n%s", text)) {
		if (finished)
			kunit_print_result(&sink, "", suite->status, 1, suite->name,
					   suite->status_comment);
		result = string_stream_get_string(document);
	}
	destroy_string_stream(document);
	kfree(text);
	return result;
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_suite_results);

/**
 * kunit_suite_clear_results() - forget a suite's last run
 * @suite: a suite whose lines are kept, in @suite->log.stream.
 *
 * Until the suite runs again, kunit_suite_results() gives an empty text.
 */
void kunit_suite_clear_results(struct kunit_suite *suite)
{
	suite->finished = false;
	if (suite->log.stream)
		string_stream_clear(suite->log.stream);
}
EXPORT_SYMBOL_FOR_KUNIT_TESTS(kunit_suite_clear_results);

/**
 * kunit_run_module_tests() - run one suite of a module and print its results
 * @suite: the suite.
 * @owner: the module whose code calls, NULL for built-in code: what a case
 *	   that outlives its timeout keeps (kunit_run_tests() passes it).
 *
 * Suites run this way (from a module's init function, say) are numbered
 * one after the other, since there is no enclosing plan to number them.
 *
 * Return: 0.
 */
int kunit_run_module_tests(struct kunit_suite *suite, struct module *owner)
{
	static size_t suite_counter;
	struct kunit_progress progress = { };

	kunit_platform_adopt_suite(suite, owner);
	__kunit_run_suite(suite, ++suite_counter, &progress);
	return 0;
}
EXPORT_SYMBOL_GPL(kunit_run_module_tests);

/* The function itself, under the macro that passes the caller's module. */
#undef kunit_run_tests

/**
 * kunit_run_tests() - run one suite and print its results
 * @suite: the suite.
 *
 * A call from source goes to kunit_run_module_tests(), with the caller's
 * module; this function is for callers that take its address.
 *
 * Return: 0.
 */
int kunit_run_tests(struct kunit_suite *suite)
{
	return kunit_run_module_tests(suite, NULL);
}
EXPORT_SYMBOL_GPL(kunit_run_tests);

MODULE_LICENSE("GPL v2");
MODULE_DESCRIPTION("KUnit: unit tests for kernel code, in the kernel and in userspace");
