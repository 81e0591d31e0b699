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
# What goes into a build besides its configuration: the targets, the
# compiler and its version, make's options, the tree (by when it was
# extracted) and the project's files in the work tree when the stage
# started ($kunit_files).
build_inputs() {
	echo "$targets $cc $kcflags $version $(stat -c %Y "$KSRC/.extracted" 2>/dev/null) $MAKE_OPTIONS"
	${cross}gcc --version | head -n 1
	echo "$kunit_files"
}

# The key of the build: its inputs and the configuration as it is now.
build_key_now() {
	{
		build_inputs
		cat "$OBJ/.config"
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

# What a build directory's objects can be reused for: another
# configuration of the same architecture, kernel tree (an extracted one,
# which nobody edits), KUnit (stock, or this one with the same files: a
# file of the work tree that went back to the tree's keeps the tree's old
# date, older than the objects built from the changed one), compiler and
# make options (build_inputs).  Not with gcov (COVERAGE, or a kunitconfig's): each object
# holds the path of its counts in its own build directory.
seed_key_now() {
	[ -f "$KSRC/.extracted" ] && [ -z "$COVERAGE" ] || return 0
	! grep -q '^CONFIG_GCOV_KERNEL=y' "$OBJ/.config" || return 0
	{
		echo "$ARCH ${STOCK:+stock} $KSRC"
		build_inputs
	} | cksum
}

# seed_usable DIR: DIR is a finished build that seed_key allows.
seed_usable() {
	[ "$1" != "$RUN" ] && [ "$(cat "$1/.kunit-seed-key" 2> /dev/null)" = "$seed_key" ] &&
		[ -f "$1/.kunit-built" ] && [ -f "$1/obj/$image" ] && [ -f "$1/obj/.config" ]
}

# seed_objects: before a kernel's first build, copies in the objects of
# the configuration built here that differs least from this one (modules
# or built in, with or without debugfs), so that Kbuild compiles only
# what the difference touches: its own incremental build, which follows
# each option to the files that test it (include/config), as after an
# edit of .config.  The work trees' paths in Kbuild's records are
# rewritten to this one's.  Fails, leaving the objects as they were,
# when there is no such build or its directory stays in use.
seed_objects() {
	[ -n "$seed_key" ] || return 1
	seed=
	seed_diff=
	for candidate in "$BUILD"/run/"$ARCH"-*/; do
		candidate=${candidate%/}
		seed_usable "$candidate" || continue
		differ=$(LC_ALL=C diff "$candidate/obj/.config" "$OBJ/.config" | grep -c '^[<>]')
		if [ -z "$seed" ] || [ "$differ" -lt "$seed_diff" ]; then
			seed=$candidate
			seed_diff=$differ
		fi
	done
	[ -n "$seed" ] || return 1
	# Not while another run builds there (a boot is over in minutes); it
	# may have failed meanwhile.  The holder's pid, for hold_run_dir's
	# waiters.
	command exec 8>> "$seed/.lock" || return 1
	if ! flock -w "${seed_wait:-300}" 8 || ! seed_usable "$seed"; then
		command exec 8>&-
		return 1
	fi
	echo $$ > "$seed/.lock-holder"
	seed_real=$(cd "$seed" && pwd -P) && run_real=$(cd "$RUN" && pwd -P) &&
		[ -n "$seed_real" ] && [ -n "$run_real" ] || {
		command exec 8>&-
		return 1
	}
	echo "[$(date +%H:%M:%S)]   starting from the objects of $(basename "$seed") ($seed_diff lines of .config differ)"
	# Until the copy is whole, the objects are not to be built on: a run
	# that finds this mark starts again (seed_interrupted).
	: > "$RUN/.kunit-seeding" || die "cannot write $RUN/.kunit-seeding"
	# This configuration's own files stay: .config and what configure
	# wrote; the kselftest target's objects are its stage's; the list of
	# modules is the build's to write (the kselftest stage reads it), and
	# its modules too (bench.sh weighs kunit.ko).
	status=0
	mv "$OBJ/.config" "$RUN/.config.seeding" || status=1
	if [ $status -eq 0 ]; then
		(cd "$seed/obj" && find . -mindepth 1 -maxdepth 1 ! -name kselftest ! -name .config \
			! -name .config.old ! -name '.kunit-*' ! -name modules.order \
			-exec cp -a -t "$OBJ" {} +) &&
			find "$OBJ" -name '*.ko' -type f -exec rm -f {} + || status=1
		mv -f "$RUN/.config.seeding" "$OBJ/.config" || status=1
	fi
	# Kbuild's records (.cmd files, generated makefiles) name the work
	# tree, as given and as resolved: an object whose command line names
	# another tree is rebuilt.
	if [ $status -eq 0 ]; then
		for paths in "$seed $RUN" "$seed_real $run_real"; do
			from=$(printf '%s/' "${paths% *}" | sed -e 's/[]|[\\.*^$]/\\&/g')
			to=$(printf '%s/' "${paths#* }" | sed -e 's/[|&\\]/\\&/g')
			grep -rlIF --null "${paths% *}/" "$OBJ" | xargs -0 -r sed -i -e "s|$from|$to|g" ||
				status=1
		done
	fi
	command exec 8>&-
	if [ $status -ne 0 ]; then
		drop_seeded_objects
		die "cannot copy the objects of $seed into $OBJ"
	fi
	rm -f "$RUN/.kunit-seeding"
	return 0
}

# Objects that a seeding did not finish go, the configuration stays: no
# build may take a half-made copy for built.
drop_seeded_objects() {
	[ -f "$OBJ/.config" ] || [ ! -f "$RUN/.config.seeding" ] ||
		mv -f "$RUN/.config.seeding" "$OBJ/.config"
	find "$OBJ" -mindepth 1 -maxdepth 1 ! -name .config ! -name .kunit-config-key \
		-exec rm -rf {} + || die "cannot empty $OBJ"
	rm -f "$RUN/.kunit-built" "$RUN/.kunit-seeding"
}

# A seeding that an earlier run stopped half-way left its mark.
seed_interrupted() {
	[ -f "$RUN/.kunit-seeding" ] || return 0
	echo "[$(date +%H:%M:%S)]   the objects' copy of an earlier run was not finished: starting again"
	drop_seeded_objects
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
	# The project's files as the work tree has them, which is what the
	# kernel compiles (the source stage laid them over it), by their
	# paths there: the same files give the same digest in every work tree.
	kunit_files=
	[ -n "$STOCK" ] ||
		kunit_files=$(cd "$WORK" && files_digest include/kunit lib/kunit samples/kunit \
			$(patched_files)) || die "cannot read the project's files in the work tree $WORK"
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
		seed_key_now > "$RUN/.kunit-seed-key"
		return 0
	fi
	build_started=$(date +%s%N)
	# How many files a build from nothing compiles, as the last one of
	# this architecture did: the progress lines' "of about N".
	objects_record=$BUILD/run/$ARCH.objects
	objects_about=
	from_nothing=
	seed_interrupted
	seed_key=$(seed_key_now)
	if [ ! -e "$OBJ/vmlinux" ] && ! seed_objects; then
		from_nothing=1
		objects_about=$(cat "$objects_record" 2> /dev/null || true)
	fi
	echo "[$(date +%H:%M:%S)]   log: $LAST/build.log"
	# Kbuild syncs its configuration (include/config/auto.conf, and the
	# option files that decide what is rebuilt) only from a .config newer
	# than it: a seed's, or one that configure wrote before a copy, may
	# be older.  A sync that finds nothing changed rebuilds nothing.
	touch "$OBJ/.config"
	# The compiler's heap in transparent huge pages where the host gives
	# them on request (madvise): fewer page faults (6% less CPU time for
	# kernel/fork.c on the machines here); glibc before 2.35 ignores it.
	# shellcheck disable=SC2086
	GLIBC_TUNABLES=${GLIBC_TUNABLES:+$GLIBC_TUNABLES:}glibc.malloc.hugetlb=1 \
		make -C "$WORK" O="$OBJ" ARCH=$karch CROSS_COMPILE=$cross CC="$cc" ${kcflags:+"KCFLAGS=$kcflags"} \
		-j"$JOBS" $MAKE_OPTIONS $targets \
		> "$LAST/build.log" 2>&1 &
	wait_with_progress $! build_progress ||
		build_failed "the kernel build" "$LAST/build.log"
	[ -f "$OBJ/$image" ] ||
		cannot_build "make $targets did not write $image (scripts/arch/$ARCH's image or targets)"
	if [ -n "$from_nothing" ]; then
		compiled_files > "$objects_record.$$" && mv -f "$objects_record.$$" "$objects_record"
	fi
	# Kbuild may have rewritten .config (syncconfig, after a Kconfig
	# change): what was built is the configuration it holds now, from the
	# files as they were when the build started.
	build_key_now > "$RUN/.kunit-built"
	echo "$seed_key" > "$RUN/.kunit-seed-key"
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
	# Not through ccache: Debian 12's ccache 4.7 gave back an object built
	# for another KUNIT_EXTRA directory, whose __FILE__ named that one (the
	# copy's path relative to CCACHE_BASEDIR is the same for both).
	make -C "$OBJ" ARCH=$karch CROSS_COMPILE=$cross CC="${cross}gcc" M="$RUN/extra" \
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
