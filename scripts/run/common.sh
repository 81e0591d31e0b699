# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's settings, its architecture data and its stage
# timer, for the stages in this directory.  Sourced, not run.

die() {
	echo "kunit-run: $*" >&2
	exit 1
}

# The name and a digest of each file below the directories: what the
# build keys take of the project's sources.
files_digest() {
	find "$@" -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum
}

# start_unless_made STAMP KEY PRODUCT STAGE MESSAGE: starts STAGE, and
# succeeds when it has nothing to make: PRODUCT is there and was made, in
# an extracted tree (which nobody edits), from what KEY sums up.  Else the
# stamp $RUN/STAMP goes; the stage writes KEY to it once PRODUCT is made.
start_unless_made() {
	if [ -f "$KSRC/.extracted" ] && [ -f "$3" ] &&
	   [ "$(cat "$RUN/$1" 2>/dev/null)" = "$2" ]; then
		stage "$4" "$5: nothing changed since it was last made"
		return 0
	fi
	stage "$4" "$5"
	rm -f "$RUN/$1"
	return 1
}

# Starts stage $1 with message $2..., ending the one before: "make run"
# prints how long each took (elapsed).
stage() {
	now=$(date +%s%N)
	if [ -n "${stage_name:-}" ]; then
		timings="$timings $stage_name=$(((now - stage_started) / 1000000))"
	fi
	stage_name=$1
	stage_started=$now
	shift
	echo "[$(date +%H:%M:%S)] $*"
}

elapsed() {
	stage done "done"
	total=$((($(date +%s%N) - started) / 1000000))
	line="Elapsed time: $(awk -v ms=$total 'BEGIN { printf "%.1fs total", ms / 1000 }')"
	for t in $timings; do
		line="$line, $(echo "$t" | awk -F= '{ printf "%.1fs %s", $2 / 1000, $1 }')"
	done
	echo "$line"
}

# Two runs of one build directory's configuration take turns (make check
# builds kernels ahead, with make build, while other checks run): the
# second waits for the first to end, then finds what the first made.  It
# waits as long as the run that holds the directory is going; a lock
# whose holder is gone (a process it left) is named, not waited for.
hold_run_dir() {
	command exec 9>> "$RUN/.lock" || die "cannot open $RUN/.lock"
	if ! flock -n 9; then
		echo "[$(date +%H:%M:%S)] Waiting for the other make run or make build of $RUN to end"
		until flock -w "${hold_poll:-60}" 9; do
			holder=$(cat "$RUN/.lock-holder" 2> /dev/null || true)
			if [ -z "$holder" ] || ! kill -0 "$holder" 2> /dev/null; then
				die "$RUN/.lock is held, but not by a run that is going (fuser -v $RUN/.lock names the holder)"
			fi
		done
	fi
	echo $$ > "$RUN/.lock-holder" || die "cannot write $RUN/.lock-holder"
}

# The architectures there are data for: the files of scripts/arch.
known_arches() {
	for f in "$TOP"/scripts/arch/*; do
		case ${f##*/} in
		*.* | README) ;;
		*) printf '%s ' "${f##*/}" ;;
		esac
	done
}

# Reads scripts/arch/$1: every setting must be there (see
# scripts/arch/README), the kernel configuration fragment too.
load_arch() {
	case $1 in
	'' | *[!a-z0-9_]*) die "ARCH=$1 is not supported: use one of $(known_arches)" ;;
	esac
	[ -f "$TOP/scripts/arch/$1" ] ||
		die "ARCH=$1 is not supported: use one of $(known_arches)"
	for setting in karch cross packages image targets qemu qemu_machine qemu_bios kvm \
		console boot_args busybox busybox_package results_qemu_args results_device kconfig \
		kconfig_series; do
		unset "$setting"
	done
	# shellcheck disable=SC1090
	. "$TOP/scripts/arch/$1"
	arch_name=$1
	for setting in karch image targets kconfig; do
		eval "[ -n \"\${$setting:-}\" ]" || die "scripts/arch/$1 does not set $setting"
	done
	for setting in cross packages qemu qemu_machine qemu_bios kvm console boot_args \
		busybox busybox_package results_qemu_args results_device kconfig_series; do
		eval "[ -n \"\${$setting+set}\" ]" || die "scripts/arch/$1 does not set $setting"
	done
	# A userland is busybox, from the host or from a package.
	userland=
	[ -n "$busybox$busybox_package" ] && userland=busybox
	# Its results reach the host on a port of their own, under QEMU.
	if [ -n "$userland" ] && { [ -z "$qemu" ] || [ -z "$results_device" ] ||
		[ -z "$results_qemu_args" ]; }; then
		die "scripts/arch/$1 has a userland but no results port (results_qemu_args, results_device)"
	fi
	:
}

# The settings from the environment (see kunit-run), checked.
load_settings() {
	BUILD=${BUILD:-build}
	case $BUILD in
	/*) ;;
	*) BUILD=$TOP/$BUILD ;;
	esac
	ARCH=${ARCH:-x86_64}
	# kunit.py's --arch help (6.16): the architectures, one a line.
	if [ "$ARCH" = help ]; then
		known_arches | tr ' ' '\n' | sed -e '/^$/d'
		exit 0
	fi
	# A .kunitconfig in the build directory is the default, as with kunit.py.
	if [ -z "${KUNITCONFIG:-}" ] && [ -f "$BUILD/.kunitconfig" ]; then
		KUNITCONFIG=$BUILD/.kunitconfig
	fi
	KUNITCONFIG=${KUNITCONFIG:-$TOP/scripts/configs/kunit_defconfig}
	FILTER=${FILTER:-}
	KUNIT_EXTRA=${KUNIT_EXTRA:-}
	STOCK=${STOCK:-}
	TIMEOUT=${TIMEOUT:-300}
	CASE_TIMEOUT=${CASE_TIMEOUT:-$((TIMEOUT > 60 ? TIMEOUT - 30 : TIMEOUT))}
	RAW=${RAW:-}
	SUMMARY=${SUMMARY:-}
	LIST=${LIST:-}
	FAILED=${FAILED:-}
	JUNIT=${JUNIT:-}
	GUEST_SCRIPT=${GUEST_SCRIPT:-}
	KSELFTEST=${KSELFTEST:-kernel}
	KERNEL_ARGS=${KERNEL_ARGS:-}
	JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
	REPORT=$BUILD/host/kunit-report
	LAST=$BUILD/last
	[ "${mode:-run}" = run ] || LAST=$BUILD/last-build

	load_arch "$ARCH"
	# Several files, separated by spaces, as kunit.py takes --kunitconfig
	# more than once: where they set one option, the last wins.
	[ -n "$(printf '%s' "$KUNITCONFIG" | tr -d ' \t\n')" ] ||
		die "KUNITCONFIG is empty: give a file of CONFIG_X=y lines"
	case $KUNITCONFIG in
	*[*?[]*) die "KUNITCONFIG=$KUNITCONFIG: name each file, without wildcards" ;;
	esac
	for fragment in $KUNITCONFIG; do
		[ -f "$fragment" ] || die "KUNITCONFIG: $fragment: no such file"
	done
	case $JOBS in
	'' | *[!0-9]* | 0) die "JOBS=$JOBS: give a number of jobs, 1 or more" ;;
	esac
	case $KSELFTEST in
	kernel | all) ;;
	*) die "KSELFTEST=$KSELFTEST: give kernel or all" ;;
	esac
	case $CASE_TIMEOUT in
	'' | *[!0-9]*) die "CASE_TIMEOUT=$CASE_TIMEOUT: give whole seconds" ;;
	esac
	# kunit.py's --raw_output: all (or full, since 6.18), or kunit.
	case $RAW in
	'' | kunit) ;;
	1 | all | full) RAW=all ;;
	*) die "RAW=$RAW: give 1 (or all, full: the console as it comes) or kunit (the KTAP only)" ;;
	esac
	# kunit.py's --list_tests, --list_tests_attr and --list_suites (7.1).
	case $LIST in
	'' | tests | suites | attr) ;;
	*) die "LIST=$LIST: give tests, suites or attr" ;;
	esac
	# kunit.py's --summary and --failed (6.13).
	case $SUMMARY in
	'' | 1) ;;
	*) die "SUMMARY=$SUMMARY: give SUMMARY=1, or nothing" ;;
	esac
	case $FAILED in
	'' | 1) ;;
	*) die "FAILED=$FAILED: give FAILED=1, or nothing" ;;
	esac
	[ -z "$SUMMARY" ] || [ -z "$FAILED" ] ||
		die "SUMMARY=1 FAILED=1: give one of them, not both"
	# kunit.py's --junit (7.2): where the JUnit XML goes besides results.xml.
	case $JUNIT in
	'' | stdout) ;;
	/*) ;;
	*) JUNIT=$PWD/$JUNIT ;;
	esac
	# Known before the run, not after it: a JUNIT that cannot be written.
	if [ -n "$JUNIT" ] && [ "$JUNIT" != stdout ] &&
		{ [ ! -d "$(dirname "$JUNIT")" ] || [ ! -w "$(dirname "$JUNIT")" ] || [ -d "$JUNIT" ]; }; then
		die "JUNIT=$JUNIT: cannot write there; give a file in a writable directory, or stdout"
	fi
	if [ -n "$KUNIT_EXTRA" ]; then
		[ -f "$KUNIT_EXTRA/Kbuild" ] || [ -f "$KUNIT_EXTRA/Makefile" ] ||
			die "KUNIT_EXTRA=$KUNIT_EXTRA has no Kbuild file"
		[ -n "$userland" ] ||
			die "KUNIT_EXTRA needs modules, which ARCH=$ARCH does not load here"
		KUNIT_EXTRA=$(cd "$KUNIT_EXTRA" && pwd)
	fi
	if [ -n "$GUEST_SCRIPT" ] && [ -z "$userland" ]; then
		die "GUEST_SCRIPT needs a userland, which ARCH=$ARCH has not here"
	fi
	if [ -n "$GUEST_SCRIPT" ]; then
		[ -f "$GUEST_SCRIPT" ] && [ -r "$GUEST_SCRIPT" ] ||
			die "GUEST_SCRIPT=$GUEST_SCRIPT: cannot read it"
		GUEST_SCRIPT=$(cd "$(dirname "$GUEST_SCRIPT")" && pwd)/$(basename "$GUEST_SCRIPT")
	fi
}
