// SPDX-License-Identifier: GPL-2.0
/*
 * A libFuzzer harness for the KTAP reader and every writer of
 * tools/testing/selftests/kunit: reads any bytes as a console, then checks
 * what must hold whatever the input:
 *
 *  - a verdict is one of PASS, FAIL, SKIP, NONE, and failures are counted
 *    exactly when it is FAIL (or errors outside the tests make it so);
 *  - the KTAP document written from the run, read again, gives the same
 *    verdict and, when no missing range was cut short, the same counts:
 *    the writer never turns a failure into a pass, or the reverse;
 *  - the kselftest document, the JUnit XML and the JSON are valid UTF-8
 *    without non-characters, and the XML holds no control character that
 *    XML 1.0 forbids.
 *
 * Sanitizers (address, undefined, leaks) catch the rest.  Built and run by
 * tests/68-fuzz.sh and make fuzz.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap-report.h"

#define CHECK(cond, what)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "ktap-fuzz: %s\n", what);	\
			abort();					\
		}							\
	} while (0)

/* Whether @text (@len bytes) is valid UTF-8 without non-characters. */
static bool valid_utf8(const unsigned char *text, size_t len, bool xml)
{
	size_t i = 0, n, k;
	unsigned int code;

	while (i < len) {
		unsigned char c = text[i];

		if (c < 0x80) {
			if (xml && c < 0x20 && c != '\t' && c != '\n' && c != '\r')
				return false;
			if (!c)
				return false;
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			n = 2, code = c & 0x1f;
		else if (c >= 0xe0 && c <= 0xef)
			n = 3, code = c & 0x0f;
		else if (c >= 0xf0 && c <= 0xf4)
			n = 4, code = c & 0x07;
		else
			return false;
		if (i + n > len)
			return false;
		for (k = 1; k < n; k++) {
			if ((text[i + k] & 0xc0) != 0x80)
				return false;
			code = code << 6 | (text[i + k] & 0x3f);
		}
		if ((n == 3 && code < 0x800) || (n == 4 && code < 0x10000) || code > 0x10ffff ||
		    (code >= 0xd800 && code <= 0xdfff) || (code & 0xfffe) == 0xfffe ||
		    (code >= 0xfdd0 && code <= 0xfdef))
			return false;
		i += n;
	}
	return true;
}

static bool has_long_missing_range(const struct ktap_test *test)
{
	size_t i;

	if (test->result == KTAP_MISSING && test->missing > 1000)
		return true;
	for (i = 0; i < test->num_subtests; i++)
		if (has_long_missing_range(test->subtests[i]))
			return true;
	return false;
}

static void count_suites(struct ktap_counts *counts, const struct ktap_run *run)
{
	size_t i;

	memset(counts, 0, sizeof(*counts));
	for (i = 0; i < run->num_suites; i++)
		ktap_count(counts, run->suites[i]);
}

static void read_text(struct ktap_run *run, const char *text, size_t len)
{
	FILE *in = fmemopen((void *)text, len, "r");

	ktap_run_init(run);
	if (in) {
		CHECK(!ktap_read_file(run, in), "reading failed");
		fclose(in);
	}
	CHECK(!ktap_run_finish(run), "finishing failed");
}

/* Writes with @write into memory; returns the text, its length in @len. */
static char *write_out(const struct ktap_run *run, int (*write)(const struct ktap_run *, FILE *),
		       size_t *len)
{
	char *text = NULL;
	FILE *out = open_memstream(&text, len);

	CHECK(out, "open_memstream");
	CHECK(!write(run, out), "a writer failed");
	fclose(out);
	return text;
}

static int write_json(const struct ktap_run *run, FILE *out)
{
	return ktap_write_json(run, out, "x86_64");
}

static int write_kcidb(const struct ktap_run *run, FILE *out)
{
	const struct ktap_kcidb info = {
		.origin = "fuzz", .prefix = "kunit", .run_hash = KTAP_HASH_START,
		.architecture = "x86_64",
	};

	return ktap_write_kcidb(run, out, &info);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ktap_counts counts = { 0 }, again_counts = { 0 };
	struct ktap_run run, again;
	enum ktap_result verdict;
	size_t i, len;
	bool long_range = false;
	char *text;

	read_text(&run, (const char *)data, size);
	verdict = ktap_run_verdict(&run);
	CHECK(verdict == KTAP_PASS || verdict == KTAP_FAIL || verdict == KTAP_SKIP ||
	      verdict == KTAP_NONE, "a verdict out of range");
	ktap_count_run(&counts, &run);
	CHECK(!counts.failed || verdict == KTAP_FAIL, "failures counted, but no FAIL verdict");
	for (i = 0; i < run.num_documents; i++) {
		CHECK(run.documents[i]->verdict != KTAP_FAIL || verdict == KTAP_FAIL,
		      "a failed document, but no FAIL verdict");
		long_range |= has_long_missing_range(run.documents[i]);
	}

	text = write_out(&run, ktap_write_document, &len);
	read_text(&again, text, len);
	CHECK(ktap_run_verdict(&again) == verdict, "the written document reads another verdict");
	/* The same results, and one failed test more for errors outside the suites. */
	count_suites(&counts, &run);
	count_suites(&again_counts, &again);
	CHECK(long_range || (again_counts.passed == counts.passed &&
			     again_counts.failed == counts.failed + ktap_run_failed_outside(&run) &&
			     again_counts.skipped == counts.skipped),
	      "the written document counts other results");
	ktap_run_free(&again);
	free(text);

	text = write_out(&run, ktap_write_kselftest, &len);
	free(text);
	text = write_out(&run, ktap_write_tree, &len);
	free(text);
	text = write_out(&run, ktap_write_junit, &len);
	CHECK(valid_utf8((unsigned char *)text, len, true), "JUnit XML with a forbidden character");
	free(text);
	text = write_out(&run, write_json, &len);
	CHECK(valid_utf8((unsigned char *)text, len, false), "JSON that is not UTF-8");
	free(text);
	text = write_out(&run, write_kcidb, &len);
	CHECK(valid_utf8((unsigned char *)text, len, false), "a KCIDB report that is not UTF-8");
	free(text);

	ktap_run_free(&run);
	return 0;
}
