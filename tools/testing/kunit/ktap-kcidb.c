// SPDX-License-Identifier: GPL-2.0
/*
 * A KUnit run as a KCIDB report (schema v5.3): the JSON that the kernel's
 * CI systems submit to KernelCI's common database.  One checkout (the
 * source), one build (the kernel), and a test object per suite, case and
 * parameter, at every depth, plus "boot" for a kernel's console.
 *
 * A test's path is "kunit.suite.case.param": each name is mapped onto the
 * path alphabet [A-Za-z0-9_-] (any other byte, and any run of them, is
 * one '_'), and a name that maps onto one its siblings already took gets
 * "-2", "-3"... so that no two tests share a path.  Ids are the origin,
 * a hash of the run, and the path: converting one run twice gives the
 * same ids; two runs share none unless their consoles and settings are
 * the same, which KCIDB_RUN_ID tells apart (make run sets it).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ktap-report.h"

/* The schema's limit on a log_excerpt, in characters. */
#define KCIDB_EXCERPT_MAX	16384
/* What stands for the lines a log_excerpt leaves out. */
#define KCIDB_EXCERPT_CUT	"[...]\n"

/* Where the writer is: the report, and the ids it gives. */
struct kcidb_writer {
	FILE *out;
	const struct ktap_kcidb *info;
	const struct ktap_run *run;
	char hash[17];		/* the run's hash, in hex */
	bool first_test;
};

/* ,"key": "value" -- only when there is a value. */
static void write_field(FILE *out, const char *key, const char *value)
{
	if (!value || !*value)
		return;
	fprintf(out, ",\n\t\t\"%s\": ", key);
	ktap_write_json_string(out, value);
}

/* A field of an object, and where its value is in struct ktap_kcidb. */
struct kcidb_field {
	const char *key;
	size_t offset;
};

#define KCIDB_FIELD(key, member)	{ key, offsetof(struct ktap_kcidb, member) }

static const struct kcidb_field checkout_fields[] = {
	KCIDB_FIELD("tree_name", tree_name),
	KCIDB_FIELD("git_repository_url", git_url),
	KCIDB_FIELD("git_repository_branch", git_branch),
	KCIDB_FIELD("git_commit_hash", git_commit),
	KCIDB_FIELD("git_commit_name", git_commit_name),
	KCIDB_FIELD("start_time", start_time),
	KCIDB_FIELD("comment", checkout_comment),
};

static const struct kcidb_field build_fields[] = {
	KCIDB_FIELD("architecture", architecture),
	KCIDB_FIELD("config_name", config_name),
	KCIDB_FIELD("compiler", compiler),
	KCIDB_FIELD("command", build_command),
	KCIDB_FIELD("start_time", start_time),
};

static void write_fields(FILE *out, const struct ktap_kcidb *info,
			 const struct kcidb_field *fields, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		write_field(out, fields[i].key,
			    *(const char * const *)((const char *)info + fields[i].offset));
}

static bool in_path_alphabet(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-';
}

/*
 * @name in the path alphabet: a run of other bytes is one '_', dropped at
 * either end; "unnamed" if nothing is left.  Returns NULL without memory.
 */
static char *fold_name(const char *name)
{
	size_t len = strlen(name), i, j = 0;
	char *folded = malloc(len + sizeof("unnamed"));
	bool replaced = false;

	if (!folded)
		return NULL;
	for (i = 0; i < len; i++) {
		if (in_path_alphabet(name[i])) {
			if (replaced && j)
				folded[j++] = '_';
			folded[j++] = name[i];
			replaced = false;
		} else {
			replaced = true;
		}
	}
	folded[j] = '\0';
	if (!j)
		memcpy(folded, "unnamed", sizeof("unnamed"));
	return folded;
}

/* Whether KUnit said that @test stopped before its end. */
static bool stopped_early(const struct ktap_test *test)
{
	static const char * const stops[] = {
		/* This KUnit's words, in the kernel and in userspace. */
		": timed out after ", ": crashed: ",
		/* Stock KUnit's. */
		": try timed out", ": try faulted",
	};
	size_t i, j;

	for (i = 0; i < test->log.count; i++)
		for (j = 0; j < ARRAY_SIZE(stops); j++)
			if (strstr(test->log.line[i], stops[j]))
				return true;
	return false;
}

/*
 * The status of @test: PASS, SKIP, FAIL; ERROR for a test that did not
 * complete (it crashed, timed out, or its output stops in it); MISS for
 * one that never ran.  @missing_index is which number of a missing range
 * this is: its first, in a test whose output was cut short, is the one
 * that was running when it was; the others never ran.
 */
static const char *status_of(const struct ktap_test *test, const struct ktap_test *parent,
			     long missing_index)
{
	switch (test->verdict) {
	case KTAP_PASS:
		return "PASS";
	case KTAP_SKIP:
		return "SKIP";
	case KTAP_NONE:
		return "MISS";
	default:
		break;
	}
	if (test->result == KTAP_MISSING)
		return !missing_index && parent && parent->result == KTAP_UNFINISHED &&
		       parent->subtests[parent->num_subtests - 1] == test ? "ERROR" : "MISS";
	if (test->result == KTAP_UNFINISHED || stopped_early(test))
		return "ERROR";
	return "FAIL";
}

/* Appends @lines to @text without the indentation they share. */
static void add_lines(FILE *text, const struct ktap_lines *lines, size_t from)
{
	size_t i, common = (size_t)-1, spaces;

	for (i = from; i < lines->count; i++) {
		spaces = strspn(lines->line[i], " ");
		if (lines->line[i][spaces] && spaces < common)
			common = spaces;
	}
	for (i = from; i < lines->count; i++) {
		spaces = strspn(lines->line[i], " ");
		fprintf(text, "%s\n", lines->line[i] + (spaces < common ? spaces : common));
	}
}

/*
 * Writes @text as a log_excerpt: the schema allows KCIDB_EXCERPT_MAX
 * characters, so a longer text keeps its end (where a failure's last
 * words are), from a line's start where it can, never inside a UTF-8
 * sequence.  Each byte written is at most one character.
 */
static void write_excerpt(FILE *out, const char *text, size_t len)
{
	size_t keep = KCIDB_EXCERPT_MAX - strlen(KCIDB_EXCERPT_CUT);
	const char *start = text, *line;

	if (!len)
		return;
	if (len > KCIDB_EXCERPT_MAX) {
		start = text + len - keep;
		line = memchr(start, '\n', text + len - start);
		if (line && line + 1 < text + len)
			start = line + 1;
		while (((unsigned char)*start & 0xc0) == 0x80)
			start++;
	}
	fputs(",\n\t\t\"log_excerpt\": \"", out);
	if (start != text)
		ktap_write_text(out, KCIDB_EXCERPT_CUT, false);
	ktap_write_text(out, start, false);
	fputc('"', out);
}

/* What @test printed, and what went wrong with it, as one text. */
static void write_test_excerpt(FILE *out, const struct ktap_test *test)
{
	char *text = NULL;
	size_t len = 0, i;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		return;
	add_lines(mem, &test->log, 0);
	if (test->num_subtests)
		add_lines(mem, &test->trailer, 0);
	for (i = 0; i < test->problems.count; i++)
		fprintf(mem, "%s\n", test->problems.line[i]);
	if (test->result == KTAP_UNFINISHED || test->reported)
		add_lines(mem, &test->noise, 0);
	if (!fclose(mem))
		write_excerpt(out, text, len);
	free(text);
}

static void begin_test(struct kcidb_writer *writer, const char *path, const char *status)
{
	FILE *out = writer->out;
	const struct ktap_kcidb *info = writer->info;

	fputs(writer->first_test ? "\n\t{" : ",\n\t{", out);
	writer->first_test = false;
	fprintf(out, "\n\t\t\"id\": \"%s:%s.%s\"", info->origin, writer->hash, path);
	fprintf(out, ",\n\t\t\"origin\": \"%s\"", info->origin);
	fprintf(out, ",\n\t\t\"build_id\": \"%s:%s\"", info->origin, writer->hash);
	fprintf(out, ",\n\t\t\"path\": \"%s\"", path);
	fprintf(out, ",\n\t\t\"status\": \"%s\"", status);
	if (info->environment && *info->environment) {
		fputs(",\n\t\t\"environment\": {\"comment\": ", out);
		ktap_write_json_string(out, info->environment);
		fputc('}', out);
	}
}

static int write_tests(struct kcidb_writer *writer, const struct ktap_test *parent,
		       struct ktap_test * const *tests, size_t count, const char *prefix);

/* The document that holds suite @suite. */
static const struct ktap_test *document_of(const struct ktap_run *run,
					   const struct ktap_test *suite)
{
	size_t i, j;

	for (i = 0; i < run->num_documents; i++)
		for (j = 0; j < run->documents[i]->num_subtests; j++)
			if (run->documents[i]->subtests[j] == suite)
				return run->documents[i];
	return NULL;
}

/*
 * Writes test @test (of @parent), which @name names in the path below
 * @prefix; @missing_index is which number of a missing range it is.
 */
static int write_test(struct kcidb_writer *writer, const struct ktap_test *parent,
		      const struct ktap_test *test, const char *name, long missing_index,
		      const char *prefix)
{
	size_t size = strlen(prefix) + strlen(name) + 2;
	char *path = malloc(size);
	FILE *out = writer->out;
	int err;

	if (!path)
		return -ENOMEM;
	snprintf(path, size, "%s.%s", prefix, name);
	begin_test(writer, path, status_of(test, parent ? parent : document_of(writer->run, test),
					   missing_index));
	fputs(",\n\t\t\"misc\": {", out);
	if (test->result == KTAP_MISSING) {
		fprintf(out, "\"ktap_number\": %ld, \"never_reported\": true",
			test->number + missing_index);
	} else {
		fprintf(out, "\"ktap_number\": %ld, \"ktap_name\": ", test->number);
		ktap_write_json_string(out, ktap_test_name(test));
		if (test->verdict == KTAP_SKIP && test->reason && *test->reason) {
			fputs(", \"skip_reason\": ", out);
			ktap_write_json_string(out, test->reason);
		}
	}
	fputc('}', out);
	/* Where the console had printk timestamps. */
	if (test->start >= 0 && test->end >= test->start)
		fprintf(out, ",\n\t\t\"duration\": %.6f", test->end - test->start);
	if (test->result != KTAP_MISSING)
		write_test_excerpt(out, test);
	fputs("\n\t}", out);
	err = write_tests(writer, test, test->subtests, test->num_subtests, path);
	free(path);
	return err;
}

/*
 * The path part of one test among its siblings: its name folded, unique
 * among theirs.  NULL without memory.
 */
static char *path_part(struct ktap_names *siblings, const struct ktap_test *test, long index)
{
	char buf[48];
	char *folded = fold_name(ktap_written_name(test, index, buf, sizeof(buf)));
	char *unique = folded ? ktap_names_unique(siblings, folded) : NULL;

	free(folded);
	return unique;
}

/* Writes @count tests, the subtests of @parent (or NULL), below @prefix. */
static int write_tests(struct kcidb_writer *writer, const struct ktap_test *parent,
		       struct ktap_test * const *tests, size_t count, const char *prefix)
{
	struct ktap_names siblings = { 0 };
	char *name;
	size_t i;
	long j;
	int err = 0;

	for (i = 0; i < count && !err; i++) {
		for (j = 0; j < (long)ktap_written_count(tests[i]) && !err; j++) {
			name = path_part(&siblings, tests[i], j);
			if (!name)
				err = -ENOMEM;
			else
				err = write_test(writer, parent, tests[i], name, j, prefix);
			free(name);
		}
	}
	ktap_names_free(&siblings);
	return err;
}

/* The status of a kselftest program: the runner's, failed by its results. */
static const char *program_status(const struct ktap_kselftest_program *program)
{
	enum ktap_result verdict = ktap_kselftest_verdict(program);

	if (program->status == KTAP_UNFINISHED)
		return "ERROR";
	if (verdict == KTAP_FAIL)
		return "FAIL";
	return verdict == KTAP_SKIP ? "SKIP" : "PASS";
}

/*
 * The kselftest programs, "kselftest.<collection>.<name>", each with its
 * suites below it.
 */
static int write_programs(struct kcidb_writer *writer)
{
	const struct ktap_kcidb *info = writer->info;
	const struct ktap_run *run = writer->run;
	const struct ktap_kselftest_program *program;
	char *collection, *name, *path, *text = NULL;
	struct ktap_names programs = { 0 };
	size_t i, size, len = 0;
	int err = 0;
	FILE *mem;

	for (i = 0; i < info->num_programs && !err; i++) {
		program = &info->programs[i];
		collection = fold_name(program->collection);
		name = fold_name(program->name);
		size = collection && name ? strlen(collection) + strlen(name) + 12 : 0;
		path = size ? malloc(size) : NULL;
		if (path)
			snprintf(path, size, "kselftest.%s.%s", collection, name);
		free(collection);
		free(name);
		name = path ? ktap_names_unique(&programs, path) : NULL;
		free(path);
		if (!name) {
			err = -ENOMEM;
			break;
		}
		begin_test(writer, name, program_status(program));
		mem = open_memstream(&text, &len);
		if (mem) {
			if (program->line)
				fprintf(mem, "%s\n", program->line);
			add_lines(mem, &program->run.errors, 0);
			if (!fclose(mem))
				write_excerpt(writer->out, text, len);
			free(text);
			text = NULL;
		}
		fputs("\n\t}", writer->out);
		writer->run = &program->run;
		err = write_tests(writer, NULL, program->run.suites, program->run.num_suites, name);
		writer->run = run;
		free(name);
	}
	ktap_names_free(&programs);
	return err;
}

/* The test that says whether the kernel ran its tests to the end. */
static void write_boot(struct kcidb_writer *writer, const struct ktap_run *run)
{
	char *text = NULL;
	size_t len = 0, i, j;
	FILE *mem;

	begin_test(writer, "boot", ktap_run_failed_outside(run) ? "FAIL" : "PASS");
	mem = open_memstream(&text, &len);
	if (mem) {
		add_lines(mem, &run->errors, 0);
		for (i = 0; i < run->num_documents; i++)
			for (j = 0; j < run->documents[i]->problems.count; j++)
				fprintf(mem, "KTAP document %zu: %s\n", i + 1,
					run->documents[i]->problems.line[j]);
		if (!fclose(mem))
			write_excerpt(writer->out, text, len);
		free(text);
	}
	fputs("\n\t}", writer->out);
}

static void write_checkout(struct kcidb_writer *writer)
{
	const struct ktap_kcidb *info = writer->info;
	FILE *out = writer->out;

	fprintf(out, "\t\"checkouts\": [{\n\t\t\"id\": \"%s:%s\"", info->origin, writer->hash);
	fprintf(out, ",\n\t\t\"origin\": \"%s\"", info->origin);
	write_fields(out, info, checkout_fields, ARRAY_SIZE(checkout_fields));
	fputs(",\n\t\t\"valid\": true\n\t}],\n", out);
}

static void write_build(struct kcidb_writer *writer)
{
	const struct ktap_kcidb *info = writer->info;
	FILE *out = writer->out;

	fprintf(out, "\t\"builds\": [{\n\t\t\"id\": \"%s:%s\"", info->origin, writer->hash);
	fprintf(out, ",\n\t\t\"origin\": \"%s\"", info->origin);
	fprintf(out, ",\n\t\t\"checkout_id\": \"%s:%s\"", info->origin, writer->hash);
	write_fields(out, info, build_fields, ARRAY_SIZE(build_fields));
	if (info->build_duration && *info->build_duration)
		fprintf(out, ",\n\t\t\"duration\": %s", info->build_duration);
	/* Its kernel ran, so it built. */
	fputs(",\n\t\t\"status\": \"PASS\"\n\t}],\n", out);
}

/**
 * ktap_write_kcidb() - write a run as a KCIDB report
 * @run: a finished run.
 * @out: where to write.
 * @info: who reports it and what was built; its strings must be valid for
 *	  the schema (see struct ktap_kcidb).
 *
 * Tests get PASS, FAIL or SKIP from their verdicts, ERROR when they did
 * not complete (crashed, timed out, cut short), MISS when they never ran;
 * a run without any result is a test "kunit" that is MISS.  Errors outside
 * the suites fail the test "boot", written for a kernel's console.
 *
 * Return: 0, -ENOMEM or -EIO.
 */
int ktap_write_kcidb(const struct ktap_run *run, FILE *out, const struct ktap_kcidb *info)
{
	static const char no_results[] =
		"no KUnit results: the kernel has no KUnit, ran no suite, or died before\n";
	struct kcidb_writer writer = { .out = out, .info = info, .run = run, .first_test = true };
	int err;

	snprintf(writer.hash, sizeof(writer.hash), "%016llx", (unsigned long long)info->run_hash);
	fputs("{\n\t\"version\": {\"major\": 5, \"minor\": 3},\n", out);
	write_checkout(&writer);
	write_build(&writer);
	fputs("\t\"tests\": [", out);
	if (run->kernel_console || ktap_run_failed_outside(run))
		write_boot(&writer, run);
	if (!run->num_suites) {
		begin_test(&writer, info->prefix, "MISS");
		write_excerpt(out, no_results, strlen(no_results));
		fputs("\n\t}", out);
	}
	err = write_tests(&writer, NULL, run->suites, run->num_suites, info->prefix);
	if (!err)
		err = write_programs(&writer);
	fputs("\n\t]\n}\n", out);
	if (err)
		return err;
	return ferror(out) ? -EIO : 0;
}
