# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's build stages: the kernel, KUNIT_EXTRA's modules and
# the kselftest target kunit.  Sourced, not run.

# Tells why a make of stage $1 failed, from its log $2, and ends the run:
# 125 (a kernel that cannot be built), or status $3 when given.
build_failed() {
	echo "kunit-run: $1 failed:" >&2
	grep -E 'error:|ERROR:|Error [0-9]|undefined reference|No rule to make' "$2" | head -n 30 >&2
	echo "(whole log: $2)" >&2
	exit "${3:-$UNTESTABLE}"
}

# The kernel, through ccache when it is installed.  In a tree this script
# extracted (which nobody edits), the kernel's build is what the
# configuration and the project's kernel files make it: when neither
# changed since the last good build, make has nothing to do and is not
# asked (it takes seconds to find that out).
# The key of the build from the project's files as they were when the
# stage started ($kunit_files) and the configuration as it is now.
build_key_now() {
	{
		echo "$targets $cc $kcflags $version $(stat -c %Y "$KSRC/.extracted" 2>/dev/null) $MAKE_OPTIONS"
		${cross}gcc --version | head -n 1
		cat "$OBJ/.config"
		echo "$kunit_files"
	} | cksum
}

# How many files the kernel build compiled so far: Kbuild's CC and AS
# lines in its log.
compiled_files() {
	grep -cE '^  (CC|AS)( \[M\])? ' "$LAST/build.log" || true
}

build_progress() {
	printf 'building: %s files compiled' "$(compiled_files)"
	[ -z "$objects_about" ] || printf ' of about %s' "$objects_about"
}

stage_build() {
	cc=${cross}gcc
	# Each configuration builds in a directory of its own: with paths
	# taken relative to it, an object that two configurations (modules or
	# built in, with or without debugfs) compile alike is compiled once.
	# ccache then gives the compiler the sources as ../src/..., which the
	# kernel's own -fmacro-prefix-map (the tree's whole path) misses:
	# __FILE__, in WARN()'s and KUnit's messages, would name ../src/lib/...
	# The relative form is mapped too.
	kcflags=
	if command -v ccache > /dev/null 2>&1; then
		cc="ccache $cc"
		kcflags=-fmacro-prefix-map=../src/=
	fi
	CCACHE_BASEDIR=$RUN
	export CCACHE_BASEDIR
	kunit_files=
	[ -n "$STOCK" ] ||
		kunit_files=$(files_digest "$TOP/include/kunit" "$TOP/lib/kunit" "$TOP/scripts/patches")
	build_key=$(build_key_now)
	# kunit exec boots what was built, as it was built.
	if [ "$mode" = exec ]; then
		[ -f "$OBJ/$image" ] && [ -f "$RUN/.kunit-built" ] ||
			die "nothing was built with these settings: run 'kunit build' (make build) first"
		stage build "Booting what was built last (kunit exec): not building"
		return 0
	fi
	if start_unless_made .kunit-built "$build_key" "$OBJ/$image" build \
		"Building $targets (-j$JOBS)"; then
		echo "kunit-run: nothing changed since the last build; make was not run" \
			> "$LAST/build.log"
		return 0
	fi
	build_started=$(date +%s%N)
	# How many files a build from nothing compiles, as the last one of
	# this architecture did: the progress lines' "of about N".
	objects_record=$BUILD/run/$ARCH.objects
	objects_about=
	from_nothing=
	if [ ! -e "$OBJ/vmlinux" ]; then
		from_nothing=1
		objects_about=$(cat "$objects_record" 2> /dev/null || true)
	fi
	echo "[$(date +%H:%M:%S)]   log: $LAST/build.log"
	# shellcheck disable=SC2086
	make -C "$WORK" O="$OBJ" ARCH=$karch CROSS_COMPILE=$cross CC="$cc" ${kcflags:+"KCFLAGS=$kcflags"} \
		-j"$JOBS" $MAKE_OPTIONS $targets \
		> "$LAST/build.log" 2>&1 &
	wait_with_progress $! build_progress ||
		build_failed "the kernel build" "$LAST/build.log"
	if [ -n "$from_nothing" ]; then
		compiled_files > "$objects_record.$$" && mv -f "$objects_record.$$" "$objects_record"
	fi
	# Kbuild may have rewritten .config (syncconfig, after a Kconfig
	# change): what was built is the configuration it holds now, from the
	# files as they were when the build started.
	build_key_now > "$RUN/.kunit-built"
	build_seconds=$(awk -v ns=$(($(date +%s%N) - build_started)) \
		'BEGIN { printf "%.1f", ns / 1e9 }')
}

# KUNIT_EXTRA's modules, built against the kernel; sets extra_modules.
stage_extra() {
	extra_modules=
	[ -n "$KUNIT_EXTRA" ] || return 0
	if [ "$mode" = exec ]; then
		extra_modules=$(find "$RUN/extra" -name '*.ko' 2> /dev/null)
		[ -n "$extra_modules" ] ||
			die "KUNIT_EXTRA's modules were not built: run 'kunit build' (make build) first"
		return 0
	fi
	stage extra "Building the test modules in $KUNIT_EXTRA"
	rm -rf "$RUN/extra"
	cp -a "$KUNIT_EXTRA" "$RUN/extra"
	# Built in a copy, so that the user's directory gets no objects; a
	# failure names the user's file, not the copy: __FILE__ is rewritten,
	# as Kbuild names the copy (relative to the objects, since 6.x) or
	# whole.
	extra_relative=$(realpath --relative-to="$OBJ" "$RUN/extra")
	make -C "$OBJ" ARCH=$karch CROSS_COMPILE=$cross CC="$cc" M="$RUN/extra" \
		KCFLAGS="$kcflags -fmacro-prefix-map=$RUN/extra/=$KUNIT_EXTRA/ -fmacro-prefix-map=$extra_relative/=$KUNIT_EXTRA/" \
		modules > "$LAST/extra.log" 2>&1 &
	progress_log=$LAST/extra.log
	# The user's tests that do not build are a failure of the tests: 1.
	wait_with_progress $! log_progress || build_failed "building $KUNIT_EXTRA" "$LAST/extra.log" 1
	extra_modules=$(find "$RUN/extra" -name '*.ko')
	[ -n "$extra_modules" ] || die "KUNIT_EXTRA=$KUNIT_EXTRA built no module"
}

# The KUnit test modules, the kernel's then KUNIT_EXTRA's (test_modules),
# and the kselftest target tools/testing/selftests/kunit, installed into
# $ksft as "make kselftest-install" would, static so that it runs on
# busybox.  Not with STOCK=1, nor without a userland to run it.
stage_kselftest() {
	ksft_helper=$TOP/tools/testing/selftests/kunit/kunit-modules.sh
	test_modules=$(sh "$ksft_helper" "$OBJ")
	[ -n "$KUNIT_EXTRA" ] && test_modules="$test_modules $(sh "$ksft_helper" "$RUN/extra")"
	ksft=
	[ -z "$STOCK" ] && [ -n "$userland" ] || return 0
	ksft=$RUN/kselftest
	# As for the kernel: an extracted tree, the same sources, settings,
	# modules and kernel configuration make the same target.
	ksft_key=$({
		echo "$karch $cross $KSELFTEST $test_modules $(cat "$RUN/.kunit-built" 2>/dev/null)"
		files_digest "$TOP/include/kunit" "$TOP/lib/kunit" "$TOP/tools/testing/selftests/kunit" \
			"$TOP/scripts/patches"
	} | cksum)
	if [ "$mode" = exec ]; then
		[ -f "$ksft/run_kselftest.sh" ] ||
			die "the kselftest target was not built: run 'kunit build' (make build) first"
		return 0
	fi
	start_unless_made .kunit-kselftest "$ksft_key" "$ksft/run_kselftest.sh" kselftest \
		"Building the kselftest target kunit" && return 0
	rm -rf "$ksft"
	# shellcheck disable=SC2086
	make -C "$WORK/tools/testing/selftests" O="$OBJ" ARCH=$karch \
		CROSS_COMPILE=$cross TARGETS=kunit KSFT_INSTALL_PATH="$ksft" KUNIT_PROGRAMS=$KSELFTEST \
		KUNIT_MODULES="$(echo $test_modules)" USERLDFLAGS=-static install \
		> "$LAST/kselftest-build.log" 2>&1 &
	progress_log=$LAST/kselftest-build.log
	wait_with_progress $! log_progress ||
		build_failed "building the kselftest target" "$LAST/kselftest-build.log"
	echo "$ksft_key" > "$RUN/.kunit-kselftest"
}
