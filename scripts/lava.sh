#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make lava: LAVA jobs for what the last make run built (its kernel, and
# its initramfs with the kselftest target), written to $BUILD/lava:
#
#   kunit.yaml           the Lava-Test Test Definition 1.0: runs the
#                        installed kselftest target's kunit collection
#                        (run_kselftest.sh -c kunit) and gives every
#                        kselftest test and every KUnit suite, case and
#                        parameter to lava-test-case, through kunit-lava
#   qemu-job.yaml        a job for device_type qemu that boots the kernel
#                        and initramfs built here (file:// URLs) to a shell
#                        and runs kunit.yaml (inline)
#   board-job.yaml.in    the same for a lab's boards: the artifacts' URLs
#                        and the device type are ${VARIABLES} (envsubst)
#   monitors-job.yaml    for targets without a shell: the kernel's own KTAP
#                        on the console, read by LAVA's monitors, one per
#                        suite that the run saw in the kernel
#   device-qemu.yaml     a device for lava-run on this machine, rendered
#                        from lava-server's qemu template (make lava's
#                        deps step unpacks it), when it is there
#   bzImage (the image), initramfs.cpio: the artifacts (the cpio plain:
#                        make run's kernels read no compressed initramfs)
#
# Run a job here with: lava-run --device $BUILD/lava/device-qemu.yaml
# --output-dir DIR $BUILD/lava/qemu-job.yaml
#
# LAVA_TEST_MINUTES: the test action's timeout (15): a run that outlasts
# it leaves the later programs' results unrecorded.  LAVA_JOB_MINUTES:
# the job's (5 more).

set -eu

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case $BUILD in
/*) ;;
*) BUILD=$TOP/$BUILD ;;
esac
# shellcheck source=scripts/run/common.sh
. "$TOP/scripts/run/common.sh"

LAVA_TEST_MINUTES=${LAVA_TEST_MINUTES:-15}
case $LAVA_TEST_MINUTES in
'' | *[!0-9]* | 0) echo "lava: LAVA_TEST_MINUTES=$LAVA_TEST_MINUTES: a number of minutes, 1 or more" >&2; exit 2 ;;
esac
LAVA_JOB_MINUTES=${LAVA_JOB_MINUTES:-$((LAVA_TEST_MINUTES + 5))}
case $LAVA_JOB_MINUTES in
'' | *[!0-9]* | 0) echo "lava: LAVA_JOB_MINUTES=$LAVA_JOB_MINUTES: a number of minutes, 1 or more" >&2; exit 2 ;;
esac

die() {
	echo "lava: $*" >&2
	exit 1
}

# The test definition's steps.  run_kselftest.sh's output goes through a
# pipe, never to a file by redirection (runner.sh writes /dev/stdout a
# second time: a file gets lines torn and out of order), and never to the
# console as it is: a test could print LAVA's own signals.  kunit-lava
# writes only "NAME RESULT" lines of safe names; its exit status is a
# result too, so that a kunit-lava that cannot run fails something: its
# status is taken with ||, as LAVA runs the steps under set -e, which
# would end the group before it said so.
# The kernel's log leaves the console: a module's message could be a
# signal too, or split one.  Console level 0, not dmesg -n 1: an oops
# makes the console verbose (console_verbose()), unless the level is 0,
# which it leaves as it is; and not with printk's ignore_loglevel, which
# a lab's command line may set.  The whole output, and the kernel's log,
# are shown after, LAVA's markers defused.
# The tests do not get the console as their standard input (LAVA's shell
# reads and writes it), nor as their controlling terminal (/dev/tty),
# where setsid is installed.  A test module that cannot run (not
# installed for the running kernel, kunit.ko missing) fails, as in make
# run, unless the job sets KUNIT_MODULES_REQUIRED to 0 (anything else,
# true or empty as LAVA may write them, is 1).
steps() {
	cat <<'EOF'
echo 0 > /proc/sys/kernel/printk || lava-test-case kunit-lava-console-quiet --result fail
if [ -e /sys/module/printk/parameters/ignore_loglevel ]; then echo N > /sys/module/printk/parameters/ignore_loglevel || lava-test-case kunit-lava-console-quiet --result fail; elif grep -qw ignore_loglevel /proc/cmdline; then lava-test-case kunit-lava-console-quiet --result fail; fi
[ "${KUNIT_MODULES_REQUIRED:-1}" = 0 ] && KUNIT_MODULES_REQUIRED=0 || KUNIT_MODULES_REQUIRED=1
cd "${KSELFTEST_DIR:-/kselftest}"
grep '^kunit:' kselftest-list.txt > /tmp/kunit-list.txt || lava-test-case kunit-lava-list --result fail
KUNIT_MODULES_REQUIRED=$KUNIT_MODULES_REQUIRED $(command -v setsid) ./run_kselftest.sh -c kunit < /dev/null 2>&1 | tee /tmp/kunit-kselftest.txt | { status=0; ./kunit/kunit-lava --list=/tmp/kunit-list.txt || status=$?; if [ $status -eq 0 ]; then echo "kunit-lava-exit pass"; else echo "kunit-lava-exit fail"; fi; } | while read -r name result; do lava-test-case "$name" --result "$result"; done
sed -e 's/<LAVA/<lava/g' /tmp/kunit-kselftest.txt
dmesg | sed -e 's/<LAVA/<lava/g'
EOF
}

# scripts/lava.sh --steps: the steps alone, one a line (tests/69 runs them).
if [ "${1:-}" = --steps ]; then
	steps
	exit 0
fi

LAVA=$BUILD/lava
run_dir=$(cat "$BUILD/last/run-dir" 2>/dev/null) ||
	die "no make run to take the kernel from ($BUILD/last/run-dir): run make run KSELFTEST=all first"
[ -d "$run_dir" ] || die "the last make run's directory $run_dir is gone: run make run KSELFTEST=all again"
arch=${run_dir##*/}
arch=${arch%-*}
case $arch in
*-stock) die "the last make run was STOCK=1, without this KUnit's kselftest target: run make run KSELFTEST=all first" ;;
esac
load_arch "$arch"
[ -n "$qemu" ] || die "ARCH=$arch runs without QEMU: LAVA's qemu device type cannot boot it"
[ -n "$userland" ] || die "ARCH=$arch has no userland for a LAVA test shell"
kernel=$run_dir/obj/$image
[ -f "$kernel" ] || die "the last make run's kernel $kernel is missing: run make run KSELFTEST=all again"
[ -f "$run_dir/initramfs.cpio" ] && [ -d "$run_dir/initramfs/kselftest/kunit" ] ||
	die "the last make run had no kselftest target: run make run KSELFTEST=all (or KSELFTEST=kernel) first"
[ -x "$run_dir/initramfs/kselftest/kunit/kunit-lava" ] ||
	die "the last make run's kselftest target has no kunit-lava: run make run KSELFTEST=all again"

mkdir -p "$LAVA" || die "cannot make $LAVA"
image_name=${image##*/}
cp "$kernel" "$LAVA/$image_name" || die "cannot copy $kernel"
cp "$run_dir/initramfs.cpio" "$LAVA/initramfs.cpio" || die "cannot write $LAVA/initramfs.cpio"

# The kernel's command line: make run's, and the init's mode.
cmdline_shell="console=$console panic=-1${boot_args:+ $boot_args} kunit_init=shell"
cmdline_console="console=$console panic=-1${boot_args:+ $boot_args} kunit_results=none"

# LAVA's name of the architecture, for the qemu template.
case $arch in
x86_64) lava_arch=x86_64 ;;
arm64) lava_arch=arm64 ;;
*) lava_arch=$arch ;;
esac

# QEMU's options beyond the template's: make run's machine, and no
# reboot, so that a kernel that panics ends the job (panic=-1).  The
# firmware make run boots with (qboot, faster) only in this machine's
# device: a lab's worker may not have the file.
qemu_options="$qemu_machine -no-reboot"
device_options=$qemu_options
[ -n "$qemu_bios" ] && [ -f "$qemu_bios" ] && device_options="$device_options -bios $qemu_bios"

# yaml_quote TEXT: TEXT as one single-quoted YAML scalar.
yaml_quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed -e "s/'/''/g")"
}

# test_definition INDENT: the Lava-Test Test Definition, indented.
test_definition() {
	{
		cat <<EOF
metadata:
  format: Lava-Test Test Definition 1.0
  name: kunit
  description: "KUnit through kselftest: run_kselftest.sh -c kunit, each kselftest test and each KUnit suite, case and parameter a test case"
  maintainer:
  - linux-kselftest@vger.kernel.org
  os:
  - debian
  - oe
  scope:
  - functional
params:
  KSELFTEST_DIR: /kselftest
  KUNIT_MODULES_REQUIRED: "1"
run:
  steps:
EOF
		steps | while IFS= read -r step; do
			printf '  - %s\n' "$(yaml_quote "$step")"
		done
	} | sed -e "s/^/$1/"
}

test_definition "" > "$LAVA/kunit.yaml" || die "cannot write $LAVA/kunit.yaml"

# The test action, with the definition inline (no repository to fetch).
test_action() {
	cat <<EOF
- test:
    timeout:
      minutes: $LAVA_TEST_MINUTES
    definitions:
    - from: inline
      name: kunit
      path: inline/kunit.yaml
      repository:
EOF
	test_definition "        "
}

# The options $1 as a YAML list, an option and its value an item.
qemu_options_yaml() {
	option=
	for word in $1; do
		case $word in
		-*) [ -z "${option:-}" ] || printf '    - %s\n' "$(yaml_quote "$option")"; option=$word ;;
		*) option="$option $word" ;;
		esac
	done
	[ -z "${option:-}" ] || printf '    - %s\n' "$(yaml_quote "$option")"
}

# qemu_job_head NAME CMDLINE [overlay]: a qemu job's settings and its
# deploy action: the kernel with CMDLINE, the initramfs, with LAVA's
# overlay (its test shell) if asked.
qemu_job_head() {
	cat <<EOF
device_type: qemu
job_name: $1
visibility: public
priority: medium
timeouts:
  job:
    minutes: $LAVA_JOB_MINUTES
  action:
    minutes: 5
context:
  arch: $lava_arch
  no_kvm: true
  memory: $qemu_memory
  extra_options:
EOF
	qemu_options_yaml "$qemu_options"
	cat <<EOF
actions:
- deploy:
    to: tmpfs
    timeout:
      minutes: 3
    images:
      kernel:
        image_arg: -kernel {kernel} -append $(yaml_quote "\"$2\"")
        url: file://$LAVA/$image_name
      ramdisk:
        image_arg: -initrd {ramdisk}
        url: file://$LAVA/initramfs.cpio
EOF
	[ "${3:-}" != overlay ] || cat <<EOF
        format: cpio.newc
        overlays:
          lava: true
EOF
}

{
	cat <<EOF
# A LAVA job (device_type qemu) for the kernel and initramfs that make run
# built from $(basename "$run_dir"): boots them to a shell, runs KUnit's
# kselftest tests, one LAVA test case each.
EOF
	qemu_job_head "kunit kselftest on $arch" "$cmdline_shell" overlay
	cat <<EOF
- boot:
    method: qemu
    media: tmpfs
    timeout:
      minutes: 3
    prompts:
    - 'kunit-shell> '
EOF
	test_action
} > "$LAVA/qemu-job.yaml" || die "cannot write $LAVA/qemu-job.yaml"

{
	cat <<'EOF'
# A LAVA job for a lab's board: the kernel and initramfs of make run
# (copy them where the lab fetches from), booted to a shell, KUnit's
# kselftest tests run, one LAVA test case each.  Fill in with envsubst:
#   DEVICE_TYPE   the lab's device type
#   KERNEL_URL, KERNEL_TYPE (image, zimage, uimage), DTB_URL, RAMDISK_URL
#   RAMDISK_COMPRESSION  gz for a gzipped initramfs.cpio, empty for none
#   PROMPT        left as it is: the initramfs's shell prints it
device_type: ${DEVICE_TYPE}
job_name: kunit kselftest on ${DEVICE_TYPE}
visibility: public
priority: medium
timeouts:
  job:
    minutes: 30
  action:
    minutes: 5
context:
  # The init gives the console a shell; a panic ends the job.
  extra_kernel_args: kunit_init=shell panic=-1
actions:
- deploy:
    to: tftp
    timeout:
      minutes: 5
    kernel:
      url: ${KERNEL_URL}
      type: ${KERNEL_TYPE}
    dtb:
      url: ${DTB_URL}
    ramdisk:
      url: ${RAMDISK_URL}
      compression: ${RAMDISK_COMPRESSION}
    os: oe
- boot:
    method: u-boot
    commands: ramdisk
    timeout:
      minutes: 5
    prompts:
    - 'kunit-shell> '
EOF
	test_action
} > "$LAVA/board-job.yaml.in" || die "cannot write $LAVA/board-job.yaml.in"

# One monitor per suite that the run saw in the kernel, in order (LAVA
# reads them one after the other), from its result line: a suite whose
# init failed has no header.  A monitor records each of the suite's cases
# (four spaces in) and the suite's own result (none in), so that a
# failure of the suite's alone (its init, its exit, trouble between its
# cases) is recorded too; "ok N name # SKIP" is SKIP (a skip), not "ok".
suites=$(sed -n -e '/^\(not \)\{0,1\}ok [0-9]\{1,\} /!d' -e 's/^\(not \)\{0,1\}ok [0-9]\{1,\} //' \
	-e 's/ # .*//' -e '/^(outside the tests)$/d' -e p "$BUILD/last/results.ktap" 2>/dev/null) || suites=
[ -n "$suites" ] || die "the last make run printed no suite of the kernel's ($BUILD/last/results.ktap)"
# What printk may put before a line: a time, a caller ([    1.0][    T1] ).
prefix='(?:\[[^]\r\n]*\] ?)*'
# A result line.  The pattern takes only the line break before it (one
# character: a run of them would cost LAVA quadratic time over blank
# lines): its name and its result are read in lookaheads, to the line's
# end (LAVA matches as the console comes: a pattern that a line's
# beginning can match would read half a name).  Taking no more leaves a
# suite's result line whole for the monitor's end, which must match where
# LAVA's buffer begins (^), so that the pattern, which begins earlier,
# reads it first.  After 4000 characters that match nothing, LAVA's
# window begins wherever the last read put it, mid-line too: text there
# that ends like the suite's result line ends the monitor (ci.rst).
case_pattern="[\\r\\n](?=$prefix(?:    )?(?:not )?ok [0-9]+ (?P<test_case_id>[^\\r\\n]*?[^\\r\\n ])(?: # [^\\r\\n]*)?[\\r\\n])(?=$prefix(?:    )?(?:ok [0-9]+ [^\\r\\n]*? # (?=SKIP))?(?P<result>SKIP|not ok|ok))"
regex_escape() {
	printf '%s' "$1" | sed -e 's/[][\\.*^$(){}?+|/]/\\&/g'
}
{
	cat <<EOF
# A LAVA job (device_type qemu) for targets without a shell: the kernel's
# KUnit results, as it prints them on its console, read by LAVA's
# monitors, one per suite: $(echo "$suites" | wc -l) suites.
EOF
	qemu_job_head "kunit monitors on $arch" "$cmdline_console"
	cat <<EOF
- boot:
    method: qemu
    media: tmpfs
    # QEMU's action's timeout is how long a monitor waits for its next
    # line: longer than KUnit's case timeout (kunit.timeout, 300 s).
    timeout:
      minutes: 10
- test:
    timeout:
      minutes: $LAVA_TEST_MINUTES
    monitors:
EOF
	echo "$suites" | while IFS= read -r suite; do
		name=$(regex_escape "$suite")
		printf '    - name: %s\n' "$(yaml_quote "$suite")"
		line="$prefix(?:not )?ok [0-9]+ $name(?: # [^\\r\\n]*)?[\\r\\n]"
		# Its header or, where its init failed (no header), the line that
		# says so, right before its result line (not taken).
		printf '      start: %s\n' \
			"$(yaml_quote "# Subtest: $name[\\r\\n]|# (?:$name: )?failed to initialize[^\\r\\n]*(?=[\\r\\n]+$line)")"
		printf '      end: %s\n' "$(yaml_quote "^$line")"
		printf '      pattern: %s\n' "$(yaml_quote "$case_pattern")"
		echo "      fixupdict:"
		echo "        ok: pass"
		echo "        not ok: fail"
		echo "        SKIP: skip"
	done
} > "$LAVA/monitors-job.yaml" || die "cannot write $LAVA/monitors-job.yaml"

# The device for lava-run here, from lava-server's templates.
templates=${LAVA_TEMPLATES:-$BUILD/deps/lava-server/usr/share/lava-server/device-types}
if [ -f "$templates/qemu.jinja2" ]; then
	LAVA_TEMPLATES=$templates LAVA_ARCH=$lava_arch LAVA_MEMORY=$qemu_memory \
		LAVA_OPTIONS=$(qemu_options_yaml "$device_options" | sed -e "s/^    - //" -e "s/^'//" -e "s/'\$//" | tr '\n' '\t') \
		python3 - > "$LAVA/device-qemu.yaml" <<'EOF' || die "cannot render $LAVA/device-qemu.yaml"
import os
import jinja2

env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.environ["LAVA_TEMPLATES"]),
                         autoescape=False, trim_blocks=True)
options = [o for o in os.environ["LAVA_OPTIONS"].split("\t") if o]
print(env.from_string("{% extends 'qemu.jinja2' %}").render(
    arch=os.environ["LAVA_ARCH"], no_kvm=True, memory=int(os.environ["LAVA_MEMORY"]),
    extra_options=options))
EOF
	echo "lava: $LAVA/device-qemu.yaml: lava-run --device $LAVA/device-qemu.yaml --output-dir DIR $LAVA/qemu-job.yaml"
else
	echo "lava: no lava-server templates at $templates: no device-qemu.yaml (scripts/deps.sh lava $BUILD/deps/lava-server unpacks them, as make lava does)"
fi
echo "lava: jobs in $LAVA: qemu-job.yaml, board-job.yaml.in, monitors-job.yaml; test definition kunit.yaml"
