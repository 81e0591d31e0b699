#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench: the framework's costs next to their anchors, measured in the
# same run on the same machine, as medians of repeated runs:
#
#   expect_user  passing KUNIT_EXPECT_EQ / the same compare written by hand
#   expect_user_values  the same / the compare by hand keeping both values,
#                as a report of the failure needs them
#   case_user    1000 empty cases, end to end / 1000 TEST()s of the kernel
#                tree's kselftest_harness.h
#   expect_kernel  passing KUNIT_EXPECT_EQ in the kernel / the same with
#                stock KUnit, in the same QEMU configuration
#   case_kernel  an empty case of a 1000-case suite in the kernel / stock's
#   ko_size      kunit.ko's text and data / stock's, in the same configuration
#   tree_suites  make tree-suites' programs, run (ASan, UBSan) / booting a
#                stock kernel of the same suites to their results
#   tree_suites_O2  the same programs as the kselftest target builds them
#                (-O2, no checker) / the same kernel
#
# The userspace figures are also counted in instructions, with valgrind
# (expect_user_insn, expect_user_values_insn, case_user_insn).
#
# BENCH_KERNEL=0 skips the kernel half, BENCH_BOOTS sets its boots a side
# (3), BENCH_E2E=1 adds make run against kunit.py run, cold, warm and after
# a test file is touched (e2e_cold, e2e_warm, e2e_edit).  The closing
# line's tree= names the kernel release measured (KSRC's).  A
# boot whose clock steps by more than a microsecond is left out and booted
# again; three such boots of a side end the bench with no figure.
#
# Writes $BUILD/last/bench.txt and ends with the "bench: ..." line.

set -eu

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in
/*) ;;
*) BUILD=$TOP/$BUILD ;;
esac
CC=${CC:-cc}
REF=$("$TOP/scripts/ref-tree.sh" "$BUILD")
work=$BUILD/bench
mkdir -p "$work" "$BUILD/last"
lib=$BUILD/user/libkunit.a
flags="-std=gnu11 -O2 -I$TOP/include -I$TOP/tools/testing/selftests/kunit/user/include"
runs=${BENCH_RUNS:-7}
# BENCH_E2E=1's test file to touch, checked before minutes of measuring:
# make run lays the project's own directories over the tree's, so a file
# there is not the tree's, and touching it would rebuild one side only.
# The path as the tree names it: no ./, no //.
edit=$(echo "${BENCH_EDIT:-lib/list-test.c}" | sed -e 's|//*|/|g' -e 's|^\(\./\)*||' -e 's|/\./|/|g')
case /$edit/ in
*/../* | //*)
	echo "bench: BENCH_EDIT=$BENCH_EDIT: give a path relative to the kernel tree, without .." >&2
	exit 1
	;;
/include/kunit/* | /lib/kunit/* | /tools/testing/selftests/kunit/* | /samples/kunit/* | \
	/Documentation/dev-tools/kunit/*)
	echo "bench: BENCH_EDIT=$BENCH_EDIT is in a directory of this project's, which make run lays over the tree: give a test file of the tree's own" >&2
	exit 1
	;;
esac
cases=1000

# median FILE: the median of the numbers in FILE, one a line.
median() {
	sort -g "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# spread FILE: "min-max" of the numbers in FILE.
spread() {
	sort -g "$1" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s-%s", lo, hi }'
}

# ratio A B [FORMAT]: A / B, as FORMAT (%.2f) says; n/a unless both are
# numbers above 0.
ratio() {
	awk -v a="$1" -v b="$2" -v f="${3:-%.2f}" \
		'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf f, a / b; else printf "n/a" }'
}

# seconds_spread FILE: spread of FILE's microseconds, in seconds.
seconds_spread() {
	awk '{ printf "%.2f\n", $1 / 1e6 }' "$1" > "$1.s"
	spread "$1.s"
}

echo "bench: building"
# Every loop starts on a 64-byte boundary: where unrelated code happened
# to place them moved the bare loop from 0.36 to 0.55 ns an iteration and
# back on one machine, and expect_user with it from 1.6 to 1.0.
# shellcheck disable=SC2086
$CC $flags -falign-functions=64 -falign-loops=64 "$TOP/tests/bench/expect-bench.c" "$lib" \
	-o "$work/expect-bench"

# empty_programs N: N empty KUnit cases ($work/kunit-cases-N), and N
# empty kselftest_harness TEST()s ($work/harness-cases-N).
empty_programs() {
	{
		echo '#include <kunit/test.h>'
		i=0
		while [ $i -lt "$1" ]; do
			echo "static void empty_$i(struct kunit *test) { }"
			i=$((i + 1))
		done
		echo 'static struct kunit_case empty_cases[] = {'
		i=0
		while [ $i -lt "$1" ]; do
			echo "	KUNIT_CASE(empty_$i),"
			i=$((i + 1))
		done
		echo '	{}'
		echo '};'
		echo 'static struct kunit_suite empty_suite = { .name = "empty", .test_cases = empty_cases };'
		echo 'kunit_test_suite(empty_suite);'
	} > "$work/kunit-cases-$1.c"
	{
		echo '#include "kselftest_harness.h"'
		i=0
		while [ $i -lt "$1" ]; do
			echo "TEST(empty_$i) { }"
			i=$((i + 1))
		done
		echo 'TEST_HARNESS_MAIN'
	} > "$work/harness-cases-$1.c"
	# shellcheck disable=SC2086
	$CC $flags "$work/kunit-cases-$1.c" "$lib" -o "$work/kunit-cases-$1" &&
		$CC -O2 -I"$REF/tools/testing/selftests" "$work/harness-cases-$1.c" \
			-o "$work/harness-cases-$1" 2> "$work/harness-cc-$1.log"
}
# The timed programs, and smaller ones for valgrind (each of the harness's
# TEST()s is a fork, which costs valgrind about 0.1 s).
insn_cases=100
for n in $cases $insn_cases; do
	empty_programs "$n" || {
		echo "bench: the programs of $n empty cases do not compile" >&2
		exit 1
	}
done

# Wall time of a command in microseconds, output discarded.
time_us() {
	start=$(date +%s%N)
	"$@" > /dev/null 2>&1 || true
	end=$(date +%s%N)
	echo $(((end - start) / 1000))
}

echo "bench: measuring ($runs runs each)"
: > "$work/bare"; : > "$work/bare-values"; : > "$work/expect"; : > "$work/failing"
: > "$work/kunit-e2e"; : > "$work/harness-e2e"
r=0
while [ $r -lt "$runs" ]; do
	"$work/expect-bench" > "$work/expect-run" || {
		echo "bench: expect-bench failed" >&2
		exit 1
	}
	awk '$1 == "bare_compare" { print $2 }' "$work/expect-run" >> "$work/bare"
	awk '$1 == "bare_compare_values" { print $2 }' "$work/expect-run" >> "$work/bare-values"
	awk '$1 == "passing_expect" { print $2 }' "$work/expect-run" >> "$work/expect"
	awk '$1 == "failing_expect" { print $2 / 1000 }' "$work/expect-run" >> "$work/failing"
	time_us "$work/kunit-cases-$cases" >> "$work/kunit-e2e"
	time_us "$work/harness-cases-$cases" >> "$work/harness-e2e"
	r=$((r + 1))
done

bare=$(median "$work/bare")
bare_values=$(median "$work/bare-values")
expect=$(median "$work/expect")
failing=$(median "$work/failing")
kunit_e2e=$(median "$work/kunit-e2e")
harness_e2e=$(median "$work/harness-e2e")
expect_ratio=$(ratio "$expect" "$bare")
expect_values_ratio=$(ratio "$expect" "$bare_values")
case_ratio=$(ratio "$kunit_e2e" "$harness_e2e" %.3f)
per_case=$(awk -v t="$kunit_e2e" -v n=$cases 'BEGIN { printf "%.2f", t / n }')
per_test=$(awk -v t="$harness_e2e" -v n=$cases 'BEGIN { printf "%.2f", t / n }')

# The same figures in instructions, which valgrind --tool=callgrind counts
# the same for the same binary and input however busy the machine is.  A
# loop's count is that of its function alone (--toggle-collect); a
# program's is the sum over every process it forked, each fork starting
# from zero (a dump at fork(), or a child would count its parent's too).
echo "bench: counting instructions (valgrind --tool=callgrind)"
command -v valgrind > /dev/null || {
	echo "bench: valgrind is missing: apt-get install valgrind" >&2
	exit 1
}
insn_iterations=1000000
# callgrind_total NAME VALGRIND_OPTION... -- COMMAND...: the instructions
# COMMAND ran, over the files callgrind wrote for it; a command that fails
# or a count that is missing ends the bench.
callgrind_total() {
	cg=$work/callgrind-$1
	shift
	rm -rf "$cg" && mkdir -p "$cg"
	valgrind --tool=callgrind --callgrind-out-file="$cg/out.%p" "$@" \
		> "$cg/stdout" 2> "$cg/valgrind.log" || {
		echo "bench: under valgrind, $* failed (${cg}/valgrind.log)" >&2
		exit 1
	}
	# Each process valgrind ran and said so (its log's ==PID== prefixes)
	# wrote its count: one that exec()ed another program or that a signal
	# ended after its first words wrote none, and the sum would lack it.
	# (One killed before it said anything is not seen here; its parent's
	# failure, above, usually is.)
	ran=$(sed -n 's/^==\([0-9]*\)==.*/\1/p' "$cg/valgrind.log" | sort -u)
	wrote=$(find "$cg" -name 'out.*' | sed -n 's|.*/out\.\([0-9]*\).*|\1|p' | sort -u)
	if [ -z "$ran" ] || [ "$ran" != "$wrote" ]; then
		echo "bench: callgrind wrote no count for a process of $* ($cg)" >&2
		exit 1
	fi
	cat "$cg"/out.* | awk '
		/^totals: [0-9]+$/ { sum += $2; n++ }
		END { if (n) printf "%d\n", sum; else exit 1 }' || {
		echo "bench: callgrind wrote no count for $* ($cg)" >&2
		exit 1
	}
}
# A loop's count: at least an instruction an iteration, or the function's
# name matched nothing (a compiler's clone, expect_loop.isra.0, say).
loop_insn() {
	count=$(callgrind_total "$1" --toggle-collect="$2" "$work/expect-bench" $insn_iterations "$1") ||
		exit 1
	case $count in
	'' | *[!0-9]*)
		echo "bench: callgrind's count for $2 is not a number: $count" >&2
		exit 1
		;;
	esac
	if [ "$count" -lt $insn_iterations ]; then
		echo "bench: callgrind counted $count instructions in $2, fewer than its $insn_iterations iterations: no function of that name ran" >&2
		exit 1
	fi
	echo "$count"
}
bare_insn=$(loop_insn bare_compare bare_loop) || exit 1
bare_values_insn=$(loop_insn bare_compare_values bare_values_loop) || exit 1
expect_insn=$(loop_insn passing_expect expect_loop) || exit 1
forked_total() {
	callgrind_total "$1" --dump-before=fork --dump-before=_Fork "$work/$1"
}
kunit_cases_insn=$(forked_total kunit-cases-$insn_cases) || exit 1
harness_cases_insn=$(forked_total harness-cases-$insn_cases) || exit 1
expect_insn_ratio=$(ratio "$expect_insn" "$bare_insn")
expect_values_insn_ratio=$(ratio "$expect_insn" "$bare_values_insn")
case_insn_ratio=$(ratio "$kunit_cases_insn" "$harness_cases_insn" %.3f)
per_iteration_insn() {
	ratio "$1" $insn_iterations
}

# In the kernel: tests/bench/kernel in this KUnit's kernel and in the tree's
# stock KUnit kernel of the same configuration, booted "quiet" so that the
# serial console does not time KUnit's lines, BENCH_BOOTS times each.  Each
# boot gives the median of the module's own rounds; the figure is the
# median of the boots.
boots=${BENCH_BOOTS:-3}
# What boots the kernels: tests/93 gives a stand-in (BENCH_KUNIT_RUN).
kunit_run=${BENCH_KUNIT_RUN:-$TOP/scripts/kunit-run}
# The clock's step above which a boot's figures are not read, in ns: under
# TCG with a TSC it is tens of ns.
max_clock_step=1000
# The kernel tree that the kernel figures measured, when they are made.
tree=none
expect_kernel=n/a
case_kernel=n/a
tree_ratio=n/a
tree_ratio_O2=n/a
ko_size=n/a
kernel_table=
if [ "${BENCH_KERNEL:-1}" != 0 ]; then
	for side in ours stock; do
		rm -f "$work/kernel-$side".*
		b=0
		coarse=0
		while [ $b -lt "$boots" ]; do
			echo "bench: in-kernel, $side KUnit, boot $((b + 1)) of $boots"
			# KSELFTEST=all: tree_suites_O2 runs the target's tree-NAME programs.
			STOCK=$([ $side = stock ] && echo 1) KSELFTEST=all \
			KUNITCONFIG=$TOP/scripts/configs/bench.config \
			KUNIT_EXTRA=$TOP/tests/bench/kernel KERNEL_ARGS=quiet BUILD=$BUILD \
				"$kunit_run" > "$work/kernel-$side.out" 2>&1 || true
			if ! grep -q '^kunit-bench: empty_case ' "$BUILD/last/console.log"; then
				echo "bench: the $side kernel gave no figures:" >&2
				tail -n 20 "$work/kernel-$side.out" >&2
				exit 1
			fi
			# A guest that lost its TSC under TCG falls back to the
			# jiffies clock: thousands of checks then fit in one tick
			# and measure 0.  Such a boot measures nothing; boot again.
			step=$(sed -n 's/^kunit-bench: clock_step median=\([0-9]*\) .*/\1/p' \
				"$BUILD/last/console.log")
			if [ -z "$step" ] || [ "$step" -gt "$max_clock_step" ]; then
				coarse=$((coarse + 1))
				echo "bench: the $side kernel's clock steps by ${step:-an unknown number of} ns," \
					"more than $max_clock_step ns: its figures are left out" >&2
				if [ $coarse -ge 3 ]; then
					echo "bench: $coarse boots of the $side kernel had a coarse clock; no figure" >&2
					exit 1
				fi
				continue
			fi
			sed -n 's/^kunit-bench: \([a-z_]*\) median=\([0-9]*\) .*/\1 \2/p' \
				"$BUILD/last/console.log" | while read -r name value; do
				echo "$value" >> "$work/kernel-$side.$name"
			done
			b=$((b + 1))
		done
		echo "$coarse" > "$work/kernel-$side.coarse"
		# The kselftest target's programs, -O2 and no checker (ours only).
		[ $side = ours ] && ksft_programs=$(cat "$BUILD/last/run-dir")/kselftest/kunit
		# text + data of kunit.ko, from the last build of this side.
		ko=$(cat "$BUILD/last/run-dir")/obj/lib/kunit/kunit.ko
		size=n/a
		[ -f "$ko" ] && size=$(size "$ko" | awk 'NR == 2 { print $1 + $2 }')
		echo "$size" > "$work/kernel-$side.size"
		# The tree measured: the kernel's release, as its build wrote it.
		[ $side = ours ] && tree=$(cat "$(cat "$BUILD/last/run-dir")/obj/include/config/kernel.release" \
			2> /dev/null || echo unknown)
	done
	# The tree's suites: make tree-suites' programs as it builds them (ASan
	# and UBSan), one after the other, against a kernel of the same suites
	# with the tree's stock KUnit from QEMU's start to its exit (kunit-run's
	# "run" stage), BENCH_BOOTS times each; build times excluded.
	echo "bench: the tree's suites, in userspace and in a kernel"
	BUILD=$BUILD CC=$CC "$TOP/scripts/tree-suites" > "$work/tree-suites.out" 2>&1 || {
		echo "bench: make tree-suites failed:" >&2
		tail -n 20 "$work/tree-suites.out" >&2
		exit 1
	}
	rm -f "$work/tree-kernel" "$work/tree-user"
	b=0
	while [ $b -lt "$boots" ]; do
		STOCK=1 KUNITCONFIG=$TOP/scripts/configs/tree_suites.config BUILD=$BUILD \
			"$TOP/scripts/kunit-run" > "$work/tree-kernel.out" 2>&1 || {
			echo "bench: the kernel of the tree's suites failed:" >&2
			tail -n 20 "$work/tree-kernel.out" >&2
			exit 1
		}
		sed -n 's/^Elapsed time: .* \([0-9.]*\)s run\(,.*\)\{0,1\}$/\1/p' "$work/tree-kernel.out" \
			>> "$work/tree-kernel"
		b=$((b + 1))
	done
	"$BUILD/host/kunit-report" --results="$work/tree-kernel.results" "$BUILD/last/console.log" \
		> /dev/null 2>&1 || true
	# The programs whose every suite ran in that kernel (not rational).
	programs=
	for ktap in "$BUILD"/tree-suites/*.ktap; do
		suites=$(sed -n 's/^    # Subtest: //p' "$ktap")
		[ -n "$suites" ] || continue
		for suite in $suites; do
			grep -q "^$suite\." "$work/tree-kernel.results" || continue 2
		done
		programs="$programs ${ktap%.ktap}"
	done
	[ -n "$programs" ] || {
		echo "bench: no suite of make tree-suites ran in the kernel" >&2
		exit 1
	}
	# shellcheck disable=SC2086
	tree_programs=$(echo $programs | wc -w)
	# All of them, one after the other, as a shell would run them: as make
	# tree-suites builds them, and as the kselftest target does (tree-NAME).
	run_tree_programs() {
		for program in $programs; do
			"$program" > /dev/null 2>&1 || return 1
		done
	}
	run_kselftest_programs() {
		for program in $programs; do
			"$ksft_programs/tree-$(basename "$program")" > /dev/null 2>&1 || return 1
		done
	}
	# Each set runs to the end once before it is timed: a program that
	# fails or is missing would give a figure too small to be true.
	run_tree_programs || {
		echo "bench: a program of make tree-suites fails" >&2
		exit 1
	}
	run_kselftest_programs || {
		echo "bench: a tree-NAME program of the kselftest target in $ksft_programs fails or is missing" >&2
		exit 1
	}
	if [ "$(wc -l < "$work/tree-kernel")" -ne "$boots" ]; then
		echo "bench: kunit-run's timings gave no \"run\" stage for the tree's suites" >&2
		exit 1
	fi
	rm -f "$work/tree-user-O2"
	r=0
	while [ $r -lt "$runs" ]; do
		time_us run_tree_programs >> "$work/tree-user"
		time_us run_kselftest_programs >> "$work/tree-user-O2"
		r=$((r + 1))
	done
	seconds_of() {
		awk -v us="$(median "$1")" 'BEGIN { printf "%.2f", us / 1e6 }'
	}
	tree_user=$(seconds_of "$work/tree-user")
	tree_user_O2=$(seconds_of "$work/tree-user-O2")
	tree_kernel=$(median "$work/tree-kernel")
	tree_ratio=$(ratio "$tree_user" "$tree_kernel" %.3f)
	tree_ratio_O2=$(ratio "$tree_user_O2" "$tree_kernel" %.3f)
	figure() {
		median "$work/kernel-$1.$2"
	}
	expect_kernel=$(ratio "$(figure ours expect_pass)" "$(figure stock expect_pass)")
	case_kernel=$(ratio "$(figure ours empty_case)" "$(figure stock empty_case)")
	ko_size=$(ratio "$(cat "$work/kernel-ours.size")" "$(cat "$work/kernel-stock.size")")
	row() {
		printf '%-40s %-11s %-13s %s\n' "$1" "$(figure "$2" "$3")" \
			"$(spread "$work/kernel-$2.$3")" "$4"
	}
	kernel_table=$(
		echo
		echo "in the kernel (QEMU TCG, x86_64, $boots boots a side; clock step $(figure ours clock_step) ns;" \
			"boots left out for a coarse clock: ours $(cat "$work/kernel-ours.coarse")," \
			"stock $(cat "$work/kernel-stock.coarse"))"
		row "passing KUNIT_EXPECT_EQ, stock (anchor)" stock expect_pass "ps/check"
		row "passing KUNIT_EXPECT_EQ, this KUnit" ours expect_pass "ps/check"
		row "bare compare, for scale" ours bare_compare "ps/iteration"
		row "failing KUNIT_EXPECT_EQ, stock" stock expect_fail "ns/check"
		row "failing KUNIT_EXPECT_EQ, this KUnit" ours expect_fail "ns/check"
		row "empty case of 1000, stock (anchor)" stock empty_case "ns/case"
		row "empty case of 1000, this KUnit" ours empty_case "ns/case"
		row "all of the module's suites, stock" stock module_suites "us"
		row "all of the module's suites, this KUnit" ours module_suites "us"
		printf '%-40s %-11s %-13s %s\n' "kunit.ko text+data, stock / this KUnit" \
			"$(cat "$work/kernel-stock.size") / $(cat "$work/kernel-ours.size")" "" "bytes"
		echo
		echo "the tree's suites ($tree_programs programs of make tree-suites)"
		printf '%-40s %-11s %-13s %s\n' "booted in a stock kernel (anchor)" "$tree_kernel" \
			"$(spread "$work/tree-kernel")" "s"
		printf '%-40s %-11s %-13s %s\n' "userspace, ASan+UBSan (tree-suites)" \
			"$tree_user" "$(seconds_spread "$work/tree-user")" "s"
		printf '%-40s %-11s %-13s %s\n' "userspace, -O2 (kselftest tree-NAME)" \
			"$tree_user_O2" "$(seconds_spread "$work/tree-user-O2")" "s"
	)
fi

# End to end, only with BENCH_E2E=1 (two kernels built from nothing): make
# run against the tree's own kunit.py run --arch=x86_64, on the same
# suites (the all-tests list of the tree's series, as make compat's), in a
# copy of KSRC's tree that is no extraction of make run's, as a
# developer's own tree is: cold (a new build directory, no ccache), warm
# (the same command again, nothing changed) and edit (one test file of
# the list touched, BENCH_EDIT, then the same command).
e2e_line=
e2e_table=
if [ "${BENCH_E2E:-}" = 1 ]; then
	e2e=$work/e2e
	# KSRC's tree (6.12 by default): its own kunit.py is the anchor.
	ksrc=$("$TOP/scripts/ksrc.sh" "$BUILD" "${KSRC:-}") || exit 1
	e2e_config=$("$TOP/scripts/all-tests-config" "$ksrc") || exit 1
	[ -f "$ksrc/$edit" ] || {
		echo "bench: $ksrc has no $edit to touch; give BENCH_EDIT a test file of $e2e_config" >&2
		exit 1
	}
	rm -rf "$e2e"
	# A build directory of its own, but for the host tool make run needs.
	mkdir -p "$e2e/ours/host"
	cp "$BUILD/host/kunit-report" "$e2e/ours/host/"
	# A copy, not links: the edit must touch no file that another build
	# directory's work tree shares.
	echo "bench: end to end: copying $ksrc to $e2e/linux"
	rsync -a --exclude=/.extracted --exclude='/.kunit-*' --exclude=/.kunit --exclude=/.git \
		"$ksrc/" "$e2e/linux/" || {
		echo "bench: cannot copy $ksrc to $e2e/linux" >&2
		exit 1
	}
	# The tree's release, from its Makefile, when no kernel half said it.
	[ "$tree" != none ] || tree=$(awk -F ' *= *' '
		$1 ~ /^(VERSION|PATCHLEVEL|SUBLEVEL)$/ { v[$1] = $2 }
		END { print v["VERSION"] "." v["PATCHLEVEL"] "." v["SUBLEVEL"] }' "$ksrc/Makefile")
	kunit_py=${BENCH_KUNIT_PY:-$e2e/linux/tools/testing/kunit/kunit.py}
	# seconds NAME COMMAND...: its time; its output is kept in $e2e/NAME.log.
	seconds() {
		log=$e2e/$1.log
		shift
		start=$(date +%s%N)
		"$@" > "$log" 2>&1 || true
		end=$(date +%s%N)
		awk -v ns=$((end - start)) 'BEGIN { printf "%.1f", ns / 1e9 }'
	}
	ours_run() {
		CCACHE_DISABLE=1 BUILD=$e2e/ours KSRC=$e2e/linux \
			KUNITCONFIG=$e2e_config "$kunit_run"
	}
	kunit_py_run() {
		(cd "$e2e/linux" && python3 "$kunit_py" run --arch=x86_64 \
			--build_dir="$e2e/kunit.py" --kunitconfig="$e2e_config")
	}
	# edited RUN: touches the test file, then runs RUN.
	edited() {
		touch "$e2e/linux/$edit" && "$1"
	}
	# check NAME: the run gave results (kunit.py's closing line, or make run's).
	check() {
		grep -Eq '^(\[[0-9:]*\] )?Testing complete\. Ran [0-9]+ tests|^[0-9]+ suites, [0-9]+ results' \
			"$e2e/$1.log" || {
			echo "bench: $1 gave no results:" >&2
			tail -n 20 "$e2e/$1.log" >&2
			exit 1
		}
	}
	echo "bench: end to end, cold, warm and after touching $edit (minutes)"
	ours_cold=$(seconds ours-cold ours_run)
	check ours-cold
	ours_warm=$(seconds ours-warm ours_run)
	check ours-warm
	ours_edit=$(seconds ours-edit edited ours_run)
	check ours-edit
	py_cold=$(seconds kunit.py-cold kunit_py_run)
	check kunit.py-cold
	py_warm=$(seconds kunit.py-warm kunit_py_run)
	check kunit.py-warm
	py_edit=$(seconds kunit.py-edit edited kunit_py_run)
	check kunit.py-edit
	e2e_cold=$(ratio "$ours_cold" "$py_cold")
	e2e_warm=$(ratio "$ours_warm" "$py_warm")
	e2e_edit=$(ratio "$ours_edit" "$py_edit")
	e2e_line=" e2e_cold=$e2e_cold e2e_warm=$e2e_warm e2e_edit=$e2e_edit"
	e2e_table=$(
		echo
		echo "end to end, ${e2e_config#"$TOP"/}, in a copy of $ksrc (one run each)"
		printf '%-40s %-25s %s\n' "kunit.py run, cold / warm / edit (anchor)" \
			"$py_cold / $py_warm / $py_edit" "s"
		printf '%-40s %-25s %s\n' "make run, cold / warm / edit" "$ours_cold / $ours_warm / $ours_edit" "s"
		for run in cold warm edit; do
			echo "make run's stages, $run: $(grep '^Elapsed time:' "$e2e/ours-$run.log")"
		done
	)
fi

{
	echo "measure                                  median      spread        unit"
	printf '%-40s %-11s %-13s %s\n' "bare compare loop (anchor)" "$bare" "$(spread "$work/bare")" "ns/iteration"
	printf '%-40s %-11s %-13s %s\n' "bare compare keeping both values" "$bare_values" "$(spread "$work/bare-values")" "ns/iteration"
	printf '%-40s %-11s %-13s %s\n' "passing KUNIT_EXPECT_EQ" "$expect" "$(spread "$work/expect")" "ns/check"
	printf '%-40s %-11s %-13s %s\n' "failing KUNIT_EXPECT_EQ, formatted" "$failing" "$(spread "$work/failing")" "us/check"
	printf '%-40s %-11s %-13s %s\n' "$cases harness TEST()s, end to end (anchor)" "$harness_e2e" "$(spread "$work/harness-e2e")" "us"
	printf '%-40s %-11s %-13s %s\n' "$cases KUnit cases, end to end" "$kunit_e2e" "$(spread "$work/kunit-e2e")" "us"
	printf '%-40s %-11s %-13s %s\n' "per empty case: KUnit / harness" "$per_case / $per_test" "" "us"
	echo
	echo "in instructions (valgrind --tool=callgrind: user mode only, so a fork's kernel time is not in it; exact, one run each)"
	printf '%-40s %-25s %s\n' "bare compare loop (anchor)" "$(per_iteration_insn "$bare_insn")" "instructions/iteration"
	printf '%-40s %-25s %s\n' "bare compare keeping both values" "$(per_iteration_insn "$bare_values_insn")" "instructions/iteration"
	printf '%-40s %-25s %s\n' "passing KUNIT_EXPECT_EQ" "$(per_iteration_insn "$expect_insn")" "instructions/check"
	printf '%-40s %-25s %s\n' "$insn_cases harness TEST()s, all processes (anchor)" "$harness_cases_insn" "instructions"
	printf '%-40s %-25s %s\n' "$insn_cases KUnit cases, all processes" "$kunit_cases_insn" "instructions"
	[ -n "$kernel_table" ] && echo "$kernel_table"
	[ -n "$e2e_table" ] && echo "$e2e_table"
	echo
	echo "bench: tree=$tree expect_user=$expect_ratio expect_user_values=$expect_values_ratio case_user=$case_ratio expect_user_insn=$expect_insn_ratio expect_user_values_insn=$expect_values_insn_ratio case_user_insn=$case_insn_ratio expect_kernel=$expect_kernel case_kernel=$case_kernel ko_size=$ko_size tree_suites=$tree_ratio tree_suites_O2=$tree_ratio_O2 failing_expect_us=$failing case_us=$per_case harness_test_us=$per_test$e2e_line"
} | tee "$BUILD/last/bench.txt"
