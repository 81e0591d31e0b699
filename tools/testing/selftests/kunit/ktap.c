// SPDX-License-Identifier: GPL-2.0
/*
 * A KTAP reader for KUnit's output, and the reading rule that every
 * verdict of KUnit's tools comes from (see ktap.h).
 *
 * The reader keeps a stack of open tests: the document at the bottom, then
 * a suite, a parameterised case... A line indented by 4 * d spaces belongs
 * to the open test at level d: a header there opens a subtest at level
 * d + 1, a result line there closes the test at level d + 1 (or adds a
 * leaf), a plan there is that test's plan.  Whatever was left open above
 * is closed as "did not finish".
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"
#include "line-break.h"

static int lines_add(struct ktap_lines *lines, const char *text)
{
	char *copy;

	if (lines->count == lines->capacity) {
		size_t capacity = lines->capacity ? 2 * lines->capacity : 8;
		char **grown = realloc(lines->line, capacity * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		lines->line = grown;
		lines->capacity = capacity;
	}
	copy = strdup(text);
	if (!copy)
		return -ENOMEM;
	lines->line[lines->count++] = copy;
	return 0;
}

/* printf() format checking, as the kernel's __printf() gives it. */
#define KTAP_ATTRIBUTE(x)	__attribute__(x)

static int KTAP_ATTRIBUTE((format(printf, 2, 3)))
lines_addf(struct ktap_lines *lines, const char *fmt, ...)
{
	char text[512];
	va_list args;

	va_start(args, fmt);
	vsnprintf(text, sizeof(text), fmt, args);
	va_end(args);
	return lines_add(lines, text);
}

static void lines_free(struct ktap_lines *lines)
{
	size_t i;

	for (i = 0; i < lines->count; i++)
		free(lines->line[i]);
	free(lines->line);
	memset(lines, 0, sizeof(*lines));
}

/* Moves @from's lines to the end of @to, leaving @from empty. */
static int lines_move(struct ktap_lines *to, struct ktap_lines *from)
{
	size_t i;

	if (!to->count) {
		lines_free(to);
		*to = *from;
		memset(from, 0, sizeof(*from));
		return 0;
	}
	for (i = 0; i < from->count; i++)
		if (lines_add(to, from->line[i]))
			return -ENOMEM;
	lines_free(from);
	return 0;
}

static void test_free(struct ktap_test *test)
{
	size_t i;

	if (!test)
		return;
	for (i = 0; i < test->num_subtests; i++)
		test_free(test->subtests[i]);
	free(test->subtests);
	free(test->name);
	free(test->reason);
	lines_free(&test->log);
	lines_free(&test->trailer);
	lines_free(&test->noise);
	lines_free(&test->problems);
	free(test);
}

static struct ktap_test *test_new(const char *name)
{
	struct ktap_test *test = calloc(1, sizeof(*test));

	if (!test)
		return NULL;
	test->name = strdup(name ? name : "");
	if (!test->name) {
		free(test);
		return NULL;
	}
	test->plan = -1;
	test->result = KTAP_UNFINISHED;
	test->verdict = KTAP_NONE;
	test->start = -1;
	test->end = -1;
	return test;
}

static int add_pointer(void *array, size_t *count, void *item)
{
	void ***items = array;
	void **grown = realloc(*items, (*count + 1) * sizeof(*grown));

	if (!grown)
		return -ENOMEM;
	grown[(*count)++] = item;
	*items = grown;
	return 0;
}

/**
 * ktap_result_name() - a result, as a word
 * @result: the result.
 *
 * Return: "PASS", "FAIL", "SKIP", "UNFINISHED", "MISSING" or "NONE".
 */
const char *ktap_result_name(enum ktap_result result)
{
	switch (result) {
	case KTAP_PASS:
		return "PASS";
	case KTAP_FAIL:
		return "FAIL";
	case KTAP_SKIP:
		return "SKIP";
	case KTAP_UNFINISHED:
		return "UNFINISHED";
	case KTAP_MISSING:
		return "MISSING";
	default:
		return "NONE";
	}
}

/**
 * ktap_test_name() - a test's name, for people
 * @test: the test.
 *
 * Return: its name, "(missing)" for a test that never reported, or
 * "(unnamed)".
 */
const char *ktap_test_name(const struct ktap_test *test)
{
	if (test->result == KTAP_MISSING)
		return "(missing)";
	return test->name[0] ? test->name : "(unnamed)";
}

/**
 * ktap_count() - add up the results of a test
 * @counts: where to add them.
 * @test: a closed test.
 *
 * A leaf counts itself (a missing range counts each number); a test with
 * subtests counts them, and itself as one failure more when it failed
 * while none of them did.
 */
void ktap_count(struct ktap_counts *counts, const struct ktap_test *test)
{
	unsigned long failed_before = counts->failed;
	size_t i;

	if (!test->num_subtests) {
		if (test->verdict == KTAP_PASS)
			counts->passed++;
		else if (test->verdict == KTAP_SKIP)
			counts->skipped++;
		else if (test->verdict == KTAP_FAIL)
			counts->failed += test->result == KTAP_MISSING ? test->missing : 1;
		return;
	}
	for (i = 0; i < test->num_subtests; i++)
		ktap_count(counts, test->subtests[i]);
	if (test->verdict == KTAP_FAIL && counts->failed == failed_before)
		counts->failed++;
}

/**
 * ktap_count_run() - add up the results of every document of a run
 * @counts: where to add them.
 * @run: a finished run.
 */
void ktap_count_run(struct ktap_counts *counts, const struct ktap_run *run)
{
	size_t i;

	for (i = 0; i < run->num_documents; i++)
		ktap_count(counts, run->documents[i]);
}

/**
 * ktap_run_verdict() - the verdict on everything a run held
 * @run: a finished run (see ktap_run_finish()).
 *
 * Return: KTAP_FAIL if a test failed, did not finish or is missing, or if
 * an error line came; otherwise KTAP_PASS if a result passed, KTAP_SKIP if
 * all were skipped, KTAP_NONE if there was no result.
 */
enum ktap_result ktap_run_verdict(const struct ktap_run *run)
{
	struct ktap_counts counts = { 0 };
	size_t i;

	if (run->errors.count)
		return KTAP_FAIL;
	for (i = 0; i < run->num_documents; i++)
		if (run->documents[i]->verdict == KTAP_FAIL)
			return KTAP_FAIL;
	ktap_count_run(&counts, run);
	if (counts.failed)
		return KTAP_FAIL;
	if (counts.passed)
		return KTAP_PASS;
	return counts.skipped ? KTAP_SKIP : KTAP_NONE;
}

/**
 * ktap_exit_code() - a kselftest program's exit code for a verdict
 * @verdict: what ktap_run_verdict() said of the program's results.
 *
 * Return: KSFT_PASS for KTAP_PASS; KSFT_SKIP for KTAP_SKIP, and for
 * KTAP_NONE (no test at all, which kselftest counts as a skip); KSFT_FAIL
 * for anything else.
 */
int ktap_exit_code(enum ktap_result verdict)
{
	switch (verdict) {
	case KTAP_PASS:
		return KSFT_PASS;
	case KTAP_SKIP:
	case KTAP_NONE:
		return KSFT_SKIP;
	default:
		return KSFT_FAIL;
	}
}

/**
 * ktap_run_failed_outside() - whether something failed outside the suites
 * @run: a finished run.
 *
 * Error lines (a panic, "Bail out!", an executor error) and what was wrong
 * with a document itself (its plan, its version) are failures of no
 * suite: the writers report them as one failed test more, named
 * KTAP_OUTSIDE_NAME.
 *
 * Return: true if there is such a failure.
 */
bool ktap_run_failed_outside(const struct ktap_run *run)
{
	size_t i;

	for (i = 0; i < run->num_documents; i++)
		if (run->documents[i]->problems.count)
			return true;
	return run->errors.count > 0;
}

/* The reading rule, applied to a test once nothing more can come to it. */
static void set_verdict(struct ktap_test *test, bool document)
{
	struct ktap_counts counts = { 0 };
	bool failed = test->problems.count > 0;
	size_t i;

	if (!document)
		failed |= test->result == KTAP_FAIL || test->result == KTAP_UNFINISHED ||
			  test->result == KTAP_MISSING;
	for (i = 0; i < test->num_subtests; i++)
		failed |= test->subtests[i]->verdict == KTAP_FAIL;

	if (failed) {
		test->verdict = KTAP_FAIL;
	} else if (!document) {
		test->verdict = test->result == KTAP_SKIP ? KTAP_SKIP : KTAP_PASS;
	} else {
		ktap_count(&counts, test);
		test->verdict = counts.passed ? KTAP_PASS :
				counts.skipped ? KTAP_SKIP : KTAP_NONE;
	}
}

/**
 * ktap_run_init() - start reading
 * @run: the run to fill.
 */
void ktap_run_init(struct ktap_run *run)
{
	memset(run, 0, sizeof(*run));
	run->case_thread = -1;
	run->now = -1;
	run->last_ktap_time = -1;
}

/* The kinds of line that KTAP has. */
enum ktap_line_kind {
	KTAP_LINE_VERSION,	/* "KTAP version 1", "TAP version 14" */
	KTAP_LINE_SUBTEST,	/* "# Subtest: name" */
	KTAP_LINE_PLAN,		/* "1..N" */
	KTAP_LINE_RESULT,	/* "ok N name", "not ok N name # SKIP why" */
	KTAP_LINE_BAD,		/* a "not ok" line, or a number, that does not read */
	KTAP_LINE_DIAGNOSTIC,	/* "# anything" */
	KTAP_LINE_TEXT,		/* anything else */
};

/* A line, taken apart. */
struct ktap_line {
	enum ktap_line_kind kind;
	enum ktap_result result;
	long number;		/* of a result or a version; the plan's count */
	const char *name;	/* of a result or a subtest: not NUL-terminated */
	size_t name_len;
	const char *reason;	/* after "# SKIP", NUL-terminated; or NULL */
};

/*
 * Reads the decimal number at *@text, moving *@text past its digits.
 * Returns 0, -EINVAL when there is no digit, -ERANGE when it is larger
 * than KTAP_MAX_NUMBER.
 */
static int read_number(const char **text, long *number)
{
	const char *p = *text;
	long value = 0;
	bool too_big = false;

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++) {
		if (value > (KTAP_MAX_NUMBER - (*p - '0')) / 10)
			too_big = true;
		else
			value = value * 10 + (*p - '0');
	}
	*text = p;
	*number = value;
	return too_big ? -ERANGE : 0;
}

static bool starts_with(const char *text, const char *prefix)
{
	return !strncmp(text, prefix, strlen(prefix));
}

/*
 * "ok N name", "ok N - name", "ok N name # directive": the name stops at
 * the first '#', which must be the '#' of " # " (otherwise, as for
 * kunit.py, the line is no result).  "# SKIP" at the last " # SKIP" marks a
 * skip.
 */
static enum ktap_line_kind parse_result(const char *text, struct ktap_line *line)
{
	bool not_ok = starts_with(text, "not ok");
	const char *rest, *hash, *skip, *next;
	int err;

	if (starts_with(text, "ok ")) {
		rest = text + 3;
		line->result = KTAP_PASS;
	} else if (starts_with(text, "not ok ")) {
		rest = text + 7;
		line->result = KTAP_FAIL;
	} else {
		return not_ok && (!text[6] || isspace((unsigned char)text[6])) ?
		       KTAP_LINE_BAD : KTAP_LINE_TEXT;
	}
	err = read_number(&rest, &line->number);
	if (err == -ERANGE || (err == 0 && *rest != ' '))
		return KTAP_LINE_BAD;
	if (err)
		return not_ok ? KTAP_LINE_BAD : KTAP_LINE_TEXT;
	rest++;
	if (starts_with(rest, "- "))
		rest += 2;

	hash = strchr(rest, '#');
	if (hash && (hash == rest || hash[-1] != ' ' || hash[1] != ' '))
		return not_ok ? KTAP_LINE_BAD : KTAP_LINE_TEXT;
	line->name = rest;
	line->name_len = hash ? (size_t)(hash - 1 - rest) : strlen(rest);
	line->reason = NULL;

	for (skip = NULL, next = strstr(rest, " # SKIP"); next; next = strstr(next + 1, " # SKIP"))
		skip = next;
	if (skip) {
		line->result = line->result == KTAP_PASS ? KTAP_SKIP : KTAP_FAIL;
		line->name_len = skip - rest;
		line->reason = skip + 7;
		while (*line->reason == ' ')
			line->reason++;
	}
	return KTAP_LINE_RESULT;
}

static enum ktap_line_kind classify(const char *text, struct ktap_line *line)
{
	const char *rest = text;
	int err;

	memset(line, 0, sizeof(*line));
	if (starts_with(text, "KTAP version ") || starts_with(text, "TAP version ")) {
		rest = strchr(text, 'v') + 8;
		err = read_number(&rest, &line->number);
		if (!err && !*rest)
			return KTAP_LINE_VERSION;
		return err == -ERANGE && !*rest ? KTAP_LINE_BAD : KTAP_LINE_TEXT;
	}
	if (starts_with(text, "# Subtest: ")) {
		line->name = text + 11;
		line->name_len = strlen(line->name);
		return KTAP_LINE_SUBTEST;
	}
	if (starts_with(text, "1..")) {
		rest = text + 3;
		err = read_number(&rest, &line->number);
		if (!err)
			return KTAP_LINE_PLAN;
		return err == -ERANGE ? KTAP_LINE_BAD : KTAP_LINE_TEXT;
	}
	if (text[0] == '#')
		return KTAP_LINE_DIAGNOSTIC;
	return parse_result(text, line);
}

/* A kernel panic, anywhere in a line that is not KTAP. */
static bool is_panic_line(const char *text)
{
	return strstr(text, "Kernel panic - not syncing");
}

/*
 * The console's own word that it lost the kernel's messages ("** 6203
 * printk messages dropped **"), which a report may have been among: read
 * exactly, a count in decimal and nothing else.
 */
static bool is_dropped_line(const char *text)
{
	const char *p = text;

	if (!starts_with(p, "** "))
		return false;
	p += 3;
	if (!isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	return !strcmp(p, " printk messages dropped **");
}

/* Of the lines that are not KTAP, those that say something went wrong. */
static bool is_error_line(const char *text)
{
	return starts_with(text, "Bail out!") || starts_with(text, "kunit executor:") ||
	       is_panic_line(text) || is_dropped_line(text);
}

/*
 * x86's die() line, which opens an oops from a trap that prints no "BUG:"
 * or "Oops" of its own: "invalid opcode: 0000 [#1] PREEMPT SMP", "divide
 * error: 0000 [#1]", "int3: 0000 [#2] SMP".  That is: words of letters,
 * digits and '_', the first starting with a letter, one space apart; ": ";
 * the error code as four lowercase hex digits; " [#", the die counter in
 * decimal, "]"; then the end of the line or a space before the kernel's
 * flags.  Read exactly, so that no other message of about that shape
 * counts as an oops.
 */
static bool is_die_line(const char *text)
{
	const char *p = text;
	int i;

	if (!isalpha((unsigned char)*p))
		return false;
	for (;;) {
		if (!isalnum((unsigned char)*p) && *p != '_')
			return false;
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		if (*p != ' ')
			break;
		p++;
	}
	if (p[0] != ':' || p[1] != ' ')
		return false;
	p += 2;
	for (i = 0; i < 4; i++, p++)
		if (!isdigit((unsigned char)*p) && (*p < 'a' || *p > 'f'))
			return false;
	if (!starts_with(p, " [#"))
		return false;
	p += 3;
	if (!isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	return p[0] == ']' && (!p[1] || p[1] == ' ');
}

/*
 * A kernel's report of trouble: 1, or 2 for KASAN's and UBSAN's, which
 * tell KUnit themselves when a test's thread made them (it may expect
 * them); 0 for other lines.
 */
static int kernel_report(const char *text)
{
	static const char * const starts[] = {
		"Oops", "BUG:", "WARNING:", "general protection fault", "kernel BUG at",
		"watchdog: BUG: soft lockup", "watchdog: Watchdog detected hard LOCKUP",
		"Unable to handle kernel", "Internal error:", NULL,
	};
	size_t i;

	if (starts_with(text, "BUG: KASAN:") || starts_with(text, "UBSAN:"))
		return 2;
	for (i = 0; starts[i]; i++)
		if (starts_with(text, starts[i]))
			return 1;
	if (starts_with(text, "INFO: task ") && strstr(text, " blocked for more than "))
		return 1;
	if (starts_with(text, "rcu: INFO: ") && strstr(text, "stall"))
		return 1;
	return is_die_line(text);
}

/**
 * ktap_is_kernel_report() - whether a console line reports trouble
 * @line: a line of a console, without its timestamp.
 *
 * Return: true for the first line of an oops (x86's "invalid opcode: 0000
 * [#1]" and the like too), a BUG, a WARNING, a KASAN or UBSAN report, a
 * hung task, an RCU stall or a lockup.
 */
bool ktap_is_kernel_report(const char *line)
{
	return kernel_report(line) != 0;
}

/* The name KUnit's threads run cases under, in stock KUnit and here. */
#define KTAP_TEST_THREAD	"kunit_try_catch"

/*
 * The task that a line of a kernel report names, into @comm, and its
 * process id, into @pid (-1 when the line has none that reads): the line
 * "CPU: 0 PID: 14 Comm: kworker/0:1 Tainted: ..." of most reports (Linux
 * 6.10 puts "UID: 0" before the PID), the first line of a hung task's
 * report, "INFO: task NAME:PID blocked ...", or of a soft lockup's,
 * "... stuck for 22s! [NAME:PID]".  Returns false when it names none.
 */
static bool report_task(const char *text, char *comm, size_t size, long *pid)
{
	const char *comm_at = strstr(text, " Comm: ");
	const char *blocked = strstr(text, " blocked for more than ");
	const char *stuck = strstr(text, "stuck for ");
	const char *start = NULL, *end = NULL, *pid_at = NULL;
	char *pid_end;

	if (starts_with(text, "CPU: ") && comm_at) {
		start = comm_at + strlen(" Comm: ");
		end = strstr(start, " Tainted: ");
		if (!end)
			end = strstr(start, " Not tainted");
		if (!end)
			end = start + strlen(start);
		pid_at = strstr(text, " PID: ");
		if (pid_at && pid_at < comm_at)
			pid_at += strlen(" PID: ");
		else
			pid_at = NULL;
	} else if (starts_with(text, "INFO: task ") && blocked) {
		start = text + strlen("INFO: task ");
		/* NAME may hold a ':' itself: the PID follows the last one. */
		for (end = blocked; end > start && *end != ':'; end--)
			;
		pid_at = end + 1;
	} else if (stuck && strstr(stuck, "! [")) {
		start = strstr(stuck, "! [") + strlen("! [");
		end = strrchr(start, ':');
		pid_at = end ? end + 1 : NULL;
	}
	if (!start || !end || end <= start || (size_t)(end - start) >= size)
		return false;
	memcpy(comm, start, end - start);
	comm[end - start] = '\0';
	*pid = -1;
	if (pid_at && isdigit((unsigned char)*pid_at)) {
		errno = 0;
		*pid = strtol(pid_at, &pid_end, 10);
		if (errno || (*pid_end != ' ' && *pid_end != ']'))
			*pid = -1;
	}
	return true;
}

/*
 * "kunit: expected warnings N": a kunit_warning_suppress() block of the
 * running test closed, having counted N warnings, which the kernel's own
 * count (warn_count) also holds and the case's verdict already took.
 */
#define KTAP_EXPECTED_WARNINGS_LINE	"kunit: expected warnings "

static void read_expected_warnings_line(struct ktap_run *run, const char *text, bool *taken)
{
	const char *digits = text + strlen(KTAP_EXPECTED_WARNINGS_LINE);
	unsigned long count;
	char *end;

	*taken = false;
	if (!starts_with(text, KTAP_EXPECTED_WARNINGS_LINE) || !isdigit((unsigned char)*digits))
		return;
	errno = 0;
	count = strtoul(digits, &end, 10);
	if (errno || *end)
		return;
	*taken = true;
	run->expected_warnings += count;
}

/* The words with which a kernel names the threads of KUnit's code as it starts them. */
#define KTAP_CASE_THREAD_LINE	"kunit: case thread "
#define KTAP_SUITE_THREAD_LINE	"kunit: suite thread "

/*
 * "kunit: case thread PID" or "kunit: suite thread PID": the kernel starts
 * a thread for a case, or for a suite's own code (only kernels whose
 * checkers judge a case thread's reports say so).  A case's thread is the
 * case's until the next result line.
 */
static void read_thread_line(struct ktap_run *run, const char *text, bool *taken)
{
	bool is_case = starts_with(text, KTAP_CASE_THREAD_LINE);
	const char *digits;
	char *end;
	long pid;

	*taken = false;
	if (!is_case && !starts_with(text, KTAP_SUITE_THREAD_LINE))
		return;
	digits = text + strlen(is_case ? KTAP_CASE_THREAD_LINE : KTAP_SUITE_THREAD_LINE);
	if (!isdigit((unsigned char)*digits))
		return;
	errno = 0;
	pid = strtol(digits, &end, 10);
	if (errno || *end)
		return;
	*taken = true;
	run->names_threads = true;
	/* A suite's own thread ends the case before it, if any. */
	run->case_thread = -1;
	if (is_case)
		run->case_thread = pid;
}

/*
 * Whether the task a report names runs the case running now.  A kernel
 * that names its threads is taken at its word, by process id: a thread
 * that only calls itself "kunit_try_catch" (it renamed itself, or a case
 * or a generator started it under that name) runs no case, and KASAN
 * tells no test of its reports; nor does a thread of a case that ended
 * (its id may be another thread's by now).  Other kernels (stock KUnit's)
 * are read by the thread's name.
 */
static bool is_case_thread(const struct ktap_run *run, const char *comm, long pid)
{
	if (!run->names_threads)
		return !strncmp(comm, KTAP_TEST_THREAD, strlen(KTAP_TEST_THREAD));
	return pid >= 0 && pid == run->case_thread;
}

/*
 * Gives the reports waiting for their task to whom they belong: the test
 * that reports next when a test's thread made them (or when @comm, the
 * task, is not known), otherwise the run: a work item or a thread that
 * something started and that no test runs in cannot be charged to the
 * case whose time it came in.
 */
static int charge_unowned_reports(struct ktap_run *run, const char *comm, long pid)
{
	size_t i;
	int err = 0;

	bool test_thread = !comm || is_case_thread(run, comm, pid);

	for (i = 0; !err && i < run->unowned_reports.count; i++) {
		const char *line = run->unowned_reports.line[i];

		if (test_thread)
			err = lines_add(&run->pending_reports, line);
		else
			err = lines_addf(&run->errors,
					 "the kernel reported trouble in task %.40s, which runs no test: %.300s",
					 comm, line);
	}
	/* A checker's report in a test's thread, or of no known task, is the checker's. */
	for (i = 0; !err && !test_thread && i < run->unowned_checker_reports.count; i++) {
		run->reports++;
		err = lines_addf(&run->errors,
				 "the kernel reported trouble in task %.40s, which runs no test: %.300s",
				 comm, run->unowned_checker_reports.line[i]);
	}
	lines_free(&run->unowned_reports);
	lines_free(&run->unowned_checker_reports);
	return err;
}

/*
 * A kernel report among the console's lines: in a suite, it waits for the
 * line that names its task (see charge_unowned_reports()); outside any
 * suite, it fails the run.
 */
static int read_kernel_report(struct ktap_run *run, const char *line, int kind)
{
	char comm[64];
	long pid;

	if (run->depth >= 2) {
		if (kind == 2) {
			if (lines_add(&run->unowned_checker_reports, line))
				return -ENOMEM;
		} else {
			run->reports++;
			if (lines_add(&run->unowned_reports, line))
				return -ENOMEM;
		}
		if (report_task(line, comm, sizeof(comm), &pid))
			return charge_unowned_reports(run, comm, pid);
		return 0;
	}
	run->reports++;
	return lines_addf(&run->errors, "the kernel reported trouble outside any test: %.300s",
			  line);
}

/* Lines after which no more of a document can come. */
static bool ends_documents(const char *text)
{
	return starts_with(text, "Bail out!") || is_panic_line(text);
}

/* "# name: pass:1 fail:0 skip:0 total:1" and "# Totals: ...": KUnit's counts. */
static bool is_stats_line(const char *text)
{
	return text[0] == '#' && strstr(text, ": pass:") && strstr(text, " fail:") &&
	       strstr(text, " total:");
}

static struct ktap_test *innermost(struct ktap_run *run)
{
	return run->open[run->depth - 1];
}

/* Gives @test the diagnostics, noise and kernel reports that came before it. */
static int take_pending(struct ktap_run *run, struct ktap_lines *log, struct ktap_test *test)
{
	size_t i;

	if (lines_move(log, &run->pending_log))
		return -ENOMEM;
	for (i = 0; i < run->pending_reports.count; i++) {
		const char *report = run->pending_reports.line[i];

		/* A warning that the test's own block expected: quoted only. */
		if (run->expected_warnings && starts_with(report, "WARNING:")) {
			run->expected_warnings--;
			if (lines_add(&run->pending_noise, report))
				return -ENOMEM;
			continue;
		}
		if (lines_addf(&test->problems, "the kernel reported trouble while it ran: %.300s",
			       report))
			return -ENOMEM;
		test->reported = true;
	}
	run->expected_warnings = 0;
	lines_free(&run->pending_reports);
	return lines_move(&test->noise, &run->pending_noise);
}

/*
 * Appends @test to @parent's subtests; a suite (@level 1) also goes to the
 * run's list of suites.
 */
static int add_subtest(struct ktap_run *run, struct ktap_test *parent, size_t level,
		       struct ktap_test *test)
{
	if (add_pointer(&parent->subtests, &parent->num_subtests, test))
		return -ENOMEM;
	if (level == 1 && add_pointer(&run->suites, &run->num_suites, test)) {
		parent->num_subtests--;
		return -ENOMEM;
	}
	return 0;
}

/*
 * Gives @test, subtest @index of @parent at @level, the number of its
 * result line.  Tests are numbered 1, 2, 3...; only the suites of a
 * document without a header (stock's module suites) may start elsewhere.
 */
static int set_number(struct ktap_test *test, const struct ktap_test *parent, size_t level,
		      size_t index, long number)
{
	long expected = (long)index + 1;

	if (level == 1 && !parent->has_header)
		expected = index ? parent->subtests[index - 1]->number + 1 : number;
	test->number = number;
	if (number == expected)
		return 0;
	return lines_addf(&test->problems, "numbered %ld where %ld was expected", number,
			  expected);
}

/* Checks @test's plan against what came, adding a test for what is missing. */
static int check_plan(struct ktap_run *run, struct ktap_test *test, size_t level)
{
	long count = (long)test->num_subtests;
	struct ktap_test *missing;

	if (test->plan < 0 || count == test->plan)
		return 0;
	if (count > test->plan)
		return lines_addf(&test->problems, "plan 1..%ld, but %ld results", test->plan,
				  count);
	if (count + 1 == test->plan ?
	    lines_addf(&test->problems, "plan 1..%ld: test %ld did not report", test->plan,
		       test->plan) :
	    lines_addf(&test->problems, "plan 1..%ld: tests %ld to %ld did not report",
		       test->plan, count + 1, test->plan))
		return -ENOMEM;

	missing = test_new(NULL);
	if (!missing)
		return -ENOMEM;
	missing->result = KTAP_MISSING;
	missing->number = count + 1;
	missing->missing = test->plan - count;
	set_verdict(missing, false);
	if (add_subtest(run, test, level + 1, missing)) {
		test_free(missing);
		return -ENOMEM;
	}
	return 0;
}

/* Names @test as @line does. */
static int set_name(struct ktap_test *test, const struct ktap_line *line)
{
	char *name = strndup(line->name, line->name_len);

	if (!name)
		return -ENOMEM;
	free(test->name);
	test->name = name;
	return 0;
}

/* Takes the name on @line: the test's, unless its header named it otherwise. */
static int take_name(struct ktap_test *test, const struct ktap_line *line)
{
	if (test->name[0]) {
		if (strlen(test->name) == line->name_len &&
		    !strncmp(test->name, line->name, line->name_len))
			return 0;
		return lines_addf(&test->problems,
				  "its result line names it \"%.*s\", its header \"%s\"",
				  (int)(line->name_len > 200 ? 200 : line->name_len), line->name,
				  test->name);
	}
	return set_name(test, line);
}

/* Gives @test what its result line says. */
static int take_result(struct ktap_test *test, const struct ktap_line *line)
{
	test->result = line->result;
	if (line->reason) {
		test->reason = strdup(line->reason);
		if (!test->reason)
			return -ENOMEM;
	}
	return take_name(test, line);
}

/*
 * Closes the innermost open test, at level >= 1: its result line came
 * (@line), or it never will (@line NULL, and @why says why).
 */
static int close_test(struct ktap_run *run, const struct ktap_line *line, const char *why)
{
	size_t level = run->depth - 1;
	struct ktap_test *test = run->open[level];
	struct ktap_test *parent = run->open[level - 1];
	size_t index = parent->num_subtests - 1;
	int err;

	err = take_pending(run, test->num_subtests ? &test->trailer : &test->log, test);
	if (!err && line) {
		test->end = run->now;
		err = take_result(test, line);
		if (!err)
			err = set_number(test, parent, level, index, line->number);
		/* As kunit.py: a header promises results, or a failure or skip. */
		if (!err && !test->num_subtests &&
		    test->result != KTAP_FAIL && test->result != KTAP_SKIP)
			err = lines_add(&test->problems, "a header, but no results");
	} else if (!err) {
		test->result = KTAP_UNFINISHED;
		test->number = (long)index + 1;
		err = lines_addf(&test->problems, "did not finish: %s", why);
	}
	if (!err)
		err = check_plan(run, test, level);
	set_verdict(test, false);
	run->depth--;
	return err;
}

/* Closes every test above @level as unfinished. */
static int close_above(struct ktap_run *run, size_t level, const char *why)
{
	while (run->depth > level + 1)
		if (close_test(run, NULL, why))
			return -ENOMEM;
	return 0;
}

/* Closes the document at the bottom of the stack, and what is open in it. */
/* Forget what was read but not yet given to a test. */
static void pending_free(struct ktap_run *run)
{
	lines_free(&run->pending_log);
	lines_free(&run->pending_noise);
	lines_free(&run->pending_reports);
	lines_free(&run->unowned_reports);
	lines_free(&run->unowned_checker_reports);
}

static int close_document(struct ktap_run *run, const char *why)
{
	struct ktap_test *document;
	size_t i;
	int err;

	if (!run->depth)
		return 0;
	if (charge_unowned_reports(run, NULL, -1) || close_above(run, 0, why))
		return -ENOMEM;
	document = run->open[0];
	err = check_plan(run, document, 0);
	if (!err)
		err = lines_move(&document->trailer, &run->pending_log);
	if (!err)
		err = lines_move(&document->noise, &run->pending_noise);
	/* Reports no test took fail the run. */
	for (i = 0; !err && i < run->pending_reports.count; i++)
		err = lines_addf(&run->errors, "the kernel reported trouble outside any test: %.300s",
				 run->pending_reports.line[i]);
	/* Nothing read in one document carries into the next. */
	pending_free(run);
	set_verdict(document, true);
	run->depth = 0;
	return err;
}

static int open_document(struct ktap_run *run, const struct ktap_line *version, const char *why)
{
	struct ktap_test *document;

	if (close_document(run, why))
		return -ENOMEM;
	if (run->max_documents && run->num_documents >= run->max_documents)
		return 0;
	document = test_new(NULL);
	if (!document)
		return -ENOMEM;
	if (add_pointer(&run->documents, &run->num_documents, document)) {
		test_free(document);
		return -ENOMEM;
	}
	document->has_header = !!version;
	document->result = KTAP_NONE;
	run->open[0] = document;
	run->depth = 1;
	if (version && version->number != 1 && version->number != 13 && version->number != 14)
		return lines_addf(&document->problems, "unknown version %ld", version->number);
	return 0;
}

/*
 * The level whose open test a line at @depth adds to: the deepest open
 * one, if the line is indented further than anything open.
 */
static size_t parent_level(struct ktap_run *run, size_t depth)
{
	return depth < run->depth - 1 ? depth : run->depth - 1;
}

/*
 * A suite to come at the top level, after the document's plan is met:
 * another document, without a header.  Stock KUnit prints a module's
 * suites so, after the built-in ones, each with its own header; a bare
 * result line there (@bare) is no suite of a module, and fails.
 */
static int make_room_for_suite(struct ktap_run *run, bool bare)
{
	struct ktap_test *document = run->open[0];

	if (document->plan < 0 || (long)document->num_subtests < document->plan)
		return 0;
	if (open_document(run, NULL, ""))
		return -ENOMEM;
	if (bare && run->depth)
		return lines_add(&run->open[0]->problems,
				 "a result line after the plan was met, without a header");
	return 0;
}

static int read_header(struct ktap_run *run, const struct ktap_line *line, size_t depth)
{
	struct ktap_test *test = innermost(run);
	size_t level;

	/* "# Subtest:" right after "KTAP version" names the test that opened. */
	if (line->kind == KTAP_LINE_SUBTEST && run->depth - 1 == depth && depth > 0 &&
	    test->has_header && !test->name[0] && !test->num_subtests && test->plan < 0)
		return set_name(test, line);

	level = parent_level(run, depth ? depth - 1 : 0);
	if (close_above(run, level, "a test began at its level"))
		return -ENOMEM;
	if (level == 0 && make_room_for_suite(run, false))
		return -ENOMEM;
	if (!run->depth)
		return 0;
	if (run->depth >= KTAP_MAX_DEPTH)
		return lines_add(&innermost(run)->problems, "tests nested too deep to read");

	test = test_new(NULL);
	if (!test)
		return -ENOMEM;
	test->has_header = true;
	test->start = run->now;
	if ((line->kind == KTAP_LINE_SUBTEST && set_name(test, line)) ||
	    take_pending(run, &test->log, test) ||
	    add_subtest(run, innermost(run), run->depth, test)) {
		test_free(test);
		return -ENOMEM;
	}
	run->open[run->depth++] = test;
	if (line->kind == KTAP_LINE_VERSION && line->number != 1)
		return lines_addf(&test->problems, "unknown KTAP version %ld", line->number);
	return 0;
}

static int read_result(struct ktap_run *run, const struct ktap_line *line, size_t depth)
{
	size_t level = parent_level(run, depth);
	struct ktap_test *parent, *test;
	int err;

	if (close_above(run, level + 1, "its result line never came"))
		return -ENOMEM;
	if (run->depth > level + 1)
		return close_test(run, line, NULL);

	if (level == 0 && make_room_for_suite(run, true))
		return -ENOMEM;
	if (!run->depth)
		return 0;
	parent = innermost(run);
	test = test_new(NULL);
	if (!test)
		return -ENOMEM;
	/* It began when the line before it in the KTAP was printed. */
	test->start = run->now >= 0 ? run->last_ktap_time : -1;
	test->end = run->now;
	if (take_pending(run, &test->log, test) || add_subtest(run, parent, run->depth, test)) {
		test_free(test);
		return -ENOMEM;
	}
	err = take_result(test, line);
	if (!err)
		err = set_number(test, parent, run->depth, parent->num_subtests - 1,
				 line->number);
	set_verdict(test, false);
	return err;
}

static int read_plan(struct ktap_run *run, const struct ktap_line *line, size_t depth,
		     const char *text)
{
	struct ktap_test *test;

	if (depth < run->depth) {
		test = run->open[depth];
		if (test->plan < 0 && !test->num_subtests && depth == run->depth - 1) {
			test->plan = line->number;
			return 0;
		}
	}
	/* A plan out of place: a diagnostic, as kunit.py reads it. */
	return lines_add(&run->pending_log, text);
}

/* Skips "[" then spaces, then what @accept takes, then "]" and what follows. */
static const char *skip_bracket(const char *line, bool (*accept)(const char *p, size_t i),
				const char *after)
{
	const char *p = line + 1;
	size_t i;

	if (*line != '[')
		return line;
	while (*p == ' ')
		p++;
	for (i = 0; p[i] && p[i] != ']'; i++)
		if (!accept(p, i))
			return line;
	if (!i || p[i] != ']' || strncmp(p + i + 1, after, strlen(after)))
		return line;
	return p + i + 1 + strlen(after);
}

static bool is_time(const char *p, size_t i)
{
	return isdigit((unsigned char)p[i]) || p[i] == '.';
}

/* CONFIG_PRINTK_CALLER's "T1" (a task) or "C0" (a CPU). */
static bool is_caller(const char *p, size_t i)
{
	return i ? isdigit((unsigned char)p[i]) : p[i] == 'T' || p[i] == 'C';
}

/*
 * Drops what a console or a log puts before the kernel's text: a syslog
 * level ("<6>", dmesg -r), a timestamp ("[    1.234567] "), a caller
 * ("[    T1] ", after a timestamp or alone).
 */
static const char *skip_timestamp(const char *line)
{
	const char *p = line, *next;

	if (p[0] == '<' && isdigit((unsigned char)p[1])) {
		for (p++; isdigit((unsigned char)*p); p++)
			;
		p = *p == '>' ? p + 1 : line;
	}
	next = skip_bracket(p, is_time, " ");
	if (next == p)
		next = skip_bracket(p, is_time, "");
	if (next != p && *next == '[')
		return skip_bracket(next, is_caller, " ");
	if (next != p && next[-1] != ' ')
		return p;
	return next != p ? next : skip_bracket(p, is_caller, " ");
}

/* A version, a header, a plan or a result line, at @depth. */
static int read_ktap_line(struct ktap_run *run, struct ktap_line *line, size_t depth,
			  const char *clean)
{
	switch (line->kind) {
	case KTAP_LINE_VERSION:
		if (!depth)
			return open_document(run, line, "a new KTAP document began");
		return read_header(run, line, depth);
	case KTAP_LINE_SUBTEST:
		if (!depth)
			return lines_add(&run->pending_log, clean);
		return read_header(run, line, depth);
	case KTAP_LINE_PLAN:
		return read_plan(run, line, depth, clean);
	default:
		return read_result(run, line, depth);
	}
}

/*
 * The seconds of a line's printk timestamp ("[    1.234567] ", after a
 * syslog level), or -1 for none.
 */
static double line_time(const char *line)
{
	const char *p = line;
	char *end;
	double seconds;

	if (p[0] == '<' && isdigit((unsigned char)p[1])) {
		for (p++; isdigit((unsigned char)*p); p++)
			;
		if (*p++ != '>')
			return -1;
	}
	if (*p != '[' || skip_timestamp(line) == line)
		return -1;
	p += 1 + strspn(p + 1, " ");
	if (!isdigit((unsigned char)*p))
		return -1;
	seconds = strtod(p, &end);
	return *end == ']' && seconds >= 0 ? seconds : -1;
}

/* Reads one line, stripped of its timestamp and of trailing white space. */
static int read_clean_line(struct ktap_run *run, const char *clean)
{
	size_t spaces = strspn(clean, " ");
	const char *text = clean + spaces;
	size_t depth = spaces / KTAP_INDENT_LEN;
	struct ktap_line line;
	int err, kind;

	if (!*clean || (run->max_documents && run->num_documents >= run->max_documents &&
			!run->depth))
		return 0;
	line.kind = classify(text, &line);
	/* KTAP indented with a tab: which level it belongs to cannot be told. */
	if (*text == '\t' && line.kind == KTAP_LINE_TEXT) {
		line.kind = classify(text + strspn(text, " \t"), &line);
		if (line.kind != KTAP_LINE_TEXT && line.kind != KTAP_LINE_DIAGNOSTIC)
			line.kind = KTAP_LINE_BAD;
		else
			line.kind = KTAP_LINE_TEXT;
	}
	if (line.kind == KTAP_LINE_TEXT && is_error_line(text)) {
		err = lines_add(&run->errors, clean);
		if (!err && run->depth)
			err = lines_add(&run->pending_noise, clean);
		if (!err && ends_documents(text))
			err = close_document(run, starts_with(text, "Bail out!") ?
					     "the run bailed out" : "the kernel panicked");
		return err;
	}

	if (line.kind == KTAP_LINE_TEXT && !depth) {
		bool taken;

		read_thread_line(run, text, &taken);
		if (!taken)
			read_expected_warnings_line(run, text, &taken);
		if (taken)
			return 0;
	}

	if (!run->depth) {
		/*
		 * Before any document, only a start, a result or a subtest
		 * begins one; other lines are the console's.
		 */
		if (line.kind == KTAP_LINE_VERSION && !depth)
			return open_document(run, &line, "");
		if (line.kind == KTAP_LINE_TEXT && starts_with(clean, "Linux version "))
			run->kernel_console = true;
		kind = line.kind == KTAP_LINE_TEXT && !depth ? kernel_report(text) : 0;
		if (kind)
			return read_kernel_report(run, text, kind);
		if (line.kind != KTAP_LINE_RESULT && line.kind != KTAP_LINE_BAD &&
		    ((line.kind != KTAP_LINE_VERSION && line.kind != KTAP_LINE_SUBTEST) || !depth))
			return 0;
		if (open_document(run, NULL, ""))
			return -ENOMEM;
		if (!run->depth)
			return 0;
		/* A result before any header: the start of the output is lost. */
		if ((line.kind == KTAP_LINE_RESULT || line.kind == KTAP_LINE_BAD) &&
		    lines_add(&run->open[0]->problems,
			      "a result line before any KTAP header: the start of the output is missing"))
			return -ENOMEM;
	}

	if (line.kind == KTAP_LINE_VERSION || line.kind == KTAP_LINE_SUBTEST ||
	    line.kind == KTAP_LINE_PLAN || line.kind == KTAP_LINE_RESULT) {
		/* A report whose task never showed goes to the test, as before. */
		if (charge_unowned_reports(run, NULL, -1))
			return -ENOMEM;
		/* A result ends the case whose thread the kernel named. */
		if (line.kind == KTAP_LINE_RESULT)
			run->case_thread = -1;
		err = read_ktap_line(run, &line, depth, clean);
		run->last_ktap_time = run->now;
		return err;
	}
	switch (line.kind) {
	case KTAP_LINE_BAD:
		return lines_addf(&run->open[parent_level(run, depth)]->problems,
				  "unreadable line: \"%.200s\"", text);
	case KTAP_LINE_DIAGNOSTIC:
		if (is_stats_line(text))
			return 0;
		return lines_add(&run->pending_log, clean);
	default:
		/* Other kernel messages at the top level; text of a test deeper in. */
		if (depth)
			return lines_add(&run->pending_log, clean);
		kind = kernel_report(text);
		if (kind && read_kernel_report(run, text, kind))
			return -ENOMEM;
		if (!kind && (run->unowned_reports.count || run->unowned_checker_reports.count)) {
			char comm[64];
			long pid;

			if (report_task(text, comm, sizeof(comm), &pid) &&
			    charge_unowned_reports(run, comm, pid))
				return -ENOMEM;
		}
		return lines_add(&run->pending_noise, clean);
	}
}

/**
 * ktap_read_line() - read one line
 * @run: the run being read.
 * @line: the line, with or without its newline.  What else breaks lines
 *	  for kunit.py in it ends a line of its own: "progress: 100%\r    ok
 *	  2 case" is two lines, as kunit.py reads them.
 *
 * Return: 0, or -ENOMEM.
 */
int ktap_read_line(struct ktap_run *run, const char *line)
{
	size_t len, piece;
	char *clean;
	int err = 0;

	run->now = line_time(line);
	while (!err && *line) {
		line = skip_timestamp(line);
		for (piece = 0; line[piece] && !kunit_line_break(line + piece); piece++)
			;
		clean = strndup(line, piece);
		if (!clean)
			return -ENOMEM;
		len = piece;
		while (len && (clean[len - 1] == ' ' || clean[len - 1] == '\t'))
			clean[--len] = '\0';
		err = read_clean_line(run, clean);
		free(clean);
		line += piece;
		line += kunit_line_break(line);
	}
	return err;
}

/**
 * ktap_read_file() - read a whole file
 * @run: the run being read.
 * @file: the file, open for reading.
 *
 * Return: 0, -ENOMEM, or -EIO if the file could not be read to its end.
 */
int ktap_read_file(struct ktap_run *run, FILE *file)
{
	char *line = NULL;
	size_t size = 0;
	int err = 0;

	while (!err && getline(&line, &size, file) >= 0)
		err = ktap_read_line(run, line);
	free(line);
	if (!err && ferror(file))
		err = -EIO;
	return err;
}

/**
 * ktap_run_finish() - end reading: what is still open did not finish
 * @run: the run.
 *
 * Return: 0, or -ENOMEM.
 */
int ktap_run_finish(struct ktap_run *run)
{
	return close_document(run, "the output ends here");
}

/**
 * ktap_run_free() - free what a run holds
 * @run: the run.
 */
void ktap_run_free(struct ktap_run *run)
{
	size_t i;

	/* Tests still open belong to the documents: freed with them. */
	for (i = 0; i < run->num_documents; i++)
		test_free(run->documents[i]);
	free(run->documents);
	free(run->suites);
	lines_free(&run->errors);
	pending_free(run);
	memset(run, 0, sizeof(*run));
	run->case_thread = -1;
}

/* How a writer lays a document out: a level of nesting is @unit. */
struct ktap_writer {
	FILE *out;
	const char *unit;
	bool kselftest;
	/* kselftest's form: the names used, and those of the open tests. */
	struct ktap_names *names;
	char **parents;
};

static void write_indent(const struct ktap_writer *writer, size_t depth)
{
	while (depth--)
		fputs(writer->unit, writer->out);
}

static char *text_printf(const char *fmt, ...);

/*
 * Writes a kept line at @depth as a diagnostic, keeping what it was
 * indented by beyond that depth: no line of a log can read as a result,
 * a header or a plan.
 */
static void write_diagnostic(const struct ktap_writer *writer, const char *line, size_t depth)
{
	size_t spaces = strspn(line, " ");
	const char *text = line + spaces, *prefix = "";
	size_t extra = spaces > 4 * depth ? spaces - 4 * depth : 0, escape;
	char *whole;

	write_indent(writer, depth);
	if (text[0] != '#' || starts_with(text, "# Subtest:"))
		prefix = !extra && starts_with(text, "Subtest:") ? "# # " : "# ";
	if (!writer->kselftest || extra) {
		fprintf(writer->out, "%s%*s%s\n", prefix, (int)extra, "", text);
		return;
	}
	/* In kselftest's form, "# " + "ok 1 x" would read as a result too. */
	whole = text_printf("%s%s", prefix, text);
	if (!whole) {
		fprintf(writer->out, "%s %s\n", prefix, text);
		return;
	}
	escape = ktap_kselftest_escape(whole);
	fprintf(writer->out, "%.*s%s%s\n", (int)escape, whole, escape ? " " : "", whole + escape);
	free(whole);
}

/* Whether @text starts like a KTAP line: a result, a version or a plan. */
static bool starts_like_ktap(const char *text)
{
	return starts_with(text, "ok ") || starts_with(text, "not ok") ||
	       starts_with(text, "KTAP version") || starts_with(text, "TAP version") ||
	       starts_with(text, "1..");
}

/**
 * ktap_kselftest_escape() - where a diagnostic would read as KTAP
 * @text: a line after its nesting, in kselftest's form.
 *
 * In kselftest's form, nesting and diagnostics are both "# ": the
 * diagnostic "# ok 1 x" of a case, nested once, reads "# # ok 1 x", which
 * the CI parsers of kselftest output ("^(# )*(not )?ok") take for a
 * result; "# # Subtest: x" would read as a header, "# 1..3" as a plan.
 * The writers of that form put a space before such text.  A line without
 * '#' is KTAP itself, and so is one "# Subtest:" header.
 *
 * Return: the offset in @text where a space goes, or 0 for none.
 */
size_t ktap_kselftest_escape(const char *text)
{
	const char *p = text;
	size_t units = 0;

	while (p[0] == '#' && p[1] == ' ') {
		p += 2;
		units++;
	}
	if ((units >= 1 && starts_like_ktap(p)) || (units >= 2 && starts_with(p, "Subtest:")))
		return p - text;
	return 0;
}

/**
 * ktap_write_json_string() - write text as a JSON string, quotes and all
 * @out: where to write.
 * @text: any bytes (see ktap_write_text()).
 */
void ktap_write_json_string(FILE *out, const char *text)
{
	fputc('"', out);
	ktap_write_text(out, text, false);
	fputc('"', out);
}

/**
 * ktap_hash() - a 64-bit FNV-1a hash of some bytes
 * @hash: the hash so far; KTAP_HASH_START to begin.
 * @data: the bytes to add.
 * @len: how many.
 *
 * Return: the hash with @data added.
 */
unsigned long long ktap_hash(unsigned long long hash, const void *data, size_t len)
{
	const unsigned char *p = data;

	while (len--) {
		hash ^= *p++;
		hash *= 0x100000001b3ULL;
	}
	return hash;
}

/* printf() into memory: the text, allocated, or NULL. */
static KTAP_ATTRIBUTE((format(printf, 1, 2))) char *
text_printf(const char *fmt, ...)
{
	va_list args;
	char *text;
	int len;

	va_start(args, fmt);
	len = vsnprintf(NULL, 0, fmt, args);
	va_end(args);
	if (len < 0)
		return NULL;
	text = malloc(len + 1);
	if (!text)
		return NULL;
	va_start(args, fmt);
	vsnprintf(text, len + 1, fmt, args);
	va_end(args);
	return text;
}

/*
 * The key under which a flattening parser of kselftest output files a
 * name: its letters and digits, lowercased, with each run of other bytes
 * one '_', none at either end.  Coarser than any such parser's folding, so
 * that names with different keys never collide in one.
 */
static char *flat_key(const char *name)
{
	size_t len = strlen(name), i, j = 0;
	char *key = malloc(len + 1);
	bool gap = false;

	if (!key)
		return NULL;
	for (i = 0; i < len; i++) {
		if (!isalnum((unsigned char)name[i])) {
			gap = true;
			continue;
		}
		if (gap && j)
			key[j++] = '_';
		key[j++] = tolower((unsigned char)name[i]);
		gap = false;
	}
	key[j] = '\0';
	return key;
}

/* Where @key is in the hash set, or the empty slot where it would go. */
static size_t names_slot(const struct ktap_names *names, const char *key)
{
	size_t slot = ktap_hash(KTAP_HASH_START, key, strlen(key)) &
		      (names->capacity - 1);

	while (names->keys[slot] && strcmp(names->keys[slot], key))
		slot = (slot + 1) & (names->capacity - 1);
	return slot;
}

static bool names_taken(const struct ktap_names *names, const char *key)
{
	return names->capacity && names->keys[names_slot(names, key)];
}

/* Adds @key, which becomes the set's; 0, or -ENOMEM (and @key is freed). */
static int names_add(struct ktap_names *names, char *key)
{
	struct ktap_names bigger = { .capacity = names->capacity ? 2 * names->capacity : 64 };
	size_t i, slot;

	if (2 * (names->count + 1) > names->capacity) {
		bigger.keys = calloc(bigger.capacity, sizeof(*bigger.keys));
		bigger.tried = calloc(bigger.capacity, sizeof(*bigger.tried));
		if (!bigger.keys || !bigger.tried) {
			free(bigger.keys);
			free(bigger.tried);
			free(key);
			return -ENOMEM;
		}
		for (i = 0; i < names->capacity; i++) {
			if (!names->keys[i])
				continue;
			slot = names_slot(&bigger, names->keys[i]);
			bigger.keys[slot] = names->keys[i];
			bigger.tried[slot] = names->tried[i];
		}
		free(names->keys);
		free(names->tried);
		names->keys = bigger.keys;
		names->tried = bigger.tried;
		names->capacity = bigger.capacity;
	}
	names->keys[names_slot(names, key)] = key;
	names->count++;
	return 0;
}

/*
 * Adds @name, or the first of "@name-2", "@name-3"... that is free, under
 * its flat_key() if @fold, else as it is; returns what it added,
 * allocated, or NULL without memory.  Each name remembers the last
 * suffix tried on it, so that n names alike take n steps, not n^2.
 */
static char *names_add_unique(struct ktap_names *names, const char *name, bool fold)
{
	char *key = fold ? flat_key(name) : strdup(name), *candidate = NULL, *other;
	unsigned long suffix;
	size_t slot;

	if (!key)
		return NULL;
	if (!names_taken(names, key)) {
		candidate = strdup(name);
		if (!candidate || names_add(names, key)) {
			free(candidate);
			return NULL;
		}
		return candidate;
	}
	slot = names_slot(names, key);
	free(key);
	for (suffix = names->tried[slot] ? names->tried[slot] : 1; ; ) {
		free(candidate);
		candidate = text_printf("%s-%lu", name, ++suffix);
		other = !candidate ? NULL : fold ? flat_key(candidate) : strdup(candidate);
		if (!other)
			break;
		if (!names_taken(names, other))
			break;
		free(other);
	}
	names->tried[slot] = suffix;
	if (!other || names_add(names, other)) {
		free(candidate);
		return NULL;
	}
	return candidate;
}

/**
 * ktap_names_unique() - a name none of the names added before has
 * @names: the names so far.
 * @name: the name wanted.
 *
 * Return: @name, or "@name-2", "@name-3"... the first not taken, which is
 * taken now; allocated.  NULL without memory.
 */
char *ktap_names_unique(struct ktap_names *names, const char *name)
{
	return names_add_unique(names, name, false);
}

/**
 * ktap_names_claim() - the name a result line of a program should carry
 * @names: the names the program's output used so far.
 * @name: the test's own name.
 * @parents: the names of the tests it is in, outermost first; NULL
 *	     entries are skipped.
 * @num_parents: how many.
 *
 * CI parsers of kselftest output name a result line after its program and
 * its own name, whatever its depth, so that two cases of the same name in
 * two suites of one program would collide.  The first test to use a name
 * keeps it; a later one is named after the tests it is in
 * ("suite.case", "suite.case.param", a '#' in them made '_'), and "-2",
 * "-3"... are added while that is taken too.
 *
 * Return: the name to write, allocated; NULL without memory.
 */
char *ktap_names_claim(struct ktap_names *names, const char *name, char * const *parents,
		       size_t num_parents)
{
	char *qualified = NULL, *unique, *key, *hash;
	size_t size = 0, i;
	FILE *text;

	key = flat_key(name);
	if (!key)
		return NULL;
	if (!names_taken(names, key))
		return names_add(names, key) ? NULL : strdup(name);
	free(key);

	text = open_memstream(&qualified, &size);
	if (!text)
		return NULL;
	for (i = 0; i < num_parents; i++)
		if (parents[i])
			fprintf(text, "%s.", parents[i]);
	fputs(name, text);
	if (fclose(text)) {
		free(qualified);
		return NULL;
	}
	/* A '#' would end the name for a reader of the result line. */
	for (hash = strchr(qualified, '#'); hash; hash = strchr(hash, '#'))
		*hash = '_';
	unique = names_add_unique(names, qualified, true);
	free(qualified);
	return unique;
}

/* Forgets the headers open at @level and deeper. */
static void names_close(struct ktap_names *names, size_t level)
{
	for (; level < KTAP_NAMES_LEVELS; level++) {
		free(names->header[level]);
		free(names->written[level]);
		names->header[level] = NULL;
		names->written[level] = NULL;
	}
}

/**
 * ktap_names_rewrite() - make a program's line carry a unique name
 * @names: the names the program's output used so far.
 * @text: a line of its KTAP, after its nesting.
 * @level: its nesting: 0 for the document's, 1 for a suite's lines...
 *
 * For a program that prints its KTAP as it runs: a "# Subtest:" header
 * claims its test's name (see ktap_names_claim()) and the test's result
 * line, at the level above, gets the same; a result line without a header
 * claims its own.
 *
 * Return: the line to print instead, allocated, or NULL to print @text.
 */
char *ktap_names_rewrite(struct ktap_names *names, const char *text, size_t level)
{
	char *name, *unique, *line = NULL;
	struct ktap_line parsed;
	bool own_header;

	if (level + 1 >= KTAP_NAMES_LEVELS)
		return NULL;
	switch (classify(text, &parsed)) {
	case KTAP_LINE_SUBTEST:
		if (!level)
			return NULL;
		names_close(names, level);
		unique = ktap_names_claim(names, parsed.name, names->header + 1, level - 1);
		names->header[level] = strdup(parsed.name);
		names->written[level] = unique;
		if (!unique || !strcmp(unique, parsed.name))
			return NULL;
		return text_printf("# Subtest: %s", unique);
	case KTAP_LINE_RESULT:
		break;
	default:
		return NULL;
	}
	name = strndup(parsed.name, parsed.name_len);
	if (!name)
		return NULL;
	own_header = names->header[level + 1] && !strcmp(names->header[level + 1], name);
	if (own_header)
		unique = names->written[level + 1] ? strdup(names->written[level + 1]) : NULL;
	else
		unique = ktap_names_claim(names, name, names->header + 1, level);
	names_close(names, level + 1);
	if (unique && strcmp(unique, name))
		line = text_printf("%.*s%s%s", (int)(parsed.name - text), text, unique,
				   parsed.name + parsed.name_len);
	free(unique);
	free(name);
	return line;
}

/**
 * ktap_names_free() - forget the names of a program's output
 * @names: the names; empty again afterwards.
 */
void ktap_names_free(struct ktap_names *names)
{
	size_t i;

	names_close(names, 0);
	for (i = 0; i < names->capacity; i++)
		free(names->keys[i]);
	free(names->keys);
	free(names->tried);
	memset(names, 0, sizeof(*names));
}

static void write_lines(const struct ktap_writer *writer, const struct ktap_lines *lines,
			size_t depth)
{
	size_t i;

	for (i = 0; i < lines->count; i++)
		write_diagnostic(writer, lines->line[i], depth);
}

/*
 * A name as a header and a result line can hold it, the same in both: no
 * '#', which would end it, no leading "- ", which a reader drops, no
 * trailing space, which a reader strips.
 */
static void write_name_text(FILE *out, const char *name);

static void write_name(FILE *out, const struct ktap_test *test)
{
	write_name_text(out, ktap_test_name(test));
}

/* @name as write_name() writes it, allocated; NULL without memory. */
static char *name_text(const char *name)
{
	char *text = NULL;
	size_t size = 0;
	FILE *mem = open_memstream(&text, &size);

	if (!mem)
		return NULL;
	write_name_text(mem, name);
	if (!fclose(mem))
		return text;
	free(text);
	return NULL;
}

/*
 * The name that @test's header and result line carry, @name or its own:
 * as write_name() writes it, and in kselftest's form unique in its
 * program (see ktap_names_claim()), claimed now.  NULL without memory.
 */
static char *written_name(const struct ktap_writer *writer, const struct ktap_test *test,
			  size_t level, const char *name)
{
	char *text = name_text(name ? name : ktap_test_name(test)), *unique;

	if (!text || !writer->names)
		return text;
	unique = ktap_names_claim(writer->names, text, writer->parents,
				  level - 1 < KTAP_MAX_DEPTH ? level - 1 : KTAP_MAX_DEPTH);
	free(text);
	return unique;
}

static void write_name_text(FILE *out, const char *name)
{
	size_t len = strlen(name), i;

	while (len && name[len - 1] == ' ')
		len--;
	if (!len) {
		fputs("(unnamed)", out);
		return;
	}
	for (i = 0; i < len; i++)
		fputc(name[i] == '#' || (i == 0 && name[i] == '-' && name[1] == ' ') ?
		      '_' : name[i], out);
}

/*
 * Writes "# name: problem" at @depth, as a diagnostic whatever the name
 * (a name "Subtest: x" would make it a header).
 */
static void write_problem(const struct ktap_writer *writer, const struct ktap_test *test,
			  const char *problem, size_t depth)
{
	char *line = NULL;
	size_t size = 0;
	FILE *text = open_memstream(&line, &size);

	if (!text) {
		write_indent(writer, depth);
		fprintf(writer->out, "# %s\n", problem);
		return;
	}
	fputs("# ", text);
	write_name(text, test);
	fprintf(text, ": %s", problem);
	if (!fclose(text))
		write_diagnostic(writer, line, depth);
	free(line);
}

/**
 * ktap_written_count() - how many tests the writers make of a test
 * @test: a test.
 *
 * Return: 1, or for a missing range one per number, at most
 * KTAP_MAX_WRITTEN.
 */
size_t ktap_written_count(const struct ktap_test *test)
{
	if (test->result != KTAP_MISSING)
		return 1;
	return test->missing < KTAP_MAX_WRITTEN ? test->missing : KTAP_MAX_WRITTEN;
}

/**
 * ktap_written_name() - the name the writers give one written result of a test
 * @test: the test.
 * @index: which of its ktap_written_count() results, from 0.
 * @buf: where a missing range's name is made.
 * @size: the size of @buf.
 *
 * A test that reported has its own name; the tests of a missing range
 * never said theirs and are named after their numbers.
 *
 * Return: the name, which may be @buf.
 */
const char *ktap_written_name(const struct ktap_test *test, size_t index, char *buf, size_t size)
{
	if (test->result != KTAP_MISSING)
		return ktap_test_name(test);
	snprintf(buf, size, "(missing %ld)", test->number + (long)index);
	return buf;
}

/*
 * The result line of @test, numbered @number, and more for a missing
 * range, whose tests are named after their numbers; @name is the name
 * its header gave it, or NULL.
 */
static size_t write_result(const struct ktap_writer *writer, const struct ktap_test *test,
			   size_t level, size_t number, const char *name)
{
	FILE *out = writer->out;
	size_t i, count = ktap_written_count(test);
	char missing[48], *written;
	const char *own;

	for (i = 0; i < count; i++) {
		if (test->result == KTAP_MISSING) {
			own = ktap_written_name(test, i, missing, sizeof(missing));
			written = written_name(writer, test, level, own);
		} else {
			written = name ? NULL : written_name(writer, test, level, NULL);
		}
		write_indent(writer, level - 1);
		fprintf(out, "%s %zu ", test->verdict == KTAP_FAIL ? "not ok" : "ok",
			number + i);
		if (name || written)
			fputs(name && !written ? name : written, out);
		else
			write_name(out, test);
		free(written);
		if (test->verdict == KTAP_SKIP)
			fprintf(out, " # SKIP%s%s", test->reason && *test->reason ? " " : "",
				test->reason ? test->reason : "");
		fputc('\n', out);
	}
	return count;
}

/* How many result lines the writers give @count tests of @tests. */
static size_t written_results(struct ktap_test * const *tests, size_t count)
{
	size_t i, lines = 0;

	for (i = 0; i < count; i++)
		lines += ktap_written_count(tests[i]);
	return lines;
}

/*
 * Writes @test as test @number at @level, from what the reader made of
 * it: its result line says its verdict, and what the reader found wrong
 * comes as diagnostics before it.
 */
static size_t write_test(const struct ktap_writer *writer, const struct ktap_test *test,
			 size_t level, size_t number)
{
	FILE *out = writer->out;
	size_t i, written = 0, count;
	char *name = NULL;

	write_lines(writer, &test->log, level - 1);
	if (test->has_header || test->num_subtests) {
		name = written_name(writer, test, level, NULL);
		/* Its subtests are named after its own name, if need be. */
		if (writer->parents && level <= KTAP_MAX_DEPTH)
			writer->parents[level - 1] = name_text(ktap_test_name(test));
		write_indent(writer, level);
		fputs("KTAP version 1\n", out);
		write_indent(writer, level);
		fputs("# Subtest: ", out);
		if (name)
			fputs(name, out);
		else
			write_name(out, test);
		fputc('\n', out);
		write_indent(writer, level);
		fprintf(out, "1..%zu\n", written_results(test->subtests, test->num_subtests));
		for (i = 0; i < test->num_subtests; i++)
			written += write_test(writer, test->subtests[i], level + 1, written + 1);
		write_lines(writer, &test->trailer, level);
	}
	for (i = 0; i < test->problems.count; i++)
		write_problem(writer, test, test->problems.line[i], level - 1);
	count = write_result(writer, test, level, number, name);
	if (writer->parents && level <= KTAP_MAX_DEPTH) {
		free(writer->parents[level - 1]);
		writer->parents[level - 1] = NULL;
	}
	free(name);
	return count;
}

/* The test that stands for what went wrong outside the suites. */
static void write_outside(const struct ktap_writer *writer, const struct ktap_run *run,
			  size_t number)
{
	size_t i, j;

	for (i = 0; i < run->errors.count; i++)
		write_diagnostic(writer, run->errors.line[i], 0);
	for (i = 0; i < run->num_documents; i++)
		for (j = 0; j < run->documents[i]->problems.count; j++)
			fprintf(writer->out, "# document %zu: %s\n", i + 1,
				run->documents[i]->problems.line[j]);
	fprintf(writer->out, "not ok %zu " KTAP_OUTSIDE_NAME "\n", number);
}

static int write_document(const struct ktap_run *run, FILE *out, const char *unit)
{
	char *parents[KTAP_MAX_DEPTH] = { NULL };
	struct ktap_names names = { 0 };
	struct ktap_writer writer = { .out = out, .unit = unit, .kselftest = *unit == '#' };
	bool outside = ktap_run_failed_outside(run);
	size_t i, written = 0;

	if (writer.kselftest) {
		writer.names = &names;
		writer.parents = parents;
	}

	fprintf(out, "KTAP version 1\n1..%zu\n",
		written_results(run->suites, run->num_suites) + outside);
	for (i = 0; i < run->num_suites; i++)
		written += write_test(&writer, run->suites[i], 1, written + 1);
	if (outside)
		write_outside(&writer, run, written + 1);
	ktap_names_free(&names);
	return ferror(out) ? -EIO : 0;
}

/**
 * ktap_write_document() - write every suite as one KTAP document
 * @run: a finished run.
 * @out: where to write.
 *
 * The suites are numbered anew, and every test is written as the reader
 * judged it: a result line gives its verdict, what was wrong with it
 * comes before as diagnostics, a test that did not finish or is missing
 * gets a "not ok" line, errors outside the suites a failed test of their
 * own.  kunit.py reads the same verdicts from it.
 *
 * Return: 0, or -EIO.
 */
int ktap_write_document(const struct ktap_run *run, FILE *out)
{
	return write_document(run, out, KTAP_INDENT);
}

/**
 * ktap_write_kselftest() - write every suite as one document for kselftest
 * @run: a finished run.
 * @out: where to write.
 *
 * As ktap_write_document(), but each level of nesting is written "# "
 * instead of four spaces.  kselftest's runner adds one more "# " to every
 * line, so that a case reads "# # ok 1 name": the form that CI parsers of
 * kselftest output (LAVA, KernelCI) take apart at any depth, and that a
 * TAP parser reads as comments under the test's own result line.
 *
 * Return: 0, or -EIO.
 */
int ktap_write_kselftest(const struct ktap_run *run, FILE *out)
{
	return write_document(run, out, KTAP_KSELFTEST_INDENT);
}

static void write_tree(FILE *out, const struct ktap_test *test, const char *prefix)
{
	size_t len = strlen(prefix) + strlen(test->name) + 2;
	char *path = malloc(len);
	long i;

	if (!path) {
		fprintf(out, "%s?\tFAIL\n", prefix);
		return;
	}
	snprintf(path, len, "%s%s", prefix, test->name);
	for (i = 0; i < (long)ktap_written_count(test); i++)
		fprintf(out, "%s\t%s\n", path, ktap_result_name(test->verdict));
	strcat(path, ".");
	for (i = 0; i < (long)test->num_subtests; i++)
		write_tree(out, test->subtests[i], path);
	free(path);
}

/**
 * ktap_write_tree() - write every test's verdict, one per line
 * @run: a finished run.
 * @out: where to write.
 *
 * Each test below the documents gives a line "suite.case.param<TAB>VERDICT",
 * in order; a missing test gives one line per missing number, with an
 * empty last name.  A last line "verdict<TAB>VERDICT" gives the run's.
 * For comparing readers, and runs.
 *
 * Return: 0, or -EIO.
 */
int ktap_write_tree(const struct ktap_run *run, FILE *out)
{
	size_t i, j;

	for (i = 0; i < run->num_documents; i++)
		for (j = 0; j < run->documents[i]->num_subtests; j++)
			write_tree(out, run->documents[i]->subtests[j], "");
	fprintf(out, "verdict\t%s\n", ktap_result_name(ktap_run_verdict(run)));
	return ferror(out) ? -EIO : 0;
}

/*
 * The length of the UTF-8 sequence at @text, 1 to 4, with its code point
 * in *@code; 0 when it is not valid UTF-8 (overlong, a surrogate, beyond
 * U+10FFFF, cut short).
 */
static size_t utf8_decode(const unsigned char *text, unsigned int *code)
{
	unsigned int value = text[0], min;
	size_t len, i;

	if (value < 0x80) {
		*code = value;
		return 1;
	}
	if (value >= 0xc2 && value <= 0xdf) {
		len = 2;
		value &= 0x1f;
		min = 0x80;
	} else if (value >= 0xe0 && value <= 0xef) {
		len = 3;
		value &= 0x0f;
		min = 0x800;
	} else if (value >= 0xf0 && value <= 0xf4) {
		len = 4;
		value &= 0x07;
		min = 0x10000;
	} else {
		return 0;
	}
	for (i = 1; i < len; i++) {
		if ((text[i] & 0xc0) != 0x80)
			return 0;
		value = value << 6 | (text[i] & 0x3f);
	}
	if (value < min || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
		return 0;
	*code = value;
	return len;
}

/**
 * ktap_write_text() - write text into XML or JSON, whatever its bytes
 * @out: where to write.
 * @text: the text: any bytes, NUL-terminated.
 * @xml: true to escape for XML (attribute values and text), false for
 *	 the inside of a JSON string.
 *
 * What is not valid UTF-8, non-characters (U+FFFE, U+FFFF...) and, for
 * XML, control characters that XML 1.0 cannot hold become U+FFFD, so that
 * the output is well-formed whatever a test printed.
 */
void ktap_write_text(FILE *out, const char *text, bool xml)
{
	const unsigned char *p = (const unsigned char *)text;
	unsigned int code;
	size_t len;

	while (*p) {
		len = utf8_decode(p, &code);
		if (!len || (code & 0xfffe) == 0xfffe || (code >= 0xfdd0 && code <= 0xfdef) ||
		    (xml && code < 0x20 && code != '\t' && code != '\n' && code != '\r')) {
			fputs("\xef\xbf\xbd", out);
			p += len ? len : 1;
			continue;
		}
		if (xml && code == '<')
			fputs("&lt;", out);
		else if (xml && code == '>')
			fputs("&gt;", out);
		else if (xml && code == '&')
			fputs("&amp;", out);
		else if (xml && code == '"')
			fputs("&quot;", out);
		else if (xml && code == '\'')
			fputs("&apos;", out);
		else if (!xml && (code == '"' || code == '\\'))
			fprintf(out, "\\%c", code);
		else if (!xml && code == '\n')
			fputs("\\n", out);
		else if (!xml && code == '\t')
			fputs("\\t", out);
		else if (!xml && code < 0x20)
			fprintf(out, "\\u%04x", code);
		else
			fwrite(p, 1, len, out);
		p += len;
	}
}

/* A program's line of kselftest output, runner.sh's "# " taken off, as KTAP. */
static char *kselftest_to_ktap(const char *text)
{
	const char *p = text;
	size_t levels = 0, size;
	char *line;

	while (!strncmp(p, "# ", 2)) {
		p += 2;
		levels++;
	}
	size = 4 * levels + strlen(p) + 3;
	line = malloc(size);
	if (!line)
		return NULL;
	if (!strncmp(p, "Subtest:", 8) && levels)
		snprintf(line, size, "%*s# %s", (int)(4 * (levels - 1)), "", p);
	else if (!strncmp(p, "ok ", 3) || !strncmp(p, "not ok ", 7) ||
		 !strncmp(p, "KTAP version ", 13) || !strncmp(p, "1..", 3))
		snprintf(line, size, "%*s%s", (int)(4 * levels), "", p);
	else if (levels)
		snprintf(line, size, "%*s# %s", (int)(4 * (levels - 1)), "", p);
	else
		snprintf(line, size, "%s", p);
	return line;
}

/*
 * Whether @line is runner.sh's "# selftests: DIR: NAME": sets @dir and
 * @name (allocated; NULL without memory).  A line that only begins so (a
 * program's own "selftests: see above") is no header.
 */
static bool kselftest_header(const char *line, char **dir, char **name)
{
	const char *colon;

	if (strncmp(line, "# selftests: ", 13))
		return false;
	line += 13;
	colon = strstr(line, ": ");
	if (!colon || colon == line || !colon[2])
		return false;
	*dir = strndup(line, colon - line);
	*name = strdup(colon + 2);
	return true;
}

/*
 * What runner.sh said of a program, from "ok N selftests: DIR: NAME" and
 * its directive; KTAP_NONE if @line is no such line for @program.
 */
static enum ktap_result kselftest_status(const char *line,
					 const struct ktap_kselftest_program *program)
{
	bool ok = !strncmp(line, "ok ", 3);
	const char *p = line + (ok ? 3 : 7);
	size_t len;

	if (!ok && strncmp(line, "not ok ", 7))
		return KTAP_NONE;
	p += strspn(p, "0123456789");
	if (strncmp(p, " selftests: ", 12))
		return KTAP_NONE;
	p += 12;
	len = strlen(program->collection);
	if (strncmp(p, program->collection, len) || strncmp(p + len, ": ", 2))
		return KTAP_NONE;
	p += len + 2;
	len = strlen(program->name);
	if (strncmp(p, program->name, len) || (p[len] && p[len] != ' '))
		return KTAP_NONE;
	if (strstr(p + len, "# TIMEOUT"))
		return KTAP_UNFINISHED;
	if (!ok)
		return KTAP_FAIL;
	return strstr(p + len, "# SKIP") ? KTAP_SKIP : KTAP_PASS;
}

/* A line shaped as runner.sh's result line of some program. */
static bool kselftest_result_line(const char *line)
{
	const char *p = line;

	if (!strncmp(p, "ok ", 3))
		p += 3;
	else if (!strncmp(p, "not ok ", 7))
		p += 7;
	else
		return false;
	p += strspn(p, "0123456789");
	return !strncmp(p, " selftests: ", 12);
}

/**
 * ktap_kselftest_read_line() - read one line of what run_kselftest.sh printed
 * @output: what was read so far.
 * @line: the line, with or without its line break.
 *
 * A program runs from runner.sh's "# selftests: DIR: NAME" line to its
 * result line, "ok N selftests: DIR: NAME" (or "not ok", "# SKIP",
 * "# TIMEOUT"); its own lines, runner.sh's "# " taken off, are read as
 * KTAP into its &struct ktap_kselftest_program.run, which closes at its
 * result line.  A program whose result line never comes did not finish.
 *
 * Return: 0, or -ENOMEM.
 */
int ktap_kselftest_read_line(struct ktap_kselftest *output, const char *line)
{
	struct ktap_kselftest_program *program, *more;
	char *text, *ktap, *dir = NULL, *name = NULL;
	enum ktap_result status;
	size_t len;
	int err = 0;

	text = strdup(line);
	if (!text)
		return -ENOMEM;
	len = strlen(text);
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		text[--len] = '\0';
	if (kselftest_header(text, &dir, &name)) {
		err = dir && name ? ktap_kselftest_finish(output) : -ENOMEM;
		more = err ? NULL : realloc(output->programs,
					    (output->count + 1) * sizeof(*more));
		if (!more) {
			free(dir);
			free(name);
			free(text);
			return -ENOMEM;
		}
		output->programs = more;
		program = &more[output->count++];
		memset(program, 0, sizeof(*program));
		program->collection = dir;
		program->name = name;
		program->status = KTAP_UNFINISHED;
		ktap_run_init(&program->run);
		output->open = true;
		free(text);
		return 0;
	}
	if (!output->open) {
		/*
		 * Between programs runner.sh prints its "# timeout set to"
		 * lines, and no result line: one here was written by a
		 * program (the last, or something it left running), maybe
		 * before runner.sh's real one.  It fails the last program,
		 * in every report; before the first, the output.
		 */
		program = output->count ? &output->programs[output->count - 1] : NULL;
		if (program && kselftest_result_line(text))
			program->restated = true;
		else if (kselftest_result_line(text))
			output->stray++;
		free(text);
		return 0;
	}
	program = &output->programs[output->count - 1];
	status = kselftest_status(text, program);
	if (status != KTAP_NONE) {
		program->status = status;
		program->line = strdup(text);
		err = program->line ? ktap_run_finish(&program->run) : -ENOMEM;
		output->open = false;
	} else if (!strncmp(text, "#", 1)) {
		ktap = kselftest_to_ktap(text[1] == ' ' ? text + 2 : text + 1);
		err = ktap ? ktap_read_line(&program->run, ktap) : -ENOMEM;
		free(ktap);
	}
	free(text);
	return err;
}

/**
 * ktap_kselftest_finish() - the output ends (or the next program begins)
 * @output: what was read.
 *
 * The program still open did not finish: its KTAP closes, unfinished.
 *
 * Return: 0, or -ENOMEM.
 */
int ktap_kselftest_finish(struct ktap_kselftest *output)
{
	if (!output->open)
		return 0;
	output->open = false;
	return ktap_run_finish(&output->programs[output->count - 1].run);
}

/**
 * ktap_kselftest_free() - free what a reading of run_kselftest.sh's output holds
 * @output: what was read.
 */
void ktap_kselftest_free(struct ktap_kselftest *output)
{
	size_t i;

	for (i = 0; i < output->count; i++) {
		free(output->programs[i].collection);
		free(output->programs[i].name);
		free(output->programs[i].line);
		ktap_run_free(&output->programs[i].run);
	}
	free(output->programs);
	memset(output, 0, sizeof(*output));
}

/**
 * ktap_kselftest_verdict() - a kselftest program's result under the reading rule
 * @program: a closed program.
 *
 * Return: KTAP_FAIL if runner.sh failed it or timed it out, if its result
 * line never came or came twice (the first may be the program's own), or
 * if its own results failed (a "not ok" in them is never outvoted by the
 * program's exit status); else KTAP_SKIP if runner.sh skipped it, else
 * KTAP_PASS.
 */
enum ktap_result ktap_kselftest_verdict(const struct ktap_kselftest_program *program)
{
	if (program->status == KTAP_FAIL || program->status == KTAP_UNFINISHED ||
	    program->restated || ktap_run_verdict(&program->run) == KTAP_FAIL)
		return KTAP_FAIL;
	return program->status == KTAP_SKIP ? KTAP_SKIP : KTAP_PASS;
}
