// SPDX-License-Identifier: GPL-2.0
/*
 * A KUnit run as JUnit XML, the report format that Jenkins and GitLab CI
 * read: one <testsuite> per KUnit suite, one <testcase> per test without
 * subtests, named by its path below the suite ("case", "case.param").  A
 * test with subtests that failed while none of them did (its own "not
 * ok", a plan not met, a crash after its last case) is a <testcase> of its
 * own, "(suite)" or "case (itself)", so that no failure is lost.  Tests
 * that did not finish or never reported are <error>s; errors outside the
 * suites make a <testsuite> of their own.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ktap-report.h"

/* What a <testcase> stands for. */
struct junit_case {
	const struct ktap_test *test;
	const char *path;	/* below the suite; "" for the suite itself */
	bool itself;		/* a test with subtests, failed on its own account */
};

typedef void (*junit_visit)(FILE *out, const struct junit_case *junit_case, void *data);

static void visit(FILE *out, const struct ktap_test *test, const char *path,
		  junit_visit fn, void *data)
{
	struct junit_case junit_case = { .test = test, .path = path };
	struct ktap_counts counts = { 0 };
	char *sub, missing[48];
	const char *name;
	size_t i, j, len;

	if (!test->num_subtests) {
		fn(out, &junit_case, data);
		return;
	}
	for (i = 0; i < test->num_subtests; i++) {
		for (j = 0; j < ktap_written_count(test->subtests[i]); j++) {
			name = ktap_written_name(test->subtests[i], j, missing, sizeof(missing));
			len = strlen(path) + strlen(name) + 2;
			sub = malloc(len);
			if (!sub)
				continue;
			snprintf(sub, len, "%s%s%s", path, *path ? "." : "", name);
			visit(out, test->subtests[i], sub, fn, data);
			free(sub);
		}
	}
	/* The failure that ktap_count() charges to the test itself. */
	for (i = 0; i < test->num_subtests; i++)
		ktap_count(&counts, test->subtests[i]);
	if (test->verdict == KTAP_FAIL && !counts.failed) {
		junit_case.itself = true;
		fn(out, &junit_case, data);
	}
}

/* Counts of <testcase>s, as the attributes of <testsuite> give them. */
struct junit_counts {
	unsigned long tests, failures, errors, skipped;
};

static bool is_error(const struct ktap_test *test)
{
	return test->result == KTAP_UNFINISHED || test->result == KTAP_MISSING;
}

static void count_case(FILE *out, const struct junit_case *junit_case, void *data)
{
	struct junit_counts *counts = data;
	const struct ktap_test *test = junit_case->test;

	counts->tests++;
	if (test->verdict == KTAP_SKIP)
		counts->skipped++;
	else if (test->verdict == KTAP_FAIL && is_error(test))
		counts->errors++;
	else if (test->verdict == KTAP_FAIL)
		counts->failures++;
}

static void write_lines(FILE *out, const struct ktap_lines *lines)
{
	size_t i;

	for (i = 0; i < lines->count; i++) {
		ktap_write_text(out, lines->line[i] + strspn(lines->line[i], " "), true);
		fputc('\n', out);
	}
}

/* Why a test failed, in a few words. */
static const char *failure_message(const struct ktap_test *test)
{
	if (test->problems.count)
		return test->problems.line[0];
	if (test->result == KTAP_MISSING)
		return "never reported";
	return test->result == KTAP_FAIL ? "not ok" : "failed";
}

static void write_case(FILE *out, const struct junit_case *junit_case, void *data)
{
	const struct ktap_test *test = junit_case->test;
	const char *suite = data;
	const char *element;

	fputs("    <testcase classname=\"", out);
	ktap_write_text(out, suite, true);
	fputs("\" name=\"", out);
	ktap_write_text(out, *junit_case->path ? junit_case->path : "(suite)", true);
	fputs(*junit_case->path && junit_case->itself ? " (itself)\"" : "\"", out);

	if (test->verdict == KTAP_PASS) {
		fputs("/>\n", out);
		return;
	}
	if (test->verdict == KTAP_SKIP) {
		fputs(">\n      <skipped message=\"", out);
		ktap_write_text(out, test->reason ? test->reason : "", true);
		fputs("\"/>\n    </testcase>\n", out);
		return;
	}
	element = is_error(test) ? "error" : "failure";
	fprintf(out, ">\n      <%s message=\"", element);
	ktap_write_text(out, failure_message(test), true);
	fputs("\">", out);
	write_lines(out, junit_case->itself ? &test->trailer : &test->log);
	write_lines(out, &test->problems);
	write_lines(out, &test->noise);
	fprintf(out, "</%s>\n    </testcase>\n", element);
}

static void write_suite(FILE *out, const struct ktap_test *suite, const char *name)
{
	struct junit_counts counts = { 0 };

	visit(out, suite, "", count_case, &counts);
	fputs("  <testsuite name=\"", out);
	ktap_write_text(out, name, true);
	fprintf(out, "\" tests=\"%lu\" failures=\"%lu\" errors=\"%lu\" skipped=\"%lu\">\n",
		counts.tests, counts.failures, counts.errors, counts.skipped);
	visit(out, suite, "", write_case, (void *)name);
	fputs("  </testsuite>\n", out);
}

/* Errors outside the suites: a suite with one failed test case. */
static void write_outside(FILE *out, const struct ktap_run *run)
{
	size_t i;

	fputs("  <testsuite name=\"" KTAP_OUTSIDE_NAME "\" tests=\"1\" failures=\"0\"", out);
	fputs(" errors=\"1\" skipped=\"0\">\n", out);
	fputs("    <testcase classname=\"" KTAP_OUTSIDE_NAME "\" name=\"(run)\">\n", out);
	fputs("      <error message=\"errors outside the tests\">", out);
	write_lines(out, &run->errors);
	for (i = 0; i < run->num_documents; i++)
		write_lines(out, &run->documents[i]->problems);
	fputs("</error>\n    </testcase>\n  </testsuite>\n", out);
}

/**
 * ktap_write_junit() - write a run as JUnit XML
 * @run: a finished run.
 * @out: where to write.
 *
 * The XML is well-formed whatever bytes the tests printed (see
 * ktap_write_text()).
 *
 * Return: 0, or -EIO.
 */
int ktap_write_junit(const struct ktap_run *run, FILE *out)
{
	struct junit_counts counts = { 0 };
	bool outside = ktap_run_failed_outside(run);
	char missing[48];
	const char *name;
	size_t i, j;

	for (i = 0; i < run->num_suites; i++)
		for (j = 0; j < ktap_written_count(run->suites[i]); j++)
			visit(out, run->suites[i], "", count_case, &counts);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
	fprintf(out, "<testsuites name=\"KUnit\" tests=\"%lu\" failures=\"%lu\"",
		counts.tests + outside, counts.failures);
	fprintf(out, " errors=\"%lu\" skipped=\"%lu\">\n", counts.errors + outside, counts.skipped);
	for (i = 0; i < run->num_suites; i++) {
		for (j = 0; j < ktap_written_count(run->suites[i]); j++) {
			name = ktap_written_name(run->suites[i], j, missing, sizeof(missing));
			write_suite(out, run->suites[i], name);
		}
	}
	if (outside)
		write_outside(out, run);
	fputs("</testsuites>\n", out);
	return ferror(out) ? -EIO : 0;
}
