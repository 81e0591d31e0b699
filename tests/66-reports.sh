# SPDX-License-Identifier: GPL-2.0
# The reports that CI systems read: a KCIDB report that validates against
# KCIDB's schema, kselftest output whose names survive the line-based CI
# parsers that flatten it, and five formats that agree on one run.
. tests/lib.sh

report=$BUILD/host/kunit-report
reports=tests/ktap/reports.py

# A console: a kernel's banner, the fixtures' failures, crashes, timeouts,
# skips and repeated names, and a suite the kernel died in.
{
	echo "Linux version 6.1.0 (fixture console)"
	for fixture in verdicts crashes timeouts all-skipped same-names; do
		"$USER_BUILD/fixtures/$fixture" --timeout=1
	done
	printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: dies" \
		"    1..4" "    ok 1 first" "BUG: kernel NULL pointer dereference, address: 0" \
		"Kernel panic - not syncing: Fatal exception"
} > "$SCRATCH/console.log" 2>&1

KCIDB_RUN_ID=fixture "$report" --color=never --ktap="$SCRATCH/out.ktap" \
	--kselftest="$SCRATCH/out.kselftest" --junit="$SCRATCH/out.xml" \
	--json="$SCRATCH/out.json" --kcidb="$SCRATCH/out.kcidb.json" --arch=x86_64 \
	"$SCRATCH/console.log" > "$SCRATCH/summary" 2>&1
expect_status 1 $? "kunit-report writes every format of a failing console, and fails"

# KCIDB: valid, ids and paths unique, statuses faithful.
"$SCHEMA_PYTHON" "$reports" kcidb "$SCRATCH/out.kcidb.json" ${KCIDB_SCHEMA_ARG:+"$KCIDB_SCHEMA_ARG"} > "$SCRATCH/kcidb" 2>&1
expect_status 0 $? "the KCIDB report can be read"
have_kcidb_schema "the KCIDB report validates against the schema" &&
	expect_line "$SCRATCH/kcidb" "valid: schema v5.3" "it validates against KCIDB's schema v5.3"
expect_line "$SCRATCH/kcidb" "problems: 0" "its ids and paths are unique, its excerpts within the limit"
expect_line "$SCRATCH/kcidb" "boot FAIL" "the panic fails the boot"
expect_line "$SCRATCH/kcidb" "kunit.forged.forged_results FAIL" "a failed case is FAIL"
expect_line "$SCRATCH/kcidb" "kunit.crashes.null_dereference ERROR" "a crashed case is ERROR"
expect_line "$SCRATCH/kcidb" "kunit.case-timeouts.hangs ERROR" "a case that timed out is ERROR"
expect_line "$SCRATCH/kcidb" "kunit.all-skipped.skips SKIP" "a skipped case is SKIP"
expect_line "$SCRATCH/kcidb" "kunit.crashes.after_crash PASS" "a passing case is PASS"
expect_line "$SCRATCH/kcidb" "kunit.crashes.after_crash-2 PASS" \
	"a name repeated in one suite gets a path of its own"
expect_line "$SCRATCH/kcidb" "kunit.crashes.crashes_on_two.value_2 ERROR" \
	"a parameter is a test of its own, its description in the path alphabet"
expect_line "$SCRATCH/kcidb" "kunit.dies ERROR" "the suite the kernel died in is ERROR"
expect_line "$SCRATCH/kcidb" "kunit.dies.missing_2 ERROR" \
	"the case that was running when the kernel died is ERROR"
expect_line "$SCRATCH/kcidb" "kunit.dies.missing_4 MISS" "the cases that never ran are MISS"
python3 - "$SCRATCH/out.kcidb.json" > "$SCRATCH/fields" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
build = report['builds'][0]
print('architecture', build.get('architecture'))
print('build checkout', build['checkout_id'] == report['checkouts'][0]['id'])
print('tests build', all(t['build_id'] == build['id'] for t in report['tests']))
print('origins', sorted({o['origin'] for k in ('checkouts', 'builds', 'tests') for o in report[k]}))
for test in report['tests']:
    if test['path'] == 'kunit.forged.forged_results':
        print('excerpt', repr(test.get('log_excerpt', '')[:60]))
PY
expect_line "$SCRATCH/fields" "architecture x86_64" "the build names the architecture"
expect_line "$SCRATCH/fields" "build checkout True" "the build refers to the checkout"
expect_line "$SCRATCH/fields" "tests build True" "every test refers to the build"
expect_line "$SCRATCH/fields" "origins ['local']" "the default origin is a neutral one"
if grep -q "^excerpt '# forged_results: " "$SCRATCH/fields"; then
	pass "a failed case's log is its log_excerpt"
else
	fail "no log_excerpt for the failed case"
	show "$SCRATCH/fields"
fi

# Ids: the same run twice gives the same; another run, or origin, others.
KCIDB_RUN_ID=fixture "$report" --kcidb="$SCRATCH/again.json" "$SCRATCH/console.log" \
	> /dev/null 2>&1
sed -e 's/"x86_64"/"um"/' "$SCRATCH/out.kcidb.json" | cmp -s - "$SCRATCH/again.json"
expect_status 0 $? "converting the same run twice gives the same report, ids included"
"$report" --kcidb="$SCRATCH/hash1.json" "$SCRATCH/console.log" > /dev/null 2>&1
"$report" --kcidb="$SCRATCH/hash2.json" "$SCRATCH/console.log" > /dev/null 2>&1
cmp -s "$SCRATCH/hash1.json" "$SCRATCH/hash2.json"
expect_status 0 $? "without KCIDB_RUN_ID, the console's contents make the same ids"
if cmp -s "$SCRATCH/hash1.json" "$SCRATCH/again.json"; then
	fail "two run ids gave the same ids"
else
	pass "another KCIDB_RUN_ID gives other ids"
fi
KCIDB_ORIGIN=my_lab "$report" --kcidb="$SCRATCH/origin.json" "$SCRATCH/console.log" \
	> /dev/null 2>&1
if grep -q '"id": "my_lab:' "$SCRATCH/origin.json" && ! grep -q '"local' "$SCRATCH/origin.json"; then
	pass "KCIDB_ORIGIN sets the origin and the ids' prefix"
else
	fail "KCIDB_ORIGIN is not used"
fi
KCIDB_ORIGIN="My Lab" "$report" --kcidb="$SCRATCH/bad.json" --ktap="$SCRATCH/bad.ktap" \
	"$SCRATCH/console.log" > "$SCRATCH/bad.out" 2> "$SCRATCH/bad.err"
expect_status 2 $? "an origin outside the schema's alphabet is a usage error"
expect_line "$SCRATCH/bad.err" \
	"$report: KCIDB_ORIGIN=\"My Lab\": not valid in a KCIDB report; it must be who submits: [a-z0-9_]+ (default \"local\")" \
	"which says what is wrong"
if [ -s "$SCRATCH/bad.ktap" ] && [ ! -e "$SCRATCH/bad.json" ]; then
	pass "and loses nothing else: the KTAP is written, no invalid report is"
else
	fail "a bad KCIDB setting lost the other outputs, or wrote a report"
fi
for setting in KCIDB_GIT_COMMIT=abc KCIDB_GIT_URL=http://x KCIDB_BUILD_DURATION=-1 \
	KCIDB_START_TIME=yesterday KCIDB_BUILD_DURATION=00 KCIDB_BUILD_DURATION=1. \
	KCIDB_BUILD_DURATION=1e5 KCIDB_START_TIME=2026-02-30T00:00:00Z \
	KCIDB_START_TIME=2025-02-29T00:00:00Z KCIDB_START_TIME=2026-12-04T24:00:00Z \
	KCIDB_START_TIME=2026-12-04T03:00:00+24:00 KCIDB_START_TIME=0000-01-01T00:00:00Z \
	"KCIDB_GIT_URL=https://a/b{c}" "KCIDB_GIT_URL=https://a/$(printf '\001')" \
	"KCIDB_ORIGIN=a-b"; do
	env "$setting" "$report" --kcidb=/dev/null "$SCRATCH/console.log" > /dev/null 2>&1
	expect_status 2 $? "kunit-report refuses $setting"
done
"$report" --kcidb=/dev/null --arch=abcdefghijklmnopqrstuvwxyz01234- "$SCRATCH/console.log" \
	> /dev/null 2>&1
expect_status 2 $? "kunit-report refuses a long --arch with a character the schema refuses"
KCIDB_GIT_COMMIT=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa "$report" --kcidb="$SCRATCH/commit-a.json" \
	"$SCRATCH/console.log" > /dev/null 2>&1
KCIDB_GIT_COMMIT=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb "$report" --kcidb="$SCRATCH/commit-b.json" \
	"$SCRATCH/console.log" > /dev/null 2>&1
if [ "$(sed -n 's/.*"id": "\(local:[0-9a-f]*\)".*/\1/p' "$SCRATCH/commit-a.json" | head -n 1)" = \
     "$(sed -n 's/.*"id": "\(local:[0-9a-f]*\)".*/\1/p' "$SCRATCH/commit-b.json" | head -n 1)" ]; then
	fail "two commits with the same console get the same ids"
else
	pass "two commits with the same console get different ids"
fi
KCIDB_GIT_COMMIT=0123456789abcdef0123456789abcdef01234567 KCIDB_GIT_URL=https://git.example/linux \
	KCIDB_BUILD_DURATION=12.5 KCIDB_START_TIME=2028-02-29T03:00:00.25+01:00 \
	KCIDB_TREE_NAME=mainline KCIDB_COMPILER="gcc 12" KCIDB_CONFIG_NAME=kunit_defconfig \
	KCIDB_ENVIRONMENT="QEMU (tcg)" "$report" --kcidb="$SCRATCH/full.json" "$SCRATCH/console.log" \
	> /dev/null 2>&1
"$SCHEMA_PYTHON" "$reports" kcidb "$SCRATCH/full.json" ${KCIDB_SCHEMA_ARG:+"$KCIDB_SCHEMA_ARG"} > "$SCRATCH/full" 2>&1
expect_status 0 $? "a report with every setting can be read"
have_kcidb_schema "the full KCIDB report validates" &&
	expect_line "$SCRATCH/full" "valid: schema v5.3" "and validates"
if grep -q '"duration": 12.5' "$SCRATCH/full.json" &&
   grep -q '"git_commit_hash": "0123456789abcdef0123456789abcdef01234567"' "$SCRATCH/full.json" &&
   grep -q '"environment": {"comment": "QEMU (tcg)"}' "$SCRATCH/full.json"; then
	pass "the settings reach the checkout, the build and the tests"
else
	fail "settings missing from the report"
fi

# A case whose log is longer than the schema allows keeps its end.
{
	printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: chatty" "    1..1"
	i=0
	while [ $i -lt 600 ]; do
		echo "    # line $i: ééééééééééééééééééééééééééééééééééééééééé"
		i=$((i + 1))
	done
	printf '%s\n' "    not ok 1 talks" "not ok 1 chatty"
} > "$SCRATCH/chatty.log"
"$report" --kcidb="$SCRATCH/chatty.json" "$SCRATCH/chatty.log" > /dev/null 2>&1
"$SCHEMA_PYTHON" "$reports" kcidb "$SCRATCH/chatty.json" ${KCIDB_SCHEMA_ARG:+"$KCIDB_SCHEMA_ARG"} > "$SCRATCH/chatty" 2>&1
expect_line "$SCRATCH/chatty" "problems: 0" "a 33 KB log is cut to the schema's 16384 characters"
python3 -c '
import json, sys
test = [t for t in json.load(open(sys.argv[1]))["tests"] if t["path"] == "kunit.chatty.talks"][0]
sys.exit(0 if test["log_excerpt"].startswith("[...]\n# line ") and
	 test["log_excerpt"].endswith("# line 599: " + "é" * 41 + "\n") else 1)' "$SCRATCH/chatty.json"
expect_status 0 $? "from the start of a line, keeping the last one"

# With printk timestamps, a test's duration: from its header, or from the
# KTAP line before its result, to its result.
printf '%s\n' "[    1.000000] KTAP version 1" "[    1.000000] 1..1" \
	"[    1.500000]     KTAP version 1" "[    1.500000]     # Subtest: timed" \
	"[    1.750000]     1..2" "[    2.000000]     # first: a line" \
	"[    3.250000]     ok 1 first" "[    4.000000]     ok 2 second" \
	"[    4.125000] ok 1 timed" > "$SCRATCH/timed.log"
"$report" --kcidb="$SCRATCH/timed.json" "$SCRATCH/timed.log" > /dev/null 2>&1
expect_valid_kcidb "$SCRATCH/timed.json" "a report with durations is valid"
python3 -c '
import json, sys
for test in json.load(open(sys.argv[1]))["tests"]:
    print(test["path"], test.get("duration"))' "$SCRATCH/timed.json" > "$SCRATCH/timed"
expect_line "$SCRATCH/timed" "kunit.timed 2.625" "a suite's duration runs from its header to its result"
expect_line "$SCRATCH/timed" "kunit.timed.first 1.5" "a case's from its plan to its result"
expect_line "$SCRATCH/timed" "kunit.timed.second 0.75" "the next case's from the result before it"
expect_no_line "$SCRATCH/out.kcidb.json" '"duration"' "a console without timestamps gives no durations"

# Many tests of one name: each gets a path of its own, in linear time.
{
	printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: alike" "    1..3000"
	i=1
	while [ $i -le 3000 ]; do
		echo "    ok $i same"
		i=$((i + 1))
	done
	echo "ok 1 alike"
} > "$SCRATCH/alike.log"
"$report" --kcidb="$SCRATCH/alike.json" --kselftest="$SCRATCH/alike.out" "$SCRATCH/alike.log" \
	> /dev/null 2>&1
expect_valid_kcidb "$SCRATCH/alike.json" "3000 cases of one name make a valid report"
expect_line "$SCRATCH/alike.json.tests" "kunit.alike.same-3000 PASS" "the last is same-3000"
{ echo "# selftests: kunit: alike"; sed -e 's/^/# /' "$SCRATCH/alike.out"; } > "$SCRATCH/alike.tap"
python3 "$reports" flatten "$SCRATCH/alike.tap" > "$SCRATCH/alike.flat"
expect_line "$SCRATCH/alike.flat" "duplicates: 0" "and 3000 distinct names in kselftest's form"

# No results: a test "kunit" that is MISS, not an empty report.
echo "Linux version 6.1.0" > "$SCRATCH/none.log"
"$report" --kcidb="$SCRATCH/none.json" "$SCRATCH/none.log" > /dev/null 2>&1
"$SCHEMA_PYTHON" "$reports" kcidb "$SCRATCH/none.json" ${KCIDB_SCHEMA_ARG:+"$KCIDB_SCHEMA_ARG"} > "$SCRATCH/none" 2>&1
expect_line "$SCRATCH/none" "kunit MISS" "a console without results gives a test that never ran"

# What run_kselftest.sh printed, in the same report: each program a test
# "kselftest.kunit.<program>" with its suites below it.
{
	echo "TAP version 13"
	echo "1..4"
	echo "# selftests: kunit: same-names"
	"$USER_BUILD/fixtures/same-names" --kselftest 2>&1 | sed -e 's/^/# /'
	echo "not ok 1 selftests: kunit: same-names # exit=1"
	echo "# selftests: kunit: all-skipped"
	"$USER_BUILD/fixtures/all-skipped" --kselftest 2>&1 | sed -e 's/^/# /'
	echo "ok 2 selftests: kunit: all-skipped # SKIP"
	echo "# selftests: kunit: says-ok"
	printf '# %s\n' "KTAP version 1" "1..1" "# KTAP version 1" "# # Subtest: lies" "# 1..1" \
		"# not ok 1 fails" "not ok 1 lies"
	echo "ok 3 selftests: kunit: says-ok"
	echo "# selftests: kunit: slow"
	printf '# %s\n' "KTAP version 1" "1..1" "# KTAP version 1" "# # Subtest: slow" "# 1..2" \
		"# ok 1 first"
	echo "not ok 4 selftests: kunit: slow # TIMEOUT 45 seconds"
	echo "# selftests: kunit: cut"
	printf '%s\n' "# KTAP version 1" "# 1..1"
} > "$SCRATCH/run_kselftest.tap"
"$report" --kcidb="$SCRATCH/ksft.json" --kselftest-tap="$SCRATCH/run_kselftest.tap" \
	"$SCRATCH/chatty.log" > /dev/null 2>&1
"$SCHEMA_PYTHON" "$reports" kcidb "$SCRATCH/ksft.json" ${KCIDB_SCHEMA_ARG:+"$KCIDB_SCHEMA_ARG"} > "$SCRATCH/ksft" 2>&1
expect_line "$SCRATCH/ksft" "problems: 0" "a report with run_kselftest.sh's results can be read"
have_kcidb_schema "the KCIDB report with kselftest results validates" &&
	expect_line "$SCRATCH/ksft" "valid: schema v5.3" "and validates"
expect_line "$SCRATCH/ksft" "kunit.chatty.talks FAIL" "the console's results are there"
expect_line "$SCRATCH/ksft" "kselftest.kunit.same-names FAIL" "a program that failed is FAIL"
expect_line "$SCRATCH/ksft" \
	"kselftest.kunit.same-names.same_names_second.same_names_second_checks_value.same_names_second_checks_value_value_2 FAIL" \
	"its failed parameter is below it, under the name kselftest gave it"
expect_line "$SCRATCH/ksft" "kselftest.kunit.all-skipped SKIP" "a skipped program is SKIP"
expect_line "$SCRATCH/ksft" "kselftest.kunit.says-ok FAIL" \
	"a program the runner saw pass, whose results failed, is FAIL"
expect_line "$SCRATCH/ksft" "kselftest.kunit.says-ok.lies.fails FAIL" "with its failed case"
expect_line "$SCRATCH/ksft" "kselftest.kunit.slow ERROR" "a program that timed out is ERROR"
expect_line "$SCRATCH/ksft" "kselftest.kunit.slow.slow.missing_2 ERROR" \
	"the case it was in when it was killed is ERROR"
expect_line "$SCRATCH/ksft" "kselftest.kunit.cut ERROR" \
	"a program without a result line did not finish: ERROR"

# The five formats agree on what passed, failed and was skipped.
python3 "$reports" counts kcidb "$SCRATCH/out.kcidb.json" > "$SCRATCH/counts.kcidb"
for format in ktap:out.ktap kselftest:out.kselftest junit:out.xml json:out.json; do
	python3 "$reports" counts "${format%%:*}" "$SCRATCH/${format#*:}" > "$SCRATCH/counts.${format%%:*}"
	expect_same "$SCRATCH/counts.kcidb" "$SCRATCH/counts.${format%%:*}" \
		"KCIDB and ${format%%:*} give the same counts: $(cat "$SCRATCH/counts.kcidb")"
done

# Flattening: each result line's name, after its program, is unique.
python3 "$reports" flatten "$SCRATCH/out.kselftest" > "$SCRATCH/flat"
expect_line "$SCRATCH/flat" "duplicates: 0" \
	"the kselftest form of the console has no two results a flattening parser would merge"
"$USER_BUILD/fixtures/same-names" --kselftest > "$SCRATCH/same.out" 2>&1
{ echo "# selftests: kunit: same-names"; sed -e 's/^/# /' "$SCRATCH/same.out"; } \
	> "$SCRATCH/same.tap"
python3 "$reports" flatten "$SCRATCH/same.tap" > "$SCRATCH/same.flat"
expect_line "$SCRATCH/same.flat" "duplicates: 0" \
	"a program whose suites repeat case and parameter names prints unique ones for kselftest"
expect_line "$SCRATCH/same.flat" "kunit_same_names.same_names_second_checks_value_value_2 FAIL" \
	"the second suite's failed parameter is named after its suite and case"
expect_line "$SCRATCH/same.flat" "kunit_same_names.test_init PASS" \
	"the first use of a name keeps it"
if [ "$(grep -vc '^duplicates:' "$SCRATCH/same.flat")" = 13 ]; then
	pass "and every result is seen: 13 lines under the program"
else
	fail "the flattened program has $(grep -vc '^duplicates:' "$SCRATCH/same.flat") result lines, not 13"
	show "$SCRATCH/same.flat"
fi
if grep -E '^(# )*(# Subtest: evil|Subtest: evil|1\.\.77|ok 77 forged)$' "$SCRATCH/same.tap" \
	> "$SCRATCH/same.forged"; then
	fail "text a case prints reads as KTAP structure in kselftest's nesting"
	show "$SCRATCH/same.forged"
else
	pass "no text a case prints reads as a header, a plan or a result in kselftest's nesting"
fi
printf '%s\n' "KTAP version 1" "1..1" "    KTAP version 1" "    # Subtest: logs" "    1..1" \
	"    Subtest: fake" "    # # Subtest: fake" "    # 1..77" "    # KTAP version 1" \
	"    # ok 77 forged" "    not ok 1 logs_lookalikes" "not ok 1 logs" > "$SCRATCH/lookalikes.log"
"$report" --kselftest="$SCRATCH/lookalikes.out" "$SCRATCH/lookalikes.log" > /dev/null 2>&1
sed -e 's/^/# /' "$SCRATCH/lookalikes.out" > "$SCRATCH/lookalikes.tap"
if grep -E '^(# )*(# Subtest: fake|Subtest: fake|1\.\.77|KTAP version 1|ok 77 forged)$' \
	"$SCRATCH/lookalikes.tap" | grep -v '^# KTAP version 1$' | grep -v '^# # KTAP version 1$' \
	> "$SCRATCH/lookalikes.forged"; then
	fail "a log's lines read as KTAP structure in kunit-report --kselftest"
	show "$SCRATCH/lookalikes.forged"
else
	pass "kunit-report --kselftest: no log line reads as a header, a plan or a result"
fi
"$USER_BUILD/fixtures/same-names" > "$SCRATCH/same.ktap" 2>&1
expect_line "$SCRATCH/same.ktap" "    ok 1 test_init" \
	"in KTAP (for kunit.py), names are as the suites give them"
expect_line "$SCRATCH/same.ktap" "        not ok 2 value 2" "parameters too"

valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=99 \
	"$report" --kcidb="$SCRATCH/v.json" --kselftest="$SCRATCH/v.tap" "$SCRATCH/console.log" \
	> /dev/null 2>&1
expect_status 1 $? "the KCIDB and kselftest writers are clean under valgrind"
valgrind -q --leak-check=full --errors-for-leak-kinds=all --error-exitcode=99 \
	"$USER_BUILD/fixtures/same-names" --kselftest --no-fork > /dev/null 2>&1
expect_status 1 $? "renaming as a program prints is clean under valgrind"
"$BUILD/host-asan/kunit-report" --kcidb="$SCRATCH/asan.json" --kselftest="$SCRATCH/asan.tap" \
	"$SCRATCH/console.log" > /dev/null 2> "$SCRATCH/asan.err"
expect_status 1 $? "and under ASan and UBSan"
expect_no_line "$SCRATCH/asan.err" "runtime error" "with no UBSan report"
