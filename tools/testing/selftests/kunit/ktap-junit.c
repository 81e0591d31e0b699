// SPDX-License-Identifier: GPL-2.0
/*
 * A KUnit run as JUnit XML, the report format that Jenkins and GitLab CI
 * read: one <testsuite> per KUnit suite, one <testcase> per case or, for a
 * parameterised case, per parameter ("case.param").  A failure carries the
 * diagnostic lines printed before it; a suite that did not finish gets an
 * <error> of its own.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ktap.h"

/* Writes @text with XML's five special characters escaped. */
static void write_escaped(FILE *out, const char *text)
{
	for (; *text; text++) {
		switch (*text) {
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '&':
			fputs("&amp;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&apos;", out);
			break;
		default:
			/* XML 1.0 has no way to write other control characters. */
			if ((unsigned char)*text >= 0x20 || *text == '\n' || *text == '\t')
				fputc(*text, out);
			else
				fputc('?', out);
		}
	}
}

static void write_log(FILE *out, const struct ktap_lines *log)
{
	size_t i;

	for (i = 0; i < log->count; i++) {
		write_escaped(out, log->line[i] + strspn(log->line[i], " "));
		fputc('\n', out);
	}
}

static void write_testcase(FILE *out, const char *suite, const char *name,
			   const char *param, const struct ktap_case *result)
{
	fputs("    <testcase classname=\"", out);
	write_escaped(out, suite);
	fputs("\" name=\"", out);
	write_escaped(out, name);
	if (param) {
		fputc('.', out);
		write_escaped(out, param);
	}
	fputc('"', out);

	switch (result->result) {
	case KTAP_PASS:
		fputs("/>\n", out);
		return;
	case KTAP_SKIP:
		fputs(">\n      <skipped message=\"", out);
		write_escaped(out, result->reason ? result->reason : "");
		fputs("\"/>\n", out);
		break;
	default:
		fputs(">\n      <failure message=\"", out);
		write_escaped(out, result->result == KTAP_FAIL ? "failed" : "did not finish");
		fputs("\">", out);
		write_log(out, &result->log);
		fputs("</failure>\n", out);
		break;
	}
	fputs("    </testcase>\n", out);
}

static void write_suite(FILE *out, const struct ktap_suite *suite)
{
	const char *name = suite->name ? suite->name : "unnamed";
	struct ktap_counts counts = { 0 };
	size_t i, j;

	ktap_count_suite(&counts, suite);
	fputs("  <testsuite name=\"", out);
	write_escaped(out, name);
	fprintf(out, "\" tests=\"%lu\" failures=\"%lu\" errors=\"%d\" skipped=\"%lu\">\n",
		counts.passed + counts.failed + counts.skipped,
		counts.failed - (suite->result == KTAP_UNFINISHED),
		suite->result == KTAP_UNFINISHED, counts.skipped);

	for (i = 0; i < suite->num_cases; i++) {
		const struct ktap_case *test_case = &suite->cases[i];

		if (!test_case->num_params)
			write_testcase(out, name, test_case->name, NULL, test_case);
		for (j = 0; j < test_case->num_params; j++)
			write_testcase(out, name, test_case->name, test_case->params[j].name,
				       &test_case->params[j]);
	}
	if (suite->result == KTAP_UNFINISHED || (suite->result == KTAP_FAIL && !suite->num_cases)) {
		/* No case to blame: the suite itself is the failed test. */
		fputs("    <testcase classname=\"", out);
		write_escaped(out, name);
		fputs("\" name=\"(suite)\">\n", out);
		fputs(suite->result == KTAP_UNFINISHED ?
		      "      <error message=\"did not finish: the kernel crashed or hung\">" :
		      "      <failure message=\"the suite failed\">", out);
		write_log(out, suite->result == KTAP_UNFINISHED ? &suite->noise : &suite->lines);
		fputs(suite->result == KTAP_UNFINISHED ? "</error>\n" : "</failure>\n", out);
		fputs("    </testcase>\n", out);
	}
	fputs("  </testsuite>\n", out);
}

/**
 * ktap_write_junit() - write a run as JUnit XML
 * @run: the run.
 * @out: where to write.
 *
 * Return: 0, or -EIO.
 */
int ktap_write_junit(const struct ktap_run *run, FILE *out)
{
	struct ktap_counts counts = { 0 };
	size_t i;

	for (i = 0; i < run->num_suites; i++)
		ktap_count_suite(&counts, &run->suites[i]);
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out, "<testsuites name=\"KUnit\" tests=\"%lu\" failures=\"%lu\" skipped=\"%lu\">\n",
		counts.passed + counts.failed + counts.skipped, counts.failed, counts.skipped);
	for (i = 0; i < run->num_suites; i++)
		write_suite(out, &run->suites[i]);
	fprintf(out, "</testsuites>\n");
	return ferror(out) ? -EIO : 0;
}
