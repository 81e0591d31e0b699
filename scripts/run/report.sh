# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's report stage: kunit-report reads the console into
# $LAST/results.{ktap,xml,json,kcidb.json}; kselftest.tap is what
# run_kselftest.sh printed in the guest, which came on the results port
# with the guest's own lines (scripts/kunit-init.sh), never from the
# console, which kernel code prints to; a hang, a panic, a userland that
# did not finish and trouble in the kernel's own record fail the run
# too.  Sets report_status.  Sourced, not run.

# One setting, as sh reads it back: VARIABLE='value'.
kcidb_setting() {
	printf "%s='%s'\n" "$1" "$(printf '%s' "$2" | sed "s/'/'\\\\''/g")"
}

# Writes to $1 the KCIDB_* settings of this run's report, for sh to read
# (set -a; . $1): the user's, and what kunit-run knows.
kcidb_settings() {
	compiler=$(${cross}gcc --version 2>/dev/null | head -n 1)
	kunit_commit=$(git -C "$TOP" rev-parse -q --verify HEAD 2>/dev/null) || kunit_commit=
	git_commit=
	if [ "$(git -C "$KSRC" rev-parse --show-toplevel 2>/dev/null)" = "$KSRC" ]; then
		git_commit=$(git -C "$KSRC" rev-parse -q --verify HEAD 2>/dev/null) || git_commit=
		git_name=$(git -C "$KSRC" describe --tags 2>/dev/null) || git_name=
	fi
	comment="Linux $version from $KSRC, with the KUnit of $TOP${kunit_commit:+ at $kunit_commit}"
	[ -n "$STOCK" ] && comment="Linux $version from $KSRC, with its own KUnit"
	environment="User Mode Linux"
	[ -n "$qemu" ] && environment="QEMU $qemu ($accel)"
	build_command="make ARCH=$karch${cross:+ CROSS_COMPILE=$cross} $targets"
	{
		kcidb_setting KCIDB_ORIGIN "${KCIDB_ORIGIN:-local}"
		kcidb_setting KCIDB_RUN_ID \
			"${KCIDB_RUN_ID:-$(hostname 2>/dev/null || echo host)-$started}"
		kcidb_setting KCIDB_TREE_NAME "${KCIDB_TREE_NAME:-$(basename "$KSRC")}"
		kcidb_setting KCIDB_GIT_URL "${KCIDB_GIT_URL:-}"
		kcidb_setting KCIDB_GIT_BRANCH "${KCIDB_GIT_BRANCH:-}"
		kcidb_setting KCIDB_GIT_COMMIT "${KCIDB_GIT_COMMIT:-$git_commit}"
		kcidb_setting KCIDB_GIT_COMMIT_NAME "${KCIDB_GIT_COMMIT_NAME:-${git_name:-}}"
		kcidb_setting KCIDB_CHECKOUT_COMMENT "${KCIDB_CHECKOUT_COMMENT:-$comment}"
		kcidb_setting KCIDB_CONFIG_NAME \
			"${KCIDB_CONFIG_NAME:-tinyconfig $ARCH base.config ${KUNITCONFIG##*/}}"
		kcidb_setting KCIDB_COMPILER "${KCIDB_COMPILER:-$compiler}"
		kcidb_setting KCIDB_BUILD_COMMAND "${KCIDB_BUILD_COMMAND:-$build_command}"
		kcidb_setting KCIDB_BUILD_DURATION "${KCIDB_BUILD_DURATION:-${build_seconds:-}}"
		kcidb_setting KCIDB_START_TIME "${KCIDB_START_TIME:-$started_utc}"
		kcidb_setting KCIDB_ENVIRONMENT "${KCIDB_ENVIRONMENT:-$environment}"
	} > "$1"
}

# What run_kselftest.sh printed: its own summary, and the KTAP reader's
# verdict on it (a plan not met fails too).
report_kselftest() {
	tap=$LAST/kselftest.tap
	if ! grep -q '^ok \|^not ok ' "$tap"; then
		echo "kunit-run: no kselftest results: run_kselftest.sh did not run or died"
		report_status=1
		return 0
	fi
	echo "kselftest: $(grep -c '^ok ' "$tap") ok, $(grep -c '^not ok ' "$tap") not ok," \
		"of $(sed -n 's/^1\.\.//p' "$tap" | head -n 1) tests (run_kselftest.sh)"
	grep '^not ok ' "$tap" | sed -e 's/^/  /'
	# A module that a case still running after its timeout keeps loaded.
	sed -n 's/^# # \(.*still runs; .* kept loaded\)$/  \1/p' "$tap"
	if ! "$REPORT" --color=never "$tap" > "$LAST/kselftest.summary"; then
		grep -q '^not ok ' "$tap" ||
			sed -n 's/^document problem: /  kselftest.tap: /p' "$LAST/kselftest.summary"
		report_status=1
	fi
	# And read nested, as KCIDB's report and LAVA read it: a case's not
	# ok fails its program whatever runner.sh's line says, and so does a
	# second result line (a program can write one to runner.sh's output).
	if ! "$KSELFTEST_READER" < "$tap" > "$LAST/kselftest.results" 2> /dev/null; then
		echo "kunit-run: cannot read $tap with $KSELFTEST_READER"
		report_status=1
	elif grep -q ' fail$' "$LAST/kselftest.results"; then
		report_status=1
		# The programs that failed only so: runner.sh's not ok is listed above.
		awk '$2 == "fail" && split($1, part, "/") == 2 { print part[1] ": " part[2] }' \
			"$LAST/kselftest.results" | while read -r line; do
			grep -q "^not ok [0-9]* selftests: $line\( \|\$\)" "$tap" ||
				echo "  $line: failed in its own results, or printed a result line of its own"
		done
	fi
}

# Splits the results port (scripts/kunit-init.sh) into kselftest.tap,
# what run_kselftest.sh printed, and $LAST/guest.lines, the init's own
# lines without their "kunit-run: ".  The port is raw; a "\r" there is
# none of the results'.
read_port() {
	port_file=$LAST/results.port
	: > "$LAST/guest.lines" || return 1
	rm -f "$LAST/gcov.b64"
	[ -s "$port_file" ] || return 0
	# COVERAGE=1's lines, the kernel's .gcda files as a base64 tar, go to
	# gcov.b64, not among the init's lines.
	tr -d '\r' < "$port_file" > "$LAST/results.port.lines" &&
	# Coverage data after its end, or after the guest's "done", is out of
	# order: an error of the guest's.
	awk -v guest="$LAST/guest.lines" -v b64="$LAST/gcov.b64" '
		/^kunit-run: gcov end$/ { if (ended || done) bad = 1; ended = 1; print "gcov end" > guest; next }
		/^kunit-run: gcov / {
			if (ended || done) bad = 1
			sub(/^kunit-run: gcov /, ""); print > b64; next
		}
		/^kunit-run: done$/ { done = 1 }
		/^kunit-run: / { sub(/^kunit-run: /, ""); print > guest }
		END {
			if (bad) print "error: the coverage data came out of order" > guest
			printf "" > guest
		}' "$LAST/results.port.lines" || return 1
	if [ -n "$ksft" ]; then
		sed -e '/^kunit-run: /d' "$LAST/results.port.lines" > "$LAST/kselftest.tap" ||
			return 1
	fi
	rm -f "$LAST/results.port.lines"
}

# The value of FIELD=N in the guest's record $1 (start or end), or nothing.
record_field() {
	sed -n "s/^record $1 //p" "$LAST/guest.lines" | head -n 1 | tr ' ' '\n' |
		sed -n "s/^$2=\([0-9][0-9]*\)\$/\1/p"
}

# The kernel's own record, as the guest read it before the tests and
# after them and the GUEST_SCRIPT: the run fails when at the end the
# kernel is tainted by a machine check, a task that died, a warning or a
# soft lockup, or has counted more oopses or warnings than at the start.
# Not "bad page" (B): KASAN's own tests set it with the reports they expect.
# The warnings that KUnit's tests expected (kunit_expected_warnings, counted in
# their kunit_warning_suppress() blocks) are not trouble: where the kernel
# counts its warnings and KUnit expected some, W is trouble only when it
# counted more than that (W alone, with none counted, is trouble: the
# kernel taints W for reports it does not count, as sleeping in atomic
# context).
# The verdict is the numbers'; the console's lines are only quoted.
report_record() {
	tainted=$(record_field end tainted)
	if [ -z "$tainted" ]; then
		echo "kunit-run: the guest sent no record of the kernel's taint at the end"
		report_status=1
		return 0
	fi
	trouble=$(awk -v tainted="$tainted" \
		-v oops="$(record_field end oops_count)" -v oops0="$(record_field start oops_count)" \
		-v warn="$(record_field end warn_count)" -v warn0="$(record_field start warn_count)" \
		-v expd="$(record_field end kunit_expected_warnings)" \
		-v expd0="$(record_field start kunit_expected_warnings)" '
	function bit(n) { return int(tainted / 2 ^ n) % 2 }
	function add(what) { out = out (out == "" ? "" : ", ") what }
	function count(name, now, then, expected) {
		if (now != "" && now - expected > then + 0)
			add(name " " now (then + 0 ? " (" then " at the start)" : "") \
			    (expected ? " (" expected " of them expected)" : ""))
	}
	BEGIN {
		if (bit(4)) add("taint M (a machine check)")
		if (bit(7)) add("taint D (a task died)")
		# W without a counted warning (sleeping in atomic context) is trouble.
		if (bit(9) && (warn == "" || expd + 0 == 0 || warn + 0 > expd + 0))
			add("taint W (a warning)")
		if (bit(14)) add("taint L (a soft lockup)")
		count("oops_count", oops, oops0, 0)
		count("warn_count", warn, warn0, expd - expd0)
		print out
	}') || trouble="the record cannot be read: $(sed -n 's/^record end //p' "$LAST/guest.lines")"
	[ -n "$trouble" ] || return 0
	echo "kunit-run: the kernel's record shows trouble: $trouble"
	# The kernel's reports, if it printed any: the first line of each;
	# of warnings, the last ones (KUnit's own tests, built in, expect the
	# first ones of a boot).
	grep -E '^(\[[ 0-9.]*\] )?(Oops|BUG:|WARNING:|general protection fault|kernel BUG at|watchdog: |Unable to handle kernel|Internal error:|UBSAN:|INFO: task .* blocked for more than|rcu: INFO: .*stall)' \
		"$LAST/console.log" > "$LAST/record.reports.all" || :
	{ grep -v '^\(\[[ 0-9.]*\] \)\?WARNING:' "$LAST/record.reports.all"
	  grep '^\(\[[ 0-9.]*\] \)\?WARNING:' "$LAST/record.reports.all" | tail -n 5; } |
		head -n 5 | sed -e 's/^/  | /' > "$LAST/record.reports"
	rm -f "$LAST/record.reports.all"
	if [ -s "$LAST/record.reports" ]; then
		cat "$LAST/record.reports"
	else
		echo "  (no kernel report of it on the console)"
	fi
	rm -f "$LAST/record.reports"
	report_status=1
}

# How the machine ended, when that fails the run: $1 what, then its tail.
report_end() {
	echo "kunit-run: $1; console tail:"
	tail -n "$2" "$LAST/console.log" | sed -e 's/^/  | /'
	report_status=1
}

# make run LIST=: the cases that the built-in suites listed on the console
# (kunit.action=list or list_attr), as kunit.py prints them: "suite.case"
# lines (tests), the suites' names (suites), or the cases with their
# attribute lines (attr).  A list with no case fails: the kernel has no
# built-in suite, or no KUnit.
stage_list() {
	stage report "Reading the list"
	report_status=0
	# The listing's lines follow its KTAP version line, "suite.case" and
	# "# ..." attribute lines; the kernel's timestamps go.
	sed -e 's/^\[[ 0-9.]*\] //' "$LAST/console.log" | awk -v what="$LIST" '
		/^KTAP version 1$/ { listing = 1; next }
		!listing { next }
		/^[^ .#][^ ]*\.[^ ]+$/ {
			n++
			if (what == "suites") {
				suite = $0
				sub(/\..*/, "", suite)
				if (!(suite in seen)) { seen[suite] = 1; print suite }
			} else {
				print
			}
			next
		}
		what == "attr" && /^# / { print; next }
		{ listing = 0 }
		END { exit n ? 0 : 1 }' > "$LAST/list.txt" || report_status=1
	if ! cat "$LAST/list.txt"; then
		echo "kunit-run: cannot print $LAST/list.txt" >&2
		report_status=1
	fi
	if [ "$report_status" -ne 0 ] && [ ! -s "$LAST/list.txt" ]; then
		echo "kunit-run: no case listed: the kernel has no built-in KUnit suite (or no KUnit); see $LAST/console.log"
	fi
	[ "$status" -eq 0 ] || report_end "the machine ended with exit status $status, not by a clean shutdown" 20
}

# A run that failed, as git bisect run takes it: 125 ($UNTESTABLE) only
# when the kernel surely never reached its tests (2 when QEMU itself did
# not start); else 1, the tests'
# failure, which git bisect marks bad.  Reached: a KTAP or TAP version
# line anywhere on the console (whatever prefix the kernel gave it: a
# time, a caller id, a level), a line of the guest's init on the results
# port, or KUnit in a report's call trace or task name.  A console the
# kernel was told to keep quiet (quiet, loglevel=) cannot tell: 1.
failure_status() {
	# QEMU that did not start (an option it does not take: QEMU_ARGS) is
	# the run's setting, not the commit's: 2, as for a setting refused.
	# (A QEMU that a signal ended, as TIMEOUT's, did start.)
	if [ -n "$qemu" ] && ! grep -q 'Linux version' "$LAST/console.log" 2> /dev/null &&
	   grep -E '^qemu-system-[a-z0-9_]+: ' "$LAST/console.log" 2> /dev/null |
		grep -qv ': terminating on signal '; then
		echo "kunit-run: QEMU did not start: $(grep -m 1 -E '^qemu-system-[a-z0-9_]+: ' "$LAST/console.log")" >&2
		echo 2
		return 0
	fi
	if grep -qE 'K?TAP version [0-9]|kunit_[a-z_]+\+0x|kunit_try_catch' "$LAST/console.log" 2> /dev/null ||
	   [ -s "$LAST/guest.lines" ]; then
		echo 1
		return 0
	fi
	case " $KERNEL_ARGS " in
	*" quiet "* | *" loglevel="*)
		echo "kunit-run: no sign of the tests on a console kept quiet (KERNEL_ARGS): a failure, not a commit to skip" >&2
		echo 1
		return 0
		;;
	esac
	echo "kunit-run: the kernel did not reach its tests: git bisect run skips this commit (exit $UNTESTABLE)" >&2
	echo $UNTESTABLE
}

stage_report() {
	stage report "Reading the results"
	report_status=0
	if ! kcidb_settings "$LAST/kcidb.env"; then
		echo "kunit-run: cannot write $LAST/kcidb.env" >&2
		report_status=1
	fi
	rm -f "$LAST/kselftest.tap" "$LAST/guest.lines" "$LAST/results.tree"
	[ -z "$ksft" ] || : > "$LAST/kselftest.tap" || report_status=1
	if [ -n "$userland" ] && ! read_port; then
		echo "kunit-run: cannot read $LAST/results.port into $LAST/kselftest.tap" >&2
		report_status=1
	fi
	# RAW=kunit prints the KTAP itself: of the rest, the summary line.
	only=
	[ "$RAW" != kunit ] || only=--summary
	# shellcheck disable=SC1091
	(set -a && . "$LAST/kcidb.env" && exec "$REPORT" --ktap="$LAST/results.ktap" \
		--junit="$LAST/results.xml" --json="$LAST/results.json" --tree="$LAST/results.tree" \
		--kcidb="$LAST/results.kcidb.json" ${ksft:+--kselftest-tap="$LAST/kselftest.tap"} \
		--arch="$ARCH" ${SUMMARY:+--summary} ${FAILED:+--failed} $only \
		"$LAST/console.log") || report_status=1
	# RAW=kunit: the KUnit lines alone, as one KTAP document.
	if [ "$RAW" = kunit ] && ! cat "$LAST/results.ktap"; then
		echo "kunit-run: cannot print $LAST/results.ktap" >&2
		report_status=1
	fi
	if [ "$JUNIT" = stdout ] && ! cat "$LAST/results.xml"; then
		echo "kunit-run: cannot print $LAST/results.xml" >&2
		report_status=1
	elif [ -n "$JUNIT" ] && [ "$JUNIT" != stdout ] && ! cp "$LAST/results.xml" "$JUNIT"; then
		echo "kunit-run: cannot write the JUnit XML to JUNIT=$JUNIT" >&2
		report_status=1
	fi
	if [ "$JSON" = stdout ] && ! cat "$LAST/results.json"; then
		echo "kunit-run: cannot print $LAST/results.json" >&2
		report_status=1
	elif [ -n "$JSON" ] && [ "$JSON" != stdout ] && ! cp "$LAST/results.json" "$JSON"; then
		echo "kunit-run: cannot write the JSON to JSON=$JSON" >&2
		report_status=1
	fi
	[ -z "$ksft" ] || report_kselftest
	# The guest's own steps that failed (scripts/kunit-init.sh).
	if [ -n "$userland" ] && grep -q '^error: ' "$LAST/guest.lines"; then
		sed -n 's/^error: /kunit-run: in the guest: /p' "$LAST/guest.lines"
		report_status=1
	fi
	if [ "$status" -eq 124 ]; then
		report_end "the kernel did not finish within TIMEOUT=$TIMEOUT s: a hang" 20
	elif grep -q 'Kernel panic - not syncing' "$LAST/console.log"; then
		report_end "the kernel panicked" 25
	elif [ "$status" -ne 0 ]; then
		report_end "the machine ended with exit status $status, not by a clean shutdown" 20
	elif [ -n "$userland" ] && [ ! -s "$LAST/results.port" ]; then
		report_end "no results on the results port ($results_device)" 20
	elif [ -n "$userland" ] && ! grep -qx 'done' "$LAST/guest.lines"; then
		report_end "the test userland did not finish" 20
	fi
	[ -z "$userland" ] || ! grep -qx 'done' "$LAST/guest.lines" || report_record
	# A report that stdout did not take (a full disk) reached no one: a failure.
	if ! echo "Files: $LAST/console.log, $LAST/results.{ktap,xml,json,kcidb.json}${userland:+, $LAST/results.port}${ksft:+, $LAST/kselftest.tap}"; then
		echo "kunit-run: cannot write the report to standard output" >&2
		report_status=1
	fi
}

# Keeps run $1 of REPEAT in $LAST/repeat/$1: its console, its results
# (results.tree, every test's verdict at every depth), its status.
keep_repeat() {
	mkdir -p "$LAST/repeat/$1" &&
	cp "$LAST/console.log" "$LAST/repeat/$1/" &&
	{ [ ! -f "$LAST/results.tree" ] || cp "$LAST"/results.* "$LAST/repeat/$1/"; } &&
	{ [ ! -f "$LAST/kselftest.tap" ] || cp "$LAST/kselftest.tap" "$LAST/repeat/$1/"; } &&
	echo "$report_status" > "$LAST/repeat/$1/status" ||
		die "cannot keep run $1 in $LAST/repeat/$1"
}

# REPEAT's verdict: the tests whose outcome was not the same in every
# run, each with its outcomes ("missing" in a run that did not report it:
# it crashed or hung before), into $LAST/flaky.txt and on the output.
# Fails when one is flaky, or a run has no results to compare.
report_flaky() {
	stage flaky "Comparing the $REPEAT runs"
	for run_dir in "$LAST"/repeat/*/; do
		[ -s "$run_dir/results.tree" ] || {
			echo "kunit-run: run $(basename "$run_dir") has no results to compare"
			return 1
		}
	done
	awk -F '\t' -v runs="$REPEAT" '
		FNR == 1 { run++ }
		{ if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 }
		  got[$1, run] = $2 }
		END {
			for (i = 1; i <= n; i++) {
				name = order[i]
				line = ""; differ = 0
				for (r = 1; r <= runs; r++) {
					v = ((name, r) in got) ? got[name, r] : "missing"
					if (r == 1) first = v
					else if (v != first) differ = 1
					line = line (r > 1 ? " " : "") v
				}
				if (differ) printf "flaky: %s: %s\n", name, line
			}
		}' $(for r in $(seq 1 "$REPEAT"); do echo "$LAST/repeat/$r/results.tree"; done) \
		> "$LAST/flaky.txt" || die "cannot write $LAST/flaky.txt"
	if [ -s "$LAST/flaky.txt" ]; then
		cat "$LAST/flaky.txt"
		echo "REPEAT=$REPEAT: $(wc -l < "$LAST/flaky.txt") tests did not have the same outcome in every run (runs in order; $LAST/flaky.txt)"
		return 1
	fi
	echo "REPEAT=$REPEAT: every test had the same outcome in every run"
}
