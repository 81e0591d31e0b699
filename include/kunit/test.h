/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KUnit: unit tests for the Linux kernel, and for kernel code built into
 * userspace programs.
 *
 * A test file declares test cases, groups them into suites and registers
 * the suites; the checks inside a case (KUNIT_EXPECT_*() and
 * KUNIT_ASSERT_*()) decide whether it passes.  The same file builds into
 * the kernel, where the suites run at boot or when their module loads, and
 * into a userspace program (scripts/kunit-cc), where they run in a
 * supervised child process.  Both print KTAP.
 */
#ifndef _KUNIT_TEST_H
#define _KUNIT_TEST_H

#include <kunit/assert.h>
#include <kunit/kunit-stream.h>
#include <kunit/platform.h>
#include <kunit/try-catch.h>

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/kconfig.h>
#include <linux/kernel.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/types.h>

struct dentry;
struct file;
struct kunit;
struct string_stream;

/*
 * Calls name##N(args), N being the number of arguments (up to 8): where
 * Linux 6.1 and the original series give a function different parameters,
 * each caller gets its own form, with its own return type.
 */
#define __KUNIT_NARGS(...)	__KUNIT_NARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define __KUNIT_NARGS_(_1, _2, _3, _4, _5, _6, _7, _8, count, ...)	count
#define __KUNIT_BY_NARGS(name, ...)					\
	__PASTE(name, __KUNIT_NARGS(__VA_ARGS__))(__VA_ARGS__)
/*
 * For the counts that no form takes.  A compound literal with commas in
 * its braces counts as several arguments: put it in parentheses.
 */
#define __KUNIT_WRONG_NARGS(message)	({ _Static_assert(0, message); 0; })

/*
 * Typed allocation, kmalloc_obj() and its kin (<linux/slab.h> since 7.0),
 * which tests written for mainline use: where the tree lacks it (6.12,
 * 6.1, userspace), KUnit spells it with kmalloc().  The gfp flags are
 * optional, GFP_KERNEL by default.
 */
#define __kunit_obj_gfp(ignored, gfp, ...)	gfp
#ifndef kmalloc_obj
#define kmalloc_obj(var_or_type, ...) ({					\
	typeof(var_or_type) *__kunit_obj = kmalloc(sizeof(typeof(var_or_type)), \
		__kunit_obj_gfp(0, ##__VA_ARGS__, GFP_KERNEL));		\
	__kunit_obj; })
#endif
#ifndef kzalloc_obj
#define kzalloc_obj(var_or_type, ...) ({					\
	typeof(var_or_type) *__kunit_obj = kzalloc(sizeof(typeof(var_or_type)), \
		__kunit_obj_gfp(0, ##__VA_ARGS__, GFP_KERNEL));		\
	__kunit_obj; })
#endif
#ifndef kmalloc_objs
#define kmalloc_objs(var_or_type, count, ...) ({				\
	typeof(var_or_type) *__kunit_obj = kmalloc_array(count,		\
		sizeof(typeof(var_or_type)),					\
		__kunit_obj_gfp(0, ##__VA_ARGS__, GFP_KERNEL));		\
	__kunit_obj; })
#endif
#ifndef kzalloc_objs
#define kzalloc_objs(var_or_type, count, ...) ({				\
	typeof(var_or_type) *__kunit_obj = kcalloc(count,			\
		sizeof(typeof(var_or_type)),					\
		__kunit_obj_gfp(0, ##__VA_ARGS__, GFP_KERNEL));		\
	__kunit_obj; })
#endif

/* Historical size of a case's log in bytes; logs are not cut to it here. */
#define KUNIT_LOG_SIZE		512

/* Size of the buffer a parameter generator may describe a value in. */
#define KUNIT_PARAM_DESC_SIZE	128

/* Size of the reason that kunit_skip() and kunit_mark_skipped() keep. */
#define KUNIT_STATUS_COMMENT_SIZE	256

/* KTAP nests a subtest's lines four spaces deeper than its parent's. */
#define KUNIT_SUBTEST_INDENT		"    "
#define KUNIT_SUBSUBTEST_INDENT		"        "

/**
 * enum kunit_status - the result of a test case, a parameter or a suite
 * @KUNIT_SUCCESS: passed, or has not failed yet.
 * @KUNIT_FAILURE: failed.
 * @KUNIT_SKIPPED: skipped, and did not fail.
 */
enum kunit_status {
	KUNIT_SUCCESS,
	KUNIT_FAILURE,
	KUNIT_SKIPPED,
};

/**
 * enum kunit_speed - how long a case or a suite takes, as its author says
 * @KUNIT_SPEED_UNSET: not said; taken as @KUNIT_SPEED_NORMAL.
 * @KUNIT_SPEED_VERY_SLOW: minutes, or more.
 * @KUNIT_SPEED_SLOW: a second or more: kunit.filter=speed>slow leaves it out.
 * @KUNIT_SPEED_NORMAL: well under a second.
 * @KUNIT_SPEED_MAX: the fastest.
 */
enum kunit_speed {
	KUNIT_SPEED_UNSET,
	KUNIT_SPEED_VERY_SLOW,
	KUNIT_SPEED_SLOW,
	KUNIT_SPEED_NORMAL,
	KUNIT_SPEED_MAX = KUNIT_SPEED_NORMAL,
};

/**
 * struct kunit_attributes - what a case or a suite says about itself
 * @speed: see &enum kunit_speed.
 *
 * Printed in the results ("# speed: slow") and matched by kunit.filter.
 */
struct kunit_attributes {
	enum kunit_speed speed;
};

/*
 * The module a case belongs to, its "module" attribute: Kbuild names it;
 * a userspace program built without KBUILD_MODNAME has none.
 */
#ifdef KBUILD_MODNAME
#define __KUNIT_MODULE_NAME	KBUILD_MODNAME
#else
#define __KUNIT_MODULE_NAME	NULL
#endif

/**
 * struct kunit_case - one test case
 * @run_case: the function that tests something.
 * @name: the name in the results, usually the function's.
 * @generate_params: for a parameterised case, the function that yields
 *		     each parameter in turn (see KUNIT_CASE_PARAM()).
 * @timeout: seconds the case may run, each parameter anew; 0 takes the
 *	     suite's, see &struct kunit_suite.  Set with KUNIT_CASE_TIMEOUT().
 * @attr: its attributes: set with KUNIT_CASE_ATTR(), KUNIT_CASE_SLOW() or
 *	  KUNIT_CASE_PARAM_ATTR().
 * @param_init: for a parameterised case, called once before its first
 *		parameter with the case's context (see
 *		KUNIT_CASE_PARAM_WITH_INIT()); a non-zero return fails the
 *		case without running any parameter.
 * @param_exit: called once after the last parameter with that context.
 *
 * A test case is a function ``void (*)(struct kunit *test)`` that calls the
 * code under test and checks what it did.  Cases are declared in a
 * null-terminated array with KUNIT_CASE(), and the array belongs to a
 * &struct kunit_suite:
 *
 * .. code-block:: c
 *
 *	static void add_test_basic(struct kunit *test)
 *	{
 *		KUNIT_EXPECT_EQ(test, 3, add(1, 2));
 *	}
 *
 *	static struct kunit_case add_test_cases[] = {
 *		KUNIT_CASE(add_test_basic),
 *		{}
 *	};
 */
struct kunit_case {
	void (*run_case)(struct kunit *test);
	const char *name;
	const void *(*generate_params)(struct kunit *test, const void *prev, char *desc);
	unsigned long timeout;
	struct kunit_attributes attr;
	int (*param_init)(struct kunit *test);
	void (*param_exit)(struct kunit *test);

	/* private: internal use only. */
	/* A generator of Linux 6.17 and before, which takes no test. */
	const void *(*generate_params_without_test)(const void *prev, char *desc);
	enum kunit_status status;
	/* KBUILD_MODNAME where the case was declared; the suite's "module". */
	char *module_name;
	/* kunit.filter_action=skip kept it without running it. */
	bool filtered_out;
};

/**
 * kunit_status_to_ok_not_ok() - the KTAP word for a result
 * @status: the result.
 *
 * Return: "ok" for a pass or a skip, "not ok" for a failure.
 */
static inline const char *kunit_status_to_ok_not_ok(enum kunit_status status)
{
	return status == KUNIT_FAILURE ? "not ok" : "ok";
}

/**
 * KUNIT_CASE() - declare a test case
 * @test_name: the case's function; its name becomes the case's name.
 */
#define KUNIT_CASE(test_name)						\
	{ .run_case = test_name, .name = #test_name,			\
	  .module_name = __KUNIT_MODULE_NAME }

/**
 * KUNIT_CASE_ATTR() - declare a test case with attributes
 * @test_name: the case's function; its name becomes the case's name.
 * @attributes: a &struct kunit_attributes, as
 *		``{ .speed = KUNIT_SPEED_VERY_SLOW }``.
 */
#define KUNIT_CASE_ATTR(test_name, attributes)				\
	{ .run_case = test_name, .name = #test_name,			\
	  .attr = attributes, .module_name = __KUNIT_MODULE_NAME }

/**
 * KUNIT_CASE_SLOW() - declare a test case that takes a second or more
 * @test_name: the case's function; its name becomes the case's name.
 *
 * kunit.filter=speed>slow leaves it out of a quick run.
 */
#define KUNIT_CASE_SLOW(test_name)					\
	{ .run_case = test_name, .name = #test_name,			\
	  .attr.speed = KUNIT_SPEED_SLOW, .module_name = __KUNIT_MODULE_NAME }

/**
 * KUNIT_CASE_TIMEOUT() - declare a test case with a time limit of its own
 * @test_name: the case's function; its name becomes the case's name.
 * @seconds: how long the case may run before it is failed as timed out,
 *	     longer or shorter than the kunit.timeout parameter.
 */
#define KUNIT_CASE_TIMEOUT(test_name, seconds)				\
	{ .run_case = test_name, .name = #test_name, .timeout = (seconds),	\
	  .module_name = __KUNIT_MODULE_NAME }

/*
 * A generator's two signatures: Linux 6.18 gave it the case's context
 * (struct kunit *test, const void *prev, char *desc); code written for
 * 6.17 and before passes (const void *prev, char *desc).  The generator's
 * type picks the member it goes to; the other stays NULL.  Any other type
 * is the compiler's error, as for a plain initialiser.
 */
typedef const void *(*kunit_generate_params_without_test_t)(const void *prev, char *desc);

#define __KUNIT_IF_WITHOUT_TEST(gen, then, otherwise)			\
	_Generic((gen), kunit_generate_params_without_test_t : (then), default : (otherwise))

#define __KUNIT_CASE_GENERATOR(gen_params)				\
	.generate_params = __KUNIT_IF_WITHOUT_TEST(gen_params, NULL, gen_params), \
	.generate_params_without_test = __KUNIT_IF_WITHOUT_TEST(gen_params, gen_params, NULL)

/**
 * kunit_case_has_params() - whether a case runs once per parameter
 * @test_case: the case.
 *
 * Return: true when it has a generator, of either signature.
 */
static inline bool kunit_case_has_params(const struct kunit_case *test_case)
{
	return test_case->generate_params || test_case->generate_params_without_test;
}

/**
 * KUNIT_CASE_PARAM() - declare a test case that runs once per parameter
 * @test_name: the case's function; it reads the parameter from
 *	       ``test->param_value``.
 * @gen_params: the generator,
 *		``const void *gen(struct kunit *test, const void *prev, char *desc)``,
 *		or, as before Linux 6.18, ``const void *gen(const void *prev, char *desc)``.
 *
 * The generator is first called with @prev NULL and then with the value
 * it returned last; it returns NULL when there are no more values.  It may
 * write a description of the value into @desc (KUNIT_PARAM_DESC_SIZE
 * bytes), which names the parameter's result; otherwise the result is
 * named "param-N".  Its @test is the case's context, the one each
 * parameter's run finds in ``test->parent``.  KUNIT_ARRAY_PARAM() makes a
 * generator from an array.
 */
#define KUNIT_CASE_PARAM(test_name, gen_params)				\
	{ .run_case = test_name, .name = #test_name,			\
	  __KUNIT_CASE_GENERATOR(gen_params),				\
	  .module_name = __KUNIT_MODULE_NAME }

/**
 * KUNIT_CASE_PARAM_ATTR() - declare a parameterised test case with attributes
 * @test_name: the case's function, as for KUNIT_CASE_PARAM().
 * @gen_params: the generator, as for KUNIT_CASE_PARAM().
 * @attributes: a &struct kunit_attributes.
 */
#define KUNIT_CASE_PARAM_ATTR(test_name, gen_params, attributes)	\
	{ .run_case = test_name, .name = #test_name,			\
	  __KUNIT_CASE_GENERATOR(gen_params), .attr = attributes,	\
	  .module_name = __KUNIT_MODULE_NAME }

/**
 * KUNIT_CASE_PARAM_WITH_INIT() - declare a parameterised case with a context of its own
 * @test_name: the case's function, as for KUNIT_CASE_PARAM().
 * @gen_params: the generator, as for KUNIT_CASE_PARAM(); kunit_array_gen_params()
 *		for the array that @init registers with
 *		kunit_register_params_array().
 * @init: NULL, or ``int init(struct kunit *test)``, called once before the
 *	  first parameter; a non-zero return fails the case, and no
 *	  parameter runs.
 * @exit: NULL, or ``void exit(struct kunit *test)``, called once after
 *	  the last parameter.
 *
 * @init, the generator and @exit receive the case's context, a &struct
 * kunit of its own; each parameter's run finds it in ``test->parent``.
 * What @init allocates there with kunit_kzalloc() or adds with
 * kunit_add_action() lasts until after @exit, for all the parameters.
 * Upstream since Linux 6.18.
 *
 * .. code-block:: c
 *
 *	static int table_init(struct kunit *test)
 *	{
 *		int *squares = kunit_kmalloc_array(test, 4, sizeof(int), GFP_KERNEL);
 *
 *		if (!squares)
 *			return -ENOMEM;
 *		for (int i = 0; i < 4; i++)
 *			squares[i] = i * i;
 *		kunit_register_params_array(test, squares, 4, NULL);
 *		return 0;
 *	}
 *	...
 *	KUNIT_CASE_PARAM_WITH_INIT(square_test, kunit_array_gen_params,
 *				   table_init, NULL),
 */
#define KUNIT_CASE_PARAM_WITH_INIT(test_name, gen_params, init, exit)	\
	{ .run_case = test_name, .name = #test_name,			\
	  __KUNIT_CASE_GENERATOR(gen_params),				\
	  .param_init = init, .param_exit = exit,			\
	  .module_name = __KUNIT_MODULE_NAME }

/**
 * struct kunit_log_sink - where a test's or a suite's lines go
 * @stream: receives a copy of every line when not NULL.
 * @quiet: the lines go to @stream only, not to the console.
 *
 * Private to KUnit.
 */
struct kunit_log_sink {
	struct string_stream *stream;
	bool quiet;
};

struct kunit_attempt;

/**
 * struct kunit_suite - a group of test cases with their set-up and tear-down
 * @name: the suite's name in the results.
 * @suite_init: called once before the suite's first case; a non-zero
 *		return fails the suite without running its cases.
 * @suite_exit: called once after the suite's last case.
 * @init: called before each case; a non-zero return fails that case.
 * @exit: called after each case, also when the case failed an assertion.
 * @test_cases: the cases, an array ended by an empty entry.
 * @timeout: seconds each case may run unless it has a timeout of its own;
 *	     0 takes the platform's: the kunit.timeout parameter in the
 *	     kernel (300 by default), --timeout in userspace.
 * @attr: the suite's attributes (its cases have their own).
 *
 * Register suites with kunit_test_suite() or kunit_test_suites():
 *
 * .. code-block:: c
 *
 *	static struct kunit_suite add_test_suite = {
 *		.name = "add",
 *		.init = add_test_init,
 *		.test_cases = add_test_cases,
 *	};
 *	kunit_test_suite(add_test_suite);
 */
struct kunit_suite {
	const char name[256];
	int (*suite_init)(struct kunit_suite *suite);
	void (*suite_exit)(struct kunit_suite *suite);
	int (*init)(struct kunit *test);
	void (*exit)(struct kunit *test);
	struct kunit_case *test_cases;
	unsigned long timeout;
	struct kunit_attributes attr;

	/* private: internal use only. */
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	struct dentry *debugfs;
	struct kunit_log_sink log;
	int suite_init_err;
	struct module *owner;
	struct kunit_suite *origin;
	bool finished;
	enum kunit_status status;
	/* Its code or data lies in init memory (kernel.c finds out). */
	bool uses_init;
	/* This structure itself lies in init memory. */
	bool in_init;
	/* Code of it that ran out of time still runs: it must not be freed. */
	bool running_late;
	/* A module's load or its debugfs run file runs it now (kunit_run_mutex). */
	bool running;
	/* The last case's state, kept until the next case or the suite's end. */
	struct kunit_attempt *spare_attempt;
	/* A case given up on: its state stays until the suite's end, at least. */
	struct kunit_attempt *given_up_attempt;
	/* The last parameterised case's context, kept as @spare_attempt is. */
	struct kunit_attempt *spare_context;
	/* kunit_mark_skipped() was called on it in this run. */
	bool marked_skipped;
	/* By its suite_init: none of its cases ran, and it is skipped. */
	bool skipped_by_init;
};

/**
 * struct kunit_params - the array of parameters a parameterised case registered
 * @params: its first element; NULL while none is registered.
 * @get_description: NULL, or what writes a parameter's description
 *		     (KUNIT_PARAM_DESC_SIZE bytes) into @desc.
 * @num_params: how many elements it has.
 * @elem_size: the size of an element, in bytes.
 *
 * Set with kunit_register_params_array(); kunit_array_gen_params() walks it.
 */
struct kunit_params {
	const void *params;
	void (*get_description)(struct kunit *test, const void *param, char *desc);
	size_t num_params;
	size_t elem_size;
};

/**
 * struct kunit - the state of one running test case
 * @priv: free for the test writer, typically set by the suite's init
 *	  function for the case to use.
 * @parent: in a parameter's run, the context of its case, which the
 *	    case's param_init, generator and param_exit receive; otherwise
 *	    NULL.
 * @params_array: in a case's context, the parameters that
 *		  kunit_register_params_array() registered.
 * @param_value: in a parameterised case, the current parameter.
 *
 * Every test case receives one, and passes it to each check it makes.  The
 * other members are private to KUnit.
 */
struct kunit {
	void *priv;
	struct kunit *parent;
	struct kunit_params params_array;
	const void *param_value;

	/* private: internal use only. */
	const char *name;
	struct kunit_log_sink log;
	struct kunit_try_catch try_catch;
	int param_index;
	/*
	 * The status only ever moves away from KUNIT_SUCCESS while the case
	 * runs, from any thread the case started, so it is written with
	 * WRITE_ONCE() and read once the case is over.
	 */
	enum kunit_status status;
	spinlock_t lock;		/* protects @resources */
	struct list_head resources;
	char status_comment[KUNIT_STATUS_COMMENT_SIZE];
	/* The last check the case reached: where a crash or a hang came after. */
	const struct kunit_assert_site *last_check;
	/* A record KUnit frees, whose release kunit_cleanup() is in. */
	struct kunit_resource *releasing;
	/* Why no kunit_warning_suppress() block may open on it, if none may. */
	const char *no_block_reason;
};

/**
 * kunit_set_failure() - mark the test case as failed
 * @test: the running test.
 *
 * The case goes on; nothing is printed.
 */
static inline void kunit_set_failure(struct kunit *test)
{
	WRITE_ONCE(test->status, KUNIT_FAILURE);
	kunit_platform_note_failure(test);
}

bool kunit_enabled(void);
void kunit_init_test(struct kunit *test, const char *name, struct string_stream *log);

/**
 * kunit_init_test_named() - get a &struct kunit ready, without a log
 * @test: the test.
 * @name: its name in the messages.
 *
 * The original series' kunit_init_test(), which calls it.
 *
 * Return: 0.
 */
static inline int kunit_init_test_named(struct kunit *test, const char *name)
{
	(kunit_init_test)(test, name, NULL);
	return 0;
}

/*
 * The forms of kunit_init_test(), chosen by the number of arguments; the
 * function itself stays callable through its address, or as
 * (kunit_init_test)(...).
 */
#define __kunit_init_test_2	kunit_init_test_named
#define __kunit_init_test_3	(kunit_init_test)
#define __kunit_init_test_1(...)					\
	__KUNIT_WRONG_NARGS("kunit_init_test() takes 2 or 3 arguments")
#define __kunit_init_test_4	__kunit_init_test_1
#define __kunit_init_test_5	__kunit_init_test_1
#define __kunit_init_test_6	__kunit_init_test_1
#define __kunit_init_test_7	__kunit_init_test_1
#define __kunit_init_test_8	__kunit_init_test_1

/**
 * kunit_init_test() - get a &struct kunit ready to run a test
 * @test: the test.
 * @...: ``name, log`` as in Linux 6.1, which returns nothing; or ``name``
 *	 as in the original series: see kunit_init_test_named(), which
 *	 returns 0.
 */
#define kunit_init_test(test, ...)					\
	__KUNIT_BY_NARGS(__kunit_init_test_, test, __VA_ARGS__)
int kunit_run_tests(struct kunit_suite *suite);
int kunit_run_module_tests(struct kunit_suite *suite, struct module *owner);
/*
 * The caller's module comes along: a case that outlives its timeout must
 * keep it, and its init memory, until it returns (see try-catch.c).
 */
#define kunit_run_tests(suite) kunit_run_module_tests(suite, THIS_MODULE)
size_t kunit_suite_num_test_cases(struct kunit_suite *suite);

/**
 * struct kunit_suite_set - an array of suite pointers
 * @start: the first suite.
 * @end: one past the last suite.
 */
struct kunit_suite_set {
	struct kunit_suite * const *start;
	struct kunit_suite * const *end;
};

struct kunit_suite_set kunit_filter_suites(const struct kunit_suite_set *suite_set,
					   const char *filter_glob, char *filters,
					   char *filter_action, int *err);
void kunit_free_suite_set(struct kunit_suite_set suite_set);

/**
 * struct kunit_glob_filter - a filter glob in its two parts
 * @suite_glob: which suites.
 * @test_glob: which of their cases; NULL for all.
 */
struct kunit_glob_filter {
	char *suite_glob;
	char *test_glob;
};

int kunit_parse_glob_filter(struct kunit_glob_filter *parsed, const char *filter_glob);
void kunit_exec_list_tests(struct kunit_suite_set *suite_set, bool include_attr);
unsigned int kunit_test_case_num(struct kunit_suite *suite, struct kunit_case *test_case);
int __kunit_test_suites_init(struct kunit_suite * const * const suites, int num_suites);
enum kunit_status kunit_suite_has_succeeded(struct kunit_suite *suite);

#if IS_BUILTIN(CONFIG_KUNIT)
int kunit_run_all_tests(void);
#else
static inline int kunit_run_all_tests(void)
{
	return 0;
}
#endif

/*
 * Suites registered one by one in a file run in the file's order: GCC,
 * when it optimises, emits a file's variables in reverse order unless
 * they are marked no_reorder; clang keeps their order and lacks the mark.
 */
#ifdef __has_attribute
#if __has_attribute(__no_reorder__)
#define __kunit_no_reorder	__attribute__((__no_reorder__))
#endif
#endif
#ifndef __kunit_no_reorder
#define __kunit_no_reorder
#endif

/*
 * The suites of a file go, as an array of pointers, into one ELF section
 * that the executor walks: the kernel's linker script collects it for
 * built-in suites, the module loader finds it in a module, and the linker
 * of a userspace program marks its ends.
 */
#define __kunit_test_suites(unique_array, ...)				\
	static struct kunit_suite *unique_array[]			\
	__aligned(sizeof(struct kunit_suite *)) __kunit_no_reorder	\
	__used __section(KUNIT_SUITE_SECTION) = { __VA_ARGS__ }

/**
 * kunit_test_suites() - register one or more suites
 * @__suites: pointers to statically allocated &struct kunit_suite.
 *
 * Built into the kernel, the suites run at boot; in a module, when the
 * module loads; in a userspace program, when it starts.
 */
#define kunit_test_suites(__suites...)					\
	__kunit_test_suites(__UNIQUE_ID(array), ##__suites)

/**
 * kunit_test_suite() - register one suite
 * @suite: a statically allocated &struct kunit_suite.
 */
#define kunit_test_suite(suite)	kunit_test_suites(&suite)

/**
 * kunit_test_init_section_suites() - register suites that use __init code
 * @__suites: pointers to statically allocated &struct kunit_suite.
 *
 * Like kunit_test_suites(); the "_probe" suffix of the array tells modpost
 * that the references to __init code and data are intended.  Such suites
 * must only run while init memory exists, at boot or module load.
 */
#define kunit_test_init_section_suites(__suites...)			\
	__kunit_test_suites(__PASTE(__UNIQUE_ID(array), _probe), ##__suites)

/**
 * kunit_test_init_section_suite() - register one suite that uses __init code
 * @suite: a statically allocated &struct kunit_suite.
 */
#define kunit_test_init_section_suite(suite)				\
	kunit_test_init_section_suites(&suite)

/**
 * kunit_suite_for_each_test_case() - iterate over the cases of a suite
 * @suite: the suite.
 * @test_case: a &struct kunit_case pointer to point at each case in turn.
 */
#define kunit_suite_for_each_test_case(suite, test_case)		\
	for (test_case = (suite)->test_cases; test_case->run_case; test_case++)

void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, gfp_t gfp);
void kunit_kfree(struct kunit *test, const void *ptr);
void kunit_cleanup(struct kunit *test);

/**
 * kunit_kmalloc() - allocate memory that is freed when the case ends
 * @test: the running test.
 * @size: bytes to allocate.
 * @gfp: allocation flags, as for kmalloc().
 *
 * Return: the memory, or NULL.  kunit_kfree() may free it earlier.
 */
static inline void *kunit_kmalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, 1, size, gfp);
}

/**
 * kunit_kzalloc() - kunit_kmalloc(), zeroed
 * @test: the running test.
 * @size: bytes to allocate.
 * @gfp: allocation flags, as for kmalloc().
 *
 * Return: the memory, or NULL.
 */
static inline void *kunit_kzalloc(struct kunit *test, size_t size, gfp_t gfp)
{
	return kunit_kmalloc(test, size, gfp | __GFP_ZERO);
}

/**
 * kunit_kcalloc() - kunit_kmalloc_array(), zeroed
 * @test: the running test.
 * @n: number of elements.
 * @size: bytes per element.
 * @gfp: allocation flags, as for kmalloc().
 *
 * Return: the memory, or NULL when it cannot be had or n * size overflows.
 */
static inline void *kunit_kcalloc(struct kunit *test, size_t n, size_t size, gfp_t gfp)
{
	return kunit_kmalloc_array(test, n, size, gfp | __GFP_ZERO);
}

/**
 * kunit_kstrdup() - a copy of a string, freed when the case ends
 * @test: the running test.
 * @str: the string, or NULL.
 * @gfp: allocation flags, as for kmalloc().
 *
 * Upstream since Linux 6.7.
 *
 * Return: the copy, or NULL when @str is NULL or memory ran out.
 * kunit_kfree() may free it earlier.
 */
static inline char *kunit_kstrdup(struct kunit *test, const char *str, gfp_t gfp)
{
	size_t size = str ? strlen(str) + 1 : 0;
	char *copy = size ? kunit_kmalloc(test, size, gfp) : NULL;

	return copy ? memcpy(copy, str, size) : NULL;
}

/**
 * kunit_kstrdup_const() - a string that lasts until the case ends
 * @test: the running test.
 * @str: the string, or NULL.
 * @gfp: allocation flags, as for kmalloc().
 *
 * Upstream in 6.12 (not in 6.1).  A string in the kernel's read-only data
 * lasts anyway and is returned as it is; any other is copied, as
 * kunit_kstrdup() does (in userspace, every string is).
 *
 * Return: @str or its copy, to free with kunit_kfree_const(); NULL when
 * @str is NULL or memory ran out.
 */
static inline const char *kunit_kstrdup_const(struct kunit *test, const char *str, gfp_t gfp)
{
	return kunit_platform_is_rodata(str) ? str : kunit_kstrdup(test, str, gfp);
}

/**
 * kunit_kfree_const() - free what kunit_kstrdup_const() returned, early
 * @test: the running test.
 * @x: the string.
 *
 * Upstream in 6.12 (not in 6.1).  Frees nothing for a string that was not
 * copied.
 */
static inline void kunit_kfree_const(struct kunit *test, const void *x)
{
	if (!kunit_platform_is_rodata(x))
		kunit_kfree(test, x);
}

/**
 * kunit_vm_mmap() - map user memory in the case's own address space until
 * the case ends
 * @test: the running test.
 * @file: the file to map, or NULL.
 * @addr: the address wanted, or 0.
 * @len: the mapping's length in bytes.
 * @prot: the protection bits (PROT_READ, PROT_WRITE, PROT_EXEC).
 * @flag: the mapping flags (MAP_PRIVATE, MAP_ANONYMOUS and the rest).
 * @offset: the offset in @file.
 *
 * Upstream in 6.12 (not in 6.1).  In the kernel, the case's thread is given
 * an address space of its own on first use, and this is vm_mmap() there;
 * before 6.12, only a built-in KUnit can do that.  In userspace
 * it is mmap(2) of the test program, for an anonymous mapping (@file
 * NULL).  A test can tell beforehand with KUNIT_PLATFORM_HAS_USER_MEMORY.
 *
 * Return: the mapping's address; an error code at or above TASK_SIZE as
 * vm_mmap() returns it; -EOPNOTSUPP where the architecture's kernel
 * threads cannot reach the user memory they map (alpha loads no new page
 * tables for them), which the case's log then says, and which vm_mmap()
 * never returns for an anonymous private mapping; or 0 when there is no
 * address space to map in
 * (always, for a modular KUnit before 6.12) or the mapping could not be
 * recorded.
 */
#if KUNIT_PLATFORM_HAS_USER_MEMORY
unsigned long kunit_vm_mmap(struct kunit *test, struct file *file,
			    unsigned long addr, unsigned long len,
			    unsigned long prot, unsigned long flag,
			    unsigned long offset);
#else
static inline unsigned long kunit_vm_mmap(struct kunit *test, struct file *file,
					  unsigned long addr, unsigned long len,
					  unsigned long prot, unsigned long flag,
					  unsigned long offset)
{
	return 0;
}
#endif

void __printf(3, 4) kunit_log_printf(struct kunit_log_sink *log, const char *level,
				     const char *fmt, ...);
void __printf(2, 3) __kunit_mark_skipped(struct kunit *test, const char *fmt, ...);
void __printf(2, 3) __kunit_suite_mark_skipped(struct kunit_suite *suite, const char *fmt, ...);

/**
 * kunit_mark_skipped() - mark the test case, or a suite, as skipped, and go on
 * @test_or_suite: the running test; or, in its suite_init, the suite.
 * @fmt: printf-style reason, shown after "# SKIP" in the results.
 * @...: arguments for @fmt.
 *
 * A case that also fails is reported as failed.  A suite marked by its
 * suite_init (upstream since 7.3) runs none of its cases, but its
 * suite_exit, and is reported as skipped, with the reason.
 */
#define kunit_mark_skipped(test_or_suite, fmt, ...)			\
	__KUNIT_MARK_SKIPPED_FN(test_or_suite)((test_or_suite), fmt, ##__VA_ARGS__)
/* _Generic does not evaluate @t: the macro's argument is evaluated once. */
#define __KUNIT_MARK_SKIPPED_FN(t)					\
	_Generic((t),							\
		 struct kunit_suite * : __kunit_suite_mark_skipped, default : __kunit_mark_skipped)

/**
 * kunit_skip() - mark the test case as skipped, and end it
 * @test: the running test.
 * @fmt: printf-style reason, shown after "# SKIP" in the results.
 * @...: arguments for @fmt.
 *
 * The case stops here, as with a failed assertion; its exit function and
 * resource clean-up still run.
 */
#define kunit_skip(test, fmt, ...) do {					\
	struct kunit *__kunit_skipping = (test);			\
									\
	__kunit_mark_skipped(__kunit_skipping, fmt, ##__VA_ARGS__);	\
	kunit_try_catch_throw(&__kunit_skipping->try_catch);		\
} while (0)

/**
 * kunit_log() - print a line into a test's or a suite's results
 * @lvl: printk level, KERN_INFO for instance.
 * @test_or_suite: a &struct kunit or a &struct kunit_suite.
 * @fmt: printf-style format; a trailing newline is optional.
 * @...: arguments for @fmt.
 *
 * The line goes to the console and, when the test or suite keeps a log
 * (debugfs), to that log.  Lines after the first in @fmt keep the first
 * line's indentation.
 */
#define kunit_log(lvl, test_or_suite, fmt, ...)				\
	kunit_log_printf(&(test_or_suite)->log, lvl, fmt, ##__VA_ARGS__)

/**
 * kunit_printk() - print a diagnostic line that names the test case
 * @lvl: printk level.
 * @test: the running test.
 * @fmt: printf-style format.
 * @...: arguments for @fmt.
 *
 * The line reads "    # <case>: <message>", a KTAP diagnostic of the case.
 */
#define kunit_printk(lvl, test, fmt, ...)				\
	kunit_log(lvl, test, KUNIT_SUBTEST_INDENT "# %s: " fmt,		\
		  (test)->name, ##__VA_ARGS__)

/**
 * kunit_info() - kunit_printk() at KERN_INFO
 * @test: the running test.
 * @fmt: printf-style format.
 * @...: arguments for @fmt.
 */
#define kunit_info(test, fmt, ...)					\
	kunit_printk(KERN_INFO, test, fmt, ##__VA_ARGS__)

/**
 * kunit_warn() - kunit_printk() at KERN_WARNING
 * @test: the running test.
 * @fmt: printf-style format.
 * @...: arguments for @fmt.
 */
#define kunit_warn(test, fmt, ...)					\
	kunit_printk(KERN_WARNING, test, fmt, ##__VA_ARGS__)

/**
 * kunit_err() - kunit_printk() at KERN_ERR
 * @test: the running test.
 * @fmt: printf-style format.
 * @...: arguments for @fmt.
 */
#define kunit_err(test, fmt, ...)					\
	kunit_printk(KERN_ERR, test, fmt, ##__VA_ARGS__)

/**
 * KUNIT_SUCCEED() - a check that always passes
 * @test: the running test.
 *
 * Documents that reaching this point is the test's success.
 */
#define KUNIT_SUCCEED(test) ((void)(test))

void __cold __printf(3, 4) kunit_do_failed_assertion(struct kunit *test,
						     const struct kunit_assert *assert,
						     const char *fmt, ...);

/*
 * The layers below turn every check into one comparison and one branch:
 * the operands are evaluated once into temporaries, the constant facts
 * about the check go into a static const &struct kunit_assert_site, and
 * only a failure calls out of line.
 */

/*
 * Whether an integer operand's type is signed, for printing it; pointers,
 * function pointers included, and other types are not.
 */
#define __kunit_operand_flags(x)					\
	((__kunit_type_is(x, signed char) || __kunit_type_is(x, short) ||	\
	  __kunit_type_is(x, int) || __kunit_type_is(x, long) ||	\
	  __kunit_type_is(x, long long) ||				\
	  (__kunit_type_is(x, char) && (char)-1 < 0)) ? KUNIT_OPERAND_SIGNED : 0)
#define __kunit_type_is(x, type)	__builtin_types_compatible_p(typeof(x), type)

#define __KUNIT_SITE(assert_type, fmt_fn, ltext, op, rtext)		\
	.file = __FILE__, .line = __LINE__, .type = (assert_type),	\
	.format = (fmt_fn), .left_text = (ltext), .operation = (op),	\
	.right_text = (rtext)

/*
 * Reports a failed check; an assertion then ends the case.  @assert_type
 * is a constant, so only one of the two calls survives compilation.  The
 * throw is called directly, since objtool knows it does not return.
 */
#define __KUNIT_REPORT(test, assert_type, site_ptr, lval, rval, nbytes, fmt, ...) do { \
	struct kunit *__kunit_failing = (test);				\
	const struct kunit_assert __kunit_failed = {			\
		.site = (site_ptr), .left = (lval), .right = (rval),	\
		.size = (nbytes),					\
	};								\
									\
	kunit_do_failed_assertion(__kunit_failing, &__kunit_failed,	\
				  fmt, ##__VA_ARGS__);			\
	if ((assert_type) == KUNIT_ASSERTION)				\
		kunit_try_catch_throw(&__kunit_failing->try_catch);	\
} while (0)

#define KUNIT_FAIL_ASSERTION(test, assert_type, fmt, ...) do {		\
	struct kunit *__kunit_checking = (test);			\
	static const struct kunit_assert_site __kunit_site = {		\
		__KUNIT_SITE(assert_type, kunit_fail_assert_format,	\
			     NULL, NULL, NULL),				\
	};								\
	KUNIT_PLATFORM_REACHED(__kunit_checking, &__kunit_site);	\
	__KUNIT_REPORT(__kunit_checking, assert_type, &__kunit_site, 0, 0, 0,	\
		       fmt, ##__VA_ARGS__);				\
} while (0)

/**
 * KUNIT_FAIL() - fail the test case, with a message, and go on
 * @test: the running test.
 * @fmt: printf-style message.
 * @...: arguments for @fmt.
 */
#define KUNIT_FAIL(test, fmt, ...)					\
	KUNIT_FAIL_ASSERTION(test, KUNIT_EXPECTATION, fmt, ##__VA_ARGS__)

/**
 * KUNIT_FAIL_AND_ABORT() - fail the test case, with a message, and end it
 * @test: the running test.
 * @fmt: printf-style message.
 * @...: arguments for @fmt.
 */
#define KUNIT_FAIL_AND_ABORT(test, fmt, ...)				\
	KUNIT_FAIL_ASSERTION(test, KUNIT_ASSERTION, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_FAILURE() - the original name of KUNIT_FAIL_AND_ABORT()
 * @test: the running test.
 * @fmt: printf-style message.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_FAILURE(test, fmt, ...)				\
	KUNIT_FAIL_ASSERTION(test, KUNIT_ASSERTION, fmt, ##__VA_ARGS__)

#define KUNIT_UNARY_ASSERTION(test, assert_type, condition, condition_text,	\
			      expected, expected_text, fmt, ...)	\
do {									\
	struct kunit *__kunit_checking = (test);			\
	static const struct kunit_assert_site __kunit_site = {		\
		__KUNIT_SITE(assert_type, kunit_unary_assert_format,	\
			     condition_text, NULL, expected_text),	\
	};								\
	KUNIT_PLATFORM_REACHED(__kunit_checking, &__kunit_site);	\
	if (likely((bool)(condition) == (expected)))			\
		break;							\
	__KUNIT_REPORT(__kunit_checking, assert_type, &__kunit_site, 0, 0, 0,	\
		       fmt, ##__VA_ARGS__);				\
} while (0)

#define KUNIT_TRUE_MSG_ASSERTION(test, assert_type, condition, condition_text, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, assert_type, condition, condition_text, \
			      true, "true", fmt, ##__VA_ARGS__)

#define KUNIT_FALSE_MSG_ASSERTION(test, assert_type, condition, condition_text, fmt, ...) \
	KUNIT_UNARY_ASSERTION(test, assert_type, condition, condition_text, \
			      false, "false", fmt, ##__VA_ARGS__)

#define KUNIT_BINARY_INT_ASSERTION(test, assert_type, left, op, right,	\
				   left_text, right_text, fmt, ...)	\
	__KUNIT_BINARY_INT_ASSERTION(test, assert_type, left, op, right,	\
				     left_text, right_text, 0, fmt, ##__VA_ARGS__)

/* @flags: KUNIT_OPERAND_* flags that both operands get. */
#define __KUNIT_BINARY_INT_ASSERTION(test, assert_type, left, op, right, \
				     left_text, right_text, flags, fmt, ...) \
do {									\
	struct kunit *__kunit_checking = (test);			\
	__auto_type __kunit_left = (left);				\
	__auto_type __kunit_right = (right);				\
	static const struct kunit_assert_site __kunit_site = {		\
		__KUNIT_SITE(assert_type, kunit_binary_assert_format,	\
			     left_text, #op, right_text),		\
		.left_size = sizeof(__kunit_left),			\
		.right_size = sizeof(__kunit_right),			\
		.left_flags = __kunit_operand_flags(__kunit_left) | (flags), \
		.right_flags = __kunit_operand_flags(__kunit_right) | (flags), \
	};								\
	KUNIT_PLATFORM_REACHED(__kunit_checking, &__kunit_site);	\
	if (likely(__kunit_left op __kunit_right))			\
		break;							\
	__KUNIT_REPORT(__kunit_checking, assert_type, &__kunit_site,		\
		       (u64)__kunit_left, (u64)__kunit_right, 0,	\
		       fmt, ##__VA_ARGS__);				\
} while (0)

#define KUNIT_BINARY_PTR_ASSERTION(test, assert_type, left, op, right,	\
				   left_text, right_text, fmt, ...)	\
do {									\
	struct kunit *__kunit_checking = (test);			\
	const void *__kunit_left = (left);				\
	const void *__kunit_right = (right);				\
	static const struct kunit_assert_site __kunit_site = {		\
		__KUNIT_SITE(assert_type, kunit_binary_ptr_assert_format, \
			     left_text, #op, right_text),		\
	};								\
	KUNIT_PLATFORM_REACHED(__kunit_checking, &__kunit_site);	\
	if (likely(__kunit_left op __kunit_right))			\
		break;							\
	__KUNIT_REPORT(__kunit_checking, assert_type, &__kunit_site,		\
		       (uintptr_t)__kunit_left, (uintptr_t)__kunit_right, 0, \
		       fmt, ##__VA_ARGS__);				\
} while (0)

/*
 * NULL is a valid operand of the string and memory checks: it equals
 * NULL only, and never crashes the check.
 */
static inline bool __kunit_streq(const char *left, const char *right)
{
	return left && right ? strcmp(left, right) == 0 : left == right;
}

static inline bool __kunit_memeq(const void *left, const void *right, size_t size)
{
	return left && right ? memcmp(left, right, size) == 0 : left == right;
}

#define KUNIT_BINARY_STR_ASSERTION(test, assert_type, left, op, right, equal, \
				   left_text, right_text, fmt, ...)	\
do {									\
	struct kunit *__kunit_checking = (test);			\
	const char *__kunit_left = (left);				\
	const char *__kunit_right = (right);				\
	static const struct kunit_assert_site __kunit_site = {		\
		__KUNIT_SITE(assert_type, kunit_binary_str_assert_format, \
			     left_text, #op, right_text),		\
	};								\
	KUNIT_PLATFORM_REACHED(__kunit_checking, &__kunit_site);	\
	if (likely(__kunit_streq(__kunit_left, __kunit_right) == (equal))) \
		break;							\
	__KUNIT_REPORT(__kunit_checking, assert_type, &__kunit_site,		\
		       (uintptr_t)__kunit_left, (uintptr_t)__kunit_right, 0, \
		       fmt, ##__VA_ARGS__);				\
} while (0)

#define KUNIT_MEM_ASSERTION(test, assert_type, left, op, right, size, equal, \
			    left_text, right_text, fmt, ...)	\
do {									\
	struct kunit *__kunit_checking = (test);			\
	const void *__kunit_left = (left);				\
	const void *__kunit_right = (right);				\
	const size_t __kunit_size = (size);				\
	static const struct kunit_assert_site __kunit_site = {		\
		__KUNIT_SITE(assert_type, kunit_mem_assert_format,	\
			     left_text, #op, right_text),		\
	};								\
	KUNIT_PLATFORM_REACHED(__kunit_checking, &__kunit_site);	\
	if (likely(__kunit_memeq(__kunit_left, __kunit_right, __kunit_size) == (equal))) \
		break;							\
	__KUNIT_REPORT(__kunit_checking, assert_type, &__kunit_site,		\
		       (uintptr_t)__kunit_left, (uintptr_t)__kunit_right, \
		       __kunit_size, fmt, ##__VA_ARGS__);		\
} while (0)

#define KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, assert_type, ptr, ptr_text, \
						fmt, ...)	\
do {									\
	struct kunit *__kunit_checking = (test);			\
	const void *__kunit_ptr = (ptr);				\
	static const struct kunit_assert_site __kunit_site = {		\
		__KUNIT_SITE(assert_type, kunit_ptr_not_err_assert_format, \
			     ptr_text, NULL, NULL),			\
	};								\
	KUNIT_PLATFORM_REACHED(__kunit_checking, &__kunit_site);	\
	if (!IS_ERR_OR_NULL(__kunit_ptr))				\
		break;							\
	__KUNIT_REPORT(__kunit_checking, assert_type, &__kunit_site,		\
		       (uintptr_t)__kunit_ptr, 0, 0, fmt, ##__VA_ARGS__); \
} while (0)

/**
 * DOC: Expectations and assertions
 *
 * Every check comes in four forms: KUNIT_EXPECT_<CHECK>(test, ...),
 * KUNIT_EXPECT_<CHECK>_MSG(test, ..., fmt, ...), KUNIT_ASSERT_<CHECK>() and
 * KUNIT_ASSERT_<CHECK>_MSG().  A failed expectation fails the case and lets
 * it go on; a failed assertion fails the case and ends it (the exit
 * function and the resource clean-up still run).  The _MSG forms add a
 * printf-style message to the failure report.
 *
 * Each operand is evaluated exactly once.  A failure prints, as KTAP
 * diagnostics of the case, where the check is, what it expected, and the
 * value of each operand that is not a literal:
 *
 * .. code-block:: none
 *
 *	    # add_test_basic: EXPECTATION FAILED at add-test.c:12
 *	    Expected add(1, 2) == 4, but
 *	        add(1, 2) == 3 (0x3)
 */

/**
 * KUNIT_EXPECT_TRUE() - expect a cond to be true
 * @test: the running test.
 * @cond: an expression, true to pass.
 */
#define KUNIT_EXPECT_TRUE(test, cond)				\
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_EXPECTATION, cond,	\
				 #cond, NULL)

/**
 * KUNIT_EXPECT_TRUE_MSG() - KUNIT_EXPECT_TRUE() with a message
 * @test: the running test.
 * @cond: an expression, true to pass.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_TRUE_MSG(test, cond, fmt, ...)		\
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_EXPECTATION, cond,	\
				 #cond, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_FALSE() - expect a cond to be false
 * @test: the running test.
 * @cond: an expression, false to pass.
 */
#define KUNIT_EXPECT_FALSE(test, cond)				\
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_EXPECTATION, cond,	\
				  #cond, NULL)

/**
 * KUNIT_EXPECT_FALSE_MSG() - KUNIT_EXPECT_FALSE() with a message
 * @test: the running test.
 * @cond: an expression, false to pass.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_FALSE_MSG(test, cond, fmt, ...)		\
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_EXPECTATION, cond,	\
				  #cond, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_EQ() - expect two integers to be equal
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 *
 * Example: ``KUNIT_EXPECT_EQ(test, 3, add(1, 2));``
 */
#define KUNIT_EXPECT_EQ(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, ==, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_EQ_MSG() - KUNIT_EXPECT_EQ() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_EQ_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, ==, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_NE() - expect two integers to differ
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_EXPECT_NE(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, !=, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_NE_MSG() - KUNIT_EXPECT_NE() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_NE_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, !=, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_LT() - expect @lhs < @rhs
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_EXPECT_LT(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, <, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_LT_MSG() - KUNIT_EXPECT_LT() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_LT_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, <, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_LE() - expect @lhs <= @rhs
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_EXPECT_LE(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, <=, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_LE_MSG() - KUNIT_EXPECT_LE() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_LE_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, <=, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_GT() - expect @lhs > @rhs
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_EXPECT_GT(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, >, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_GT_MSG() - KUNIT_EXPECT_GT() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_GT_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, >, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_GE() - expect @lhs >= @rhs
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_EXPECT_GE(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, >=, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_GE_MSG() - KUNIT_EXPECT_GE() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_GE_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, lhs, >=, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_PTR_EQ() - expect two pointers to be equal
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 */
#define KUNIT_EXPECT_PTR_EQ(test, lhs, rhs)				\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, lhs, ==, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_PTR_EQ_MSG() - KUNIT_EXPECT_PTR_EQ() with a message
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_PTR_EQ_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, lhs, ==, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_PTR_NE() - expect two pointers to differ
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 */
#define KUNIT_EXPECT_PTR_NE(test, lhs, rhs)				\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, lhs, !=, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_PTR_NE_MSG() - KUNIT_EXPECT_PTR_NE() with a message
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_PTR_NE_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, lhs, !=, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_NULL() - expect a pointer to be NULL
 * @test: the running test.
 * @pointer: a pointer expression.
 */
#define KUNIT_EXPECT_NULL(test, pointer)					\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, pointer, ==, NULL, \
				   #pointer, "NULL", NULL)

/**
 * KUNIT_EXPECT_NULL_MSG() - KUNIT_EXPECT_NULL() with a message
 * @test: the running test.
 * @pointer: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_NULL_MSG(test, pointer, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, pointer, ==, NULL, \
				   #pointer, "NULL", fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_NOT_NULL() - expect a pointer not to be NULL
 * @test: the running test.
 * @pointer: a pointer expression.
 */
#define KUNIT_EXPECT_NOT_NULL(test, pointer)				\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, pointer, !=, NULL, \
				   #pointer, "NULL", NULL)

/**
 * KUNIT_EXPECT_NOT_NULL_MSG() - KUNIT_EXPECT_NOT_NULL() with a message
 * @test: the running test.
 * @pointer: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_NOT_NULL_MSG(test, pointer, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_EXPECTATION, pointer, !=, NULL, \
				   #pointer, "NULL", fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_NOT_ERR_OR_NULL() - expect a pointer to be neither NULL
 * nor an ERR_PTR()
 * @test: the running test.
 * @pointer: a pointer expression.
 */
#define KUNIT_EXPECT_NOT_ERR_OR_NULL(test, pointer)				\
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_EXPECTATION, pointer, \
						#pointer, NULL)

/**
 * KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG() - KUNIT_EXPECT_NOT_ERR_OR_NULL()
 * with a message
 * @test: the running test.
 * @pointer: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_NOT_ERR_OR_NULL_MSG(test, pointer, fmt, ...)		\
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_EXPECTATION, pointer, \
						#pointer, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_STREQ() - expect two C strings to be equal
 * @test: the running test.
 * @lhs: a string expression; NULL equals only NULL.
 * @rhs: a string expression; NULL equals only NULL.
 */
#define KUNIT_EXPECT_STREQ(test, lhs, rhs)				\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, lhs, ==, rhs, \
				   true, #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_STREQ_MSG() - KUNIT_EXPECT_STREQ() with a message
 * @test: the running test.
 * @lhs: a string expression.
 * @rhs: a string expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_STREQ_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, lhs, ==, rhs, \
				   true, #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_STRNEQ() - expect two C strings to differ
 * @test: the running test.
 * @lhs: a string expression; NULL equals only NULL.
 * @rhs: a string expression; NULL equals only NULL.
 */
#define KUNIT_EXPECT_STRNEQ(test, lhs, rhs)				\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, lhs, !=, rhs, \
				   false, #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_STRNEQ_MSG() - KUNIT_EXPECT_STRNEQ() with a message
 * @test: the running test.
 * @lhs: a string expression.
 * @rhs: a string expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_STRNEQ_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_EXPECTATION, lhs, !=, rhs, \
				   false, #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_MEMEQ() - expect two memory areas to hold the same bytes
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @size: number of bytes to compare.
 *
 * A failure prints both areas in hex, the differing bytes between < >.
 */
#define KUNIT_EXPECT_MEMEQ(test, lhs, rhs, size)			\
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, lhs, ==, rhs, size, \
			    true, #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_MEMEQ_MSG() - KUNIT_EXPECT_MEMEQ() with a message
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @size: number of bytes to compare.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_MEMEQ_MSG(test, lhs, rhs, size, fmt, ...)	\
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, lhs, ==, rhs, size, \
			    true, #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_MEMNEQ() - expect two memory areas to differ
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @size: number of bytes to compare.
 */
#define KUNIT_EXPECT_MEMNEQ(test, lhs, rhs, size)			\
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, lhs, !=, rhs, size, \
			    false, #lhs, #rhs, NULL)

/**
 * KUNIT_EXPECT_MEMNEQ_MSG() - KUNIT_EXPECT_MEMNEQ() with a message
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @size: number of bytes to compare.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_MEMNEQ_MSG(test, lhs, rhs, size, fmt, ...)	\
	KUNIT_MEM_ASSERTION(test, KUNIT_EXPECTATION, lhs, !=, rhs, size, \
			    false, #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_TRUE() - assert a cond is true
 * @test: the running test.
 * @cond: an expression, true to pass.
 *
 * Like KUNIT_EXPECT_TRUE(), but a failure ends the case.
 */
#define KUNIT_ASSERT_TRUE(test, cond)				\
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_ASSERTION, cond,	\
				 #cond, NULL)

/**
 * KUNIT_ASSERT_TRUE_MSG() - KUNIT_ASSERT_TRUE() with a message
 * @test: the running test.
 * @cond: an expression, true to pass.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_TRUE_MSG(test, cond, fmt, ...)		\
	KUNIT_TRUE_MSG_ASSERTION(test, KUNIT_ASSERTION, cond,	\
				 #cond, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_FALSE() - assert a cond is false
 * @test: the running test.
 * @cond: an expression, false to pass.
 */
#define KUNIT_ASSERT_FALSE(test, cond)				\
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_ASSERTION, cond,	\
				  #cond, NULL)

/**
 * KUNIT_ASSERT_FALSE_MSG() - KUNIT_ASSERT_FALSE() with a message
 * @test: the running test.
 * @cond: an expression, false to pass.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_FALSE_MSG(test, cond, fmt, ...)		\
	KUNIT_FALSE_MSG_ASSERTION(test, KUNIT_ASSERTION, cond,	\
				  #cond, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_EQ() - assert two integers are equal
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_ASSERT_EQ(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, ==, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_EQ_MSG() - KUNIT_ASSERT_EQ() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_EQ_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, ==, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_NE() - assert two integers differ
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_ASSERT_NE(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, !=, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_NE_MSG() - KUNIT_ASSERT_NE() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_NE_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, !=, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_LT() - assert @lhs < @rhs
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_ASSERT_LT(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, <, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_LT_MSG() - KUNIT_ASSERT_LT() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_LT_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, <, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_LE() - assert @lhs <= @rhs
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_ASSERT_LE(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, <=, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_LE_MSG() - KUNIT_ASSERT_LE() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_LE_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, <=, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_GT() - assert @lhs > @rhs
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_ASSERT_GT(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, >, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_GT_MSG() - KUNIT_ASSERT_GT() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_GT_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, >, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_GE() - assert @lhs >= @rhs
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 */
#define KUNIT_ASSERT_GE(test, lhs, rhs)				\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, >=, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_GE_MSG() - KUNIT_ASSERT_GE() with a message
 * @test: the running test.
 * @lhs: an integer expression, the left-hand side.
 * @rhs: an integer expression, the right-hand side.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_GE_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, lhs, >=, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_PTR_EQ() - assert two pointers are equal
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 */
#define KUNIT_ASSERT_PTR_EQ(test, lhs, rhs)				\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, lhs, ==, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_PTR_EQ_MSG() - KUNIT_ASSERT_PTR_EQ() with a message
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_PTR_EQ_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, lhs, ==, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_PTR_NE() - assert two pointers differ
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 */
#define KUNIT_ASSERT_PTR_NE(test, lhs, rhs)				\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, lhs, !=, rhs, \
				   #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_PTR_NE_MSG() - KUNIT_ASSERT_PTR_NE() with a message
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_PTR_NE_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, lhs, !=, rhs, \
				   #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_NULL() - assert a pointer is NULL
 * @test: the running test.
 * @pointer: a pointer expression.
 */
#define KUNIT_ASSERT_NULL(test, pointer)					\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, pointer, ==, NULL, \
				   #pointer, "NULL", NULL)

/**
 * KUNIT_ASSERT_NULL_MSG() - KUNIT_ASSERT_NULL() with a message
 * @test: the running test.
 * @pointer: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_NULL_MSG(test, pointer, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, pointer, ==, NULL, \
				   #pointer, "NULL", fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_NOT_NULL() - assert a pointer is not NULL
 * @test: the running test.
 * @pointer: a pointer expression.
 */
#define KUNIT_ASSERT_NOT_NULL(test, pointer)				\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, pointer, !=, NULL, \
				   #pointer, "NULL", NULL)

/**
 * KUNIT_ASSERT_NOT_NULL_MSG() - KUNIT_ASSERT_NOT_NULL() with a message
 * @test: the running test.
 * @pointer: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_NOT_NULL_MSG(test, pointer, fmt, ...)			\
	KUNIT_BINARY_PTR_ASSERTION(test, KUNIT_ASSERTION, pointer, !=, NULL, \
				   #pointer, "NULL", fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_NOT_ERR_OR_NULL() - assert a pointer is neither NULL nor
 * an ERR_PTR()
 * @test: the running test.
 * @pointer: a pointer expression.
 */
#define KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pointer)				\
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_ASSERTION, pointer, \
						#pointer, NULL)

/**
 * KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG() - KUNIT_ASSERT_NOT_ERR_OR_NULL()
 * with a message
 * @test: the running test.
 * @pointer: a pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, pointer, fmt, ...)		\
	KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION(test, KUNIT_ASSERTION, pointer, \
						#pointer, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_STREQ() - assert two C strings are equal
 * @test: the running test.
 * @lhs: a string expression; NULL equals only NULL.
 * @rhs: a string expression; NULL equals only NULL.
 */
#define KUNIT_ASSERT_STREQ(test, lhs, rhs)				\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, lhs, ==, rhs, \
				   true, #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_STREQ_MSG() - KUNIT_ASSERT_STREQ() with a message
 * @test: the running test.
 * @lhs: a string expression.
 * @rhs: a string expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_STREQ_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, lhs, ==, rhs, \
				   true, #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_STRNEQ() - assert two C strings differ
 * @test: the running test.
 * @lhs: a string expression; NULL equals only NULL.
 * @rhs: a string expression; NULL equals only NULL.
 */
#define KUNIT_ASSERT_STRNEQ(test, lhs, rhs)				\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, lhs, !=, rhs, \
				   false, #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_STRNEQ_MSG() - KUNIT_ASSERT_STRNEQ() with a message
 * @test: the running test.
 * @lhs: a string expression.
 * @rhs: a string expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_STRNEQ_MSG(test, lhs, rhs, fmt, ...)		\
	KUNIT_BINARY_STR_ASSERTION(test, KUNIT_ASSERTION, lhs, !=, rhs, \
				   false, #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_MEMEQ() - assert two memory areas hold the same bytes
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @size: number of bytes to compare.
 */
#define KUNIT_ASSERT_MEMEQ(test, lhs, rhs, size)			\
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, lhs, ==, rhs, size, \
			    true, #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_MEMEQ_MSG() - KUNIT_ASSERT_MEMEQ() with a message
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @size: number of bytes to compare.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_MEMEQ_MSG(test, lhs, rhs, size, fmt, ...)	\
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, lhs, ==, rhs, size, \
			    true, #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_MEMNEQ() - assert two memory areas differ
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @size: number of bytes to compare.
 */
#define KUNIT_ASSERT_MEMNEQ(test, lhs, rhs, size)			\
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, lhs, !=, rhs, size, \
			    false, #lhs, #rhs, NULL)

/**
 * KUNIT_ASSERT_MEMNEQ_MSG() - KUNIT_ASSERT_MEMNEQ() with a message
 * @test: the running test.
 * @lhs: a pointer expression.
 * @rhs: a pointer expression.
 * @size: number of bytes to compare.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_MEMNEQ_MSG(test, lhs, rhs, size, fmt, ...)	\
	KUNIT_MEM_ASSERTION(test, KUNIT_ASSERTION, lhs, !=, rhs, size, \
			    false, #lhs, #rhs, fmt, ##__VA_ARGS__)

/**
 * kunit_register_params_array() - give a case's context its parameters
 * @test: the case's context: the &struct kunit that param_init receives.
 * @array: the parameters' first element (an array, or a pointer to one).
 * @param_count: how many there are.
 * @get_desc: NULL, or ``void get_desc(struct kunit *test, const void *param,
 *	      char *desc)``, which describes a parameter.
 *
 * kunit_array_gen_params() then yields them in turn, and the case's
 * results announce their number.  Upstream since Linux 6.18.
 */
#define kunit_register_params_array(test, array, param_count, get_desc)	\
	do {								\
		struct kunit *__kunit_ctx = (test);			\
		const typeof((array)[0]) *__kunit_first = &(array)[0];	\
									\
		__kunit_ctx->params_array.params = __kunit_first;	\
		__kunit_ctx->params_array.num_params = (param_count);	\
		__kunit_ctx->params_array.elem_size = sizeof(*__kunit_first); \
		__kunit_ctx->params_array.get_description = (get_desc);	\
	} while (0)

const void *kunit_array_gen_params(struct kunit *test, const void *prev, char *desc);

/**
 * KUNIT_ARRAY_PARAM() - make a parameter generator from an array
 * @name: prefix of the generator, which is called @name_gen_params.
 * @array: the parameters, one element each.
 * @get_desc: NULL, or ``void get_desc(typeof(array[0]) *param, char *desc)``
 *	      to describe a parameter in KUNIT_PARAM_DESC_SIZE bytes.
 *
 * The generator takes the case's context, as since Linux 6.18, and
 * registers the array there (kunit_register_params_array()) when it is
 * first called.
 *
 * .. code-block:: c
 *
 *	static const int primes[] = { 2, 3, 5 };
 *	KUNIT_ARRAY_PARAM(primes, primes, NULL);
 *	...
 *	KUNIT_CASE_PARAM(is_prime_test, primes_gen_params),
 */
#define KUNIT_ARRAY_PARAM(name, array, get_desc)			\
	static const void *name##_gen_params(struct kunit *__kunit_context, \
					     const void *prev,		\
					     char *__kunit_desc)		\
	{								\
		typeof((array)[0]) *__kunit_first = (array);		\
		void (*__kunit_describe)(typeof(__kunit_first) param,	\
					 char *desc) = (get_desc);	\
		size_t __kunit_index = 0;				\
									\
		if (prev)						\
			__kunit_index = (typeof(__kunit_first))prev - __kunit_first + 1; \
		else if (__kunit_context)				\
			kunit_register_params_array(__kunit_context, array, \
						    ARRAY_SIZE(array), NULL); \
		if (__kunit_index >= ARRAY_SIZE(array))			\
			return NULL;					\
		if (__kunit_describe)					\
			__kunit_describe(&__kunit_first[__kunit_index], __kunit_desc); \
		return &__kunit_first[__kunit_index];			\
	}

/**
 * KUNIT_ARRAY_PARAM_DESC() - make a parameter generator from an array of structures
 * @name: prefix of the generator, which is called @name_gen_params.
 * @array: the parameters, one structure each.
 * @desc_member: the member of each structure, a string, that describes it.
 *
 * Upstream since Linux 6.7; its generator takes the case's context, as
 * KUNIT_ARRAY_PARAM()'s.
 *
 * .. code-block:: c
 *
 *	static const struct { const char *name; int value; } cases[] = {
 *		{ "zero", 0 }, { "one", 1 },
 *	};
 *	KUNIT_ARRAY_PARAM_DESC(cases, cases, name);
 */
#define KUNIT_ARRAY_PARAM_DESC(name, array, desc_member)		\
	static const void *name##_gen_params(struct kunit *__kunit_context, \
					     const void *prev,		\
					     char *__kunit_desc)		\
	{								\
		typeof((array)[0]) *__kunit_first = (array);		\
		size_t __kunit_index = 0;				\
									\
		if (prev)						\
			__kunit_index = (typeof(__kunit_first))prev - __kunit_first + 1; \
		else if (__kunit_context)				\
			kunit_register_params_array(__kunit_context, array, \
						    ARRAY_SIZE(array), NULL); \
		if (__kunit_index >= ARRAY_SIZE(array))			\
			return NULL;					\
		strscpy(__kunit_desc, __kunit_first[__kunit_index].desc_member, \
			KUNIT_PARAM_DESC_SIZE);				\
		return &__kunit_first[__kunit_index];			\
	}

/**
 * DOC: The original series' lower-level checks
 *
 * Before the named checks above existed, the original KUnit series built
 * them from lower-level ones, which remain for code written against it:
 * KUNIT_EXPECT() and KUNIT_ASSERT() take a condition and the message that
 * explains its failure; KUNIT_EXPECT_BINARY() and KUNIT_ASSERT_BINARY()
 * compare two integers (or pointers) with any operator and show both
 * values when the comparison fails; KUNIT_EXPECT_START() and
 * KUNIT_EXPECT_END() (and their ASSERT forms) let a check build its
 * explanation in a &struct kunit_stream.  A check that passes prints
 * nothing; one that fails is reported as the checks above are, "FAILED at"
 * line and all.  The message of KUNIT_EXPECT() and KUNIT_ASSERT() is a
 * format without arguments, as in the series: "%%" prints "%", and any
 * other conversion prints as it is written; the _MSG forms print their
 * formatted text right after it.
 */

#define KUNIT_MESSAGE_ASSERTION(test, assert_type, success, message, fmt, ...) \
do {									\
	static const struct kunit_assert_site __kunit_site = {		\
		__KUNIT_SITE(assert_type, kunit_message_assert_format,	\
			     NULL, NULL, NULL),				\
	};								\
	/* Evaluated first, as the series evaluated it. */		\
	const char *__kunit_message = (message);			\
									\
	if (likely(success))						\
		break;							\
	__KUNIT_REPORT(test, assert_type, &__kunit_site,		\
		       (uintptr_t)__kunit_message, 0, 0, fmt, ##__VA_ARGS__); \
} while (0)

/**
 * KUNIT_EXPECT() - expect a condition, with the message that explains it
 * @test: the running test.
 * @success: an expression, true to pass.
 * @message: the text printed when @success is false.
 */
#define KUNIT_EXPECT(test, success, message)				\
	KUNIT_MESSAGE_ASSERTION(test, KUNIT_EXPECTATION, success, message, NULL)

/**
 * KUNIT_EXPECT_MSG() - KUNIT_EXPECT() with a formatted message after it
 * @test: the running test.
 * @success: an expression, true to pass.
 * @message: the text printed when @success is false.
 * @fmt: printf-style text printed after @message.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_MSG(test, success, message, fmt, ...)		\
	KUNIT_MESSAGE_ASSERTION(test, KUNIT_EXPECTATION, success, message, \
				fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT() - KUNIT_EXPECT() that ends the case when it fails
 * @test: the running test.
 * @success: an expression, true to pass.
 * @message: the text printed when @success is false.
 */
#define KUNIT_ASSERT(test, success, message)				\
	KUNIT_MESSAGE_ASSERTION(test, KUNIT_ASSERTION, success, message, NULL)

/**
 * KUNIT_ASSERT_MSG() - KUNIT_EXPECT_MSG() that ends the case when it fails
 * @test: the running test.
 * @success: an expression, true to pass.
 * @message: the text printed when @success is false.
 * @fmt: printf-style text printed after @message.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_MSG(test, success, message, fmt, ...)		\
	KUNIT_MESSAGE_ASSERTION(test, KUNIT_ASSERTION, success, message,	\
				fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_BINARY() - expect a comparison of two values to hold
 * @test: the running test.
 * @left: an integer or pointer expression.
 * @condition: a comparison operator: ==, !=, <, <=, > or >=.
 * @right: an integer or pointer expression.
 *
 * Both values are printed when the comparison fails, literals included.
 */
#define KUNIT_EXPECT_BINARY(test, left, condition, right)		\
	__KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, condition, \
				     right, #left, #right, KUNIT_OPERAND_SHOWN, NULL)

/**
 * KUNIT_EXPECT_BINARY_MSG() - KUNIT_EXPECT_BINARY() with a message
 * @test: the running test.
 * @left: an integer or pointer expression.
 * @condition: a comparison operator.
 * @right: an integer or pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_EXPECT_BINARY_MSG(test, left, condition, right, fmt, ...)	\
	__KUNIT_BINARY_INT_ASSERTION(test, KUNIT_EXPECTATION, left, condition, \
				     right, #left, #right, KUNIT_OPERAND_SHOWN, \
				     fmt, ##__VA_ARGS__)

/**
 * KUNIT_ASSERT_BINARY() - KUNIT_EXPECT_BINARY() that ends the case on failure
 * @test: the running test.
 * @left: an integer or pointer expression.
 * @condition: a comparison operator.
 * @right: an integer or pointer expression.
 */
#define KUNIT_ASSERT_BINARY(test, left, condition, right)		\
	__KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, condition, \
				     right, #left, #right, KUNIT_OPERAND_SHOWN, NULL)

/**
 * KUNIT_ASSERT_BINARY_MSG() - KUNIT_ASSERT_BINARY() with a message
 * @test: the running test.
 * @left: an integer or pointer expression.
 * @condition: a comparison operator.
 * @right: an integer or pointer expression.
 * @fmt: printf-style message printed on failure.
 * @...: arguments for @fmt.
 */
#define KUNIT_ASSERT_BINARY_MSG(test, left, condition, right, fmt, ...)	\
	__KUNIT_BINARY_INT_ASSERTION(test, KUNIT_ASSERTION, left, condition, \
				     right, #left, #right, KUNIT_OPERAND_SHOWN, \
				     fmt, ##__VA_ARGS__)

/**
 * KUNIT_EXPECT_START() - start an expectation explained in a stream
 * @test: the running test.
 *
 * Return: a &struct kunit_stream to add the explanation to, which
 * KUNIT_EXPECT_END() then prints if the expectation failed, or NULL
 * without memory.  The source line is the one of KUNIT_EXPECT_START().
 */
#define KUNIT_EXPECT_START(test)					\
	kunit_expect_start(test, __FILE__, __stringify(__LINE__))

/**
 * KUNIT_EXPECT_END() - end an expectation started by KUNIT_EXPECT_START()
 * @test: the running test.
 * @success: true if the expectation holds.
 * @stream: the stream from KUNIT_EXPECT_START().
 *
 * When @success is false, the case fails and the stream's text is printed
 * as the explanation; otherwise nothing is printed.  Either way the stream
 * is left empty, and stays the case's until the case ends.
 */
#define KUNIT_EXPECT_END(test, success, stream)				\
	kunit_expect_end(test, success, stream)

/**
 * KUNIT_ASSERT_START() - start an assertion explained in a stream
 * @test: the running test.
 *
 * Return: as KUNIT_EXPECT_START().
 */
#define KUNIT_ASSERT_START(test)					\
	kunit_assert_start(test, __FILE__, __stringify(__LINE__))

/**
 * KUNIT_ASSERT_END() - end an assertion started by KUNIT_ASSERT_START()
 * @test: the running test.
 * @success: true if the assertion holds.
 * @stream: the stream from KUNIT_ASSERT_START().
 *
 * As KUNIT_EXPECT_END(), and a failure ends the case.
 */
#define KUNIT_ASSERT_END(test, success, stream)				\
	kunit_assert_end(test, success, stream)

/*
 * Warnings a test expects (mainline since 7.2; lib/kunit/suppress.c).  A
 * warning fails the case in whose window the kernel counted it, unless a
 * block of the case's accounts for it.  Unlike mainline's, the block
 * does not silence the kernel: its report stays in the log.
 */
struct kunit_suppressed_warning;

struct kunit_suppressed_warning *kunit_start_suppress_warning(struct kunit *test);
void kunit_end_suppress_warning(struct kunit *test, struct kunit_suppressed_warning *w);
int kunit_suppressed_warning_count(struct kunit_suppressed_warning *w);
void __kunit_suppress_auto_cleanup(struct kunit_suppressed_warning **wp);
bool kunit_has_active_suppress_warning(void);
/* For KUnit's runner and platforms. */
bool kunit_warning_expected_by(struct kunit *test);
void kunit_close_blocks_of(struct kunit *test);

/**
 * kunit_warning_suppress() - run a block in which the test expects warnings
 * @test: the running test.
 *
 * Used as a statement: ``kunit_warning_suppress(test) { ... }``.  The
 * warnings the kernel counts while the block runs, whichever task gives
 * them, are the block's: they do not fail the case, and
 * KUNIT_SUPPRESSED_WARNING_COUNT() counts them inside the block.  Leaving
 * it any way (its end, break, return, a failed assertion) closes it.  One
 * block is open at a time; the block is skipped where the platform cannot
 * count warnings.
 */
#define kunit_warning_suppress(test)					\
	for (struct kunit_suppressed_warning *__kunit_suppress		\
	     __attribute__((__cleanup__(__kunit_suppress_auto_cleanup))) =	\
	     kunit_start_suppress_warning(test);				\
	     __kunit_suppress;						\
	     kunit_end_suppress_warning(test, __kunit_suppress),		\
	     __kunit_suppress = NULL)

/**
 * KUNIT_SUPPRESSED_WARNING_COUNT() - the warnings counted so far in the enclosing block
 *
 * Only inside kunit_warning_suppress().
 */
#define KUNIT_SUPPRESSED_WARNING_COUNT()				\
	kunit_suppressed_warning_count(__kunit_suppress)

/**
 * KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT() - expect a count of warnings in the block
 * @test: the running test.
 * @expected: how many warnings the block should have counted so far.
 */
#define KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, expected)		\
	KUNIT_EXPECT_EQ(test, KUNIT_SUPPRESSED_WARNING_COUNT(), expected)

/**
 * KUNIT_ASSERT_SUPPRESSED_WARNING_COUNT() - assert a count of warnings in the block
 * @test: the running test.
 * @expected: how many warnings the block should have counted so far.
 */
#define KUNIT_ASSERT_SUPPRESSED_WARNING_COUNT(test, expected)		\
	KUNIT_ASSERT_EQ(test, KUNIT_SUPPRESSED_WARNING_COUNT(), expected)

/*
 * The original KUnit API: a suite was a "module", registered with
 * module_test().  Both names stay valid.
 */

/**
 * kunit_module - the original name of &struct kunit_suite
 */
#define kunit_module kunit_suite

/**
 * module_test() - register one suite, the original way
 * @module: a statically allocated &struct kunit_module.
 */
#define module_test(module) kunit_test_suite(module)

/*
 * Code that uses test-managed resources, such as the SLUB and KASAN
 * reports, includes only <kunit/test.h>: it gets <kunit/resource.h> too.
 */
#include <kunit/resource.h>

#endif /* _KUNIT_TEST_H */
