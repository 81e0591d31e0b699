#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make arches: make run on every architecture of scripts/arch and each
# kernel tree, KUnit's own suites built in and, where the architecture
# has a userland to load them, as modules; then the table of what each
# did, as Documentation/dev-tools/kunit/architectures.rst shows it.
#
#   ARCHES   the architectures (default: every file of scripts/arch)
#   TREES    the kernel trees, as KSRC takes them (default: 6.12 6.1)
#   CONFIGS  builtin, modules or both (the default): KUnit's own suites
#            built in, or as modules where there is a userland
#   BUILD    the build directory; each run's output and files are kept in
#            $BUILD/arches/TREE-ARCH-CONFIG, the table in
#            $BUILD/arches/table.rst
#
# Exit status 0 when every run passed.

set -eu
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL

TOP=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
# shellcheck disable=SC1091
. "$TOP/scripts/run/common.sh"

BUILD=${BUILD:-$TOP/build}
case $BUILD in
/*) ;;
*) BUILD=$TOP/$BUILD ;;
esac
ARCHES=${ARCHES:-$(known_arches)}
TREES=${TREES:-6.12 6.1}
# Each run is the architecture's own, in KUnit's configurations: a setting
# of make run in the environment would change every row behind its label.
unset ARCH KSRC
for setting in QEMU_CONFIG CROSS_COMPILE KUNITCONFIG KCONFIG_ADD ALLTESTS MAKE_OPTIONS QEMU_ARGS \
	FILTER FILTER_ATTR FILTER_ACTION LIST REPEAT COVERAGE STOCK KUNIT_EXTRA GUEST_SCRIPT \
	KERNEL_ARGS JSON JUNIT RAW SUMMARY FAILED; do
	eval "value=\${$setting:-}"
	if [ -n "$value" ]; then
		echo "arches: $setting=$value: make arches runs each architecture as it is; give ARCHES=, TREES=, CONFIGS=" >&2
		exit 2
	fi
done
CONFIGS=${CONFIGS:-builtin modules}
for config in $CONFIGS; do
	case $config in
	builtin | modules) ;;
	*) echo "arches: CONFIGS=$CONFIGS: give builtin, modules or both" >&2; exit 2 ;;
	esac
done
out=$BUILD/arches
mkdir -p "$out"
rows=$out/rows
: > "$rows"

# The fields of one run, from its output: the summary line's counts and
# the boot's seconds ("Elapsed time: ..., 3.1s run, ...").  The counts
# are "- - -" and the seconds "-" where the output has none.
run_fields() {
	counts=$(sed -n 's/^[0-9]* suites, \([0-9]*\) results: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\2 \3 \4/p' "$1" | tail -n 1)
	boot=$(sed -n 's/^Elapsed time: .*, \([0-9.]*\)s run\(,.*\)*$/\1/p' "$1" | tail -n 1)
	echo "${counts:-- - -} ${boot:--}"
}

failed=0
for tree in $TREES; do
	for arch in $ARCHES; do
		# What the architecture is: its compiler and machine.
		info=$(load_arch "$arch" && printf '%s|%s|%s|%s\n' "${cross}gcc" \
			"${qemu:-./linux}${qemu_machine:+ $qemu_machine}" "$userland" "$karch") ||
			{ echo "arches: $arch: $info" >&2; failed=1; continue; }
		compiler=${info%%|*}
		rest=${info#*|}
		machine=${rest%%|*}
		rest=${rest#*|}
		has_userland=${rest%%|*}
		version=$($compiler -dumpfullversion 2> /dev/null || echo '?')
		for config in $CONFIGS; do
			[ "$config" = builtin ] || [ -n "$has_userland" ] || continue
			kunitconfig=$TOP/scripts/configs/kunit_defconfig
			[ "$config" = builtin ] || kunitconfig=$TOP/scripts/configs/kunit_modules.config
			dir=$out/$tree-$arch-$config
			rm -rf "$dir" && mkdir -p "$dir"
			echo "[$(date +%H:%M:%S)] make arches: $arch, $config, Linux $tree"
			# The run's lines as they come (a build takes minutes), and kept.
			{
				status=0
				env ARCH="$arch" KSRC="$tree" KUNITCONFIG="$kunitconfig" BUILD="$BUILD" \
					"$TOP/scripts/kunit-run" run 2>&1 || status=$?
				echo $status > "$dir/status"
			} | tee "$dir/output" | sed -e 's/^/  /'
			status=$(cat "$dir/status" 2> /dev/null || echo 1)
			cp "$BUILD"/last/console.log "$BUILD"/last/results.* "$dir/" 2> /dev/null || true
			[ $status -eq 0 ] || failed=1
			# shellcheck disable=SC2046
			set -- $(run_fields "$dir/output")
			printf '%s|%s|%s %s|%s|%s|%s|%s|%s|%s|%s\n' "$tree" "$arch" "${compiler##*/}" \
				"$version" "$machine" "$config" "$1" "$2" "$3" "$4" \
				"$([ $status -eq 0 ] && echo pass || echo "FAIL ($status)")" >> "$rows"
		done
	done
done

# The table, in reStructuredText: one line per run.
{
	echo '.. list-table::'
	echo '   :header-rows: 1'
	echo
	echo '   * - Architecture'
	echo '     - Tree'
	echo '     - Compiler'
	echo '     - Machine'
	echo '     - KUnit'
	echo '     - Passed'
	echo '     - Failed'
	echo '     - Skipped'
	echo '     - Boot and run (s)'
	echo '     - make run'
	while IFS='|' read -r tree arch compiler machine config passed nfailed skipped boot verdict; do
		echo "   * - $arch"
		echo "     - $tree"
		echo "     - $compiler"
		echo "     - \`\`$machine\`\`"
		echo "     - $([ "$config" = builtin ] && echo built-in || echo modules)"
		echo "     - $passed"
		echo "     - $nfailed"
		echo "     - $skipped"
		echo "     - $boot"
		echo "     - $verdict"
	done < "$rows"
} > "$out/table.rst"
cat "$out/table.rst"
echo "make arches: $(grep -c '|pass$' "$rows") of $(wc -l < "$rows") runs passed; the table in $out/table.rst"
if [ ! -s "$rows" ]; then
	echo "arches: no run: ARCHES=$ARCHES with CONFIGS=$CONFIGS has nothing to run" >&2
	exit 1
fi
exit $failed
