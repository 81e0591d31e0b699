# SPDX-License-Identifier: GPL-2.0
# make run on the other architectures: arm64 under qemu-system-aarch64
# with a cross compiler and a userland; with KUNIT_CHECK_MORE=1 i386, arm
# (32-bit, with a userland), s390 (big-endian, with a userland), riscv64,
# m68k (32-bit and big-endian, its built-in suites, as kunit.py runs
# them) and User Mode Linux too.  make arches runs every one.
. tests/lib.sh
# On Linux 6.12, the default tree (tests/94 keeps one run on 6.1, um's).
unset KSRC
# The whole kselftest target, its userspace programs built for the
# architecture too.
export KSELFTEST=all

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "make run on arm64" "KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi

# arm64 builds KUnit in without debugfs results, its own suites as
# modules (kunit_nodebugfs.config): the one kernel of make check without
# them, beside the x86_64 kernels with them.  The others take the default
# kunitconfig, KUnit's own suites and the example built in.  They are
# left out of make check's time (45 minutes cold, on two CPUs) unless
# asked for: a kernel costs minutes.
arches="arm64"
if [ "${KUNIT_CHECK_MORE:-}" = 1 ]; then
	arches="i386 arm s390 riscv64 m68k um $arches"
else
	skip "make run ARCH=i386, arm, s390, riscv64, m68k and um" \
		"not in make check's time; KUNIT_CHECK_MORE=1 runs them"
fi
for arch in $arches; do
	config=
	[ $arch = arm64 ] && config=scripts/configs/kunit_nodebugfs.config
	make --no-print-directory run BUILD="$BUILD" ARCH=$arch ${config:+KUNITCONFIG=$config} \
		> "$SCRATCH/$arch.out" 2>&1
	expect_status 0 $? "make run ARCH=$arch"
	cp "$BUILD/last/run-dir" "$SCRATCH/$arch.run-dir"
	cp "$BUILD/last/results.kcidb.json" "$SCRATCH/$arch.kcidb.json"
	expect_valid_kcidb "$SCRATCH/$arch.kcidb.json" "ARCH=$arch: results.kcidb.json is a valid KCIDB report"
	expect_line "$SCRATCH/$arch.kcidb.json.tests" "boot PASS" "ARCH=$arch: KCIDB: the boot passed"
	expect_own_suites "$BUILD/last/results.ktap" "ARCH=$arch"
	if grep -qxF -- "$own_summary" "$SCRATCH/$arch.out"; then
		pass "ARCH=$arch: make run sums them up: $own_summary"
	else
		fail "ARCH=$arch: make run does not sum them up as: $own_summary"
		tail -n 20 "$SCRATCH/$arch.out" | sed -e 's/^/#   /'
	fi
done

# The ones without a userland booted the image they built, under their
# QEMU, and speak of no kselftest.
for arch_qemu in riscv64:qemu-system-riscv64 m68k:qemu-system-m68k um:./linux; do
	arch=${arch_qemu%%:*}
	[ -f "$SCRATCH/$arch.out" ] || continue
	case $arch_qemu in
	*:./linux) booted='Running ./linux (User Mode Linux)' ;;
	*) booted="Booting under ${arch_qemu#*:}" ;;
	esac
	if awk -v want="$booted" '{ sub(/^\[[0-9:]*\] /, "") } index($0, want) == 1 { found = 1 }
		END { exit !found }' "$SCRATCH/$arch.out"; then
		pass "ARCH=$arch: $booted"
	else
		fail "ARCH=$arch: not \"$booted\""
		show "$SCRATCH/$arch.out"
	fi
	expect_no_line "$SCRATCH/$arch.out" "kselftest" \
		"ARCH=$arch: no userland, no kselftest, the built-in suites' results"
done
# m68k's kernel that passed is 32-bit and big-endian.
if [ -f "$SCRATCH/m68k.run-dir" ]; then
	readelf -h "$(cat "$SCRATCH/m68k.run-dir")/obj/vmlinux" > "$SCRATCH/m68k.elf" 2>&1
	if grep -q 'Class: *ELF32$' "$SCRATCH/m68k.elf" &&
	   grep -q 'Data: .*big endian$' "$SCRATCH/m68k.elf"; then
		pass "ARCH=m68k: KUnit's own suites pass in a 32-bit, big-endian kernel"
	else
		fail "ARCH=m68k: its kernel is not a 32-bit big-endian ELF, or cannot be read"
		show "$SCRATCH/m68k.elf"
	fi
fi

# The arm64 guest ran the cross-built kselftest target, and read the
# kernel's results from its log: the built-in example suite, and each
# module's suites, its cases nested.
ksft=$BUILD/last/kselftest.tap
expect_line "$ksft" "ok 1 selftests: kunit: kunit-test" \
	"ARCH=arm64: KUnit's own suites, cross-built for arm64, pass in the guest's kselftest"
expect_line "$ksft" "ok 3 selftests: kunit: builtin" \
	"ARCH=arm64: without debugfs, kselftest reports the built-in suites from the kernel log"
sed -n '/^# selftests: kunit: builtin$/,/^ok 3 selftests: kunit: builtin$/p' "$ksft" > "$SCRATCH/builtin"
expect_line "$SCRATCH/builtin" "# # ok 1 example_push_pop_test" \
	"ARCH=arm64: with the built-in example's cases nested"
expect_line "$SCRATCH/builtin" "# # built-in suites: 1 suites, 7 passed, 0 failed, 1 skipped" \
	"ARCH=arm64: and their sum"
expect_line "$ksft" "ok 4 selftests: kunit: module-kunit-test" \
	"ARCH=arm64: without debugfs, kselftest reports module kunit-test from the kernel log"
expect_line "$ksft" "# # ok 1 runner_test_suite_ktap" "ARCH=arm64: with its cases nested"
if grep -qx '# CONFIG_KUNIT_DEBUGFS is not set' "$(cat "$BUILD/last/run-dir")/obj/.config"; then
	pass "ARCH=arm64: the kernel has no KUnit debugfs results (CONFIG_KUNIT_DEBUGFS off)"
else
	fail "ARCH=arm64: the kernel has KUnit's debugfs results, or no .config to tell"
fi
if grep -qE '^ok [0-9]+ selftests: kunit: tree-stackinit$' "$ksft"; then
	pass "ARCH=arm64: the tree's stackinit suite, cross-built, passes in the guest"
else
	fail "ARCH=arm64: the tree's stackinit suite does not pass in the guest"
	grep 'selftests: kunit: tree-' "$ksft" | sed -e 's/^/#   /'
fi
expect_valid_tap "$BUILD/last/kselftest.tap" "ARCH=arm64: kselftest.tap is valid TAP"

# The target cross-builds with clang too (make deps installs it).
run=$(dirname "$(readlink -f "$BUILD/last/kselftest-install")")
if command -v clang > /dev/null 2>&1; then
	rm -rf "$SCRATCH/llvm" && mkdir -p "$SCRATCH/llvm/obj"
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$run/src/tools/testing/selftests" \
		TARGETS=kunit ARCH=arm64 \
		CROSS_COMPILE=aarch64-linux-gnu- LLVM=1 O="$SCRATCH/llvm/obj" \
		KSFT_INSTALL_PATH="$SCRATCH/llvm/install" install > "$SCRATCH/llvm.log" 2>&1
	expect_status 0 $? "the kselftest target cross-builds for arm64 with LLVM=1"
	if readelf -h "$SCRATCH/llvm/install/kunit/kunit-test" 2> /dev/null |
	   grep -q 'Machine:.*AArch64'; then
		pass "LLVM=1 ARCH=arm64 gives arm64 programs"
	else
		fail "LLVM=1 ARCH=arm64 did not give arm64 programs"
	fi
else
	fail "the kselftest target with LLVM=1: clang is not installed (make deps installs it)"
fi
