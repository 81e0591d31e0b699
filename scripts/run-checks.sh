#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs the project's checks (tests/*.sh) and counts their results.  Each
# check script prints TAP lines; this prints them all, then one line:
#
#   check: N passed, N failed, N skipped
#
# and exits 1 if anything failed.  CHECKS=glob runs only the checks whose
# names match, for instance CHECKS=68-fuzz.

set -u

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in
/*) ;;
*) BUILD=$TOP/$BUILD ;;
esac
REF=$("$TOP/scripts/ref-tree.sh" "$BUILD") || exit 1
export TOP BUILD REF

# The checks choose make run's settings themselves: none comes from the
# caller's environment.
unset KSRC ARCH KUNITCONFIG FILTER KUNIT_EXTRA STOCK TIMEOUT CASE_TIMEOUT RAW GUEST_SCRIPT \
	KERNEL_ARGS JOBS KSELFTEST
# Nor from make check's command line (make check KSELFTEST=all, make -i):
# make puts its variables in the environment and in MAKEFLAGS, after
# " -- ", for every make below it.  Those make check itself takes stay.
case " ${MAKEFLAGS:-}" in
*" -- "*)
	for assignment in ${MAKEFLAGS#* -- }; do
		name=${assignment%%=*}
		case $name in
		"$assignment" | *[!A-Za-z0-9_]* | [0-9]*) ;;
		BUILD | CC | CHECKS | CHECKS_DIR | KUNIT_CHECK_* | KUNIT_SHARED | KUNIT_SEEDS | \
		KUNIT_KCIDB_SCHEMA | FUZZ_* | V) ;;
		*) unset "$name" ;;
		esac
	done
	;;
esac
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL

# CHECKS_DIR: where the checks' output and results go, $BUILD/checks by default.
CHECKS_DIR=${CHECKS_DIR:-$BUILD/checks}
results=$CHECKS_DIR/results
mkdir -p "$CHECKS_DIR"
: > "$results" || { echo "check: cannot write $results" >&2; exit 1; }
unwritten=

# A whole make check builds the kernels of tests/kernels.list ahead, in
# the background and at the lowest priority: the checks' make runs find
# them made, or wait for them (kunit-run takes turns on a build).
# KERNELS_AHEAD names another list (tests/24); empty, none.
ahead=
if [ -n "${KERNELS_AHEAD+set}" ]; then
	ahead=$KERNELS_AHEAD
elif [ -z "${CHECKS:-}" ] && [ -z "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	ahead=$TOP/tests/kernels.list
fi
# Not for the make checks that checks run.
unset KERNELS_AHEAD
prebuild_pid=
# Stops the builder, its makes and their compilers: its session.
stop_prebuild() {
	[ -n "$prebuild_pid" ] && kill -TERM "-$prebuild_pid" 2> /dev/null
	prebuild_pid=
}
if [ -n "$ahead" ]; then
	# The list's lines, each ended (a last line without a newline too).
	awk '!/^[[:space:]]*(#|$)/ { print }' "$ahead" > "$CHECKS_DIR/kernels.list" ||
		{ echo "check: cannot read $ahead" >&2; exit 1; }
	# Boots of earlier make checks never count (the run id below says
	# which are this one's); their lines go, so that .kunit-ran, a line
	# a boot, does not grow from one make check to the next.
	rm -f "$BUILD"/run/*/.kunit-ran
	# What each architecture needs installed, before the builder runs,
	# so that no two apt-get runs meet.
	for arch in $(sed -n 's/.*\bARCH=\([a-z0-9_]*\).*/\1/p' "$CHECKS_DIR/kernels.list" | sort -u); do
		[ -f "$TOP/scripts/arch/$arch" ] || continue
		# shellcheck disable=SC1090
		(
			. "$TOP/scripts/arch/$arch"
			# shellcheck disable=SC2086
			[ -z "$packages" ] || "$TOP/scripts/deps.sh" packages $packages
		) || exit 1
	done
	rm -rf "$CHECKS_DIR/kernels"
	mkdir -p "$CHECKS_DIR/kernels" ||
		{ echo "check: cannot write $CHECKS_DIR/kernels" >&2; exit 1; }
	# This make check's id: its checks' boots say it in .kunit-ran, and
	# the builder in what it built, so that neither an earlier make
	# check's boots nor a builder it left can count in this one.
	KUNIT_CHECK_RUN=$(date +%s%N)-$$
	export KUNIT_CHECK_RUN
	# A session of its own, so that stopping it stops its makes too; a
	# watcher in it stops it, mid-build, once this script is gone.  Line
	# N's logs are kept in kernels/N (make.out, and make build's logs),
	# its run directory and build keys in kernels/N/built.
	setsid sh -c '
		(
			while kill -0 "$4" 2> /dev/null; do
				sleep 2
			done
			kill -TERM 0
		) &
		set -f
		n=0
		while read -r settings; do
			n=$((n + 1))
			mkdir -p "$3/$n"
			echo "# make build $settings"
			# One job more than the CPUs: the checks leave a CPU idle at
			# times, and so do a build'"'"'s serial steps (configure, links).
			# shellcheck disable=SC2086
			env JOBS=$(($(nproc) + 1)) $settings nice -n 19 make -C "$1" --no-print-directory build \
				BUILD="$2" < /dev/null > "$3/$n/make.out" 2>&1
			status=$?
			cat "$3/$n/make.out"
			cp -R "$2/last-build/." "$3/$n/" 2> /dev/null
			run=$(cat "$2/last-build/run-dir" 2> /dev/null)
			if [ $status -eq 0 ] && [ -n "$run" ] && [ -f "$run/.kunit-built" ]; then
				printf "%s\n%s %s %s\n" "$run" "$KUNIT_CHECK_RUN" "$(cat "$run/.kunit-built")" \
					"$(cat "$run/.kunit-kselftest" 2> /dev/null)" > "$3/$n/built"
			fi
		done < "$3/../kernels.list"
		# The CPU time of the builds, for the check during which make
		# check reaps this shell (its children time then holds it).
		times > "$3/times"
		kill -TERM 0' kernels "$TOP" "$BUILD" "$CHECKS_DIR/kernels" $$ \
		> "$CHECKS_DIR/kernels.out" 2>&1 &
	prebuild_pid=$!
	trap 'stop_prebuild' EXIT
	trap 'stop_prebuild; exit 129' HUP
	trap 'stop_prebuild; exit 130' INT
	trap 'stop_prebuild; exit 131' QUIT
	trap 'stop_prebuild; exit 141' PIPE
	trap 'stop_prebuild; exit 143' TERM
fi

# make check's preparation (KUNIT_CHECK_PREPARE=1, from the Makefile):
# the packages only the checks need, then the checks' programs, once the
# kernels are building.  On a new machine apt-get spends minutes waiting
# on the network and the disk, which the builder's compilers fill; the
# kernels' own packages were installed before the builder started, and
# the builder installs none (two apt-get runs would meet on dpkg's lock).
prepare=${KUNIT_CHECK_PREPARE:-}
# Not for the checks, whose make checks (tests/24) prepare nothing.
unset KUNIT_CHECK_PREPARE
if [ -n "$prepare" ]; then
	if ! "$TOP/scripts/deps.sh" check; then
		echo "check: the checks' packages are not installed (scripts/deps.sh check): no check ran" >&2
		exit 1
	fi
	if ! make -C "$TOP" --no-print-directory BUILD="$BUILD" ${CC:+CC="$CC"} user-progs user-asan-progs; then
		echo "check: the checks' programs do not build: no check ran" >&2
		exit 1
	fi
fi

# times_cpu FILE: the CPU time (user and system) of the waited-for
# children in FILE, the output of times (its second line), in hundredths
# of a second.
times_cpu() {
	awk 'NR == 2 {
		t = 0
		for (i = 1; i <= 2; i++) {
			split($i, f, "m")
			sub("s", "", f[2])
			t += f[1] * 60 + f[2]
		}
		printf "%d\n", t * 100
	}' "$1"
}

# children_cpu: sets cpu_now to this shell's children's CPU time so far,
# in hundredths; empty when it cannot be read.  times must run in this
# shell (a subshell's children are its own).  The builder ahead counts
# when this shell reaps it, during some check: that check's time goes
# without it (builder_cpu).
cpu_file=$(mktemp "${TMPDIR:-/tmp}/kunit-check-times.XXXXXX") || cpu_file=
builder_reaped=
children_cpu() {
	cpu_now=
	[ -n "$cpu_file" ] && times > "$cpu_file" 2> /dev/null || return 0
	cpu_now=$(times_cpu "$cpu_file")
	if [ -z "$builder_reaped" ] && [ -n "$prebuild_pid" ] && ! kill -0 "$prebuild_pid" 2> /dev/null; then
		builder_reaped=1
		# At a check's end (cpu_start set), it was reaped during the check.
		if [ -n "$cpu_start" ]; then
			builder_cpu=$(times_cpu "$CHECKS_DIR/kernels/times" 2> /dev/null)
			if [ -n "$builder_cpu" ]; then
				cpu_start=$((cpu_start + builder_cpu))
			else
				cpu_now=
			fi
		fi
	fi
}

for script in "$TOP"/tests/${CHECKS:-[0-9]*}.sh; do
	[ -f "$script" ] || continue
	name=$(basename "$script" .sh)
	echo "# $name"
	start=$(date +%s)
	cpu_start=
	children_cpu
	cpu_start=$cpu_now
	(cd "$TOP" && sh "$script") > "$CHECKS_DIR/$name.out" 2>&1
	status=$?
	cat "$CHECKS_DIR/$name.out"
	# Where make check's time goes, for a run on a slower machine: the
	# wall time, and the CPU time the check's processes took (on two
	# cores, the kernels built ahead share the rest).
	children_cpu
	cpu=
	if [ -n "$cpu_start" ] && [ -n "$cpu_now" ]; then
		cpu=$((cpu_now - cpu_start))
		cpu=", CPU $((cpu / 100)).$((cpu / 10 % 10)) s"
	fi
	echo "# $name: $(($(date +%s) - start)) s$cpu"
	grep -E '^(not )?ok ' "$CHECKS_DIR/$name.out" >> "$results"
	case $? in
	0) ;;
	1) [ "$status" -ne 0 ] || status="0 and printed no result" ;;
	*) unwritten=1 ;;
	esac
	if [ "$status" != 0 ]; then
		echo "not ok - $name: the script itself exited with status $status"
		echo "not ok - $name: script exit $status" >> "$results" || unwritten=1
	fi
done
[ -z "$cpu_file" ] || rm -f "$cpu_file"

# Every kernel built ahead was built, and booted by a check as it was
# built (its build keys): a line of the list that no check runs as it
# says is a build too many, or one the checks redo.
if [ -n "$prebuild_pid" ]; then
	wait "$prebuild_pid"
	prebuild_pid=
	builder_cpu=$(times_cpu "$CHECKS_DIR/kernels/times" 2> /dev/null)
	echo "# kernels built ahead ($ahead): $CHECKS_DIR/kernels.out${builder_cpu:+, CPU $((builder_cpu / 100)) s}"
	n=0
	while read -r settings; do
		n=$((n + 1))
		built=$CHECKS_DIR/kernels/$n/built
		same=
		m=1
		while [ -s "$built" ] && [ $m -lt $n ]; do
			cmp -s "$built" "$CHECKS_DIR/kernels/$m/built" && same=$m
			m=$((m + 1))
		done
		if ! [ -s "$built" ]; then
			line="not ok - make build $settings failed (logs: $CHECKS_DIR/kernels/$n)"
		elif [ -n "$same" ]; then
			line="not ok - the list's line $n, $settings, builds the kernel of its line $same"
		elif grep -qxF "$(sed -n 2p "$built")" "$(sed -n 1p "$built")/.kunit-ran" 2> /dev/null; then
			line="ok - a check booted the kernel built ahead with $settings"
		else
			line="not ok - no check booted the kernel built ahead with $settings: the list and the checks disagree"
		fi
		echo "$line"
		echo "$line" >> "$results" || unwritten=1
	done < "$CHECKS_DIR/kernels.list"
fi

skipped=$(grep -c '^ok .*# SKIP' "$results")
# What did not run, and why: the summary says it, not only the checks' output.
if [ "$skipped" -gt 0 ]; then
	echo "# skipped, each with its reason:"
	grep '^ok .*# SKIP' "$results" | sed -e 's/^ok - /#   /'
fi
passed=$(($(grep -c '^ok ' "$results") - skipped))
failed=$(grep -c '^not ok ' "$results")
# Results that could not be kept are lost results: the run fails.
if [ -n "$unwritten" ]; then
	echo "check: cannot keep the checks' results in $CHECKS_DIR: the run fails"
	failed=$((failed + 1))
elif ! [ -s "$results" ]; then
	echo "check: no check ran (CHECKS='${CHECKS:-}'): the run fails"
	failed=$((failed + 1))
fi
echo "check: $passed passed, $failed failed, $skipped skipped" || exit 1
[ "$failed" -eq 0 ]
