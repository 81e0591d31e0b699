// SPDX-License-Identifier: GPL-2.0
/*
 * kunit-report: read a console that KUnit printed on, write its results
 * as one KTAP document and summarise them for a person.
 *
 *   kunit-report [--ktap=FILE] [--kselftest=FILE] [--results=FILE] [--junit=FILE]
 *                [--json=FILE] [--kcidb=FILE [--kselftest-tap=FILE]] [--arch=ARCH]
 *                [--color=auto|always|never] CONSOLE
 *
 * --junit writes JUnit XML (Jenkins, GitLab); --json writes the JSON that
 * kunit.py --json writes (KernelCI), with ARCH in its "arch" fields;
 * --kcidb writes a KCIDB report, whose checkout and build come from
 * KCIDB_* environment variables (see kcidb_settings).
 *
 * --results writes one line per result, "suite.case RESULT" or, for a
 * parameter, "suite.case.param RESULT", for comparing two runs.
 *
 * Exit status: 0 when results were found and none failed, 1 when a case
 * or a suite failed or did not finish or when no result was found, 2 for
 * a usage error or a KCIDB setting that the schema does not take.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ktap-report.h"

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

/* What goes to standard output: every suite, the failed ones, the summary alone. */
static enum { PRINT_ALL, PRINT_FAILED, PRINT_SUMMARY } print_mode;

static void print_suite(const struct ktap_test *suite, struct ktap_counts *total)
{
	struct ktap_counts counts = { 0 };
	char figures[96];
	int len;

	ktap_count(&counts, suite);
	total->passed += counts.passed;
	total->failed += counts.failed;
	total->skipped += counts.skipped;
	if (print_mode == PRINT_SUMMARY || (print_mode == PRINT_FAILED && suite->verdict != KTAP_FAIL))
		return;
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

static int write_result_lines(const struct ktap_run *run, FILE *out)
{
	size_t i;

	for (i = 0; i < run->num_suites; i++)
		write_results(out, run->suites[i], "");
	return ferror(out) ? -EIO : 0;
}

/* What a setting of the KCIDB report must look like. */
enum kcidb_form {
	KCIDB_TEXT,		/* anything */
	KCIDB_ORIGIN,		/* [a-z0-9_]+ */
	KCIDB_URL,		/* https://... */
	KCIDB_HASH,		/* 40 lowercase hex digits */
	KCIDB_SECONDS,		/* a decimal number of seconds */
	KCIDB_TIME,		/* RFC 3339: 2026-12-04T03:32:25Z, +00:00... */
};

#define KCIDB_FIELD(name)	offsetof(struct ktap_kcidb, name)

/* The KCIDB_* environment variables, and the report's fields they set. */
static const struct kcidb_setting {
	const char *variable;
	size_t offset;		/* of its field in struct ktap_kcidb */
	bool run_id;		/* or KCIDB_RUN_ID, which has none */
	enum kcidb_form form;
	const char *help;
} kcidb_settings[] = {
	{ "KCIDB_ORIGIN", KCIDB_FIELD(origin), false, KCIDB_ORIGIN,
	  "who submits: [a-z0-9_]+ (default \"local\")" },
	{ "KCIDB_RUN_ID", 0, true, KCIDB_TEXT,
	  "tells this run from others (default: the console and these settings)" },
	{ "KCIDB_TREE_NAME", KCIDB_FIELD(tree_name), false, KCIDB_TEXT,
	  "checkout: the tree (\"mainline\", \"net-next\")" },
	{ "KCIDB_GIT_URL", KCIDB_FIELD(git_url), false, KCIDB_URL,
	  "checkout: its repository, https://..." },
	{ "KCIDB_GIT_BRANCH", KCIDB_FIELD(git_branch), false, KCIDB_TEXT,
	  "checkout: the branch" },
	{ "KCIDB_GIT_COMMIT", KCIDB_FIELD(git_commit), false, KCIDB_HASH,
	  "checkout: the commit's full hash" },
	{ "KCIDB_GIT_COMMIT_NAME", KCIDB_FIELD(git_commit_name), false, KCIDB_TEXT,
	  "checkout: git describe's name for it" },
	{ "KCIDB_CHECKOUT_COMMENT", KCIDB_FIELD(checkout_comment), false, KCIDB_TEXT,
	  "checkout: a comment" },
	{ "KCIDB_CONFIG_NAME", KCIDB_FIELD(config_name), false, KCIDB_TEXT,
	  "build: the configuration's name" },
	{ "KCIDB_COMPILER", KCIDB_FIELD(compiler), false, KCIDB_TEXT,
	  "build: the compiler and its version" },
	{ "KCIDB_BUILD_COMMAND", KCIDB_FIELD(build_command), false, KCIDB_TEXT,
	  "build: the command" },
	{ "KCIDB_BUILD_DURATION", KCIDB_FIELD(build_duration), false, KCIDB_SECONDS,
	  "build: its seconds" },
	{ "KCIDB_START_TIME", KCIDB_FIELD(start_time), false, KCIDB_TIME,
	  "checkout and build: when they began, RFC 3339" },
	{ "KCIDB_ENVIRONMENT", KCIDB_FIELD(environment), false, KCIDB_TEXT,
	  "tests: where they ran" },
};

static bool all_of(const char *text, const char *set)
{
	return *text && strspn(text, set) == strlen(text);
}

/* The number that @len digits at @text write; -1 if one is no digit. */
static int digits(const char *text, size_t len)
{
	int value = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (!isdigit((unsigned char)text[i]))
			return -1;
		value = 10 * value + text[i] - '0';
	}
	return value;
}

/*
 * Whether @text is an RFC 3339 date-time that exists: "2026-12-04T03:32:25",
 * a fraction or not, and "Z" or an offset "+01:00".
 */
static bool is_rfc3339(const char *text)
{
	static const int month_days[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int year = digits(text, 4), month = digits(text + 5, 2), day = digits(text + 8, 2);
	bool leap;

	if (strlen(text) < 20 || year < 1 || text[4] != '-' || month < 1 || month > 12 ||
	    text[7] != '-' || day < 1 || day > month_days[month - 1] || text[10] != 'T' ||
	    digits(text + 11, 2) < 0 || digits(text + 11, 2) > 23 || text[13] != ':' ||
	    digits(text + 14, 2) < 0 || digits(text + 14, 2) > 59 || text[16] != ':' ||
	    digits(text + 17, 2) < 0 || digits(text + 17, 2) > 59)
		return false;
	leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
	if (month == 2 && day == 29 && !leap)
		return false;
	text += 19;
	if (*text == '.' && isdigit((unsigned char)text[1]))
		for (text++; isdigit((unsigned char)*text); text++)
			;
	if (!strcmp(text, "Z"))
		return true;
	return (text[0] == '+' || text[0] == '-') && strlen(text) == 6 &&
	       digits(text + 1, 2) >= 0 && digits(text + 1, 2) <= 23 && text[3] == ':' &&
	       digits(text + 4, 2) >= 0 && digits(text + 4, 2) <= 59;
}

/* Whether @text is a JSON number of seconds: 0, 12, 12.5, 0.25... */
static bool is_seconds(const char *text)
{
	const char *p = text;

	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		p += strspn(p, "0123456789");
	else
		return false;
	if (*p == '.' && isdigit((unsigned char)p[1]))
		p += 1 + strspn(p + 1, "0123456789");
	return !*p;
}

/* Whether @text is made of the characters a URI may hold (RFC 3986). */
static bool is_uri_text(const char *text)
{
	for (; *text; text++)
		if (!isalnum((unsigned char)*text) && !strchr("-._~:/?#[]@!$&'()*+,;=%", *text))
			return false;
	return true;
}

static bool kcidb_form_ok(const char *value, enum kcidb_form form)
{
	switch (form) {
	case KCIDB_ORIGIN:
		return all_of(value, "abcdefghijklmnopqrstuvwxyz0123456789_");
	case KCIDB_URL:
		return !strncmp(value, "https://", 8) && value[8] && is_uri_text(value);
	case KCIDB_HASH:
		return strlen(value) == 40 && all_of(value, "0123456789abcdef");
	case KCIDB_SECONDS:
		return is_seconds(value);
	case KCIDB_TIME:
		return is_rfc3339(value);
	default:
		return true;
	}
}

/*
 * Fills @info from the environment and the console's @hash; says what is
 * wrong with a setting and returns -1 if one is not what the schema takes.
 */
static int kcidb_from_environment(struct ktap_kcidb *info, unsigned long long hash,
				  const char *arch, const char *prog)
{
	const struct kcidb_setting *setting;
	const char *value, *run_id = NULL;
	static char architecture[32];
	size_t i;

	info->origin = "local";
	info->prefix = "kunit";
	for (setting = kcidb_settings; setting < kcidb_settings + ARRAY_SIZE(kcidb_settings);
	     setting++) {
		value = getenv(setting->variable);
		if (!value || !*value)
			continue;
		if (!kcidb_form_ok(value, setting->form)) {
			fprintf(stderr,
				"%s: %s=\"%s\": not valid in a KCIDB report; it must be %s\n",
				prog, setting->variable, value, setting->help);
			return -1;
		}
		if (setting->run_id)
			run_id = value;
		else
			*(const char **)((char *)info + setting->offset) = value;
	}
	/* Two runs whose consoles are the same may differ in what was built. */
	info->run_hash = run_id ? ktap_hash(KTAP_HASH_START, run_id, strlen(run_id)) : hash;
	for (setting = kcidb_settings; setting < kcidb_settings + ARRAY_SIZE(kcidb_settings);
	     setting++) {
		value = getenv(setting->variable);
		if (setting->run_id || !value)
			continue;
		info->run_hash = ktap_hash(info->run_hash, setting->variable,
					   strlen(setting->variable) + 1);
		info->run_hash = ktap_hash(info->run_hash, value, strlen(value) + 1);
	}
	/* The kernel's name for it, as the schema spells it: x86_64, arm64, um. */
	for (i = 0; arch[i] && i + 1 < sizeof(architecture); i++)
		architecture[i] = tolower((unsigned char)arch[i]);
	architecture[i] = '\0';
	if (arch[i] || !all_of(architecture, "abcdefghijklmnopqrstuvwxyz0123456789_")) {
		fprintf(stderr, "%s: --arch=%s: not an architecture's name ([a-z0-9_]+)\n",
			prog, arch);
		return -1;
	}
	info->architecture = architecture;
	return 0;
}

static void print_usage(FILE *out, const char *prog)
{
	size_t i;

	fprintf(out, "Usage: %s [OPTION]... CONSOLE\n"
		"Summarise the KUnit results in a console log, and write them to files:\n"
		"  --ktap=FILE     as one KTAP document\n"
		"  --kselftest=FILE  the same, nested with \"# \" as a kselftest program prints it\n"
		"  --results=FILE  one \"suite.case RESULT\" line per result\n"
		"  --tree=FILE     one \"suite.case<TAB>VERDICT\" line per test, at every depth\n"
		"  --junit=FILE    as JUnit XML (Jenkins, GitLab)\n"
		"  --json=FILE     as kunit.py --json writes them (KernelCI)\n"
		"  --kcidb=FILE    as a KCIDB report (schema v5.3), for KernelCI's database\n"
		"  --kselftest-tap=FILE  add to the KCIDB report what run_kselftest.sh printed\n"
		"                  in FILE, as tests kselftest.<dir>.<program>...\n"
		"  --arch=ARCH     the architecture named in the JSON and KCIDB reports\n"
		"                  (default UM, as kunit.py)\n"
		"  --color=auto|always|never\n"
		"  --failed        print only the suites that failed, and the summary line\n"
		"  --summary       print only the summary line (and why a run failed outside\n"
		"                  its tests)\n"
		"CONSOLE - reads standard input.\n"
		"Exit 0 if none failed, 1 if one did or none was found, 2 for a usage error\n"
		"or a KCIDB setting that KCIDB's schema refuses.\n"
		"\nThe KCIDB report's settings come from the environment:\n",
		prog);
	for (i = 0; i < ARRAY_SIZE(kcidb_settings); i++)
		fprintf(out, "  %-23s %s\n", kcidb_settings[i].variable, kcidb_settings[i].help);
}

static const char *json_arch = "UM";

static int write_json(const struct ktap_run *run, FILE *out)
{
	return ktap_write_json(run, out, json_arch);
}

static const struct ktap_kcidb *kcidb_info;

static int write_kcidb(const struct ktap_run *run, FILE *out)
{
	return ktap_write_kcidb(run, out, kcidb_info);
}

/* The files a run can be written to, in the order they are written. */
enum report_file_kind {
	REPORT_KTAP,
	REPORT_KSELFTEST,
	REPORT_JUNIT,
	REPORT_JSON,
	REPORT_KCIDB,
	REPORT_RESULTS,
	REPORT_TREE,
	NUM_REPORT_FILES,
};

static struct report_file {
	int (*write)(const struct ktap_run *run, FILE *out);
	const char *path;	/* given on the command line, or NULL */
} report_files[NUM_REPORT_FILES] = {
	[REPORT_KTAP] = { ktap_write_document },
	[REPORT_KSELFTEST] = { ktap_write_kselftest },
	[REPORT_JUNIT] = { ktap_write_junit },
	[REPORT_JSON] = { write_json },
	[REPORT_KCIDB] = { write_kcidb },
	[REPORT_RESULTS] = { write_result_lines },
	[REPORT_TREE] = { ktap_write_tree },
};

/* Writes each file asked for; says which could not be written. */
static int write_report_files(const char *prog, const struct ktap_run *run)
{
	const struct report_file *file;
	int failed = 0;
	FILE *out;

	for (file = report_files; file < report_files + NUM_REPORT_FILES; file++) {
		if (!file->path)
			continue;
		out = fopen(file->path, "w");
		if (!out || file->write(run, out) || fclose(out)) {
			fprintf(stderr, "%s: cannot write %s\n", prog, file->path);
			failed = 1;
		}
	}
	return failed;
}

/* Reads what run_kselftest.sh printed in @file into @output. */
static int read_kselftest(FILE *file, struct ktap_kselftest *output)
{
	char *line = NULL;
	size_t size = 0;
	int err = 0;

	while (!err && getline(&line, &size, file) >= 0)
		err = ktap_kselftest_read_line(output, line);
	free(line);
	if (!err)
		err = ktap_kselftest_finish(output);
	if (!err && ferror(file))
		err = -EIO;
	return err;
}

/* Reads @console through @run, and hashes what it read into @hash. */
static int read_console(struct ktap_run *run, FILE *console, unsigned long long *hash)
{
	char *line = NULL;
	size_t size = 0;
	ssize_t len;
	int err = 0;

	*hash = KTAP_HASH_START;
	while (!err && (len = getline(&line, &size, console)) >= 0) {
		*hash = ktap_hash(*hash, line, len);
		err = ktap_read_line(run, line);
	}
	free(line);
	if (!err && ferror(console))
		err = -EIO;
	return err;
}

static int report(int argc, char **argv)
{
	static const struct option long_options[] = {
		{ "ktap", required_argument, NULL, 'k' },
		{ "kselftest", required_argument, NULL, 's' },
		{ "results", required_argument, NULL, 'r' },
		{ "tree", required_argument, NULL, 't' },
		{ "color", required_argument, NULL, 'c' },
		{ "junit", required_argument, NULL, 'j' },
		{ "json", required_argument, NULL, 'J' },
		{ "kcidb", required_argument, NULL, 'K' },
		{ "kselftest-tap", required_argument, NULL, 'T' },
		{ "arch", required_argument, NULL, 'a' },
		{ "failed", no_argument, NULL, 'f' },
		{ "summary", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char **kcidb_path = &report_files[REPORT_KCIDB].path;
	const char *color_mode = "auto", *kselftest_tap = NULL;
	struct ktap_kselftest kselftest = { 0 };
	FILE *tap;
	bool bad_setting = false;
	struct ktap_kcidb kcidb = { 0 };
	unsigned long long hash;
	struct ktap_counts total = { 0 };
	enum ktap_result verdict;
	struct ktap_run run;
	int opt, err, failed = 0;
	FILE *console;
	size_t i;

	while ((opt = getopt_long(argc, argv, "k:s:r:t:c:j:J:K:T:a:fSh", long_options, NULL)) != -1) {
		switch (opt) {
		case 'f':
			print_mode = PRINT_FAILED;
			break;
		case 'S':
			print_mode = PRINT_SUMMARY;
			break;
		case 'k':
			report_files[REPORT_KTAP].path = optarg;
			break;
		case 'r':
			report_files[REPORT_RESULTS].path = optarg;
			break;
		case 't':
			report_files[REPORT_TREE].path = optarg;
			break;
		case 'c':
			color_mode = optarg;
			break;
		case 'j':
			report_files[REPORT_JUNIT].path = optarg;
			break;
		case 'J':
			report_files[REPORT_JSON].path = optarg;
			break;
		case 's':
			report_files[REPORT_KSELFTEST].path = optarg;
			break;
		case 'T':
			kselftest_tap = optarg;
			break;
		case 'K':
			*kcidb_path = optarg;
			break;
		case 'a':
			json_arch = optarg;
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
	err = read_console(&run, console, &hash);
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

	/* A bad setting loses the KCIDB report only; the exit status says so. */
	if (*kcidb_path && kcidb_from_environment(&kcidb, hash, json_arch, argv[0])) {
		*kcidb_path = NULL;
		bad_setting = true;
	}
	if (*kcidb_path && kselftest_tap) {
		tap = fopen(kselftest_tap, "r");
		err = tap ? read_kselftest(tap, &kselftest) : -errno;
		if (tap)
			fclose(tap);
		if (err) {
			fprintf(stderr, "%s: %s: %s\n", argv[0], kselftest_tap, strerror(-err));
			*kcidb_path = NULL;
			failed = 1;
		}
		kcidb.programs = kselftest.programs;
		kcidb.num_programs = kselftest.count;
	}
	kcidb_info = &kcidb;
	failed |= write_report_files(argv[0], &run);
	if (failed) {
		ktap_run_free(&run);
		ktap_kselftest_free(&kselftest);
		return 1;
	}

	for (i = 0; i < run.num_suites; i++)
		print_suite(run.suites[i], &total);
	for (i = 0; i < run.errors.count && print_mode != PRINT_SUMMARY; i++)
		printf("%s%s%s\n", color(KTAP_FAIL), run.errors.line[i], no_color());
	for (i = 0; i < run.num_documents && print_mode != PRINT_SUMMARY; i++)
		print_lines(&run.documents[i]->problems, 0, "document problem: ");

	verdict = ktap_run_verdict(&run);
	if (!run.num_suites) {
		printf("%sno KUnit results in %s: the kernel has no KUnit, ran no suite, or died before%s\n",
		       color(KTAP_FAIL), argv[optind], no_color());
		ktap_run_free(&run);
		ktap_kselftest_free(&kselftest);
		return bad_setting ? 2 : 1;
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
	ktap_kselftest_free(&kselftest);
	if (bad_setting)
		return 2;
	return verdict == KTAP_FAIL || verdict == KTAP_NONE ? 1 : 0;
}

/*
 * The summary that did not reach standard output (a full disk, a closed
 * descriptor) fails the run as a report file that cannot be written does.
 */
int main(int argc, char **argv)
{
	int status = report(argc, argv), err = 0;

	if (fflush(stdout))
		err = errno;
	if (!err && !ferror(stdout))
		return status;
	/* stdio keeps no errno for a write that failed before. */
	fprintf(stderr, "%s: cannot write to standard output%s%s\n", argv[0], err ? ": " : "",
		err ? strerror(err) : "");
	return status ? status : 1;
}
