# SPDX-License-Identifier: GPL-2.0
# Whatever a case does with its output cannot glue, lose or hold up the
# program's results (tests/fixtures/output.c): a case that prints half a
# line or a forged result line, closes or redirects stdout, or leaves a
# process behind that holds the output open.  Natively and under ASan, as
# kselftest's runner.sh runs a test (2>&1, piped), and with --kselftest.
. tests/lib.sh

# The result lines, in order, as they must come out.
cat > "$SCRATCH/results.wanted" <<'EOF'
    ok 1 prints_without_newline
    not ok 2 fails_after_partial_line
    not ok 3 forges_a_result
    ok 4 prints_long_line
    ok 5 errs_without_newline
    ok 6 runs_a_command
    not ok 7 fails_at_the_end
not ok 1 output
    ok 1 reopens_stdout_to_null
    not ok 2 fails_after_freopen
not ok 2 output-freopen
    ok 1 closes_stdout
    not ok 2 fails_after_close
not ok 3 output-close
    not ok 1 system_sleeps
    not ok 2 child_sleeps
    ok 3 passes_after_sleepers
not ok 4 output-timeout
EOF

# Every process a run starts carries this in its environment, to find the
# ones that outlive it.
mark=kunit-output-check-$$

# marked: the processes alive with $mark in their environment.
marked() {
	grep -lzxF "KUNIT_OUTPUT_CHECK=$mark" /proc/[0-9]*/environ 2> /dev/null |
		cut -d/ -f3
}

# expect_no_leftovers WHAT: no process of the run survives it (a second's
# grace for the kernel to finish killing them; a leftover sleeps 20 s).
expect_no_leftovers() {
	i=0
	while [ -n "$(marked)" ] && [ $i -lt 10 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	left=$(marked)
	if [ -z "$left" ]; then
		pass "$1: no process of the run is left"
	else
		fail "$1: processes of the run are left"
		for pid in $left; do
			echo "#   $pid: $(tr '\0' ' ' < "/proc/$pid/cmdline" 2> /dev/null)"
		done
		# shellcheck disable=SC2086
		kill -KILL $left 2> /dev/null
	fi
}

# expect_results OUT WHAT: the result lines of OUT, at any indentation, are
# exactly the wanted ones, in order: none lost, glued or forged.
expect_results() {
	grep -E '^ *(not )?ok [0-9]' "$1" > "$1.results"
	expect_same "$SCRATCH/results.wanted" "$1.results" \
		"$2: every result line, exactly, in order"
}

# run_piped PROG OUT: runs PROG as runner.sh does, 2>&1 and piped, and
# sets status and elapsed.
run_piped() {
	start=$(date +%s)
	{
		KUNIT_OUTPUT_CHECK=$mark "$1" 2>&1
		echo $? > "$2.status"
	} | cat > "$2"
	end=$(date +%s)
	elapsed=$((end - start))
	status=$(cat "$2.status")
}

# expect_quick WHAT: the run ended well before the 20 s of the sleepers.
expect_quick() {
	if [ "$elapsed" -le 12 ]; then
		pass "$1: the run ends in $elapsed s, the sleepers' 20 s do not hold it up"
	else
		fail "$1: the run took $elapsed s: the sleepers held its output up"
	fi
}

prog=$USER_BUILD/fixtures/output
out=$SCRATCH/output.ktap
KUNIT_OUTPUT_CHECK=$mark "$prog" > "$out" 2>&1
expect_status 1 $? "the output fixture fails"
expect_no_leftovers "the output fixture"
missing=$(while IFS= read -r line; do
	grep -qxF -- "$line" "$out" || echo "$line"
done < "$SCRATCH/results.wanted")
if [ -z "$missing" ]; then
	pass "each of the $(wc -l < "$SCRATCH/results.wanted") result lines is a whole line"
else
	fail "result lines missing, or not whole lines:"
	echo "$missing" | sed -e 's/^/#   /'
fi
expect_results "$out" "the output fixture"

expect_line "$out" "    # progress: 100%" \
	"half a line printed by a case is a diagnostic line of its own"
expect_line "$out" "    # ok 1 forged" "a result line printed by a case is only a diagnostic"
expect_line "$out" "    # ok 2 forged on stderr" "so is one printed on stderr, under 2>&1"
expect_line "$out" "    # stderr: 50%" \
	"half a line on stderr is ended before the next result line, a diagnostic too"
expect_line "$out" "    # from a shell" "a command's output is a diagnostic too"
long=$(grep -E '^    # =+$' "$out" | tr -cd '=' | wc -c)
if [ "$long" -eq 10000 ]; then
	pass "a 10000-character line without newline comes out whole, as diagnostics"
else
	fail "of a 10000-character line, $long characters came out as diagnostics"
fi
expect_line "$out" "    # system_sleeps: timed out after 2 s, killed" \
	"a case running system(\"sleep 20\") times out after its own 2 s"
expect_line "$out" "    # child_sleeps: timed out after 2 s, killed" \
	"a case waiting for its sleeping child times out after its own 2 s"

kunit_py_results "$out" "$SCRATCH/kunit-py"
cat > "$SCRATCH/kunit-py.wanted" <<'EOF'
output.prints_without_newline PASS
output.fails_after_partial_line FAIL
output.forges_a_result FAIL
output.prints_long_line PASS
output.errs_without_newline PASS
output.runs_a_command PASS
output.fails_at_the_end FAIL
output-freopen.reopens_stdout_to_null PASS
output-freopen.fails_after_freopen FAIL
output-close.closes_stdout PASS
output-close.fails_after_close FAIL
output-timeout.system_sleeps FAIL
output-timeout.child_sleeps FAIL
output-timeout.passes_after_sleepers PASS
EOF
expect_same "$SCRATCH/kunit-py.wanted" "$SCRATCH/kunit-py" \
	"kunit.py reads every case's result from the output fixture"

run_piped "$prog" "$SCRATCH/piped.ktap"
expect_status 1 "$status" "piped through cat, the output fixture fails"
expect_quick "piped through cat"
expect_results "$SCRATCH/piped.ktap" "piped through cat"
expect_no_leftovers "piped through cat"

# With --kselftest, nesting and the diagnostics' indentation are "# ".
KUNIT_OUTPUT_CHECK=$mark "$prog" --kselftest > "$SCRATCH/kselftest.ktap" 2>&1
expect_status 1 $? "--kselftest: the output fixture fails"
# What kselftest's CI parsers take for a result, at any depth of "# ": the
# fixture's results, and none of what its cases printed.
grep -E '^(# )*(not )?ok [0-9]' "$SCRATCH/kselftest.ktap" > "$SCRATCH/kselftest.results"
sed -e 's/^    /# /' "$SCRATCH/results.wanted" > "$SCRATCH/kselftest.wanted"
expect_same "$SCRATCH/kselftest.wanted" "$SCRATCH/kselftest.results" \
	"--kselftest: every result line, in order"
expect_line "$SCRATCH/kselftest.ktap" "# # progress: 100%" \
	"--kselftest: a case's output is nested with \"# \" too"
expect_line "$SCRATCH/kselftest.ktap" "# #  ok 1 forged" \
	"--kselftest: a space keeps a printed \"ok 1 forged\" from reading as a result"
expect_no_leftovers "--kselftest"

# Under ASan, and with stdout and stderr apart: a case's stderr stays stderr.
asan=$ASAN_BUILD/fixtures/output
KUNIT_OUTPUT_CHECK=$mark "$asan" > "$SCRATCH/asan.ktap" 2> "$SCRATCH/asan.err"
expect_status 1 $? "under ASan, the output fixture fails"
expect_results "$SCRATCH/asan.ktap" "under ASan"
expect_line "$SCRATCH/asan.err" "    # stderr: 50%" "under ASan, a case's stderr goes to stderr"
expect_no_line "$SCRATCH/asan.ktap" "stderr: 50%" "under ASan, a case's stderr is not on stdout"
expect_no_line "$SCRATCH/asan.err" "progress" "under ASan, a case's stdout is not on stderr"
expect_no_leftovers "under ASan"
run_piped "$asan" "$SCRATCH/asan-piped.ktap"
expect_status 1 "$status" "under ASan, piped through cat, the output fixture fails"
expect_quick "under ASan, piped through cat"
expect_results "$SCRATCH/asan-piped.ktap" "under ASan, piped through cat"
expect_no_leftovers "under ASan, piped through cat"

# runner.sh's timeout sends SIGTERM: the program dies of it and takes the
# case's processes with it.
KUNIT_OUTPUT_CHECK=$mark "$prog" output-timeout > "$SCRATCH/term.ktap" 2>&1 &
pid=$!
i=0
while [ $i -lt 50 ]; do
	for p in $(marked); do
		[ "$(cat "/proc/$p/comm" 2> /dev/null)" = sleep ] && break 2
	done
	sleep 0.1
	i=$((i + 1))
done
kill -TERM $pid
{ wait $pid; } 2> /dev/null
expect_status 143 $? "SIGTERM ends the program with SIGTERM"
expect_no_leftovers "after SIGTERM"

# With --no-fork, a case that reopens or closes its stdout does not take
# the results with it: they go to the program's stdout to the end.
for suite in output-freopen output-close; do
	"$USER_BUILD/fixtures/output" --no-fork "$suite" > "$SCRATCH/$suite-nofork.ktap" 2>&1
	expect_status 1 $? "--no-fork: $suite fails as its failing case says"
	expect_line "$SCRATCH/$suite-nofork.ktap" "not ok 1 $suite" \
		"--no-fork: the results of $suite reach stdout after its case took its own"
done
