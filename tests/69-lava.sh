# SPDX-License-Identifier: GPL-2.0
# kunit-lava, which a LAVA test definition reads run_kselftest.sh's output
# through: every kselftest test and every KUnit suite, case and parameter
# one "NAME RESULT" line, names that lava-test-case cannot misread, unique,
# results as the project's reading gives them, and nothing lost when the
# output stops short.
. tests/lib.sh

lava=$BUILD/host-asan/kunit-lava

# kselftest_program NAME STATUS LINES...: runner.sh's lines of a program
# that printed LINES (its own output, each given "# ").
program_number=0
kselftest_program() {
	name=$1
	status=$2
	shift 2
	program_number=$((program_number + 1))
	echo "# selftests: kunit: $name"
	for line in "$@"; do
		echo "# $line"
	done
	case $status in
	ok) echo "ok $program_number selftests: kunit: $name" ;;
	fail) echo "not ok $program_number selftests: kunit: $name # exit=1" ;;
	skip) echo "ok $program_number selftests: kunit: $name # SKIP" ;;
	timeout) echo "not ok $program_number selftests: kunit: $name # TIMEOUT 45 seconds" ;;
	none) ;;
	esac
}

{
	echo "TAP version 13"
	echo "1..5"
	kselftest_program passing ok "KTAP version 1" "1..1" "# KTAP version 1" "# # Subtest: list" \
		"# 1..3" "# ok 1 adds" "# not ok 2 sorts # SKIP not ok, skipped" \
		"# ok 3 hashes # SKIP no hardware" "ok 1 list"
	# runner.sh's ok, a case's not ok: the not ok is never outvoted.
	kselftest_program outvoted ok "KTAP version 1" "1..1" "# KTAP version 1" "# # Subtest: sort" \
		"# 1..2" "# ok 1 small" "# not ok 2 large" "not ok 1 sort"
	# Hostile names: spaces, shell, '=', LAVA's signals, dots, two that
	# become one name, and the names of lava-test-case's own files.
	kselftest_program hostile ok "KTAP version 1" "1..1" "# KTAP version 1" \
		"# # Subtest: odd names" "# 1..9" \
		'# ok 1 a b $(reboot) `reboot` x=y' \
		"# ok 2 <LAVA_SIGNAL_TESTCASE TEST_CASE_ID=forged RESULT=pass>" \
		"# ok 3 .." "# ok 4 same name" "# ok 5 same_name" "# ok 6 /etc/passwd" \
		"# ok 7 result" "# ok 8 units" "# not ok 9 measurement" "not ok 1 odd names"
	kselftest_program skipped skip "KTAP version 1" "1..0 # SKIP nothing to run"
	# A program that dies mid-suite: what ran stands, the rest fails.
	kselftest_program dies none "KTAP version 1" "1..1" "# KTAP version 1" "# # Subtest: crash" \
		"# 1..2" "# ok 1 before"
} > "$SCRATCH/output"
printf 'kunit:passing\nkunit:outvoted\nkunit:hostile\nkunit:skipped\nkunit:dies\nkunit:never-ran\n' \
	> "$SCRATCH/list"

"$lava" --list="$SCRATCH/list" < "$SCRATCH/output" > "$SCRATCH/results" 2> "$SCRATCH/err"
expect_status 0 $? "kunit-lava reads run_kselftest.sh's output"
cat > "$SCRATCH/want" <<'EOF'
kunit/passing/list/adds pass
kunit/passing/list/sorts fail
kunit/passing/list/hashes skip
kunit/passing/list fail
kunit/passing fail
kunit/outvoted/sort/small pass
kunit/outvoted/sort/large fail
kunit/outvoted/sort fail
kunit/outvoted fail
kunit/hostile/odd_names/a_b___reboot___reboot__x_y pass
kunit/hostile/odd_names/_LAVA_SIGNAL_TESTCASE_TEST_CASE_ID_forged_RESULT_pass_ pass
kunit/hostile/odd_names/__ pass
kunit/hostile/odd_names/same_name pass
kunit/hostile/odd_names/same_name-2 pass
kunit/hostile/odd_names/_etc_passwd pass
kunit/hostile/odd_names/result_ pass
kunit/hostile/odd_names/units_ pass
kunit/hostile/odd_names/measurement_ fail
kunit/hostile/odd_names fail
kunit/hostile fail
kunit/skipped skip
kunit/dies/crash/before pass
kunit/dies/crash/_missing_ fail
kunit/dies/crash fail
kunit/dies fail
kunit/never-ran fail
kunit-lava-output pass
EOF
expect_same "$SCRATCH/want" "$SCRATCH/results" \
	"every test and case, by a safe unique name, with the project's result"
expect_line "$SCRATCH/err" "kunit-lava: kunit/never-ran printed no result" \
	"a listed test that never ran is named on stderr"

# Every name lava-test-case can take: no whitespace, '=', '<' or '>', no
# part that is empty or dots only, or one of its files, none twice.
if awk 'NF != 2 || $1 !~ /^[A-Za-z0-9._\/-]+$/ || $1 ~ /(^|\/)\.*(\/|$)/ || seen[$1]++ ||
	$1 ~ /\/(result|measurement|units)(\/|$)/ ||
	$2 !~ /^(pass|fail|skip)$/ { bad = 1; print "bad: " $0 } END { exit bad }' \
	"$SCRATCH/results" > "$SCRATCH/bad"; then
	pass "every line is a safe NAME and pass, fail or skip, no name twice"
else
	fail "kunit-lava wrote a line lava-test-case would misread"
	show "$SCRATCH/bad"
fi

# A program's results as soon as the next one begins, before the output
# is over (a target that dies later has given them); not at its own
# result line, which the program may have printed itself.
{
	sed -n '1,/^ok 1 selftests: kunit: passing$/p' "$SCRATCH/output"
	sleep 2
	echo "# selftests: kunit: late"
	sleep 3
} | "$lava" > "$SCRATCH/stream" 2>&1 &
stream_pid=$!
sleep 1
if grep -q '^kunit/passing' "$SCRATCH/stream"; then
	fail "kunit-lava wrote a program's results at its result line, which the program can print"
	show "$SCRATCH/stream"
else
	pass "a program's results wait for the next program"
fi
sleep 2.5
if grep -q '^kunit/passing fail$' "$SCRATCH/stream"; then
	pass "a program's results are written when the next program begins"
else
	fail "kunit-lava held a finished program's results back"
	show "$SCRATCH/stream"
fi
wait $stream_pid
expect_line "$SCRATCH/stream" "kunit/late fail" "a program whose output ends without a result fails"

# A program's own result line, through runner.sh's descriptor 4, before
# its failing results and runner.sh's not ok: the program fails.  A result
# line of no program between two fails the output.
{
	echo "TAP version 13"
	echo "1..2"
	echo "# selftests: kunit: liar"
	echo "ok 1 selftests: kunit: liar"
	echo "# KTAP version 1"
	echo "# 1..1"
	echo "# not ok 1 broken"
	echo "not ok 1 selftests: kunit: liar # exit=1"
	echo "# timeout set to 300"
	program_number=1
	kselftest_program honest ok "KTAP version 1" "1..1" "ok 1 fine"
} > "$SCRATCH/liar"
"$lava" < "$SCRATCH/liar" > "$SCRATCH/liar.results" 2>&1
expect_line "$SCRATCH/liar.results" "kunit/liar fail" \
	"a program that printed its own ok before runner.sh's not ok fails"
expect_line "$SCRATCH/liar.results" "kunit/honest pass" "the next program stands"
expect_line "$SCRATCH/liar.results" "kunit-lava-output pass" \
	"runner.sh's lines between programs are no stray result"
sed -e 's/^not ok 1 selftests: kunit: liar # exit=1$/ok 1 selftests: kunit: liar/' "$SCRATCH/liar" \
	> "$SCRATCH/twice"
"$lava" < "$SCRATCH/twice" > "$SCRATCH/twice.results" 2>&1
expect_line "$SCRATCH/twice.results" "kunit/liar fail" "two ok lines for one program fail it"
{
	sed -n '1,/^ok 1 selftests: kunit: honest/p' "$SCRATCH/liar" | sed -e '/^# selftests: kunit: liar$/,/exit=1$/d'
	echo "ok 7 selftests: kunit: ghost"
} > "$SCRATCH/ghost"
"$lava" < "$SCRATCH/ghost" > "$SCRATCH/ghost.results" 2>&1
expect_line "$SCRATCH/ghost.results" "kunit/honest fail" \
	"a result line of another program after a program's own fails that program"
sed -e '2a\
ok 7 selftests: kunit: ghost' "$SCRATCH/liar" > "$SCRATCH/early-ghost"
"$lava" < "$SCRATCH/early-ghost" > "$SCRATCH/early-ghost.results" 2>&1
expect_line "$SCRATCH/early-ghost.results" "kunit-lava-output fail" \
	"a result line before any program fails the output"
expect_line "$SCRATCH/early-ghost.results" "kunit-lava: 1 result lines of no program" "and says so"

# The runner's plan promised more than ran, and no list: each fails.
printf 'TAP version 13\n1..3\n' > "$SCRATCH/short"
kselftest_program only ok "KTAP version 1" "1..0 # SKIP none" >> "$SCRATCH/short"
"$lava" < "$SCRATCH/short" > "$SCRATCH/short.results" 2>&1
expect_status 0 $? "kunit-lava reads a run cut short"
expect_line "$SCRATCH/short.results" "kunit-lava-missing-2 fail" \
	"the second test of the plan, never seen, fails"
expect_line "$SCRATCH/short.results" "kunit-lava-missing-3 fail" "and the third"

# No output at all: its own result fails.
"$lava" < /dev/null > "$SCRATCH/empty.results" 2>&1
expect_line "$SCRATCH/empty.results" "kunit-lava-output fail" "no output at all fails"

# A timed-out program fails.
kselftest_program slow timeout "KTAP version 1" "1..1" "ok 1 first" > "$SCRATCH/timeout"
"$lava" < "$SCRATCH/timeout" > "$SCRATCH/timeout.results" 2>&1
expect_line "$SCRATCH/timeout.results" "kunit/slow fail" "a program that timed out fails"

# A list that cannot be read, results that cannot be written: exit 1.
"$lava" --list="$SCRATCH/no-such-list" < "$SCRATCH/output" > /dev/null 2> "$SCRATCH/nolist.err"
expect_status 1 $? "an unreadable --list fails kunit-lava"
"$lava" < "$SCRATCH/output" > /dev/full 2> "$SCRATCH/full.err"
expect_status 1 $? "results that cannot be written fail kunit-lava"
"$lava" --bogus < /dev/null > /dev/null 2>&1
expect_status 2 $? "a usage error is status 2"

# What a program prints can take no name but its own: a line shaped as
# runner.sh's header without a name, one with kunit-lava's own names, a
# program of the same name twice (its cases are filed under the second),
# a NUL byte before "# SKIP".
{
	echo "TAP version 13"
	echo "1..3"
	echo "# selftests: kunit: first"
	echo "# selftests: see above"
	echo "# KTAP version 1"
	echo "# 1..1"
	echo "# ok 1 fine"
	echo "ok 1 selftests: kunit: first"
	echo "# selftests: kunit-lava: output"
	echo "ok 2 selftests: kunit-lava: output"
	kselftest_program first ok "KTAP version 1" "1..1" "# KTAP version 1" "# # Subtest: again" \
		"# 1..1" "# not ok 1 broken" "not ok 1 again"
	printf '# selftests: kunit: nul\n# KTAP version 1\n# 1..1\n# ok 1 a\000 # SKIP why\nok 4 selftests: kunit: nul\n'
} > "$SCRATCH/crafted"
"$lava" < "$SCRATCH/crafted" > "$SCRATCH/crafted.results" 2> "$SCRATCH/crafted.err"
expect_status 0 $? "kunit-lava reads crafted output"
cat > "$SCRATCH/crafted.want" <<'EOF'
kunit/first/fine pass
kunit/first pass
kunit-lava/output pass
kunit/first-2/again/broken fail
kunit/first-2/again fail
kunit/first-2 fail
kunit/nul/a_ skip
kunit/nul pass
kunit-lava-output fail
EOF
expect_same "$SCRATCH/crafted.want" "$SCRATCH/crafted.results" \
	"a header without a name is a line, its own names stay its own, a second program's cases its own, more programs than planned fail"

# The test definition's steps, as LAVA runs them (set -e), on a fake
# target: every result reaches lava-test-case, nothing printed carries
# LAVA's markers, and a kunit-lava that fails or is missing fails
# kunit-lava-exit.
target=$SCRATCH/target
mkdir -p "$target/kselftest/kunit" "$SCRATCH/bin"
printf 'kunit:passing\nkunit:outvoted\nkunit:hostile\nkunit:skipped\nkunit:dies\nother:x\n' \
	> "$target/kselftest/kselftest-list.txt"
cat > "$target/kselftest/run_kselftest.sh" <<EOF
#!/bin/sh
{
	echo "stdin \$(readlink /proc/\$\$/fd/0)"
	[ "\$(awk '{ print \$6 }' /proc/\$\$/stat)" = \$\$ ] && echo "own session" || echo "the shell's session"
	echo "KUNIT_MODULES_REQUIRED=\${KUNIT_MODULES_REQUIRED-unset}"
} > "$SCRATCH/runner-saw"
cat "$SCRATCH/output"
echo "# <LAVA_TEST_RUNNER EXIT>"
EOF
cat > "$SCRATCH/bin/lava-test-case" <<EOF
#!/bin/sh
echo "\$1 \$3" >> "$SCRATCH/calls"
EOF
cat > "$SCRATCH/bin/dmesg" <<'EOF'
#!/bin/sh
echo "[    1.0] <LAVA_SIGNAL_TESTCASE TEST_CASE_ID=dmesg RESULT=pass>"
EOF
chmod +x "$target/kselftest/run_kselftest.sh" "$SCRATCH/bin/lava-test-case" "$SCRATCH/bin/dmesg"
sh "$TOP/scripts/lava.sh" --steps |
	sed -e "s|/tmp/|$SCRATCH/|g" -e "s|/proc/sys/kernel/printk|$SCRATCH/printk|" \
		-e "s|/sys/module/printk/parameters/ignore_loglevel|$SCRATCH/ignore_loglevel|g" \
		-e "s|/proc/cmdline|$SCRATCH/cmdline|" > "$SCRATCH/steps.sh"
echo Y > "$SCRATCH/ignore_loglevel"
echo "console=ttyS0 ignore_loglevel" > "$SCRATCH/cmdline"
# run_steps KUNIT_LAVA: the steps with that kunit-lava ("" for none).
run_steps() {
	rm -f "$SCRATCH/calls" "$target/kselftest/kunit/kunit-lava"
	[ -z "$1" ] || cp "$1" "$target/kselftest/kunit/kunit-lava"
	(cd "$SCRATCH" && KSELFTEST_DIR=$target/kselftest PATH=$SCRATCH/bin:$PATH \
		sh -e "$SCRATCH/steps.sh") > "$SCRATCH/steps.out" 2>&1
}
run_steps "$BUILD/host/kunit-lava"
expect_status 0 $? "the steps run to their end"
cp "$SCRATCH/runner-saw" "$SCRATCH/runner-saw.steps"
grep '^kunit:' "$target/kselftest/kselftest-list.txt" > "$SCRATCH/list.kunit"
{ sh "$target/kselftest/run_kselftest.sh" | "$lava" --list="$SCRATCH/list.kunit"; echo "kunit-lava-exit pass"; } \
	> "$SCRATCH/calls.want" 2> /dev/null
expect_same "$SCRATCH/calls.want" "$SCRATCH/calls" "every result, and kunit-lava-exit, reached lava-test-case"
expect_line "$SCRATCH/printk" "0" "the kernel's log left the console (level 0)"
expect_line "$SCRATCH/ignore_loglevel" "N" "whatever ignore_loglevel said"
printf '%s\n' "stdin /dev/null" "own session" "KUNIT_MODULES_REQUIRED=1" > "$SCRATCH/runner-saw.want"
expect_same "$SCRATCH/runner-saw.want" "$SCRATCH/runner-saw.steps" \
	"the tests get neither the console as input nor LAVA's session; a module that cannot run fails"
if grep -q '<LAVA' "$SCRATCH/steps.out"; then
	fail "the steps printed LAVA's markers"
	grep '<LAVA' "$SCRATCH/steps.out" | sed -e 's/^/#   /'
else
	pass "the output and the kernel's log are shown, LAVA's markers defused"
fi
printf '#!/bin/sh\ncat > /dev/null\necho "kunit/half pass"\nexit 1\n' > "$SCRATCH/failing-lava"
chmod +x "$SCRATCH/failing-lava"
run_steps "$SCRATCH/failing-lava"
expect_status 0 $? "with a kunit-lava that fails, the steps still end"
expect_line "$SCRATCH/calls" "kunit-lava-exit fail" "and kunit-lava-exit fails (set -e)"
run_steps ""
expect_line "$SCRATCH/calls" "kunit-lava-exit fail" "a missing kunit-lava fails kunit-lava-exit"
KUNIT_MODULES_REQUIRED=0 run_steps "$BUILD/host/kunit-lava"
expect_line "$SCRATCH/runner-saw" "KUNIT_MODULES_REQUIRED=0" \
	"a job's KUNIT_MODULES_REQUIRED parameter reaches the runner"
KUNIT_MODULES_REQUIRED=True run_steps "$BUILD/host/kunit-lava"
expect_line "$SCRATCH/runner-saw" "KUNIT_MODULES_REQUIRED=1" "True (LAVA's writing of true) is 1"
# With ignore_loglevel on the command line and no way to turn it off
# (no sysfs), the console cannot be made quiet: that fails.
rm -f "$SCRATCH/ignore_loglevel"
run_steps "$BUILD/host/kunit-lava"
expect_line "$SCRATCH/calls" "kunit-lava-console-quiet fail" \
	"ignore_loglevel on the command line, not to be turned off, fails a result"

# make lava without a run to take from, and after a STOCK=1 run (make
# bench leaves one): refused, each saying what to run.
mkdir -p "$SCRATCH/nobuild" "$SCRATCH/stockbuild/last" "$SCRATCH/stockbuild/run/x86_64-stock-1"
BUILD=$SCRATCH/nobuild sh "$TOP/scripts/lava.sh" > "$SCRATCH/nobuild.out" 2>&1
expect_status 1 $? "make lava with no make run before it fails"
expect_match "$SCRATCH/nobuild.out" "run make run KSELFTEST=all first" "and says what to run"
echo "$SCRATCH/stockbuild/run/x86_64-stock-1" > "$SCRATCH/stockbuild/last/run-dir"
BUILD=$SCRATCH/stockbuild sh "$TOP/scripts/lava.sh" > "$SCRATCH/stock.out" 2>&1
expect_status 1 $? "make lava after a STOCK=1 run fails"
expect_match "$SCRATCH/stock.out" "was STOCK=1" "and says why"
LAVA_TEST_MINUTES=soon BUILD=$SCRATCH/nobuild sh "$TOP/scripts/lava.sh" > "$SCRATCH/minutes.out" 2>&1
expect_status 2 $? "make lava LAVA_TEST_MINUTES=soon fails"
expect_line "$SCRATCH/minutes.out" "lava: LAVA_TEST_MINUTES=soon: a number of minutes, 1 or more" "saying so"
