# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's settings, its architecture data and its stage
# timer, for the stages in this directory.  Sourced, not run.

die() {
	echo "kunit-run: $*" >&2
	exit 1
}

# Ends the run on a setting it cannot take (an environment variable, an
# architecture file): status 2, as for a command line not understood.
bad_setting() {
	echo "kunit-run: $*" >&2
	exit 2
}

# The exit status of a kernel that cannot be configured, built or booted
# for a reason that is not its tests': git bisect run skips the commit.
# A test that fails is 1, all passed 0 (the README's "Bisecting").
UNTESTABLE=125

# worse_status A B: the status of two runs together: a failure of the
# tests (1) wins over any other failure, a failure over a pass.
worse_status() {
	if [ "$1" -eq 1 ] || [ "$2" -eq 0 ]; then
		echo "$1"
	elif [ "$1" -eq 0 ] || [ "$2" -eq 1 ]; then
		echo "$2"
	else
		echo "$1"
	fi
}

# Ends the run: the kernel cannot be configured or built.
cannot_build() {
	echo "kunit-run: $*" >&2
	exit $UNTESTABLE
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
	'' | *[!a-z0-9_]*) bad_setting "ARCH=$1 is not supported: use one of $(known_arches)" ;;
	esac
	arch_file=$TOP/scripts/arch/$1
	# kunit.py's --qemu_config: a file of the same settings, anywhere.
	if [ -n "${QEMU_CONFIG:-}" ]; then
		# A name without a slash would be looked for in PATH by ".".
		case $QEMU_CONFIG in
		/*) arch_file=$QEMU_CONFIG ;;
		*) arch_file=$PWD/$QEMU_CONFIG ;;
		esac
		[ -f "$arch_file" ] && [ -r "$arch_file" ] ||
			bad_setting "QEMU_CONFIG=$QEMU_CONFIG: cannot read it (a file of the settings scripts/arch/README lists)"
	fi
	[ -f "$arch_file" ] ||
		bad_setting "ARCH=$1 is not supported: use one of $(known_arches)"
	# The project's own files by their name in it, any other whole.
	case $arch_file in
	"$TOP/scripts/arch/"*) arch_shown=${arch_file#"$TOP"/} ;;
	*) arch_shown=$arch_file ;;
	esac
	for setting in karch cross packages image targets qemu qemu_machine qemu_bios qemu_memory \
		qemu_console kvm console boot_args busybox busybox_package results_qemu_args \
		results_device kconfig kconfig_series; do
		unset "$setting"
	done
	if ! syntax=$(sh -n "$arch_file" 2>&1); then
		printf '%s\n' "$syntax" | sed -e 's/^/  /' >&2
		bad_setting "$arch_shown is not a file of sh settings (scripts/arch/README)"
	fi
	# shellcheck disable=SC1090
	. "$arch_file"
	arch_name=$1
	# kunit.py's --cross_compile: another cross compiler than the file's.
	[ -z "${CROSS_COMPILE:-}" ] || cross=$CROSS_COMPILE
	for setting in karch image targets kconfig; do
		eval "[ -n \"\${$setting:-}\" ]" || bad_setting "$arch_shown does not set $setting"
	done
	for setting in cross packages qemu qemu_machine qemu_bios qemu_memory qemu_console kvm \
		console boot_args busybox busybox_package results_qemu_args results_device \
		kconfig_series; do
		eval "[ -n \"\${$setting+set}\" ]" || bad_setting "$arch_shown does not set $setting"
	done
	if [ -n "$qemu" ]; then
		case $qemu_memory in
		'' | *[!0-9]*) bad_setting "$arch_shown: qemu_memory=$qemu_memory: give MiB, a number" ;;
		esac
		[ -n "$qemu_console" ] || bad_setting "$arch_shown: qemu_console is empty"
	fi
	# A userland is busybox, from the host or from a package.
	userland=
	[ -n "$busybox$busybox_package" ] && userland=busybox
	# Its results reach the host on a port of their own, under QEMU.
	if [ -n "$userland" ] && { [ -z "$qemu" ] || [ -z "$results_device" ] ||
		[ -z "$results_qemu_args" ]; }; then
		bad_setting "$arch_shown has a userland but no results port (results_qemu_args, results_device)"
	fi
	:
}

# output_setting NAME VALUE: VALUE of an output file setting (JUNIT=,
# JSON=) made absolute, stdout or empty as it is; dies (a subshell's exit)
# when it cannot be written.
output_setting() {
	case $2 in
	'' | stdout) printf '%s\n' "$2" && return 0 ;;
	/*) out=$2 ;;
	*) out=$PWD/$2 ;;
	esac
	if [ ! -d "$(dirname "$out")" ] || [ ! -w "$(dirname "$out")" ] || [ -d "$out" ]; then
		bad_setting "$1=$out: cannot write there; give a file in a writable directory, or stdout"
	fi
	printf '%s\n' "$out"
}

# The settings from the environment (see kunit-run), checked.
load_settings() {
	BUILD=${BUILD:-build}
	case $BUILD in
	/*) ;;
	*) BUILD=$TOP/$BUILD ;;
	esac
	# QEMU_CONFIG=file names its architecture after the file.
	if [ -z "${ARCH:-}" ] && [ -n "${QEMU_CONFIG:-}" ]; then
		ARCH=$(basename "$QEMU_CONFIG" | sed -e 's/\.[^.]*$//' -e 's/[^a-z0-9_]/_/g')
	fi
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
	case $TIMEOUT in
	'' | *[!0-9]* | 0 | 0*) bad_setting "TIMEOUT=$TIMEOUT: give the seconds the machine may run, 1 or more" ;;
	esac
	[ ${#TIMEOUT} -le 6 ] || bad_setting "TIMEOUT=$TIMEOUT: give at most 999999 seconds"
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
	# kunit.py's --kconfig_add, --make_options, --qemu_args, --filter,
	# --filter_action and --json.
	KCONFIG_ADD=${KCONFIG_ADD:-}
	ALLTESTS=${ALLTESTS:-}
	COVERAGE=${COVERAGE:-}
	case $COVERAGE in
	'' | 1) ;;
	*) bad_setting "COVERAGE=$COVERAGE: give COVERAGE=1, or nothing" ;;
	esac
	REPEAT=${REPEAT:-1}
	case $REPEAT in
	'' | *[!0-9]* | 0*) bad_setting "REPEAT=$REPEAT: give how many runs, 1 or more" ;;
	esac
	[ "$REPEAT" -eq 1 ] || [ -z "${LIST:-}" ] || bad_setting "REPEAT=$REPEAT LIST=$LIST: give one of them"
	# One file would hold the last run's results alone.
	for setting in JSON JUNIT; do
		eval "value=\${$setting:-}"
		[ "$REPEAT" -eq 1 ] || [ -z "$value" ] || [ "$value" = stdout ] ||
			bad_setting "REPEAT=$REPEAT $setting=$value: each run's is in \$BUILD/last/repeat/I; give $setting=stdout or none"
	done
	case $ALLTESTS in
	'' | 1) ;;
	*) bad_setting "ALLTESTS=$ALLTESTS: give ALLTESTS=1, or nothing" ;;
	esac
	MAKE_OPTIONS=${MAKE_OPTIONS:-}
	QEMU_ARGS=${QEMU_ARGS:-}
	FILTER_ATTR=${FILTER_ATTR:-}
	FILTER_ACTION=${FILTER_ACTION:-}
	JSON=${JSON:-}
	REPORT=$BUILD/host/kunit-report
	# run_kselftest.sh's output read nested, a line a result (LAVA's reader).
	KSELFTEST_READER=$BUILD/host/kunit-lava
	LAST=$BUILD/last
	case ${mode:-run} in
	run | exec) ;;
	*) LAST=$BUILD/last-build ;;
	esac

	load_arch "$ARCH"
	# The guest reads the kernel's counts from debugfs and sends them.
	[ -z "$COVERAGE" ] || [ -n "$userland" ] ||
		bad_setting "COVERAGE=1 needs a userland to read the kernel's counts, which ARCH=$ARCH has not here"
	# Several files, separated by spaces, as kunit.py takes --kunitconfig
	# more than once: where they set one option, the last wins.
	[ -n "$(printf '%s' "$KUNITCONFIG" | tr -d ' \t\n')" ] ||
		bad_setting "KUNITCONFIG is empty: give a file of CONFIG_X=y lines"
	case $KUNITCONFIG in
	*[*?[]*) bad_setting "KUNITCONFIG=$KUNITCONFIG: name each file, without wildcards" ;;
	esac
	for fragment in $KUNITCONFIG; do
		[ -f "$fragment" ] || bad_setting "KUNITCONFIG: $fragment: no such file"
	done
	case $JOBS in
	'' | *[!0-9]* | 0) bad_setting "JOBS=$JOBS: give a number of jobs, 1 or more" ;;
	esac
	case $KSELFTEST in
	kernel | all) ;;
	*) bad_setting "KSELFTEST=$KSELFTEST: give kernel or all" ;;
	esac
	case $CASE_TIMEOUT in
	'' | *[!0-9]*) bad_setting "CASE_TIMEOUT=$CASE_TIMEOUT: give whole seconds" ;;
	esac
	# kunit.py's --raw_output: all (or full, since 6.18), or kunit.
	case $RAW in
	'' | kunit) ;;
	1 | all | full) RAW=all ;;
	*) bad_setting "RAW=$RAW: give 1 (or all, full: the console as it comes) or kunit (the KTAP only)" ;;
	esac
	# kunit.py's --list_tests, --list_tests_attr and --list_suites (7.1).
	case $LIST in
	'' | tests | suites | attr) ;;
	*) bad_setting "LIST=$LIST: give tests, suites or attr" ;;
	esac
	# kunit.py's --summary and --failed (6.13).
	case $SUMMARY in
	'' | 1) ;;
	*) bad_setting "SUMMARY=$SUMMARY: give SUMMARY=1, or nothing" ;;
	esac
	case $FAILED in
	'' | 1) ;;
	*) bad_setting "FAILED=$FAILED: give FAILED=1, or nothing" ;;
	esac
	[ -z "$SUMMARY" ] || [ -z "$FAILED" ] ||
		bad_setting "SUMMARY=1 FAILED=1: give one of them, not both"
	# kunit.py's --junit (7.2) and --json: where the JUnit XML or the
	# JSON goes besides results.xml, results.json.  Known before the run,
	# not after it: a file that cannot be written.
	JUNIT=$(output_setting JUNIT "$JUNIT") || exit 2
	JSON=$(output_setting JSON "$JSON") || exit 2
	set -f
	for option in $KCONFIG_ADD; do
		printf '%s\n' "$option" | grep -qE '^CONFIG_[A-Za-z0-9_]+=([ymn]|-?[0-9]+|0x[0-9a-fA-F]+|"[^"]*")$' ||
			bad_setting "KCONFIG_ADD: \"$option\" is not CONFIG_X=value (y, m, n, a number or a \"string\" without spaces)"
	done
	set +f
	case $FILTER_ACTION in
	'' | skip) ;;
	*) bad_setting "FILTER_ACTION=$FILTER_ACTION: give skip (or nothing: filtered-out cases do not run)" ;;
	esac
	if [ -n "$QEMU_ARGS" ] && [ -z "$qemu" ]; then
		bad_setting "QEMU_ARGS: ARCH=$ARCH does not run under QEMU"
	fi
	if [ -n "$KUNIT_EXTRA" ]; then
		[ -f "$KUNIT_EXTRA/Kbuild" ] || [ -f "$KUNIT_EXTRA/Makefile" ] ||
			bad_setting "KUNIT_EXTRA=$KUNIT_EXTRA has no Kbuild file"
		[ -n "$userland" ] ||
			bad_setting "KUNIT_EXTRA needs modules, which ARCH=$ARCH does not load here"
		KUNIT_EXTRA=$(cd "$KUNIT_EXTRA" && pwd)
	fi
	if [ -n "$GUEST_SCRIPT" ] && [ -z "$userland" ]; then
		bad_setting "GUEST_SCRIPT needs a userland, which ARCH=$ARCH has not here"
	fi
	if [ -n "$GUEST_SCRIPT" ]; then
		[ -f "$GUEST_SCRIPT" ] && [ -r "$GUEST_SCRIPT" ] ||
			bad_setting "GUEST_SCRIPT=$GUEST_SCRIPT: cannot read it"
		GUEST_SCRIPT=$(cd "$(dirname "$GUEST_SCRIPT")" && pwd)/$(basename "$GUEST_SCRIPT")
	fi
}

# wait_with_progress PID DESCRIBE: waits for the background job PID and
# returns its status; while it runs, prints every few seconds where it is:
# the time, what the function DESCRIBE prints, and the time taken.  On a
# terminal the line is redrawn in place; elsewhere (make check, CI logs) it
# is a line each PROGRESS_EVERY seconds (10).  A long stage is never
# silent: a newcomer's first build takes minutes.
wait_with_progress() {
	progress_pid=$1
	progress_from=$(date +%s)
	progress_last=$progress_from
	progress_every=${PROGRESS_EVERY:-10}
	progress_tty=
	[ -t 1 ] && progress_tty=1 && progress_every=2
	# A job started in the background ignores SIGINT (sh does that): on
	# Ctrl-C or a kill, the job and what it started are ended here, not
	# left building or booting.
	trap 'stop_job "$progress_pid"; trap - INT TERM HUP; exit 130' INT TERM HUP
	while kill -0 "$progress_pid" 2> /dev/null; do
		sleep 1
		progress_now=$(date +%s)
		[ $((progress_now - progress_last)) -ge "$progress_every" ] || continue
		progress_last=$progress_now
		progress_took=$((progress_now - progress_from))
		progress_line="[$(date +%H:%M:%S)]   $($2), $((progress_took / 60))m$((progress_took % 60))s"
		if [ -n "$progress_tty" ]; then
			printf '\r%s\033[K' "$progress_line"
		else
			printf '%s\n' "$progress_line"
		fi
	done
	[ -z "$progress_tty" ] || [ "$progress_last" = "$progress_from" ] || printf '\n'
	progress_status=0
	wait "$progress_pid" || progress_status=$?
	trap - INT TERM HUP
	return $progress_status
}

# A stage whose log is $progress_log: its lines so far, and the log.
log_progress() {
	printf '%s lines in %s' "$(wc -l < "$progress_log")" "$progress_log"
}

# Ends process $1 and its descendants, the children first.
stop_job() {
	for child in $(pgrep -P "$1" 2> /dev/null); do
		stop_job "$child"
	done
	kill -TERM "$1" 2> /dev/null || :
}
