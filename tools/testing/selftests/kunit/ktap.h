/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A KTAP reader for KUnit's output: a userspace program's stdout, a
 * suite's debugfs results, or a kernel console, where KTAP comes among
 * other kernel messages, in several documents (the built-in suites, then
 * one per test module), and is cut short when the kernel dies.
 *
 * ktap_read_line() takes the text line by line and builds a tree of tests
 * per document: suites, their cases, a case's parameters, to any depth.
 * Every verdict that KUnit's tools give (the exit status of a userspace
 * program, of the kselftest wrapper and of kunit-report, and make run's
 * summary) is ktap_run_verdict() of such a tree.
 *
 * The reading rule
 * ----------------
 * 1. A test is a result line, "ok N name", "not ok N name" or
 *    "ok N name # SKIP reason", optionally opened earlier by a header
 *    ("KTAP version 1" and/or "# Subtest: name") and a plan ("1..M"),
 *    with its subtests in between.  Indentation by four spaces per level
 *    tells which open test a line belongs to; a line at the top level that
 *    is not KTAP is another kernel message (noise), kept apart.
 * 2. A test's own "not ok" fails it, at every depth: suite, case and
 *    parameter alike.  "not ok ... # SKIP" is a failure, as TAP::Parser
 *    reads it.  A test's subtests can add failures to it, never remove
 *    one: a failed subtest fails every test above it.
 * 3. A test that promised something and did not keep it failed: a plan
 *    "1..M" not met fails the test that announced it (each missing number
 *    is a failed, "missing" test), so do more results than planned, a
 *    result numbered out of order, a result line whose name is not the
 *    name its header announced, a header followed by no result at all,
 *    and a test left open when its document ends.
 * 4. A document ends at the end of the input, at a new "KTAP version" at
 *    the top level, at "Bail out!" and at a kernel panic; whatever it left
 *    open fails there ("did not finish").  Nothing read in one document
 *    (pending diagnostics, open tests) carries into the next.  Suites that
 *    come after a document's plan is met, as stock KUnit prints a test
 *    module's suites, form a document of their own without a header.
 * 5. What cannot be read is a failure: a "not ok" line that does not parse,
 *    a number that does not fit (every number is checked for overflow and
 *    must be at most KTAP_MAX_NUMBER), nesting deeper than KTAP_MAX_DEPTH.
 * 6. A run fails if any document failed or any line says that something
 *    went wrong outside the tests ("Bail out!", "kunit executor:", a
 *    kernel panic).  Otherwise it passed if one result passed, was skipped
 *    if results were all skipped, and holds nothing if there was none.
 * 7. A kernel's report of trouble on a console (an Oops, "BUG:",
 *    "WARNING:", a general protection fault, "kernel BUG at", x86's
 *    "invalid opcode: 0000 [#1]" and other traps that die, a hung
 *    task, an RCU stall, a soft or hard lockup, a KASAN or UBSAN report)
 *    fails the test that reports next while a suite is open: it came in
 *    that test's time.  KASAN's and UBSAN's reports there are left to
 *    KUnit, which they tell themselves (a test may expect them).  Any
 *    report while no suite is open fails the run.
 *
 * kunit.py parse reads the same tree from well-formed KTAP; where it does
 * not (it ignores indentation and results after a plan is met, and takes
 * "not ok # SKIP" as a skip), this reader is the stricter of the two.
 */
#ifndef _KUNIT_KTAP_H
#define _KUNIT_KTAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The largest test number or plan that the reader accepts. */
#define KTAP_MAX_NUMBER		1000000L
/* The deepest nesting it reads: a document, suites, cases, parameters... */
#define KTAP_MAX_DEPTH		16
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

/* How many tests the writers give a missing range, at most. */
#define KTAP_MAX_WRITTEN	1000
/* The name the writers give the failures outside the suites. */
#define KTAP_OUTSIDE_NAME	"(outside the tests)"

/*
 * One level of nesting: four spaces in KTAP, "# " in kselftest's form of
 * it (see ktap_write_kselftest()).  The reader, the writers and KUnit's
 * userspace programs (--kselftest) all nest by these.
 */
#define KTAP_INDENT		"    "
#define KTAP_INDENT_LEN		(sizeof(KTAP_INDENT) - 1)
#define KTAP_KSELFTEST_INDENT	"# "

/* kselftest's exit codes, as tools/testing/selftests/kselftest.h has them. */
#define KSFT_PASS	0
#define KSFT_FAIL	1
#define KSFT_SKIP	4

/**
 * enum ktap_result - the result of a test
 * @KTAP_PASS: "ok", or a verdict: passed.
 * @KTAP_FAIL: "not ok", or a verdict: failed.
 * @KTAP_SKIP: "ok ... # SKIP", or a verdict: every result skipped.
 * @KTAP_UNFINISHED: opened by a header, but its result line never came.
 * @KTAP_MISSING: announced by a plan, never seen.
 * @KTAP_NONE: a verdict only: nothing was run.
 */
enum ktap_result {
	KTAP_PASS,
	KTAP_FAIL,
	KTAP_SKIP,
	KTAP_UNFINISHED,
	KTAP_MISSING,
	KTAP_NONE,
};

/**
 * struct ktap_lines - a growing array of lines
 * @line: the lines, each allocated.
 * @count: how many.
 * @capacity: room allocated.
 */
struct ktap_lines {
	char **line;
	size_t count;
	size_t capacity;
};

/**
 * struct ktap_test - a test: a document, a suite, a case or a parameter
 * @name: its name ("" when it has none).
 * @number: the number of its result line, or its first number when
 *	    @result is KTAP_MISSING; 0 for a document.
 * @missing: for KTAP_MISSING, how many numbers from @number it stands for.
 * @result: what its own result line said.
 * @verdict: its result under the reading rule (see above), set once the
 *	     test is closed: KTAP_PASS, KTAP_FAIL, KTAP_SKIP or KTAP_NONE.
 * @reason: the SKIP reason, or NULL.
 * @plan: the number of subtests its plan announced, or -1.
 * @has_header: it was opened by "KTAP version" or "# Subtest:".
 * @subtests: its subtests, in order.
 * @num_subtests: how many.
 * @log: diagnostic lines printed before it, as printed (indentation kept).
 * @trailer: diagnostic lines printed after its last subtest.
 * @noise: other console lines printed while it was the next to report.
 * @problems: what the reader found wrong with it, as sentences.
 * @reported: the kernel reported trouble (an oops, a warning...) while
 *	      it ran, which is among @problems.
 * @start: the printk timestamp, in seconds, of its header or, without
 *	   one, of the KTAP line before its result; -1 if unknown.
 * @end: that of its result line; -1 if unknown.
 */
struct ktap_test {
	char *name;
	long number;
	long missing;
	enum ktap_result result;
	enum ktap_result verdict;
	char *reason;
	long plan;
	bool has_header;
	struct ktap_test **subtests;
	size_t num_subtests;
	struct ktap_lines log;
	struct ktap_lines trailer;
	struct ktap_lines noise;
	struct ktap_lines problems;
	bool reported;
	double start;
	double end;
};

/**
 * struct ktap_run - what an input held
 * @documents: its KTAP documents, each a &struct ktap_test whose subtests
 *	       are suites.
 * @num_documents: how many.
 * @suites: the suites of every document, in order (pointers into
 *	    @documents).
 * @num_suites: how many.
 * @errors: lines that say something went wrong outside the tests:
 *	    executor errors, a kernel panic, "Bail out!".
 * @max_documents: if not 0, reading stops at the start of the document
 *		   after this many (the built-in suites are the first
 *		   document of a kernel log).
 * @open: the tests being read, @open[0] the document (private).
 * @depth: how many are open (private).
 * @pending_log: diagnostics waiting for the test they belong to (private).
 * @pending_noise: noise waiting likewise (private).
 * @pending_reports: kernel reports waiting likewise (private).
 * @unowned_reports: kernel reports in a suite whose task is not known yet
 *		     (private): the task line that follows tells whether a
 *		     test's thread made them.
 * @unowned_checker_reports: KASAN's and UBSAN's reports in a suite whose
 *			     task is not known yet (private): a test's
 *			     thread's are the checker's to judge (it tells
 *			     KUnit itself), another task's fail the run.
 * @names_threads: the kernel said which threads run KUnit's code ("kunit:
 *		   case thread PID", "kunit: suite thread PID", printed by
 *		   kernels whose checkers leave a case thread's reports to
 *		   KUnit): reports are a case's by process id, not by name.
 * @case_thread: the process id of the thread of the case running now, as
 *		 the kernel said, until a result line ends it; -1 for none.
 * @expected_warnings: warnings that the test whose result comes next
 *		       expected, as the kernel said ("kunit: expected
 *		       warnings N", as a kunit_warning_suppress() block
 *		       closes): as many WARNING reports charged to it do not
 *		       fail it (private).
 * @reports: how many kernel reports of trouble failed a test or the run
 *	     (see ktap_read_line()).
 * @kernel_console: a kernel's banner ("Linux version ...") came before
 *		    the first document: the input is a kernel's console.
 * @now: the printk timestamp of the line being read, or -1 (private).
 * @last_ktap_time: that of the last KTAP line read, or -1 (private).
 */
struct ktap_run {
	struct ktap_test **documents;
	size_t num_documents;
	struct ktap_test **suites;
	size_t num_suites;
	struct ktap_lines errors;
	size_t max_documents;
	struct ktap_test *open[KTAP_MAX_DEPTH];
	size_t depth;
	struct ktap_lines pending_log;
	struct ktap_lines pending_noise;
	struct ktap_lines pending_reports;
	struct ktap_lines unowned_reports;
	struct ktap_lines unowned_checker_reports;
	bool names_threads;
	long case_thread;
	unsigned long expected_warnings;
	size_t reports;
	bool kernel_console;
	double now;
	double last_ktap_time;
};

/**
 * struct ktap_counts - results, counted as kunit.py counts them
 * @passed: leaves that passed.
 * @failed: leaves that failed, did not finish or are missing, and tests
 *	    that failed with no failed subtest to blame.
 * @skipped: leaves that were skipped.
 *
 * A leaf is a test without subtests.  @failed is zero exactly when the
 * verdict is not KTAP_FAIL.
 */
struct ktap_counts {
	unsigned long passed, failed, skipped;
};

/* Where ktap_hash() starts: FNV-1a's offset basis. */
#define KTAP_HASH_START		0xcbf29ce484222325ULL

/* Levels of nesting whose headers struct ktap_names follows. */
#define KTAP_NAMES_LEVELS	(KTAP_MAX_DEPTH + 2)

/**
 * struct ktap_names - the result names that one program's output used
 * @keys: a hash set of their keys, as a flattening parser files them
 *	  (private).
 * @tried: for each key, the last "-N" suffix tried on it (private).
 * @capacity: its size, 0 or a power of two (private).
 * @count: how many keys it holds.
 * @header: at each level, the name of the test whose "# Subtest:" line
 *	    is open there (private).
 * @written: the name written for it (private).
 *
 * All zero is empty.  See ktap_names_claim().
 */
struct ktap_names {
	char **keys;
	unsigned long *tried;
	size_t capacity;
	size_t count;
	char *header[KTAP_NAMES_LEVELS];
	char *written[KTAP_NAMES_LEVELS];
};

/**
 * struct ktap_kselftest_program - one program of what run_kselftest.sh printed
 * @collection: its kselftest directory ("kunit").
 * @name: its name in it.
 * @status: what runner.sh's result line said of it: KTAP_PASS, KTAP_FAIL,
 *	    KTAP_SKIP, or KTAP_UNFINISHED for a timeout or no result line.
 * @line: that result line, or NULL.
 * @run: what the program printed, runner.sh's "# " taken off, read as KTAP.
 * @restated: a result line came after its own, before the next program:
 *	      runner.sh prints one, and a program that wrote one to
 *	      runner.sh's own output (it inherits the descriptor) may have
 *	      closed itself early with it.
 */
struct ktap_kselftest_program {
	char *collection;
	char *name;
	enum ktap_result status;
	char *line;
	struct ktap_run run;
	bool restated;
};

/**
 * struct ktap_kselftest - what run_kselftest.sh printed, read line by line
 * @programs: each program from its "# selftests: DIR: NAME" line on.
 * @count: how many.
 * @open: the last program's result line has not come yet.
 * @stray: result lines ("ok N selftests: ...") before the first program.
 * All zero is empty.
 */
struct ktap_kselftest {
	struct ktap_kselftest_program *programs;
	size_t count;
	bool open;
	size_t stray;
};

void ktap_run_init(struct ktap_run *run);
int ktap_read_line(struct ktap_run *run, const char *line);
int ktap_read_file(struct ktap_run *run, FILE *file);
int ktap_run_finish(struct ktap_run *run);
void ktap_run_free(struct ktap_run *run);
int ktap_kselftest_read_line(struct ktap_kselftest *output, const char *line);
int ktap_kselftest_finish(struct ktap_kselftest *output);
void ktap_kselftest_free(struct ktap_kselftest *output);
enum ktap_result ktap_kselftest_verdict(const struct ktap_kselftest_program *program);

enum ktap_result ktap_run_verdict(const struct ktap_run *run);
int ktap_exit_code(enum ktap_result verdict);
bool ktap_run_failed_outside(const struct ktap_run *run);
bool ktap_is_kernel_report(const char *line);
void ktap_count(struct ktap_counts *counts, const struct ktap_test *test);
void ktap_count_run(struct ktap_counts *counts, const struct ktap_run *run);
const char *ktap_result_name(enum ktap_result result);
const char *ktap_test_name(const struct ktap_test *test);

size_t ktap_written_count(const struct ktap_test *test);
const char *ktap_written_name(const struct ktap_test *test, size_t index, char *buf, size_t size);
size_t ktap_kselftest_escape(const char *text);
char *ktap_names_claim(struct ktap_names *names, const char *name, char * const *parents,
		       size_t num_parents);
char *ktap_names_rewrite(struct ktap_names *names, const char *text, size_t level);
char *ktap_names_unique(struct ktap_names *names, const char *name);
void ktap_names_free(struct ktap_names *names);
int ktap_write_document(const struct ktap_run *run, FILE *out);
int ktap_write_kselftest(const struct ktap_run *run, FILE *out);
int ktap_write_tree(const struct ktap_run *run, FILE *out);
void ktap_write_text(FILE *out, const char *text, bool xml);
void ktap_write_json_string(FILE *out, const char *text);
unsigned long long ktap_hash(unsigned long long hash, const void *data, size_t len);

#endif /* _KUNIT_KTAP_H */
