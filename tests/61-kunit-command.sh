# SPDX-License-Identifier: GPL-2.0
# tools/testing/kunit/kunit, kunit.py's command line over make run: each
# subcommand and flag reaches scripts/kunit-run as its setting (a stand-in
# kunit-run prints what it got), the exit status comes through as git
# bisect run reads it, --run_isolated boots once per suite or case, and
# parse reads KTAP with this project's reader.
. tests/lib.sh

# A copy of the project's top with the real command, and stand-ins for
# what it calls: kunit-run prints its mode and settings, and exits as
# FAKE_STATUS says; deps.sh passes; make makes the console reader a link
# to the real one.
fake=$SCRATCH/top
mkdir -p "$fake/tools/testing/kunit" "$fake/scripts/arch"
cp "$TOP/tools/testing/kunit/kunit" "$fake/tools/testing/kunit/kunit"
cp "$TOP"/scripts/arch/* "$fake/scripts/arch/"
printf '#!/bin/sh\nexit 0\n' > "$fake/scripts/deps.sh"
cat > "$fake/scripts/kunit-run" <<'EOF'
#!/bin/sh
echo "mode=$1"
for v in ARCH CROSS_COMPILE BUILD KUNITCONFIG KCONFIG_ADD ALLTESTS MAKE_OPTIONS JOBS TIMEOUT \
	KERNEL_ARGS QEMU_CONFIG QEMU_ARGS RAW JSON JUNIT SUMMARY FAILED FILTER_ATTR \
	FILTER_ACTION LIST REPEAT FILTER KSRC; do
	eval "[ -z \"\${$v+set}\" ] || echo \"$v=\$$v\""
done
# --run_isolated: the listing, then one run per unit, each recorded.
if [ "${LIST:-}" = tests ]; then
	printf '[12:00:00] Reading the list\nsuite_a.one\nsuite_a.two\nsuite_b.three\nsuite_c.*\nElapsed time: 1s\n'
	exit "${FAKE_LIST_STATUS:-0}"
fi
[ -z "${FAKE_LOG:-}" ] || echo "$1 ${FILTER:-}" >> "$FAKE_LOG"
mkdir -p "$BUILD/last" && echo "filter ${FILTER:-}" > "$BUILD/last/results.ktap"
case ${FAKE_FAIL_FILTER:-} in
"${FILTER:-none}") exit 1 ;;
esac
exit "${FAKE_STATUS:-0}"
EOF
chmod +x "$fake/scripts/kunit-run" "$fake/scripts/deps.sh"
cat > "$fake/Makefile" <<EOF
%/host/kunit-report:
	@mkdir -p \$(dir \$@) && ln -sf $BUILD/host/kunit-report \$@
EOF
kunit=$fake/tools/testing/kunit/kunit
fbuild=$SCRATCH/fbuild

# kunit ARGS...: the command, from $SCRATCH, with make run's variables
# cleared; output in $SCRATCH/out, status in $status.
kunit() {
	status=0
	(cd "$SCRATCH" && env -u ARCH -u KUNITCONFIG -u FILTER -u RAW -u JSON -u JUNIT -u LIST \
		-u REPEAT -u KERNEL_ARGS -u JOBS -u TIMEOUT -u CROSS_COMPILE -u BUILD -u KSRC \
		"$kunit" "$@") > "$SCRATCH/out" 2>&1 || status=$?
}

# Each flag, and what kunit-run must get for it.
mkdir -p "$SCRATCH/kdir"
: > "$SCRATCH/kdir/.kunitconfig"
set -f
while IFS='|' read -r args want; do
	# shellcheck disable=SC2086
	kunit run --build_dir=fbuild $args
	if [ $status = 0 ] && grep -qxF -- "$want" "$SCRATCH/out"; then
		pass "kunit run $args: kunit-run gets $want"
	else
		fail "kunit run $args: kunit-run did not get $want (exit $status)"
		show "$SCRATCH/out"
	fi
done <<EOF
--arch=arm64|ARCH=arm64
--arch s390|ARCH=s390
--cross_compile=aarch64-linux-gnu-|CROSS_COMPILE=aarch64-linux-gnu-
--build_dir=other|BUILD=$SCRATCH/other
--kunitconfig=a.config|KUNITCONFIG=$SCRATCH/a.config
--kunitconfig=kdir|KUNITCONFIG=$SCRATCH/kdir/.kunitconfig
--kunitconfig=a.config --kunitconfig=/b.config|KUNITCONFIG=$SCRATCH/a.config /b.config
--kconfig_add=CONFIG_A=y --kconfig_add CONFIG_B=n|KCONFIG_ADD=CONFIG_A=y CONFIG_B=n
--alltests|ALLTESTS=1
--make_options=LLVM=1 --make_options=W=1|MAKE_OPTIONS=LLVM=1 W=1
--jobs=3|JOBS=3
--timeout=42|TIMEOUT=42
--kernel_args=quiet --kernel_args=kunit.stats_enabled=2|KERNEL_ARGS=quiet kunit.stats_enabled=2
--qemu_config=my.arch|QEMU_CONFIG=$SCRATCH/my.arch
--qemu_args=-nographic|QEMU_ARGS=-nographic
--raw_output|RAW=all
--raw_output=kunit|RAW=kunit
--json|JSON=stdout
--json=r.json|JSON=$SCRATCH/r.json
--json r.json|JSON=$SCRATCH/r.json
--json --summary|JSON=stdout
--raw_output kunit|RAW=kunit
--junit x.xml|JUNIT=$SCRATCH/x.xml
-- --not-a-flag|FILTER=--not-a-flag
--junit|JUNIT=stdout
--junit=/tmp/r.xml|JUNIT=/tmp/r.xml
--summary|SUMMARY=1
--failed|FAILED=1
--filter=speed>slow|FILTER_ATTR=speed>slow
--filter_action=skip|FILTER_ACTION=skip
--list_tests|LIST=tests
--list_tests_attr|LIST=attr
--list_suites|LIST=suites
--repeat=3|REPEAT=3
example*.push*|FILTER=example*.push*
|mode=run
EOF
set +f
# A flag's value with spaces stays one setting.
kunit run --build_dir=fbuild "--qemu_args=-smp 2" "--kernel_args=a b"
expect_line "$SCRATCH/out" "QEMU_ARGS=-smp 2" "kunit run --qemu_args='-smp 2': the whole value"
expect_line "$SCRATCH/out" "KERNEL_ARGS=a b" "kunit run --kernel_args='a b': the whole value"
# Make run's variables in the environment stay, a flag wins over them.
status=0
(cd "$SCRATCH" && ARCH=riscv64 TIMEOUT=9 "$kunit" run --build_dir=fbuild --arch=arm64) \
	> "$SCRATCH/out" 2>&1 || status=$?
expect_line "$SCRATCH/out" "ARCH=arm64" "a flag wins over make run's variable in the environment"
expect_line "$SCRATCH/out" "TIMEOUT=9" "and the variables no flag gives stay"
kunit run
expect_line "$SCRATCH/out" "BUILD=$fake/build" "without --build_dir, make run's build directory"

# Called from a kernel tree, it tests that tree, as kunit.py does.
tree=$SCRATCH/linux
mkdir -p "$tree/lib/kunit" "$tree/tools/testing/kunit"
: > "$tree/Kconfig"
: > "$tree/Makefile"
status=0
(cd "$tree" && env -u KSRC "$kunit" run --build_dir="$SCRATCH/fbuild") > "$SCRATCH/out" 2>&1 || status=$?
expect_line "$SCRATCH/out" "KSRC=$tree" "called from a kernel tree, kunit tests that tree"
kunit run --build_dir=fbuild
expect_no_line "$SCRATCH/out" "KSRC=" "called from elsewhere, it leaves KSRC to make run"

# The subcommands are kunit-run's modes.
for mode in run config build exec; do
	kunit $mode --build_dir=fbuild
	expect_line "$SCRATCH/out" "mode=$mode" "kunit $mode runs kunit-run $mode"
done

# The exit status comes through as git bisect run reads it.
for code in 0 1 125; do
	status=0
	(cd "$SCRATCH" && FAKE_STATUS=$code "$kunit" run --build_dir=fbuild) > "$SCRATCH/out" 2>&1 ||
		status=$?
	expect_status $code $status "kunit run exits as the run did"
done

# What it does not take: exit 2, and says what to do.  (The arguments
# are split, not globbed: "b*" would be a file of the current directory.)
set -f
while IFS='|' read -r args want; do
	# shellcheck disable=SC2086
	kunit $args
	if [ $status = 2 ] && grep -qF -- "$want" "$SCRATCH/out"; then
		pass "kunit $args is refused (exit 2): $want"
	else
		fail "kunit $args: exit $status, or not \"$want\""
		show "$SCRATCH/out"
	fi
done <<'EOF'
|usage: kunit {run,config,build,exec,parse}
bogus|no subcommand 'bogus'
run --no_such_flag|no option --no_such_flag
run --arch|--arch needs a value
run --summary=yes|--summary takes no value
run a* b*|one filter_glob, not a* and b*
run --run_isolated=case|--run_isolated=case: give suite or test
build --run_isolated=suite|--run_isolated is for run and exec
parse --arch=arm64|parse takes --json
parse a b|parse reads one file
run --arch=|--arch= needs a value
run --jobs=|--jobs= needs a value
run --build_dir=|--build_dir= needs a value
EOF
set +f
kunit --help
expect_status 0 $status "kunit --help"
expect_match "$SCRATCH/out" '^  --run_isolated=suite\|test' "kunit --help names the flags"

# --run_isolated: the kernel lists its cases (LIST=tests), then one boot
# per suite, of what was built (exec), each filtered to it.
rm -f "$SCRATCH/isolated.log"
status=0
(cd "$SCRATCH" && FAKE_LOG=$SCRATCH/isolated.log "$kunit" run --build_dir=fbuild \
	--run_isolated=suite) > "$SCRATCH/out" 2>&1 || status=$?
printf 'exec suite_a\nexec suite_b\nexec suite_c\n' > "$SCRATCH/isolated.want"
expect_same "$SCRATCH/isolated.want" "$SCRATCH/isolated.log" \
	"--run_isolated=suite: one boot per suite the kernel listed, of what was built"
expect_status 0 $status "--run_isolated=suite: every run passed"
expect_line "$SCRATCH/fbuild/isolated/suite_b/results.ktap" "filter suite_b" \
	"--run_isolated keeps each run's files in BUILD/isolated/NAME"
rm -f "$SCRATCH/isolated.log"
status=0
(cd "$SCRATCH" && FAKE_LOG=$SCRATCH/isolated.log FAKE_FAIL_FILTER=suite_a.two "$kunit" run \
	--build_dir=fbuild --run_isolated=test) > "$SCRATCH/out" 2>&1 || status=$?
printf 'exec suite_a.one\nexec suite_a.two\nexec suite_b.three\nexec suite_c.*\n' > "$SCRATCH/isolated.want"
expect_same "$SCRATCH/isolated.want" "$SCRATCH/isolated.log" "--run_isolated=test: one boot per case"
expect_status 1 $status "--run_isolated=test: one run that failed fails the whole"
expect_line "$SCRATCH/out" \
	"kunit: --run_isolated=test: 4 runs, 1 failed: suite_a.two; each in $SCRATCH/fbuild/isolated" \
	"and names it"
status=0
(cd "$SCRATCH" && FAKE_STATUS=125 "$kunit" run --build_dir=fbuild --run_isolated=suite) \
	> "$SCRATCH/out" 2>&1 || status=$?
expect_status 125 $status "--run_isolated: runs that did not boot are 125"

kunit run "--kunitconfig=a b.config"
expect_status 2 $status "a --kunitconfig path with a space is refused (KUNITCONFIG is a list)"

# The listing's own failure is the run's status (125: it did not build).
status=0
(cd "$SCRATCH" && FAKE_LIST_STATUS=125 "$kunit" run --build_dir=fbuild --run_isolated=suite) \
	> "$SCRATCH/out" 2>&1 || status=$?
expect_status 125 $status "--run_isolated: a listing that could not build or boot is 125"
kunit run --build_dir=fbuild --run_isolated=suite --json=r.json
expect_status 2 $status "--run_isolated with a --json file is refused: one file would hold one run"
# From a directory inside a kernel tree, the tree is the whole one.
mkdir -p "$tree/drivers/misc"
status=0
(cd "$tree/drivers/misc" && env -u KSRC "$kunit" run --build_dir="$SCRATCH/fbuild") \
	> "$SCRATCH/out" 2>&1 || status=$?
expect_line "$SCRATCH/out" "KSRC=$tree" "called from a directory in a kernel tree, kunit tests the tree"

# parse: this project's reader on any KTAP, from a file or standard input.
"$USER_BUILD/kunit-example-test" > "$SCRATCH/example.ktap" 2>&1
kunit parse --build_dir=fbuild example.ktap
expect_status 0 $status "kunit parse FILE of a passing run"
expect_line "$SCRATCH/out" "1 suites, 8 results: 7 passed, 0 failed, 1 skipped" "kunit parse sums it up"
status=0
(cd "$SCRATCH" && "$kunit" parse --build_dir=fbuild --json=p.json < example.ktap) \
	> "$SCRATCH/out" 2>&1 || status=$?
expect_status 0 $status "kunit parse from standard input"
expect_valid_json_results() {
	if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d["sub_groups"] else 1)' \
		"$1" 2> /dev/null; then
		pass "$2"
	else
		fail "$2"
		show "$1"
	fi
}
expect_valid_json_results "$SCRATCH/p.json" "kunit parse --json=FILE writes kunit.py's JSON"
printf 'KTAP version 1\n1..1\n    KTAP version 1\n    1..1\n    not ok 1 broken\nnot ok 1 s\n' \
	> "$SCRATCH/bad.ktap"
kunit parse --build_dir=fbuild bad.ktap
expect_status 1 $status "kunit parse of a failing run"
kunit parse --build_dir=fbuild --summary bad.ktap
if [ "$(grep -c . "$SCRATCH/out")" = 1 ]; then
	pass "kunit parse --summary: the summary line alone"
else
	fail "kunit parse --summary printed more than a line"
	show "$SCRATCH/out"
fi
kunit parse --build_dir=fbuild --raw_output=kunit example.ktap
expect_line "$SCRATCH/out" "KTAP version 1" "kunit parse --raw_output=kunit prints the KTAP document"
kunit parse --build_dir=fbuild --raw_output bad.ktap
expect_status 1 $status "kunit parse --raw_output of a failing run prints it and still fails"
expect_line "$SCRATCH/out" "    not ok 1 broken" "and the raw input is printed"
status=0
(cd "$SCRATCH" && RAW=1 SUMMARY=1 "$kunit" parse --build_dir=fbuild bad.ktap) > "$SCRATCH/out" 2>&1 ||
	status=$?
expect_status 1 $status "kunit parse ignores make run's RAW in the environment: a failing run fails"
kunit parse --build_dir=fbuild no-such.ktap
if [ $status != 0 ]; then
	pass "kunit parse of a file that is not there fails (exit $status)"
else
	fail "kunit parse of a file that is not there passed"
fi

# make arches: a run per architecture, tree and configuration (modules
# only where there is a userland), and the table of them; a run that
# failed fails it.
mkdir -p "$fake/scripts/run" "$fake/scripts/configs"
cp "$TOP/scripts/arches.sh" "$fake/scripts/"
cp "$TOP/scripts/run/common.sh" "$fake/scripts/run/"
cat > "$fake/scripts/kunit-run" <<'EOF2'
#!/bin/sh
echo "15 suites, 211 results: 210 passed, 0 failed, 1 skipped"
echo "Elapsed time: 20.0s total, 1.0s build, 3.5s run, 0.5s report"
echo "$ARCH $KSRC ${KUNITCONFIG##*/}" >> "$BUILD/arches.log"
[ "$ARCH" != m68k ] || exit 1
EOF2
chmod +x "$fake/scripts/kunit-run"
rm -rf "$SCRATCH/abuild"
status=0
env BUILD="$SCRATCH/abuild" ARCHES="i386 m68k" TREES="6.12 6.1" "$fake/scripts/arches.sh" \
	> "$SCRATCH/out" 2>&1 || status=$?
expect_status 1 $status "make arches fails when a run failed"
printf '%s\n' 'i386 6.12 kunit_defconfig' 'i386 6.12 kunit_modules.config' 'm68k 6.12 kunit_defconfig' \
	'i386 6.1 kunit_defconfig' 'i386 6.1 kunit_modules.config' 'm68k 6.1 kunit_defconfig' \
	> "$SCRATCH/arches.want"
expect_same "$SCRATCH/arches.want" "$SCRATCH/abuild/arches.log" \
	"make arches: each tree and architecture, as modules only with a userland (i386, not m68k)"
table=$SCRATCH/abuild/arches/table.rst
expect_line "$table" "     - i686-linux-gnu-gcc $(i686-linux-gnu-gcc -dumpfullversion 2> /dev/null || echo '?')" \
	"the table names the compiler and its version"
expect_line "$table" '     - ``qemu-system-i386 -machine pc -cpu max``' "the table names QEMU's machine"
expect_line "$table" "     - 3.5" "the table has the boot's seconds"
expect_line "$table" "     - FAIL (1)" "the table shows a run that failed"
expect_line "$SCRATCH/out" "make arches: 4 of 6 runs passed; the table in $SCRATCH/abuild/arches/table.rst" \
	"make arches sums them up"
status=0
env BUILD="$SCRATCH/abuild" ARCHES=i386 TREES=6.12 CONFIGS=bad "$fake/scripts/arches.sh" \
	> "$SCRATCH/out" 2>&1 || status=$?
expect_status 2 $status "make arches refuses a CONFIGS it does not know"
