// SPDX-License-Identifier: GPL-2.0
/*
 * kunit-report: read a console that KUnit printed on, write its results
 * as one KTAP document and summarise them for a person.
 *
 *   kunit-report [--ktap=FILE] [--results=FILE] [--junit=FILE] [--json=FILE]
 *                [--arch=ARCH] [--color=auto|always|never] CONSOLE
 *
 * --junit writes JUnit XML (Jenkins, GitLab); --json writes the JSON that
 * kunit.py --json writes (KernelCI), with ARCH in its "arch" fields.
 *
 * --results writes one line per result, "suite.case RESULT" or, for a
 * parameter, "suite.case.param RESULT", for comparing two runs.
 *
 * Exit status: 0 when results were found and none failed, 1 when a case
 * or a suite failed or did not finish or when no result was found, 2 for
 * a usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap.h"

/* At most this many lines of a failure's log, or of what a crash printed. */
#define LOG_LINES_SHOWN		40

static bool use_color;

static const char *color(enum ktap_result result)
{
	if (!use_color)
		return "";
	switch (result) {
	case KTAP_PASS:
		return "\033[32m";
	case KTAP_SKIP:
		return "\033[33m";
	default:
		return "\033[31m";
	}
}

static const char *no_color(void)
{
	return use_color ? "\033[0m" : "";
}

/* The first of @lines that is a kernel's report of trouble. */
static size_t first_report(const struct ktap_lines *lines)
{
	size_t i;

	for (i = 0; i < lines->count; i++)
		if (ktap_is_kernel_report(lines->line[i]))
			return i;
	return 0;
}

/*
 * Prints @lines from @from on, at most LOG_LINES_SHOWN of them (the last),
 * without the indentation they share.
 */
static void print_lines(const struct ktap_lines *lines, size_t from, const char *indent)
{
	size_t limit = LOG_LINES_SHOWN;
	size_t first = lines->count - from > limit ? lines->count - limit : from;
	size_t i, common = (size_t)-1, spaces;

	for (i = first; i < lines->count; i++) {
		spaces = strspn(lines->line[i], " ");
		if (lines->line[i][spaces] && spaces < common)
			common = spaces;
	}
	if (first)
		printf("%s... (%zu lines before these)\n", indent, first);
	for (i = first; i < lines->count; i++) {
		spaces = strspn(lines->line[i], " ");
		printf("%s%s\n", indent, lines->line[i] + (spaces < common ? spaces : common));
	}
}

static const char *result_word(const struct ktap_test *test)
{
	if (test->verdict == KTAP_FAIL &&
	    (test->result == KTAP_UNFINISHED || test->result == KTAP_MISSING))
		return ktap_result_name(test->result);
	return ktap_result_name(test->verdict);
}

/* Whether @test failed with none of its subtests to blame. */
static bool failed_itself(const struct ktap_test *test)
{
	struct ktap_counts counts = { 0 };
	size_t i;

	for (i = 0; i < test->num_subtests; i++)
		ktap_count(&counts, test->subtests[i]);
	return test->verdict == KTAP_FAIL && !counts.failed;
}

/*
 * Prints what made @test fail: its problems, its log, what the console
 * said, its failed subtests.  A suite's own line is printed by the caller
 * (@suite): its details go at @indent, as its cases do.
 */
static void print_failure(const struct ktap_test *test, const char *indent, bool suite)
{
	char details[64], deeper[64];
	size_t i;

	snprintf(details, sizeof(details), "%s%s", indent, suite ? "" : "  ");
	snprintf(deeper, sizeof(deeper), "%s%s", indent,
		 suite || strlen(indent) >= 32 ? "" : "    ");
	if (!suite && test->result == KTAP_MISSING) {
		printf("%s%sMISSING%s %s %ld%s%.0ld\n", indent, color(KTAP_FAIL), no_color(),
		       test->missing > 1 ? "tests" : "test", test->number,
		       test->missing > 1 ? " to " : "",
		       test->missing > 1 ? test->number + test->missing - 1 : 0);
		return;
	}
	if (!suite) {
		printf("%s%s%s %s%s\n", indent, color(KTAP_FAIL), result_word(test),
		       ktap_test_name(test), no_color());
		print_lines(&test->log, 0, "          ");
	}
	if (test->num_subtests)
		print_lines(&test->trailer, 0, "          ");
	for (i = 0; i < test->problems.count; i++)
		printf("%s%s\n", details, test->problems.line[i]);
	if (test->num_subtests && test->result == KTAP_FAIL && failed_itself(test) &&
	    !test->problems.count)
		printf("%sits own result line says \"not ok\"\n", details);
	/*
	 * What the kernel printed in the test's time: for a test that died,
	 * all of it; for one the kernel reported, from its first report on.
	 */
	if (test->result == KTAP_UNFINISHED)
		print_lines(&test->noise, 0, suite ? "      | " : "        | ");
	else if (test->reported)
		print_lines(&test->noise, first_report(&test->noise),
			    suite ? "      | " : "        | ");
	for (i = 0; i < test->num_subtests; i++)
		if (test->subtests[i]->verdict == KTAP_FAIL)
			print_failure(test->subtests[i], deeper, false);
}

static void print_suite(const struct ktap_test *suite, struct ktap_counts *total)
{
	struct ktap_counts counts = { 0 };
	char figures[96];
	int len;

	ktap_count(&counts, suite);
	if (suite->result == KTAP_MISSING)
		snprintf(figures, sizeof(figures), "%ld suite%s never reported", suite->missing,
			 suite->missing > 1 ? "s" : "");
	else if (!suite->num_subtests && suite->verdict == KTAP_SKIP)
		snprintf(figures, sizeof(figures), "skipped%s%s",
			 suite->reason && *suite->reason ? ": " : "",
			 suite->reason ? suite->reason : "");
	else
		snprintf(figures, sizeof(figures), "%lu passed, %lu failed, %lu skipped",
			 counts.passed, counts.failed, counts.skipped);
	len = printf("%s[%s]%s %s ", color(suite->verdict), result_word(suite), no_color(),
		     ktap_test_name(suite));
	printf("%*s\n", len < 50 ? 50 - len + (int)strlen(figures) : (int)strlen(figures) + 1,
	       figures);
	if (suite->verdict == KTAP_FAIL)
		print_failure(suite, "    ", true);

	total->passed += counts.passed;
	total->failed += counts.failed;
	total->skipped += counts.skipped;
}

/* "suite.case.param RESULT" for each test without subtests. */
static void write_results(FILE *out, const struct ktap_test *test, const char *prefix)
{
	size_t len = strlen(prefix) + strlen(ktap_test_name(test)) + 2, i;
	char *path = malloc(len);

	if (!path)
		return;
	snprintf(path, len, "%s%s", prefix, ktap_test_name(test));
	if (!test->num_subtests) {
		fprintf(out, "%s %s\n", path, result_word(test));
		free(path);
		return;
	}
	/* A test that failed with no failed subtest to blame is a result too. */
	if (failed_itself(test))
		fprintf(out, "%s %s\n", path, result_word(test));
	strcat(path, ".");
	for (i = 0; i < test->num_subtests; i++)
		write_results(out, test->subtests[i], path);
	free(path);
}

/* Writes a file with @write, or says why it could not. */
static int write_file(const char *prog, const char *path, const struct ktap_run *run,
		      int (*write)(const struct ktap_run *run, FILE *out, const char *arg),
		      const char *arg)
{
	FILE *out = fopen(path, "w");

	if (!out || write(run, out, arg) || fclose(out)) {
		fprintf(stderr, "%s: cannot write %s\n", prog, path);
		return 1;
	}
	return 0;
}

static int write_ktap(const struct ktap_run *run, FILE *out, const char *arg)
{
	return ktap_write_document(run, out);
}

static int write_junit(const struct ktap_run *run, FILE *out, const char *arg)
{
	return ktap_write_junit(run, out);
}

static int write_tree(const struct ktap_run *run, FILE *out, const char *arg)
{
	return ktap_write_tree(run, out);
}

static int write_result_lines(const struct ktap_run *run, FILE *out, const char *arg)
{
	size_t i;

	for (i = 0; i < run->num_suites; i++)
		write_results(out, run->suites[i], "");
	return ferror(out) ? -EIO : 0;
}

static void print_usage(FILE *out, const char *prog)
{
	fprintf(out, "Usage: %s [OPTION]... CONSOLE\n"
		"Summarise the KUnit results in a console log, and write them to files:\n"
		"  --ktap=FILE     as one KTAP document\n"
		"  --results=FILE  one \"suite.case RESULT\" line per result\n"
		"  --tree=FILE     one \"suite.case<TAB>VERDICT\" line per test, at every depth\n"
		"  --junit=FILE    as JUnit XML (Jenkins, GitLab)\n"
		"  --json=FILE     as kunit.py --json writes them (KernelCI)\n"
		"  --arch=ARCH     the architecture named in the JSON (default UM, as kunit.py)\n"
		"  --color=auto|always|never\n"
		"CONSOLE - reads standard input.\n"
		"Exit 0 if none failed, 1 if one did or none was found.\n",
		prog);
}

static int write_json(const struct ktap_run *run, FILE *out, const char *arch)
{
	return ktap_write_json(run, out, arch);
}

int main(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "ktap", required_argument, NULL, 'k' },
		{ "results", required_argument, NULL, 'r' },
		{ "tree", required_argument, NULL, 't' },
		{ "color", required_argument, NULL, 'c' },
		{ "junit", required_argument, NULL, 'j' },
		{ "json", required_argument, NULL, 'J' },
		{ "arch", required_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *ktap_path = NULL, *results_path = NULL, *color_mode = "auto";
	const char *junit_path = NULL, *json_path = NULL, *tree_path = NULL, *arch = "UM";
	struct ktap_counts total = { 0 };
	enum ktap_result verdict;
	struct ktap_run run;
	int opt, err, failed = 0;
	FILE *console;
	size_t i;

	while ((opt = getopt_long(argc, argv, "k:r:t:c:j:J:a:h", long_options, NULL)) != -1) {
		switch (opt) {
		case 'k':
			ktap_path = optarg;
			break;
		case 'r':
			results_path = optarg;
			break;
		case 't':
			tree_path = optarg;
			break;
		case 'c':
			color_mode = optarg;
			break;
		case 'j':
			junit_path = optarg;
			break;
		case 'J':
			json_path = optarg;
			break;
		case 'a':
			arch = optarg;
			break;
		case 'h':
			print_usage(stdout, argv[0]);
			return 0;
		default:
			print_usage(stderr, argv[0]);
			return 2;
		}
	}
	if (optind + 1 != argc) {
		print_usage(stderr, argv[0]);
		return 2;
	}
	if (!strcmp(color_mode, "always")) {
		use_color = true;
	} else if (!strcmp(color_mode, "auto")) {
		use_color = isatty(STDOUT_FILENO);
	} else if (strcmp(color_mode, "never")) {
		fprintf(stderr, "%s: --color takes auto, always or never\n", argv[0]);
		return 2;
	}

	console = strcmp(argv[optind], "-") ? fopen(argv[optind], "r") : stdin;
	if (!console) {
		fprintf(stderr, "%s: %s: %s\n", argv[0], argv[optind], strerror(errno));
		return 1;
	}
	ktap_run_init(&run);
	err = ktap_read_file(&run, console);
	if (console != stdin)
		fclose(console);
	if (!err)
		err = ktap_run_finish(&run);
	if (err) {
		fprintf(stderr, "%s: %s reading %s\n", argv[0],
			err == -ENOMEM ? "out of memory" : "an I/O error", argv[optind]);
		ktap_run_free(&run);
		return 1;
	}

	if (ktap_path)
		failed |= write_file(argv[0], ktap_path, &run, write_ktap, NULL);
	if (junit_path)
		failed |= write_file(argv[0], junit_path, &run, write_junit, NULL);
	if (json_path)
		failed |= write_file(argv[0], json_path, &run, write_json, arch);
	if (results_path)
		failed |= write_file(argv[0], results_path, &run, write_result_lines, NULL);
	if (tree_path)
		failed |= write_file(argv[0], tree_path, &run, write_tree, NULL);
	if (failed) {
		ktap_run_free(&run);
		return 1;
	}

	for (i = 0; i < run.num_suites; i++)
		print_suite(run.suites[i], &total);
	for (i = 0; i < run.errors.count; i++)
		printf("%s%s%s\n", color(KTAP_FAIL), run.errors.line[i], no_color());
	for (i = 0; i < run.num_documents; i++)
		print_lines(&run.documents[i]->problems, 0, "document problem: ");

	verdict = ktap_run_verdict(&run);
	if (!run.num_suites) {
		printf("%sno KUnit results in %s: the kernel has no KUnit, ran no suite, or died before%s\n",
		       color(KTAP_FAIL), argv[optind], no_color());
		ktap_run_free(&run);
		return 1;
	}
	printf("%zu suites, %lu results: %s%lu passed%s, %s%lu failed%s, %s%lu skipped%s\n",
	       run.num_suites, total.passed + total.failed + total.skipped,
	       color(KTAP_PASS), total.passed, no_color(),
	       total.failed ? color(KTAP_FAIL) : "", total.failed, total.failed ? no_color() : "",
	       total.skipped ? color(KTAP_SKIP) : "", total.skipped,
	       total.skipped ? no_color() : "");
	if (verdict == KTAP_FAIL && !total.failed)
		printf("%sfailed: errors outside the tests%s\n", color(KTAP_FAIL), no_color());

	ktap_run_free(&run);
	return verdict == KTAP_FAIL || verdict == KTAP_NONE ? 1 : 0;
}
