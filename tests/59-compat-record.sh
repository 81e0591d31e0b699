# SPDX-License-Identifier: GPL-2.0
# make compat's record of stock KUnit's results (scripts/kunit-compat),
# with a fake scripts/kunit-run that "boots" the output of userspace
# programs: the record is written, taken only for the build it names,
# checked against stock KUnit when stock runs, and a difference from
# either fails.
. tests/lib.sh

top=$SCRATCH/top
mkdir -p "$top/scripts" "$top/build/host"
cp "$TOP/scripts/kunit-compat" "$TOP/scripts/ksrc.sh" "$TOP/scripts/all-tests-config" "$top/scripts/"
mkdir -p "$top/tools/testing/selftests/kunit"
cp "$TOP/tools/testing/selftests/kunit/tree-version.sh" "$top/tools/testing/selftests/kunit/"
cp "$BUILD/host/kunit-report" "$top/build/host/"
"$USER_BUILD/kunit-example-test" > "$SCRATCH/example.log" 2>&1
"$USER_BUILD/fixtures/verdicts" 'forks*' > "$SCRATCH/forks.log" 2>&1
cp "$SCRATCH/example.log" "$SCRATCH/ours.log"
cp "$SCRATCH/example.log" "$SCRATCH/stock.log"
# The fake runner: which side ran goes to runs.log, its console is
# $SCRATCH/ours.log or stock.log.
cat > "$top/scripts/kunit-run" <<EOF
#!/bin/sh
side=ours
[ -n "\$STOCK" ] && side=stock
echo \$side >> "$SCRATCH/runs.log"
echo "\$KUNITCONFIG" > "$SCRATCH/kunitconfig.used"
mkdir -p "\$BUILD/last"
echo "\$BUILD/run/x86_64\${STOCK:+-stock}-\$\$" > "\$BUILD/last/run-dir"
[ -n "\$FAKE_NO_ID" ] || echo "x86_64-1234" > "\$BUILD/last/config-id"
cp "$SCRATCH/\$side.log" "\$BUILD/last/console.log"
echo "[00:00:00] Preparing the work tree (\${FAKE_VERSION:-6.1.192}, this KUnit)"
echo "1 suites, 8 results: 7 passed, 0 failed, 1 skipped"
# A run that failed outside its cases' results: FAKE_PROBLEM on one side.
if [ "\$side" = "\${FAKE_PROBLEM_SIDE:-}" ]; then
	[ -n "\$FAKE_PROBLEM" ] && echo "kunit-run: \$FAKE_PROBLEM"
	exit 1
fi
EOF
chmod +x "$top/scripts/kunit-run"

# compat [SETTING=value...]: runs make compat's script in the fake tree.
compat() {
	: > "$SCRATCH/runs.log"
	env BUILD="$top/build" KUNITCONFIG="$top/scripts/configs/all_tests.config" "$@" \
		sh "$top/scripts/kunit-compat" > "$SCRATCH/out" 2>&1
	status=$?
	runs=$(tr '\n' ' ' < "$SCRATCH/runs.log")
}
record=$top/scripts/compat/all_tests-6.1.results
mkdir -p "$top/scripts/configs"
touch "$top/scripts/configs/all_tests.config"

compat COMPAT_RECORD=1
expect_status 0 $status "COMPAT_RECORD=1 with the same results"
expect_line "$record" "# stock KUnit's results of x86_64-1234 6.1.192" \
	"the record names the build it comes from"
if [ "$(tail -n +2 "$record" | wc -l)" = 8 ]; then
	pass "the record holds stock KUnit's 8 results"
else
	fail "the record holds $(tail -n +2 "$record" | wc -l) results, not 8"
fi

compat STOCK_RESULTS=recorded
expect_status 0 $status "STOCK_RESULTS=recorded, the same results"
if [ "$runs" = "ours " ]; then
	pass "STOCK_RESULTS=recorded builds no stock kernel when the record is for this build"
else
	fail "STOCK_RESULTS=recorded ran: $runs"
fi

compat STOCK_RESULTS=recorded FAKE_VERSION=6.1.200
if [ "$runs" = "ours stock " ] && grep -q '^compat: no record of stock KUnit for x86_64-1234 6.1.200' \
	"$SCRATCH/out"; then
	pass "a record of another build is not taken: stock KUnit runs"
else
	fail "a record of another build: ran $runs"
	show "$SCRATCH/out"
fi

# Each kernel series has a record of its own: 6.12's is written beside
# 6.1's, which stays as it was.
cp "$record" "$SCRATCH/record-6.1"
compat COMPAT_RECORD=1 FAKE_VERSION=6.12.118
expect_status 0 $status "COMPAT_RECORD=1 on 6.12"
expect_line "$top/scripts/compat/all_tests-6.12.results" \
	"# stock KUnit's results of x86_64-1234 6.12.118" "6.12's record is all_tests-6.12.results"
expect_same "$SCRATCH/record-6.1" "$record" "6.1's record is left as it was"
compat STOCK_RESULTS=recorded FAKE_VERSION=6.12.118
if [ "$runs" = "ours " ]; then
	pass "STOCK_RESULTS=recorded on 6.12 takes 6.12's record"
else
	fail "STOCK_RESULTS=recorded on 6.12 ran: $runs"
fi

# A record that no longer holds what stock gives fails a run that builds
# stock, and is taken as it is by one that does not (where ours differs).
sed -i 's/^example.example_skip_test SKIP$/example.example_skip_test PASS/' "$record"
compat
expect_status 1 $status "a record that stock KUnit no longer gives fails make compat"
expect_line "$SCRATCH/out" \
	"compat: scripts/compat/all_tests-6.1.results no longer holds what stock KUnit gives; COMPAT_RECORD=1 writes it again" \
	"and says so"
compat STOCK_RESULTS=recorded
expect_status 1 $status "STOCK_RESULTS=recorded: results that differ from the record fail"
expect_line "$SCRATCH/out" "+example.example_skip_test SKIP" "the difference is shown"

# Our results differing from stock's fail, with or without the record.
compat COMPAT_RECORD=1
cp "$SCRATCH/forks.log" "$SCRATCH/ours.log"
compat STOCK_RESULTS=recorded
expect_status 1 $status "our results differing from the recorded stock results fail"
compat
expect_status 1 $status "our results differing from stock KUnit's fail"

# A run with this KUnit that failed outside its cases' results fails,
# unless stock KUnit's run failed the same way.
cp "$SCRATCH/example.log" "$SCRATCH/ours.log"
compat COMPAT_RECORD=1
expect_status 0 $status "the same results again"
compat STOCK_RESULTS=recorded FAKE_PROBLEM_SIDE=ours FAKE_PROBLEM="the kernel panicked"
expect_status 1 $status "a run with this KUnit that panicked after the same results fails"
expect_line "$SCRATCH/out" "  kunit-run: the kernel panicked" "and says why"
compat FAKE_PROBLEM_SIDE=ours
expect_status 1 $status "a run with this KUnit that failed, no case failing and nothing said, fails"
expect_line "$SCRATCH/out" "  kunit-run: exit status 1 with no failed case" "and says so"
compat FAKE_PROBLEM_SIDE=stock FAKE_PROBLEM="the kernel panicked"
expect_status 0 $status "a failed run of stock KUnit alone is no difference of this KUnit's"

# Settings that change a run keep records out of use: none is written,
# and none is taken (stock KUnit runs instead).
for setting in FILTER='example*' KERNEL_ARGS=quiet KUNIT_EXTRA=samples/kunit CASE_TIMEOUT=3 \
	       GUEST_SCRIPT=x.sh KSRC=/usr/src/linux; do
	cp "$record" "$SCRATCH/record-before"
	compat COMPAT_RECORD=1 "$setting"
	if [ $status -eq 2 ] && grep -q '^compat: COMPAT_RECORD=1 writes no record: ' "$SCRATCH/out" &&
	   cmp -s "$record" "$SCRATCH/record-before"; then
		pass "COMPAT_RECORD=1 with $setting is refused, and the record is left as it was"
	else
		fail "COMPAT_RECORD=1 with $setting: exit $status"
		show "$SCRATCH/out"
	fi
	compat STOCK_RESULTS=recorded "$setting"
	if [ "$runs" = "ours stock " ] && grep -q '^compat: no record of stock KUnit is taken: ' "$SCRATCH/out"; then
		pass "STOCK_RESULTS=recorded with $setting takes no record"
	else
		fail "STOCK_RESULTS=recorded with $setting ran: $runs"
	fi
done
touch "$top/elsewhere.config"
compat COMPAT_RECORD=1 KUNITCONFIG="$top/elsewhere.config"
expect_status 2 $status "COMPAT_RECORD=1 with a KUNITCONFIG outside scripts/configs is refused"

# KUnit's own suites (named in lib/kunit/*test*.c) are each KUnit's
# self-tests: set aside, counted, never a difference; one that fails with
# this KUnit fails the comparison.
rm -f "$record"
mkdir -p "$top/lib/kunit"
printf 'static struct kunit_suite s = {\n\t.name = "forks",\n};\n' > "$top/lib/kunit/own-test.c"
{ cat "$SCRATCH/example.log"; cat "$SCRATCH/forks.log"; } > "$SCRATCH/stock.log"
cp "$SCRATCH/example.log" "$SCRATCH/ours.log"
compat
expect_status 1 $status "stock's own suite ran and none of this KUnit's did: a failure"
expect_line "$SCRATCH/out" "compat: stock KUnit's own suites ran and this KUnit's did not" "saying so"
expect_line "$SCRATCH/out" "compat: KUnit's own suites (lib/kunit), not compared: 0 results of this KUnit's, 3 of stock's" \
	"and is counted"
expect_line "$SCRATCH/out" "compat: the same 8 results, case by case, with this KUnit and with stock KUnit" \
	"the other suites are compared"
cp "$SCRATCH/stock.log" "$SCRATCH/ours.log"
compat
expect_status 1 $status "an own suite that fails with this KUnit fails the comparison"
expect_line "$SCRATCH/out" "  forks.forked_expectation_fails FAIL" "naming the case"
# One that stops short (its cases MISSING) fails too, whatever else fails
# on both sides; and so does a suite whose own line is not ok.
own_ktap() {
	printf 'KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: forks\n    1..%s\n' "$1"
	printf '    ok 1 forked_expectation_fails\n'
	[ "$1" = 2 ] && printf '    ok 2 forked_assertion_fails\n'
	printf '%s 1 forks\n' "$2"
}
own_ktap 3 ok > "$SCRATCH/short.log"
{ cat "$SCRATCH/forks.log"; cat "$SCRATCH/short.log"; } > "$SCRATCH/ours.log"
cp "$SCRATCH/forks.log" "$SCRATCH/stock.log"
printf 'static struct kunit_suite s = {\n\t.name = "forks",\n};\n' > "$top/lib/kunit/own-test.c"
compat
expect_status 1 $status "an own suite cut short fails the comparison"
expect_line "$SCRATCH/out" "compat: KUnit's own suites do not pass with this KUnit:" "saying so"
own_ktap 2 "not ok" > "$SCRATCH/ours.log"
own_ktap 2 ok > "$SCRATCH/stock.log"
cat "$SCRATCH/example.log" >> "$SCRATCH/ours.log"
cat "$SCRATCH/example.log" >> "$SCRATCH/stock.log"
compat
expect_status 1 $status "an own suite whose own line is not ok fails the comparison"
expect_line "$SCRATCH/out" "  forks FAIL" "naming the suite"
# Stock's own suites failing are said, and are no difference.
own_ktap 2 ok > "$SCRATCH/ours.log"
cp "$SCRATCH/forks.log" "$SCRATCH/stock.log"
cat "$SCRATCH/example.log" >> "$SCRATCH/ours.log"
cat "$SCRATCH/example.log" >> "$SCRATCH/stock.log"
compat
expect_status 0 $status "stock's own suite failing is no difference"
expect_line "$SCRATCH/out" "compat: stock KUnit's own suites do not pass with stock KUnit:" "and is said"
# Nothing left to compare fails.
own_ktap 2 ok > "$SCRATCH/ours.log"
own_ktap 2 ok > "$SCRATCH/stock.log"
compat
expect_status 1 $status "with nothing but KUnit's own suites, the comparison fails"
expect_line "$SCRATCH/out" "compat: no result outside KUnit's own suites to compare" "saying so"
# Stock's own suites ran and this KUnit's did not: a failure.
cp "$SCRATCH/example.log" "$SCRATCH/ours.log"
{ cat "$SCRATCH/example.log"; own_ktap 2 ok; } > "$SCRATCH/stock.log"
compat
expect_status 1 $status "this KUnit's own suites missing where stock's ran fails"
# A name that a KUnit file of the tree outside lib/kunit gives too is
# compared: it may be a suite of that file.
tree=$top/build/src/linux-source-6.12
mkdir -p "$tree/lib/kunit" "$tree/drivers"
echo 'VERSION = 6' > "$tree/Makefile"
printf '#include <kunit/test.h>\nstatic struct kunit_suite s = {\n\t.name = "forks",\n};\n' \
	> "$tree/drivers/forks-test.c"
cp "$SCRATCH/example.log" "$SCRATCH/ours.log"
{ cat "$SCRATCH/example.log"; own_ktap 2 ok; } > "$SCRATCH/stock.log"
compat
expect_status 1 $status "a suite named as an own suite and as one of the tree's is compared"
expect_line "$SCRATCH/out" "-forks.forked_expectation_fails PASS" "and its difference shown"
rm -r "$top/lib" "$top/build/src/linux-source-6.12"
cp "$SCRATCH/example.log" "$SCRATCH/ours.log"
cp "$SCRATCH/example.log" "$SCRATCH/stock.log"

# Several files: the tree's own list, completed by one of scripts/configs,
# makes a record named after the latter; any other file makes none.
tree_lists=$top/build/src/linux-source-6.1/tools/testing/kunit/configs
mkdir -p "$tree_lists"
touch "$top/build/src/linux-source-6.1/.extracted" "$tree_lists/all_tests.config" \
	"$top/scripts/configs/all_tests_full.config"
rm -f "$top/scripts/compat/all_tests_full-6.1.results"
compat COMPAT_RECORD=1 KSRC=6.1 \
	KUNITCONFIG="$tree_lists/all_tests.config $top/scripts/configs/all_tests_full.config"
expect_status 0 $status "COMPAT_RECORD=1 with the tree's list and a file of scripts/configs"
expect_line "$top/scripts/compat/all_tests_full-6.1.results" \
	"# stock KUnit's results of x86_64-1234 6.1.192" \
	"the record is named after the file of scripts/configs: all_tests_full-6.1.results"
expect_line "$SCRATCH/kunitconfig.used" \
	"$tree_lists/all_tests.config $top/scripts/configs/all_tests_full.config" \
	"make run is given both files"
rm -f "$top/scripts/compat/all_tests_full-6.1.results" "$record"
compat COMPAT_RECORD=1 KSRC=6.1 \
	KUNITCONFIG="$top/scripts/configs/all_tests_full.config $top/scripts/configs/all_tests.config"
if [ $status -eq 0 ] && [ -f "$record" ] && ! [ -e "$top/scripts/compat/all_tests_full-6.1.results" ]; then
	pass "with two files of scripts/configs, the record is named after the last"
else
	fail "with two files of scripts/configs: exit $status; records:" $(ls "$top/scripts/compat")
fi
compat COMPAT_RECORD=1 KSRC=6.1 \
	KUNITCONFIG="$tree_lists/all_tests.config $top/elsewhere.config"
expect_status 2 $status "COMPAT_RECORD=1 with a file outside scripts/configs and the tree is refused"
expect_match "$SCRATCH/out" "^compat: COMPAT_RECORD=1 writes no record: KUNITCONFIG: .*/elsewhere.config is not one of scripts/configs or the tree's\$" \
	"saying which file"
compat COMPAT_RECORD=1 KSRC=6.1 KUNITCONFIG="$tree_lists/all_tests.config"
expect_status 2 $status "COMPAT_RECORD=1 with the tree's list alone is refused"
expect_line "$SCRATCH/out" "compat: COMPAT_RECORD=1 writes no record: KUNITCONFIG names no file of scripts/configs" \
	"saying the record would have no name"

# A run that names no build (an id left by an earlier run does not count)
# takes no record and fails.
echo "x86_64-1234" > "$top/build/last/config-id"
compat STOCK_RESULTS=recorded FAKE_NO_ID=1
if [ $status -eq 1 ] && [ "$runs" = "ours " ] &&
   grep -q '^compat: the run with this KUnit did not name its build' "$SCRATCH/out"; then
	pass "a run that names no build fails, whatever an earlier run left"
else
	fail "a run that names no build: exit $status, ran $runs"
	show "$SCRATCH/out"
fi

# Without KUNITCONFIG, the tree's series picks the list: 6.12's own where
# there is one, else 6.1's.
mkdir -p "$SCRATCH/tree612" "$SCRATCH/tree61" "$top/scripts/configs/6.12"
printf 'VERSION = 6\r\nPATCHLEVEL = 12 \r\nSUBLEVEL = 1\r\n' > "$SCRATCH/tree612/Makefile"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 1\n' > "$SCRATCH/tree61/Makefile"
touch "$top/scripts/configs/6.12/all_tests.config"
for series in 612:scripts/configs/6.12/all_tests.config 61:scripts/configs/all_tests.config; do
	rm -f "$SCRATCH/kunitconfig.used"
	env -u KUNITCONFIG BUILD="$top/build" KSRC="$SCRATCH/tree${series%%:*}" \
		sh "$top/scripts/kunit-compat" > "$SCRATCH/out" 2>&1
	expect_line "$SCRATCH/kunitconfig.used" "$top/${series#*:}" \
		"make compat on tree ${series%%:*} without KUNITCONFIG takes ${series#*:}"
done

compat STOCK_RESULTS=sometimes
expect_status 2 $status "a STOCK_RESULTS that means nothing is refused"

# The records in the project: for the builds make check makes, and the
# full comparison on 6.12 (tests/57 reads its lib/kunit suites).
for record in all_tests-6.1 all_tests-6.12 all_tests_kasan-6.12 all_tests_full-6.12; do
	series=${record##*-}
	if head -n 1 "$TOP/scripts/compat/$record.results" 2>/dev/null |
	   grep -q "^# stock KUnit's results of x86_64-[0-9]* $(echo "$series" | sed 's/\./\\./')\.[0-9]*\$"; then
		pass "scripts/compat/$record.results is a record: $(head -n 1 "$TOP/scripts/compat/$record.results")"
	else
		fail "scripts/compat/$record.results is no record"
	fi
done

# make check's one 6.12 comparison stands for 6.12's all-tests list under
# kasan.config's KASAN: every option of both is in it with the value it
# ends up with there (the last given wins, as in make run), but kasan's
# own suite and the tracepoints it needs (kasan_only): the suite's KASAN
# report of an RCU callback comes from whichever thread runs the callback,
# which no reader can tell from a thread that runs no test.
kasan_only='CONFIG_KASAN_KUNIT_TEST=y
CONFIG_FTRACE=y
CONFIG_ENABLE_DEFAULT_TRACERS=y'
# effective FILE: the options of FILE, one each, with their last values.
# "# CONFIG_X is not set" is CONFIG_X=n, as merge_config.sh reads it.
effective() {
	sed -e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/' "$1" |
		awk -F= '/^CONFIG_[A-Za-z0-9_]*=/ { value[$1] = $0 } END { for (o in value) print value[o] }' |
		LC_ALL=C sort
}
merged=$TOP/scripts/configs/6.12/all_tests_kasan.config
for part in scripts/configs/6.12/all_tests.config scripts/configs/kasan.config; do
	if ! [ -s "$TOP/$part" ] || ! [ -s "$merged" ]; then
		fail "6.12/all_tests_kasan.config or $part is missing"
		continue
	fi
	effective "$TOP/$part" | grep -vxF "$kasan_only" > "$SCRATCH/part.options"
	effective "$merged" > "$SCRATCH/merged.options"
	missing=$(LC_ALL=C comm -23 "$SCRATCH/part.options" "$SCRATCH/merged.options")
	if [ -s "$SCRATCH/part.options" ] && [ -z "$missing" ]; then
		pass "6.12/all_tests_kasan.config holds the $(wc -l < "$SCRATCH/part.options") options of $part"
	else
		fail "6.12/all_tests_kasan.config lacks options of $part:" $missing
	fi
done
if effective "$merged" | grep -E "^($(echo "$kasan_only" | sed 's/=y$//' | paste -sd'|'))=" |
   grep -qv '=n$'; then
	fail "6.12/all_tests_kasan.config builds kasan's suite, whose reports no reader can place"
else
	pass "6.12/all_tests_kasan.config leaves kasan's suite out"
fi
