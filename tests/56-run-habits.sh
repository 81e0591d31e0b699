# SPDX-License-Identifier: GPL-2.0
# make run's settings after kunit.py's flags, its progress lines, its
# exit status for git bisect run and REPEAT's flaky cases, on the stages
# (scripts/run) loaded without a kernel: consoles and logs made here.
. tests/lib.sh

printf 'CONFIG_KUNIT=y\n' > "$SCRATCH/kunitconfig"
mkdir -p "$SCRATCH/last"

# Settings that are refused, each with what to give.
while IFS='|' read -r setting want; do
	stages "$setting; load_settings" x86_64
	if [ $? = 2 ] && grep -qF -- "kunit-run: $want" "$SCRATCH/out"; then
		pass "$setting is refused: $want"
	else
		fail "$setting: not refused with \"$want\""
		show "$SCRATCH/out"
	fi
done <<EOF
REPEAT=0|REPEAT=0: give how many runs, 1 or more
REPEAT=two|REPEAT=two: give how many runs
REPEAT=2 LIST=tests|REPEAT=2 LIST=tests: give one of them
KCONFIG_ADD=KUNIT=y|KCONFIG_ADD: "KUNIT=y" is not CONFIG_X=value
KCONFIG_ADD="CONFIG_A=y CONFIG_B"|KCONFIG_ADD: "CONFIG_B" is not CONFIG_X=value
FILTER_ACTION=drop|FILTER_ACTION=drop: give skip
ALLTESTS=yes|ALLTESTS=yes: give ALLTESTS=1
ARCH=um QEMU_ARGS=-smp|QEMU_ARGS: ARCH=um does not run under QEMU
JSON=/no/such/dir/r.json|JSON=/no/such/dir/r.json: cannot write there
QEMU_CONFIG=$SCRATCH/no-such|QEMU_CONFIG=$SCRATCH/no-such: cannot read it
EOF

# QEMU_CONFIG (kunit.py's --qemu_config): an architecture file anywhere,
# named after the file; CROSS_COMPILE another compiler than its own.
sed -e 's/^console=.*/console=ttyMINE0/' "$TOP/scripts/arch/arm64" > "$SCRATCH/myboard.arch"
stages "QEMU_CONFIG=$SCRATCH/myboard.arch; unset ARCH; load_settings
	echo \"arch=\$ARCH console=\$console cross=\$cross\"" x86_64
expect_line "$SCRATCH/out" "arch=myboard console=ttyMINE0 cross=aarch64-linux-gnu-" \
	"QEMU_CONFIG=FILE: its settings, the architecture named after it"
stages 'CROSS_COMPILE=my-aarch64- ARCH=arm64; load_settings; echo "cross=$cross"' x86_64
expect_line "$SCRATCH/out" "cross=my-aarch64-" "CROSS_COMPILE wins over the architecture file's"
sed -e 's/^qemu_memory=.*/qemu_memory=lots/' "$TOP/scripts/arch/x86_64" > "$SCRATCH/badmem"
stages "QEMU_CONFIG=$SCRATCH/badmem; load_settings" x86_64
expect_line "$SCRATCH/out" "kunit-run: $SCRATCH/badmem: qemu_memory=lots: give MiB, a number" \
	"an architecture's qemu_memory must be a number"

# KCONFIG_ADD's options come after every file: they win.
stages "version=6.12.1 KCONFIG_ADD='CONFIG_KUNIT=m CONFIG_KUNIT_TEST=y'; gather_config
	echo \"\$wanted\" | grep KUNIT; echo \"last=\${fragments##* }\"" x86_64
expect_line "$SCRATCH/out" "CONFIG_KUNIT=m" "KCONFIG_ADD=CONFIG_KUNIT=m wins over the kunitconfig's =y"
expect_line "$SCRATCH/out" "CONFIG_KUNIT_TEST=y" "KCONFIG_ADD adds its options"
if grep -q "^last=$SCRATCH/build/run/kconfig-add-[0-9]*\.config$" "$SCRATCH/out"; then
	pass "KCONFIG_ADD's fragment is merged last"
else
	fail "KCONFIG_ADD's fragment is not merged last"
	show "$SCRATCH/out"
fi
# The architecture's fragment comes after base.config: s390 turns off its
# soft-lockup detector, which base.config asks for.
stages 'version=6.12.1; gather_config; echo "$wanted" | grep SOFTLOCKUP' s390
expect_line "$SCRATCH/out" "CONFIG_SOFTLOCKUP_DETECTOR=n" \
	"an architecture's fragment wins over base.config"
# ALLTESTS=1: the tree's own list with what it needs, for the tree's series.
stages "version=6.12.118 KSRC=/src ALLTESTS=1; gather_config; echo \"k=\$KUNITCONFIG\"" x86_64
expect_line "$SCRATCH/out" \
	"k=/src/tools/testing/kunit/configs/all_tests.config $TOP/scripts/configs/6.12/all_tests.config $TOP/scripts/configs/6.12/all_tests_full.config" \
	"ALLTESTS=1 on 6.12: the tree's all_tests.config, then what it needs beyond tinyconfig"
stages "version=5.15.1 KSRC=/src ALLTESTS=1; gather_config" x86_64
expect_line "$SCRATCH/out" \
	"kunit-run: ALLTESTS=1 knows the lists of 6.1 and 6.12, not of 5.15.1: give KUNITCONFIG" \
	"ALLTESTS=1 on a series it has no list for says so"

# The machine's command line: the attribute filter (quoted when it has
# spaces), its action, QEMU_ARGS after the machine's own.
mkdir -p "$SCRATCH/bin" "$SCRATCH/run"
printf '#!/bin/sh\nfor a; do echo "arg: $a"; done\n' > "$SCRATCH/bin/fake-qemu"
chmod +x "$SCRATCH/bin/fake-qemu"
boot='RUN=$SCRATCH/run OBJ=$SCRATCH/obj qemu=$SCRATCH/bin/fake-qemu kvm= RAW= TIMEOUT=10
	CASE_TIMEOUT=7 userland=; stage_boot; cat "$LAST/console.log"'
stages "FILTER_ATTR='speed>slow' FILTER_ACTION=skip QEMU_ARGS='-smp 2'; $boot" riscv64
expect_line "$SCRATCH/out" \
	"arg: console=ttyS0 panic=-1 kunit.timeout=7 kunit.filter=speed>slow kunit.filter_action=skip kunit_shutdown=reboot" \
	"FILTER_ATTR and FILTER_ACTION reach the kernel as kunit.filter, kunit.filter_action"
if tr '\n' ' ' < "$SCRATCH/out" | grep -qF "arg: -smp arg: 2 arg: -kernel"; then
	pass "QEMU_ARGS reach QEMU, before the kernel"
else
	fail "QEMU_ARGS did not reach QEMU"
	show "$SCRATCH/out"
fi
stages "FILTER_ATTR='speed>slow, module=x'; $boot" riscv64
expect_line "$SCRATCH/out" \
	"arg: console=ttyS0 panic=-1 kunit.timeout=7 kunit.filter=\"speed>slow, module=x\" kunit_shutdown=reboot" \
	"a FILTER_ATTR with spaces is one kernel parameter, in double quotes"
# The machine's memory and console from the architecture's file: sh's
# console is its second serial port.
stages "$boot" sh
if tr '\n' ' ' < "$SCRATCH/out" | grep -qF "arg: -m arg: 64 arg: -serial arg: null arg: -serial arg: stdio "; then
	pass "ARCH=sh: 64 MiB, and the console on the second serial port (qemu_memory, qemu_console)"
else
	fail "ARCH=sh: not the memory and serial ports of its file"
	show "$SCRATCH/out"
fi

# Progress: a long stage says where it is every few seconds, and its
# status is the job's.
stages 'PROGRESS_EVERY=1; describe() { printf "doing it"; }
	sh -c "sleep 3; exit 3" & wait_with_progress $! describe; echo "status=$?"' x86_64
expect_line "$SCRATCH/out" "status=3" "wait_with_progress returns the job's exit status"
if [ "$(grep -c '^\[[0-9:]*\]   doing it, 0m[0-9]s$' "$SCRATCH/out")" -ge 2 ]; then
	pass "a long stage prints where it is, with the time taken, while it runs"
else
	fail "a long stage printed no progress lines"
	show "$SCRATCH/out"
fi
printf '  CC      a.o\n  CC [M]  b.o\n  AS      c.o\n  LD      vmlinux\n' > "$SCRATCH/last/build.log"
stages 'objects_about=2100; build_progress' x86_64
expect_line "$SCRATCH/out" "building: 3 files compiled of about 2100" \
	"the kernel build's progress: files compiled, of about how many"
printf '[    1.0] KTAP version 1\n[    1.1]     ok 1 a\n[    1.2] not ok 1 s\n' > "$SCRATCH/last/console.log.tmp"
stages 'boot_progress' x86_64
expect_line "$SCRATCH/out" "running: 2 results on the console" "the boot's progress: results so far"

# Exit status for git bisect run: a failed run is 125 only when the
# kernel never reached its tests.
printf 'Linux version 6.12\nKernel panic - not syncing: VFS\n' > "$SCRATCH/last/console.log"
: > "$SCRATCH/last/guest.lines"
stages 'failure_status' x86_64
expect_line "$SCRATCH/out" "125" "a kernel that panicked before its tests: 125, git bisect run skips it"
expect_line "$SCRATCH/out" \
	"kunit-run: the kernel did not reach its tests: git bisect run skips this commit (exit 125)" \
	"and says so"
printf 'Linux version 6.12\n[    0.5] KTAP version 1\n[    0.5] 1..3\nKernel panic - not syncing: oops\n' \
	> "$SCRATCH/last/console.log"
stages 'failure_status' x86_64
expect_line "$SCRATCH/out" "1" "a kernel that panicked in its tests: 1, a failure of the tests"
printf 'Linux version 6.12\n' > "$SCRATCH/last/console.log"
printf 'record start tainted=0\n' > "$SCRATCH/last/guest.lines"
stages 'failure_status' x86_64
expect_line "$SCRATCH/out" "1" "a userland that started its tests: 1"
stages 'cannot_build "no compiler"' x86_64
expect_status 125 $? "a kernel that cannot be built: 125"
printf 'x.c:1: error: bad\n' > "$SCRATCH/build.log"
stages 'build_failed "the kernel build" "$SCRATCH/build.log"' x86_64
expect_status 125 $? "a build that failed: 125"
expect_line "$SCRATCH/out" "x.c:1: error: bad" "with its errors quoted"
stages 'mode=config; WORK=$SCRATCH/no-tree OBJ=$SCRATCH/obj RUN=$SCRATCH/run; wanted=CONFIG_KUNIT=y
	version=6.12.1; stage_configure' x86_64
expect_status 125 $? "a configuration that cannot be made: 125"
stages 'mode=exec; OBJ=$SCRATCH/obj RUN=$SCRATCH/run; wanted=CONFIG_KUNIT=y version=6.12.1
	stage_configure' x86_64
expect_line "$SCRATCH/out" \
	"kunit-run: nothing was built with these settings: run 'kunit build' (make build) first" \
	"kunit exec with nothing built says what to run first"

# REPEAT: the runs' verdicts of every test, compared.
repeat_run() {
	mkdir -p "$SCRATCH/last/repeat/$1"
	printf '%b' "$2" > "$SCRATCH/last/repeat/$1/results.tree"
}
rm -rf "$SCRATCH/last/repeat"
repeat_run 1 's\tPASS\ns.a\tPASS\ns.b\tPASS\n'
repeat_run 2 's\tFAIL\ns.a\tPASS\ns.b\tFAIL\n'
repeat_run 3 's\tFAIL\ns.a\tPASS\n'
stages 'REPEAT=3; report_flaky; echo "status=$?"' x86_64
expect_line "$SCRATCH/out" "flaky: s.b: PASS FAIL missing" \
	"REPEAT: a case whose outcome changes is named, with its outcome in each run"
expect_line "$SCRATCH/out" "flaky: s: PASS FAIL FAIL" "and its suite"
expect_no_line "$SCRATCH/out" "flaky: s.a:" "a case that passed every time is not flaky"
expect_line "$SCRATCH/out" "status=1" "a flaky case fails the run"
repeat_run 2 's\tPASS\ns.a\tPASS\ns.b\tPASS\n'
repeat_run 3 's\tPASS\ns.a\tPASS\ns.b\tPASS\n'
stages 'REPEAT=3; report_flaky; echo "status=$?"' x86_64
expect_line "$SCRATCH/out" "REPEAT=3: every test had the same outcome in every run" \
	"REPEAT: the same outcomes every time are said"
expect_line "$SCRATCH/out" "status=0" "and pass"
: > "$SCRATCH/last/repeat/2/results.tree"
stages 'REPEAT=3; report_flaky; echo "status=$?"' x86_64
expect_line "$SCRATCH/out" "kunit-run: run 2 has no results to compare" "a run without results is named"
expect_line "$SCRATCH/out" "status=1" "and fails"

# JSON=FILE and JSON=stdout (kunit.py's --json), from the report.
"$USER_BUILD/kunit-example-test" > "$SCRATCH/last/console.log" 2>&1
stages "KSRC=$SCRATCH version=6.1 STOCK= status=0 ksft= userland= JSON=$SCRATCH/copy.json
	stage_report; echo report_status=\$report_status" x86_64
expect_line "$SCRATCH/out" "report_status=0" "JSON=FILE: a passing run passes"
expect_same "$SCRATCH/last/results.json" "$SCRATCH/copy.json" "JSON=FILE gets results.json"
stages "KSRC=$SCRATCH version=6.1 STOCK= status=0 ksft= userland= JSON=stdout
	stage_report" x86_64
expect_match "$SCRATCH/out" '^[[:space:]]*"name": "example",?$' "JSON=stdout prints the JSON"

# A kernel tree of the user's (KSRC=path) changes between runs: a file
# that git or an editor replaced (a new inode, which the work tree's old
# hard link does not see), added or removed.  The work tree follows it,
# and keeps the project's files and patched files laid over it.
ksrc=$SCRATCH/ksrc
rm -rf "$ksrc" "$SCRATCH/work"
mkdir -p "$ksrc/lib/kunit" "$ksrc/drivers" "$ksrc/tools/testing/selftests"
echo old > "$ksrc/drivers/a.c"
echo gone > "$ksrc/drivers/b.c"
echo stock > "$ksrc/lib/kunit/test.c"
echo unpatched > "$ksrc/tools/testing/selftests/Makefile"
cp -al "$ksrc" "$SCRATCH/work"
echo ours > "$SCRATCH/work/lib/kunit/test.c.tmp" && mv "$SCRATCH/work/lib/kunit/test.c.tmp" "$SCRATCH/work/lib/kunit/test.c"
rm "$SCRATCH/work/tools/testing/selftests/Makefile" && echo patched > "$SCRATCH/work/tools/testing/selftests/Makefile"
echo new > "$ksrc/drivers/a.c.tmp" && mv "$ksrc/drivers/a.c.tmp" "$ksrc/drivers/a.c"
rm "$ksrc/drivers/b.c"
echo added > "$ksrc/drivers/c.c"
stages "KSRC=$ksrc WORK=$SCRATCH/work STOCK=; sync_work_tree; echo status=\$?" x86_64
expect_line "$SCRATCH/out" "status=0" "the work tree of a user's tree is brought up to date"
expect_line "$SCRATCH/work/drivers/a.c" "new" "a file the user's tree replaced is the new one in the work tree"
if [ ! -e "$SCRATCH/work/drivers/b.c" ] && [ -f "$SCRATCH/work/drivers/c.c" ]; then
	pass "a file removed from the user's tree goes, one added comes"
else
	fail "the work tree keeps a removed file, or lacks an added one"
fi
expect_line "$SCRATCH/work/lib/kunit/test.c" "ours" "the project's files laid over the tree stay"
expect_line "$SCRATCH/work/tools/testing/selftests/Makefile" "patched" "and the patched files"
# And make run does so at each run (its source stage), as STOCK=1 too.
printf 'kernelversion:\n\t@echo 6.12.0\n' > "$ksrc/Makefile"
echo newer > "$ksrc/drivers/a.c.tmp" && mv "$ksrc/drivers/a.c.tmp" "$ksrc/drivers/a.c"
echo "$ksrc" > "$SCRATCH/work/.kunit-src"
stages "KSRC=$ksrc WORK=$SCRATCH/work RUN=$SCRATCH/run STOCK=1; stage_source; echo status=\$?" x86_64
expect_line "$SCRATCH/work/drivers/a.c" "newer" "each make run brings the work tree up to date with KSRC"

# What tells that the kernel reached its tests, whatever the console's
# prefixes; and a console kept quiet cannot tell that it did not.
for console in '[    0.5][    T1] KTAP version 1' '<6>[    0.5] KTAP version 1' \
	'[    0.7] RIP: 0010:kunit_try_run_case+0x1c/0x80' \
	'[    0.7] CPU: 0 PID: 40 Comm: kunit_try_catch Not tainted'; do
	printf 'Linux version 6.12\n%s\nKernel panic - not syncing: Oops\n' "$console" \
		> "$SCRATCH/last/console.log"
	: > "$SCRATCH/last/guest.lines"
	stages 'failure_status' x86_64
	expect_line "$SCRATCH/out" "1" "the tests were reached: \"$console\": 1"
done
printf 'Linux version 6.12\nKernel panic - not syncing: Oops\n' > "$SCRATCH/last/console.log"
stages 'KERNEL_ARGS="quiet"; failure_status' x86_64
expect_line "$SCRATCH/out" "1" "a console kept quiet (KERNEL_ARGS=quiet) cannot tell: 1, not a commit to skip"

# A QEMU_CONFIG that is not sh (kunit.py's Python file) is named as such.
printf 'from ..qemu_config import QemuArchParams\nQEMU_ARCH = QemuArchParams(linux_arch="x")\n' \
	> "$SCRATCH/x86_64.py"
stages "QEMU_CONFIG=$SCRATCH/x86_64.py; load_settings" x86_64
expect_status 2 $? "a QEMU_CONFIG of kunit.py's Python is refused"
expect_line "$SCRATCH/out" \
	"kunit-run: $SCRATCH/x86_64.py is not a file of sh settings (scripts/arch/README)" "and said so"
# TIMEOUT and KCONFIG_ADD values that are not what they must be.
for setting in TIMEOUT=0 TIMEOUT=10s TIMEOUT=-1 TIMEOUT=99999999999; do
	stages "$setting; load_settings" x86_64
	expect_status 2 $? "$setting is refused"
done
for option in 'CONFIG_KUNIT_FOO-TEST=y' 'CONFIG_FOO.BAR=m' 'CONFIG_A*=y' 'CONFIG_X$Y=y'; do
	stages "KCONFIG_ADD='$option'; load_settings" x86_64
	expect_status 2 $? "KCONFIG_ADD='$option' is refused"
done
stages "KCONFIG_ADD='CONFIG_A=y CONFIG_B=m CONFIG_C=n CONFIG_D=12 CONFIG_E=0x1f CONFIG_F=\"s\"'; load_settings
	echo ok" x86_64
expect_line "$SCRATCH/out" "ok" "KCONFIG_ADD takes y, m, n, numbers and strings"

# An interrupted stage ends its job and what the job started.  (SIGTERM:
# a check's background job ignores SIGINT, as the job of a stage does.)
rm -f "$SCRATCH/child.pid" "$SCRATCH/stage.pid"
( stages 'sh -c "echo \$PPID" > $SCRATCH/stage.pid
	sh -c "sleep 60 & echo \$! > $SCRATCH/child.pid; wait" &
	wait_with_progress $! describe' x86_64 ) &
for i in 1 2 3 4 5 6 7 8 9 10; do
	[ -s "$SCRATCH/child.pid" ] && break
	sleep 1
done
kill -TERM "$(cat "$SCRATCH/stage.pid")" 2> /dev/null
sleep 3
child=$(cat "$SCRATCH/child.pid" 2> /dev/null)
if [ -n "$child" ] && ! kill -0 "$child" 2> /dev/null; then
	pass "an interrupted stage ends its job's processes"
else
	fail "an interrupted stage left its job's process ${child:-(none started)} running"
	[ -z "$child" ] || kill "$child" 2> /dev/null
fi

# A symbolic link in the user's tree where the project lays a directory:
# the project's files never go through it.
rm -rf "$SCRATCH/ksrc2" "$SCRATCH/work2" "$SCRATCH/outside"
mkdir -p "$SCRATCH/ksrc2/samples" "$SCRATCH/outside"
echo mine > "$SCRATCH/outside/u.c"
ln -s "$SCRATCH/outside" "$SCRATCH/ksrc2/samples/kunit"
mkdir -p "$SCRATCH/work2"
stages "KSRC=$SCRATCH/ksrc2 WORK=$SCRATCH/work2 RUN=$SCRATCH/run STOCK=; sync_work_tree
	overlay_tree samples/kunit; echo status=\$?" x86_64
if [ "$(ls "$SCRATCH/outside")" = u.c ] && [ "$(cat "$SCRATCH/outside/u.c")" = mine ] &&
	[ -d "$SCRATCH/work2/samples/kunit" ] && [ ! -L "$SCRATCH/work2/samples/kunit" ]; then
	pass "a link in the user's tree where samples/kunit goes: the project's files stay in the work tree"
else
	fail "the project's samples/kunit went through a link of the user's tree"
	ls -la "$SCRATCH/outside" "$SCRATCH/work2/samples" | sed -e 's/^/#   /'
fi
# A build directory inside the user's tree (kunit.py's .kunit) is left out.
rm -rf "$SCRATCH/ksrc3" && mkdir -p "$SCRATCH/ksrc3/.kunit/run/w" "$SCRATCH/ksrc3/lib"
echo x > "$SCRATCH/ksrc3/lib/a.c"
stages "KSRC=$SCRATCH/ksrc3 WORK=$SCRATCH/ksrc3/.kunit/run/w BUILD=$SCRATCH/ksrc3/.kunit STOCK=1
	sync_work_tree; echo status=\$?" x86_64
if grep -qx status=0 "$SCRATCH/out" && [ -f "$SCRATCH/ksrc3/.kunit/run/w/lib/a.c" ] &&
	[ ! -e "$SCRATCH/ksrc3/.kunit/run/w/.kunit" ]; then
	pass "a build directory inside the kernel tree is not copied into the work tree"
else
	fail "a build directory inside the kernel tree"
	show "$SCRATCH/out"
fi

# COVERAGE=1: its options come after every file; the guest's coverage
# lines on the results port go to gcov.b64, not among the init's lines
# nor into kselftest.tap; the .gcda files land beside their .gcno in the
# kernel's objects, and nowhere else; the summary names lib/kunit's files.
stages "version=6.12.1 COVERAGE=1 KCONFIG_ADD=; gather_config; cat \"\${fragments##* }\"" x86_64
expect_line "$SCRATCH/out" "CONFIG_GCOV_PROFILE_ALL=y" "COVERAGE=1 builds the kernel with gcov"
stages "COVERAGE=1 ARCH=riscv64; load_settings" x86_64
expect_status 2 $? "COVERAGE=1 without a userland to send the counts is refused"
obj=$SCRATCH/cov/obj
rm -rf "$SCRATCH/cov" && mkdir -p "$obj/lib/kunit" "$SCRATCH/cov/gcov/${obj#/}/lib/kunit" \
	"$SCRATCH/cov/gcov/etc"
: > "$obj/lib/kunit/test.gcno"
echo counts > "$SCRATCH/cov/gcov/${obj#/}/lib/kunit/test.gcda"
echo stray > "$SCRATCH/cov/gcov/${obj#/}/lib/kunit/other.gcda"
echo evil > "$SCRATCH/cov/gcov/etc/passwd.gcda"
{
	printf 'TAP version 13\r\n1..1\r\nok 1 selftests: kunit: builtin\r\n'
	printf 'kunit-run: record end tainted=0\r\n'
	tar -C "$SCRATCH/cov/gcov" -czf - . | base64 | sed -e 's/^/kunit-run: gcov /' -e 's/$/\r/'
	printf 'kunit-run: gcov end\r\nkunit-run: done\r\n'
} > "$SCRATCH/last/results.port"
stages "COVERAGE=1 ksft=x OBJ=$obj; read_port && unpack_kernel_coverage; echo status=\$?" x86_64
expect_line "$SCRATCH/out" "status=0" "the guest's coverage data is unpacked"
if ! grep -vx 'gcov end' "$SCRATCH/last/guest.lines" | grep -q '^gcov ' &&
	! grep -q 'gcov' "$SCRATCH/last/kselftest.tap" &&
	grep -qx 'gcov end' "$SCRATCH/last/guest.lines" && grep -qx done "$SCRATCH/last/guest.lines"; then
	pass "the coverage lines are neither the init's lines nor kselftest's"
else
	fail "the coverage lines leaked into guest.lines or kselftest.tap"
fi
expect_line "$obj/lib/kunit/test.gcda" "counts" "a .gcda lands beside its .gcno in the kernel's objects"
if [ ! -e "$obj/lib/kunit/other.gcda" ] && [ ! -e "$obj/etc/passwd.gcda" ] &&
	[ ! -e "$SCRATCH/etc/passwd.gcda" ]; then
	pass "a .gcda without its .gcno, or outside the objects, is not taken"
else
	fail "a .gcda the build did not make was taken"
fi
head -n 3 "$SCRATCH/last/results.port" > "$SCRATCH/last/results.port.cut"
mv "$SCRATCH/last/results.port.cut" "$SCRATCH/last/results.port"
printf 'kunit-run: gcov H4sI\r\n' >> "$SCRATCH/last/results.port"
stages "COVERAGE=1 ksft=x OBJ=$obj; read_port && unpack_kernel_coverage; echo status=\$?" x86_64
expect_line "$SCRATCH/out" 'kunit-run: COVERAGE=1: the coverage data did not all come (no "gcov end")' \
	"coverage data cut short is named"
# As lcov writes it: a file's DA: (line,count) and FN:/FNDA: records, a
# file again in another record (a header, once per object).
{
	echo SF:/src/lib/kunit/test.c
	echo FN:1,a; echo FN:5,b; echo FN:9,c; echo FN:12,d
	echo FNDA:3,a; echo FNDA:1,b; echo FNDA:0,c; echo FNDA:2,d
	for l in 1 2 3 4 5; do echo "DA:$l,1"; done
	for l in 6 7 8 9 10; do echo "DA:$l,0"; done
	echo end_of_record
	echo SF:/src/lib/kunit/test.c
	echo DA:1,0; echo DA:6,4
	echo end_of_record
	echo SF:/src/drivers/misc/example-test.c; echo DA:1,1; echo end_of_record
	echo SF:/src/drivers/misc/example.c; echo DA:1,0; echo DA:2,0; echo DA:3,0; echo end_of_record
	echo SF:/src/fs/other.c; echo DA:1,1; echo end_of_record
} > "$SCRATCH/cov.info"
stages "coverage_summary $SCRATCH/cov.info kernel /src" x86_64
expect_match "$SCRATCH/out" '^  kernel  60\.0% of +10 lines,  75\.0% of +4 functions  lib/kunit/test\.c$' \
	"the summary: lib/kunit's files, the lines and functions run, a line counted once"
expect_match "$SCRATCH/out" '^  kernel   0\.0% of +3 lines, .* drivers/misc/example\.c$' \
	"and the code under test, beside its test"
expect_no_line "$SCRATCH/out" "fs/other.c" "not the rest of the kernel"

# What the second review found.
# REPEAT: a test's failure (1) in one run wins over a later run that did
# not reach the tests (125).
printf 'qemu-system-x86_64: -smp: invalid option\n' > "$SCRATCH/last/console.log"
: > "$SCRATCH/last/guest.lines"
stages 'failure_status' x86_64
expect_line "$SCRATCH/out" "2" "QEMU that did not start is the run's setting (2), not a commit to skip"
stages 'REPEAT=00; load_settings' x86_64
expect_status 2 $? "REPEAT=00 is refused"
# Coverage data: only regular files are taken, base64 that fails fails.
obj=$SCRATCH/cov2/obj
rm -rf "$SCRATCH/cov2" && mkdir -p "$obj/lib" "$SCRATCH/cov2/gcov/${obj#/}/lib"
: > "$obj/lib/a.gcno"
ln -s /etc/hostname "$SCRATCH/cov2/gcov/${obj#/}/lib/a.gcda"
tar -C "$SCRATCH/cov2/gcov" -czf - . | base64 > "$SCRATCH/last/gcov.b64"
printf 'gcov end\n' > "$SCRATCH/last/guest.lines"
stages "OBJ=$obj; unpack_kernel_coverage; echo status=\$?" x86_64
expect_line "$SCRATCH/out" "status=1" "coverage data holding a symbolic link is refused"
if [ ! -e "$obj/lib/a.gcda" ]; then
	pass "and nothing it points to is copied"
else
	fail "a symbolic link of the guest's coverage data was followed"
fi
rm -rf "$SCRATCH/cov2/gcov" && mkdir -p "$SCRATCH/cov2/gcov/${obj#/}/lib"
echo counts > "$SCRATCH/cov2/gcov/${obj#/}/lib/a.gcda"
{ tar -C "$SCRATCH/cov2/gcov" -czf - . | base64; echo '!!!! not base64 @@@'; } > "$SCRATCH/last/gcov.b64"
stages "OBJ=$obj; unpack_kernel_coverage; echo status=\$?" x86_64
expect_line "$SCRATCH/out" "status=1" "coverage data that is not all base64 fails"
printf 'kunit-run: gcov end\r\nkunit-run: done\r\nkunit-run: gcov H4sI\r\n' > "$SCRATCH/last/results.port"
stages "COVERAGE=1 ksft=; read_port" x86_64
expect_line "$SCRATCH/last/guest.lines" "error: the coverage data came out of order" \
	"coverage data after its end or after done is the guest's error"
# make arches: a setting of make run in the environment is refused, and
# no run at all fails.
status=0
env BUILD="$SCRATCH/ab" QEMU_CONFIG="$TOP/scripts/arch/x86_64" ARCHES=arm64 TREES=6.12 \
	"$TOP/scripts/arches.sh" > "$SCRATCH/out" 2>&1 || status=$?
expect_status 2 $status "make arches refuses QEMU_CONFIG, which would change every row"
status=0
env BUILD="$SCRATCH/ab" ARCHES=um TREES=6.12 CONFIGS=modules "$TOP/scripts/arches.sh" \
	> "$SCRATCH/out" 2>&1 || status=$?
expect_status 1 $status "make arches with nothing to run fails"
stages 'for pair in "1 125" "125 1" "0 125" "125 0" "0 0" "0 1" "2 1" "125 2"; do
	set -- $pair; printf "%s " "$(worse_status $1 $2)"; done; echo' x86_64
expect_line "$SCRATCH/out" "1 1 125 125 0 1 1 125 " \
	"REPEAT's runs together: a failure of the tests wins, then the first other failure"
# A QEMU that a signal ended started: a silent kernel is not a setting.
printf 'qemu-system-sh4: terminating on signal 15 from pid 1 (timeout)\n' > "$SCRATCH/last/console.log"
: > "$SCRATCH/last/guest.lines"
stages 'failure_status' x86_64
expect_line "$SCRATCH/out" "125" "a QEMU ended by a signal with a silent console: the kernel did not reach its tests (125)"
