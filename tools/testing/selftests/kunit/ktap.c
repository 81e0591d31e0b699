// SPDX-License-Identifier: GPL-2.0
/*
 * A KTAP reader for KUnit's console output (see ktap.h).
 *
 * Nesting is read from indentation: KUnit indents a suite's lines by four
 * spaces and a parameterised case's by eight.  Lines at the top level
 * that are not KTAP are other kernel messages; they are kept apart, as
 * "noise", for the report of a suite that crashed.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"

static int lines_add(struct ktap_lines *lines, const char *text)
{
	char *copy;

	if (lines->count == lines->capacity) {
		size_t capacity = lines->capacity ? 2 * lines->capacity : 16;
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

static int lines_add_prefixed(struct ktap_lines *lines, const char *prefix, const char *text)
{
	size_t size = strlen(prefix) + strlen(text) + 1;
	char *joined = malloc(size);
	int err;

	if (!joined)
		return -ENOMEM;
	snprintf(joined, size, "%s%s", prefix, text);
	err = lines_add(lines, joined);
	free(joined);
	return err;
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

	for (i = 0; i < from->count; i++)
		if (lines_add(to, from->line[i]))
			return -ENOMEM;
	lines_free(from);
	return 0;
}

static void case_free(struct ktap_case *test_case)
{
	size_t i;

	free(test_case->name);
	free(test_case->reason);
	lines_free(&test_case->log);
	for (i = 0; i < test_case->num_params; i++)
		case_free(&test_case->params[i]);
	free(test_case->params);
}

static void suite_free(struct ktap_suite *suite)
{
	size_t i;

	free(suite->name);
	free(suite->reason);
	for (i = 0; i < suite->num_cases; i++)
		case_free(&suite->cases[i]);
	free(suite->cases);
	lines_free(&suite->lines);
	lines_free(&suite->noise);
}

/**
 * ktap_result_name() - a result, as kunit.py names it
 * @result: the result.
 *
 * Return: "PASS", "FAIL", "SKIP" or "UNFINISHED".
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
	default:
		return "UNFINISHED";
	}
}

static void ktap_count(struct ktap_counts *counts, enum ktap_result result)
{
	if (result == KTAP_PASS)
		counts->passed++;
	else if (result == KTAP_SKIP)
		counts->skipped++;
	else
		counts->failed++;
}

/**
 * ktap_run_init() - start reading a console
 * @run: the run to fill.
 */
void ktap_run_init(struct ktap_run *run)
{
	memset(run, 0, sizeof(*run));
}

/* A result line: "ok 3 name", "not ok 3 name", "ok 3 name # SKIP why". */
struct ktap_result_line {
	enum ktap_result result;
	long number;
	char *name;
	char *reason;
};

static bool parse_result(const char *text, struct ktap_result_line *parsed)
{
	const char *rest, *directive;
	char *end;

	if (!strncmp(text, "ok ", 3)) {
		parsed->result = KTAP_PASS;
		rest = text + 3;
	} else if (!strncmp(text, "not ok ", 7)) {
		parsed->result = KTAP_FAIL;
		rest = text + 7;
	} else {
		return false;
	}
	if (!isdigit((unsigned char)*rest))
		return false;
	parsed->number = strtol(rest, &end, 10);
	rest = end;
	while (*rest == ' ')
		rest++;
	if (!strncmp(rest, "- ", 2))
		rest += 2;

	parsed->reason = NULL;
	directive = strstr(rest, " # ");
	if (directive) {
		parsed->name = strndup(rest, directive - rest);
		directive += 3;
		if (!strncasecmp(directive, "SKIP", 4)) {
			parsed->result = KTAP_SKIP;
			directive += 4;
			while (*directive == ' ')
				directive++;
			parsed->reason = strdup(directive);
		}
	} else {
		parsed->name = strdup(rest);
	}
	return !!parsed->name;
}

static int add_case(struct ktap_run *run, struct ktap_case **cases, size_t *count,
		    struct ktap_result_line *parsed)
{
	struct ktap_case *grown = realloc(*cases, (*count + 1) * sizeof(*grown));
	struct ktap_case *test_case;

	if (!grown)
		return -ENOMEM;
	*cases = grown;
	test_case = &grown[(*count)++];
	memset(test_case, 0, sizeof(*test_case));
	test_case->name = parsed->name;
	test_case->reason = parsed->reason;
	test_case->result = parsed->result;
	return lines_move(&test_case->log, &run->pending);
}

static void drop_pending_params(struct ktap_run *run)
{
	size_t i;

	for (i = 0; i < run->num_pending_params; i++)
		case_free(&run->pending_params[i]);
	free(run->pending_params);
	run->pending_params = NULL;
	run->num_pending_params = 0;
}

static struct ktap_suite *open_suite(struct ktap_run *run)
{
	struct ktap_suite *grown = realloc(run->suites, (run->num_suites + 1) * sizeof(*grown));
	struct ktap_suite *suite;

	if (!grown)
		return NULL;
	run->suites = grown;
	suite = &grown[run->num_suites++];
	memset(suite, 0, sizeof(*suite));
	suite->plan = -1;
	suite->result = KTAP_UNFINISHED;
	return suite;
}

static struct ktap_suite *current_suite(struct ktap_run *run)
{
	return run->in_suite ? &run->suites[run->num_suites - 1] : NULL;
}

/* Lines that tell of trouble outside the tests. */
static bool is_error_line(const char *text)
{
	return !strncmp(text, "Bail out!", 9) || !strncmp(text, "kunit executor:", 15) ||
	       strstr(text, "Kernel panic - not syncing");
}

/* Closes the open suite with @parsed, or a suite with no lines of its own. */
static int close_suite(struct ktap_run *run, struct ktap_result_line *parsed)
{
	struct ktap_suite *suite = current_suite(run);

	if (!suite) {
		suite = open_suite(run);
		if (!suite)
			return -ENOMEM;
	}
	if (lines_move(&suite->lines, &run->pending))
		return -ENOMEM;
	if (!suite->name)
		suite->name = parsed->name;
	else
		free(parsed->name);
	suite->result = parsed->result;
	suite->reason = parsed->reason;
	run->in_suite = false;
	drop_pending_params(run);
	return 0;
}

/* "# name: pass:1 fail:0 skip:0 total:1": counts, not part of a case's log. */
static bool is_stats_line(const char *text)
{
	return text[0] == '#' && strstr(text, ": pass:") && strstr(text, " total:");
}

/* A line indented by at least four spaces: part of the open suite. */
static int read_suite_line(struct ktap_run *run, const char *line, const char *text,
			   size_t depth)
{
	struct ktap_suite *suite = current_suite(run);
	struct ktap_result_line parsed;
	long plan;

	if (!suite) {
		if (strncmp(text, "KTAP version", 12) && strncmp(text, "# Subtest:", 10))
			return lines_add(&run->pending, line);
		suite = open_suite(run);
		if (!suite)
			return -ENOMEM;
		run->in_suite = true;
		if (lines_move(&suite->lines, &run->pending))
			return -ENOMEM;
	}
	if (lines_add(&suite->lines, line))
		return -ENOMEM;

	if (depth == 1 && !strncmp(text, "# Subtest: ", 11)) {
		free(suite->name);
		suite->name = strdup(text + 11);
		return suite->name ? 0 : -ENOMEM;
	}
	if (depth == 1 && sscanf(text, "1..%ld", &plan) == 1) {
		suite->plan = plan;
		return 0;
	}
	if (!strncmp(text, "KTAP version", 12) || !strncmp(text, "# Subtest:", 10))
		return 0;
	if (!parse_result(text, &parsed))
		/* Kept four spaces in from the suite's lines, as KUnit indents them. */
		return is_stats_line(text) ? 0 : lines_add(&run->pending, line + 4);

	if (depth == 1) {
		struct ktap_case *test_case;

		if (add_case(run, &suite->cases, &suite->num_cases, &parsed))
			return -ENOMEM;
		test_case = &suite->cases[suite->num_cases - 1];
		test_case->params = run->pending_params;
		test_case->num_params = run->num_pending_params;
		run->pending_params = NULL;
		run->num_pending_params = 0;
		return 0;
	}
	return add_case(run, &run->pending_params, &run->num_pending_params, &parsed);
}

/* Drops a printk timestamp, "[    1.234567] ", if the console has them. */
static const char *skip_timestamp(const char *line)
{
	const char *p = line;

	if (*p != '[')
		return line;
	p++;
	while (*p == ' ')
		p++;
	while (isdigit((unsigned char)*p) || *p == '.')
		p++;
	if (p[0] != ']' || p[1] != ' ')
		return line;
	return p + 2;
}

/**
 * ktap_read_line() - read one line of a console
 * @run: the run being read.
 * @line: the line, with or without its newline.
 *
 * Return: 0, or -ENOMEM.
 */
int ktap_read_line(struct ktap_run *run, const char *line)
{
	struct ktap_result_line parsed;
	struct ktap_suite *suite;
	size_t len, spaces;
	char *clean;
	long plan;
	int err = 0;

	line = skip_timestamp(line);
	len = strcspn(line, "\r\n");
	clean = strndup(line, len);
	if (!clean)
		return -ENOMEM;
	spaces = strspn(clean, " ");

	if (spaces >= 4) {
		err = read_suite_line(run, clean, clean + spaces, spaces / 4);
	} else if (!strncmp(clean, "KTAP version", 12) || !strncmp(clean, "TAP version", 11)) {
		if (run->in_suite) {
			/* A new document while a suite is open: that suite died. */
			run->in_suite = false;
			lines_free(&run->pending);
		}
		run->documents++;
	} else if (!run->in_suite && sscanf(clean, "1..%ld", &plan) == 1) {
		run->planned += plan;
	} else if (parse_result(clean, &parsed)) {
		err = close_suite(run, &parsed);
	} else if (clean[0] == '#' && run->in_suite) {
		err = lines_add(&current_suite(run)->lines, clean);
	} else if (is_error_line(clean)) {
		err = lines_add(&run->errors, clean);
		suite = current_suite(run);
		if (!err && suite)
			err = lines_add(&suite->noise, clean);
	} else if (run->in_suite) {
		/*
		 * Other kernel messages while a suite runs, an oops for one:
		 * kept for the report, with the case they came before.
		 */
		err = lines_add(&current_suite(run)->noise, clean);
		if (!err && clean[0])
			err = lines_add_prefixed(&run->pending, "| ", clean);
	}
	free(clean);
	return err;
}

/**
 * ktap_read_file() - read a whole console
 * @run: the run being read.
 * @file: the console, open for reading.
 *
 * Return: 0, or -ENOMEM.
 */
int ktap_read_file(struct ktap_run *run, FILE *file)
{
	char *line = NULL;
	size_t size = 0;
	int err = 0;

	while (!err && getline(&line, &size, file) >= 0)
		err = ktap_read_line(run, line);
	free(line);
	return err;
}

/**
 * ktap_run_finish() - end reading: a suite still open did not finish
 * @run: the run.
 */
void ktap_run_finish(struct ktap_run *run)
{
	struct ktap_suite *suite = current_suite(run);

	if (suite) {
		lines_move(&suite->lines, &run->pending);
		suite->result = KTAP_UNFINISHED;
		run->in_suite = false;
	}
	lines_free(&run->pending);
	drop_pending_params(run);
}

/**
 * ktap_run_free() - free what a run holds
 * @run: the run.
 */
void ktap_run_free(struct ktap_run *run)
{
	size_t i;

	for (i = 0; i < run->num_suites; i++)
		suite_free(&run->suites[i]);
	free(run->suites);
	lines_free(&run->errors);
	memset(run, 0, sizeof(*run));
}

/* Writes @line with each leading four spaces of KTAP nesting as @indent. */
static void write_line(FILE *out, const char *line, const char *indent)
{
	if (indent)
		for (; !strncmp(line, "    ", 4); line += 4)
			fputs(indent, out);
	fprintf(out, "%s\n", line);
}

static int write_document(const struct ktap_run *run, FILE *out, const char *indent)
{
	size_t i, j;

	fprintf(out, "KTAP version 1\n1..%zu\n", run->num_suites);
	for (i = 0; i < run->num_suites; i++) {
		const struct ktap_suite *suite = &run->suites[i];
		const char *name = suite->name ? suite->name : "unnamed";

		for (j = 0; j < suite->lines.count; j++)
			write_line(out, suite->lines.line[j], indent);
		switch (suite->result) {
		case KTAP_PASS:
			fprintf(out, "ok %zu %s\n", i + 1, name);
			break;
		case KTAP_SKIP:
			fprintf(out, "ok %zu %s # SKIP%s%s\n", i + 1, name,
				suite->reason && *suite->reason ? " " : "",
				suite->reason ? suite->reason : "");
			break;
		case KTAP_FAIL:
			fprintf(out, "not ok %zu %s\n", i + 1, name);
			break;
		default:
			fprintf(out, "%s# %s: did not finish: the kernel crashed or hung\n",
				indent ? indent : "    ", name);
			fprintf(out, "not ok %zu %s\n", i + 1, name);
			break;
		}
	}
	return ferror(out) ? -EIO : 0;
}

/**
 * ktap_write_document() - write every suite as one KTAP document
 * @run: the run.
 * @out: where to write.
 *
 * The suites are numbered anew; a suite that did not finish gets a
 * "not ok" line that says so, so that the document stays valid.
 *
 * Return: 0, or -EIO.
 */
int ktap_write_document(const struct ktap_run *run, FILE *out)
{
	return write_document(run, out, NULL);
}

/**
 * ktap_write_kselftest() - write every suite as one document for kselftest
 * @run: the run.
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
	return write_document(run, out, "# ");
}

/* A parameterised case counts its parameters; any other case, itself. */
static void count_case(struct ktap_counts *counts, const struct ktap_case *test_case)
{
	size_t i;

	if (!test_case->num_params) {
		ktap_count(counts, test_case->result);
		return;
	}
	for (i = 0; i < test_case->num_params; i++)
		ktap_count(counts, test_case->params[i].result);
}

/**
 * ktap_count_suite() - add up the results of a suite
 * @counts: where to add them.
 * @suite: the suite.
 */
void ktap_count_suite(struct ktap_counts *counts, const struct ktap_suite *suite)
{
	size_t i;

	for (i = 0; i < suite->num_cases; i++)
		count_case(counts, &suite->cases[i]);
	if (suite->result == KTAP_UNFINISHED)
		counts->failed++;
	if (!suite->num_cases && suite->result == KTAP_FAIL)
		counts->failed++;
}
