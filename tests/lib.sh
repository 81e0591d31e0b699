# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the check scripts in tests/.  Each check prints one TAP line,
# "ok - what" or "not ok - what" (with "# SKIP why" for a skip), which
# scripts/run-checks.sh counts.  On failure, what was seen follows as "# "
# lines.
#
# The environment gives BUILD (the build directory), REF (a reference
# Linux 6.1 tree, see scripts/ref-tree.sh) and TOP (the project).

: "${BUILD:?}" "${REF:?}" "${TOP:?}"
USER_BUILD=$BUILD/user
ASAN_BUILD=$BUILD/user-asan
KUNIT_PY=$REF/tools/testing/kunit/kunit.py
SCRATCH=${CHECKS_DIR:-$BUILD/checks}/$(basename "$0" .sh)
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"

# A result that cannot be written is lost: the check stops, and
# scripts/run-checks.sh fails it for its exit status.
pass() {
	echo "ok - $*" || exit 97
}

fail() {
	echo "not ok - $*" || exit 97
}

skip() {
	echo "ok - $1 # SKIP $2" || exit 97
}

# Shows a file as diagnostics, for a failed check.
show() {
	sed -e 's/^/#   /' "$1" | head -n "${2:-40}"
}

# expect_status WANTED GOT WHAT
expect_status() {
	if [ "$2" = "$1" ]; then
		pass "$3 (exit $2)"
	else
		fail "$3: exit status $2, wanted $1"
	fi
}

# expect_line FILE LINE WHAT: FILE has LINE as one of its lines, exactly.
expect_line() {
	if grep -qxF -- "$2" "$1"; then
		pass "$3"
	else
		fail "$3: no line '$2' in $1"
		show_near "$1" "$2"
	fi
}

# expect_match FILE ERE WHAT: a line of FILE matches the extended regular
# expression ERE (anchored by the caller).
expect_match() {
	if grep -qE -- "$2" "$1"; then
		pass "$3"
	else
		fail "$3: no line of $1 matches '$2'"
		show "$1"
	fi
}

# show_near FILE LINE: the lines of FILE that start like LINE (its first
# word), which tell why LINE is not there; the head of FILE if none do.
show_near() {
	near_file=${SCRATCH:-${TMPDIR:-/tmp}}/near.$$
	near_prefix=$(printf '%s\n' "$2" | sed -e 's/^\([[:space:]]*[^[:space:]]*\).*/\1/')
	if [ -n "$near_prefix" ] && grep -F -- "$near_prefix" "$1" > "$near_file" 2>/dev/null &&
		[ "$(wc -l < "$near_file")" -lt 200 ]; then
		echo "#   lines of $1 that start like it:"
		show "$near_file" 20
	else
		show "$1"
	fi
	rm -f "$near_file"
}

# expect_no_line FILE PATTERN WHAT: no line of FILE contains PATTERN.
expect_no_line() {
	if grep -qF -- "$2" "$1"; then
		fail "$3: '$2' appears in $1"
		grep -F -- "$2" "$1" | head -n 5 | sed -e 's/^/#   /'
	else
		pass "$3"
	fi
}

# expect_same EXPECTED_FILE GOT_FILE WHAT
expect_same() {
	if diff -u "$1" "$2" > "$SCRATCH/diff" 2>&1; then
		pass "$3"
	else
		fail "$3"
		show "$SCRATCH/diff" 60
	fi
}

# kunit_py_results KTAP_FILE OUT_FILE: "suite.case STATUS" for every case
# that the kernel tree's own kunit.py parses out of KTAP_FILE, parameters
# as "suite.case.param STATUS".
kunit_py_results() {
	python3 "$KUNIT_PY" parse --json="$(realpath -m "$2.json")" "$(realpath "$1")" > "$2.log" 2>&1
	json_results "$2.json" "$2"
}

# json_results JSON OUT: one "group.path.case STATUS" line per leaf of a
# kunit.py --json file, in OUT.
json_results() {
	python3 - "$1" > "$2" <<'PY'
import json, sys

def walk(group, prefix):
    for case in group.get("test_cases", []):
        print(f"{prefix}{case['name']} {case['status']}")
    for sub in group.get("sub_groups", []):
        walk(sub, f"{prefix}{sub['name']}.")

walk(json.load(open(sys.argv[1])), "")
PY
}

# The results that exist only in the kernel: the cases of the suites that
# need the driver model or interrupt context, each of which must pass, once.  And the cases
# that skip in a kernel that gives KUnit no user memory (a modular KUnit
# where the tree does not export mm_alloc()).
KERNEL_ONLY_RESULTS="kunit-platform-device.platform_device_test_alloc_put
kunit-platform-device.platform_device_test_add_unregistered
kunit-platform-device.platform_device_test_foreign_add_unregistered
kunit-platform-device.platform_device_test_wait_for_probe
kunit-platform-device.platform_device_test_driver_gone_with_case
kunit-kernel-helpers.irq_test_all_contexts
kunit-kernel-helpers.irq_test_failure_reported
kunit-kernel-helpers.fwnode_test_create
kunit-kernel-helpers.fwnode_test_register
kunit-kernel-helpers.fwnode_test_register_group
kunit-kernel-helpers.fwnode_test_device_add
kunit-kernel-helpers.suppress_test_timed_out_block
kunit-kernel-helpers.user_memory_test_unreachable"
USER_MEMORY_CASES="kunit-resource.resource_test_vm_mmap kunit-resource.resource_test_vm_mmap_gone_with_case"

# expect_own_suites KTAP WHAT [no-user-memory]: in the kernel whose results
# KTAP holds, KUnit's own suites and the example give, case by case, what
# they give in userspace, where every case passes or skips; besides them,
# the kernel ran KERNEL_ONLY_RESULTS, each passing, and nothing else.  Sets
# own_summary, the summary line these results make.
expect_own_suites() {
	own_summary="(no results: see $SCRATCH/own-kernel.results)"
	rm -f "$SCRATCH/own-user.results" "$SCRATCH/own-kernel.results"
	case ${3:-} in
	'' | no-user-memory) ;;
	*) fail "$2: expect_own_suites: $3: give no-user-memory or nothing"; return ;;
	esac
	{ "$USER_BUILD/kunit-test"; "$USER_BUILD/kunit-example-test"; } > "$SCRATCH/userspace.ktap" 2>&1
	"$BUILD/host/kunit-report" --results="$SCRATCH/own-user.results" \
		"$SCRATCH/userspace.ktap" > "$SCRATCH/own-user.report" 2>&1
	user_status=$?
	if ! [ -r "$1" ]; then
		fail "$2: no kernel results to compare: cannot read $1"
		return
	fi
	"$BUILD/host/kunit-report" --results="$SCRATCH/own-kernel.results" "$1" \
		> "$SCRATCH/own-kernel.report" 2>&1
	kernel_status=$?
	if [ "$user_status" -ne 0 ] || ! [ -s "$SCRATCH/own-user.results" ]; then
		fail "$2: the userspace programs do not pass (kunit-report exit $user_status)"
		show "$SCRATCH/own-user.report"
		return
	fi
	if ! [ -s "$SCRATCH/own-kernel.results" ]; then
		fail "$2: kunit-report read no result from $1 (exit $kernel_status)"
		show "$SCRATCH/own-kernel.report"
		return
	fi
	# A failure that no case holds (a bail-out, trouble outside the tests)
	# is one too.
	if [ "$kernel_status" -ne 0 ] && ! grep -q ' FAIL$' "$SCRATCH/own-kernel.results"; then
		fail "$2: the kernel's results fail outside their cases (kunit-report exit $kernel_status)"
		show "$SCRATCH/own-kernel.report"
	fi
	sort -o "$SCRATCH/own-kernel.results" "$SCRATCH/own-kernel.results"
	{
		awk -v skip="${3:+$USER_MEMORY_CASES}" '
			BEGIN { n = split(skip, names, " "); for (i = 1; i <= n; i++) skipped[names[i]] = 1 }
			{ name = $0; sub(/ [A-Z]+$/, "", name) }
			(name in skipped) { print name, "SKIP"; next }
			{ print }' "$SCRATCH/own-user.results"
		echo "$KERNEL_ONLY_RESULTS" | sed -e 's/$/ PASS/'
	} | sort > "$SCRATCH/own-expected.results"
	expect_same "$SCRATCH/own-expected.results" "$SCRATCH/own-kernel.results" \
		"$2: KUnit's own suites give their userspace results case by case; the kernel-only cases pass"
	own_summary=$(awk '{ suite = $1; sub(/\..*/, "", suite); n++; count[$NF]++ }
		!(suite in seen) { seen[suite] = 1; suites++ }
		END { printf "%d suites, %d results: %d passed, %d failed, %d skipped\n",
			suites, n, count["PASS"], count["FAIL"], count["SKIP"] }' \
		"$SCRATCH/own-kernel.results")
}

# forked_pid FILE CASE: the pid that FILE's line "CASE: a check failed in
# process PID, which the case forked" names, "none" if there is no such line.
forked_pid() {
	sed -n -e "s/^ *# $2: a check failed in process \([0-9]*\), which the case forked\$/\1/p" \
		"$1" | head -n 1 | grep . || echo none
}

# Inputs from outside the project that some checks use where they are:
# KCIDB's schema and the original series' patches, from ../shared (README,
# "Optional inputs"; KUNIT_SHARED=dir for another ../shared).  Where one is missing, what needs it is skipped, with
# the reason, and make check's summary lists it; named in the environment
# (KUNIT_KCIDB_SCHEMA=file, KUNIT_SEEDS=dir) and missing, it fails.
KUNIT_SHARED=${KUNIT_SHARED:-$TOP/../shared}
KCIDB_SCHEMA_NAMED=${KUNIT_KCIDB_SCHEMA:+yes}
KCIDB_SCHEMA=${KUNIT_KCIDB_SCHEMA:-$KUNIT_SHARED/reference/kcidb-v5.3.schema.json}
SEEDS_NAMED=${KUNIT_SEEDS:+yes}
SEEDS=${KUNIT_SEEDS:-$KUNIT_SHARED/seeds}

# optional_input PATH NAMED WHAT: whether PATH is there; if not, WHAT is
# skipped, or fails if NAMED (the user named PATH).
optional_input() {
	[ -e "$1" ] && return 0
	if [ -n "$2" ]; then
		fail "$3: $1 is missing"
	else
		skip "$3" "optional input $1 is missing (README, Optional inputs)"
	fi
	return 1
}

# have_kcidb_schema WHAT: optional_input for KCIDB's schema.
have_kcidb_schema() {
	optional_input "$KCIDB_SCHEMA" "$KCIDB_SCHEMA_NAMED" "$1"
}

# The schema for tests/ktap/reports.py wherever there is something by its
# name (which must then be a schema): without one, it only checks ids and
# paths.
KCIDB_SCHEMA_ARG=
[ -e "$KCIDB_SCHEMA" ] && KCIDB_SCHEMA_ARG=$KCIDB_SCHEMA
# A Python with jsonschema: the one in PATH, or Debian's, to which
# scripts/deps.sh gives python3-jsonschema.
SCHEMA_PYTHON=python3
python3 -c 'import jsonschema' 2> /dev/null || SCHEMA_PYTHON=/usr/bin/python3

# expect_valid_kcidb FILE MESSAGE: FILE is a KCIDB report with unique ids
# and paths that validates against KCIDB's schema (skipped, with the
# reason, without the schema); its tests, "path STATUS", go to FILE.tests.
expect_valid_kcidb() {
	if ! "$SCHEMA_PYTHON" "$TOP/tests/ktap/reports.py" kcidb "$1" ${KCIDB_SCHEMA_ARG:+"$KCIDB_SCHEMA_ARG"} \
		> "$1.tests" 2>&1; then
		fail "$2: it does not validate"
		grep -v '^[a-z]*\.[^ ]* [A-Z]*$' "$1.tests" | tail -n 5 | sed -e 's/^/#   /'
	elif ! grep -qx 'problems: 0' "$1.tests"; then
		fail "$2: its ids, paths or excerpts"
		grep '^problem' "$1.tests" | head -n 5 | sed -e 's/^/#   /'
	elif have_kcidb_schema "$2"; then
		pass "$2"
	fi
}

# expect_valid_tap FILE MESSAGE: Perl's TAP::Parser reads FILE without error.
expect_valid_tap() {
	if perl -MTAP::Parser -e '
		my $parser = TAP::Parser->new({ source => $ARGV[0] });
		while (my $result = $parser->next) { }
		my @errors = $parser->parse_errors;
		print "$_\n" for @errors;
		exit(@errors ? 1 : 0);' "$1" > "$SCRATCH/tap-errors" 2>&1; then
		pass "$2"
	else
		fail "$2"
		sed -e 's/^/#   /' "$SCRATCH/tap-errors" | head -n 5
	fi
}

# make run's stages (scripts/run), for the checks of them that need no
# kernel: runs sh code $1 with the stages loaded and the settings of
# ARCH=$2, in a subshell; its output goes to $SCRATCH/out.
stages() {
	(
		cd "$SCRATCH" || exit 1
		REPORT=$BUILD/host/kunit-report KSELFTEST_READER=$BUILD/host/kunit-lava TOP=$TOP BUILD=$SCRATCH/build LAST=$SCRATCH/last
		ARCH=$2 KUNITCONFIG=$SCRATCH/kunitconfig
		for part in common source configure build initramfs boot report coverage; do
			. "$TOP/scripts/run/$part.sh"
		done
		started=$(date +%s%N) started_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)
		stage_started=$started timings= TIMEOUT=300
		mkdir -p "$LAST"
		load_arch "$ARCH"
		eval "$1"
	) > "$SCRATCH/out" 2>&1
}

