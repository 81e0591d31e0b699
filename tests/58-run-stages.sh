# SPDX-License-Identifier: GPL-2.0
# make run's stages (scripts/run) that need no kernel build: the
# architecture files, the configuration's gathering and its dropped
# options, the initramfs, the QEMU command line (with a fake QEMU) and the
# report with its verdicts on a console made here.
. tests/lib.sh

printf 'CONFIG_KUNIT=y\nCONFIG_KUNIT_TEST=m\nCONFIG_KUNIT_TEST=y\n' > "$SCRATCH/kunitconfig"

# Every architecture file sets everything, and its fragment is options.
arches=$(ls "$TOP/scripts/arch" | grep -v README)
for arch in $arches; do
	stages 'printf "%s\n" "$kconfig" | grep -v "^$" | grep -v "^CONFIG_[A-Za-z0-9_]*=" || :
		echo "karch=$karch image=$image userland=$userland"' "$arch"
	if [ $? = 0 ] && ! grep -q '^CONFIG\|^kunit-run' "$SCRATCH/out" &&
	   grep -q "^karch=[a-z0-9_]* image=arch/\|^karch=[a-z0-9_]* image=vmlinux \|^karch=um image=linux" "$SCRATCH/out"; then
		pass "scripts/arch/$arch sets every setting: $(cat "$SCRATCH/out")"
	else
		fail "scripts/arch/$arch"
		show "$SCRATCH/out"
	fi
done
for arch in x86_64 arm64 um riscv64; do
	[ -f "$TOP/scripts/arch/$arch" ] && pass "ARCH=$arch has its file" ||
		fail "ARCH=$arch has no file in scripts/arch"
done
stages 'echo "userland=$userland"' x86_64
expect_line "$SCRATCH/out" "userland=busybox" "x86_64 has a busybox userland"
stages 'echo "userland=$userland"' riscv64
expect_line "$SCRATCH/out" "userland=" "riscv64 has none (no riscv64 busybox in Debian 12)"

# Unknown architectures, and files that leave a setting out.
for arch in ia64 ../arm64 'x86_64 ' ''; do
	stages : "$arch"
	status=$?
	if [ $status = 2 ] && grep -q "^kunit-run: ARCH=$arch is not supported: use one of .*x86_64" \
		"$SCRATCH/out"; then
		pass "ARCH='$arch' is refused, and the known ones named"
	else
		fail "ARCH='$arch': exit $status"
		show "$SCRATCH/out"
	fi
done
mkdir -p "$SCRATCH/top/scripts/arch"
grep -v '^image=' "$TOP/scripts/arch/x86_64" > "$SCRATCH/top/scripts/arch/noimage"
grep -v '^qemu_bios=' "$TOP/scripts/arch/x86_64" > "$SCRATCH/top/scripts/arch/nobios"
grep -v '^results_device=' "$TOP/scripts/arch/x86_64" > "$SCRATCH/top/scripts/arch/noport"
for arch in noimage nobios noport; do
	stages "TOP=$SCRATCH/top; load_arch $arch" x86_64
	status=$?
	if [ $status = 2 ] && grep -q "^kunit-run: scripts/arch/$arch does not set" "$SCRATCH/out"; then
		pass "an architecture file without a setting is refused: $(cat "$SCRATCH/out")"
	else
		fail "scripts/arch/$arch: exit $status"
		show "$SCRATCH/out"
	fi
done

# A userland's results need a port of their own: the console is the kernel's.
sed -e 's/^results_device=.*/results_device=/' "$TOP/scripts/arch/x86_64" \
	> "$SCRATCH/top/scripts/arch/emptyport"
stages "TOP=$SCRATCH/top; load_arch emptyport" x86_64
expect_status 2 $? "an architecture with a userland and no results port is refused"
expect_line "$SCRATCH/out" \
	"kunit-run: scripts/arch/emptyport has a userland but no results port (results_qemu_args, results_device)" \
	"and says why"

# The configuration: the last value of an option wins; base.config comes
# first, then the architecture's fragment.
stages 'version=6.12.118; gather_config; echo "$wanted"; echo "fragments: $fragments"' x86_64
expect_line "$SCRATCH/out" "CONFIG_KUNIT_TEST=y" "the kunitconfig's last value of an option wins"
if ! grep -q 'CONFIG_KUNIT_TEST=m' "$SCRATCH/out" && grep -q '^CONFIG_SERIAL_8250=y' "$SCRATCH/out" &&
   grep -q "^fragments: $TOP/scripts/configs/base.config $SCRATCH/build/run/x86_64-6.12.118.config" \
	"$SCRATCH/out"; then
	pass "the options wanted: the architecture's, base.config's and the kunitconfig's, once each"
else
	fail "the options wanted"
	show "$SCRATCH/out"
fi

# An option that a series renamed: the tree's version picks the name.
for pick in 6.12.118:CONFIG_ARCH_VIRT=y 6.1.192:CONFIG_SOC_VIRT=y 6.7.0:CONFIG_ARCH_VIRT=y; do
	stages "version=${pick%%:*}; gather_config; echo \"\$wanted\"" riscv64
	virt=$(grep -E '^CONFIG_(ARCH|SOC)_VIRT=' "$SCRATCH/out")
	if [ "$virt" = "${pick#*:}" ]; then
		pass "riscv64 on ${pick%%:*} wants ${pick#*:}, and only it"
	else
		fail "riscv64 on ${pick%%:*} wants '$virt', not ${pick#*:}"
		show "$SCRATCH/out"
	fi
done
sed -e "s/^kconfig_series=.*/kconfig_series='6.7 CONFIG_ARCH_VIRT=y'/" "$TOP/scripts/arch/x86_64" \
	> "$SCRATCH/top/scripts/arch/badseries"
stages "TOP=$SCRATCH/top; load_arch badseries; version=6.12.1; gather_config; echo gathered" x86_64
status=$?
if [ $status = 1 ] && ! grep -q '^gathered' "$SCRATCH/out" &&
   grep -q '^kunit-run: scripts/arch/badseries: kconfig_series: "6.7 CONFIG_ARCH_VIRT=y" is neither' \
	"$SCRATCH/out"; then
	pass "a kconfig_series line of another form is refused, and named"
else
	fail "a wrong kconfig_series line: exit $status"
	show "$SCRATCH/out"
fi

stages "version=; gather_config; echo gathered" riscv64
status=$?
if [ $status = 1 ] && ! grep -q '^gathered' "$SCRATCH/out" &&
   grep -q '^kunit-run: kconfig_series: no kernel version to choose by' "$SCRATCH/out"; then
	pass "without a kernel version, no option of kconfig_series is chosen: the run stops"
else
	fail "kconfig_series without a kernel version: exit $status"
	show "$SCRATCH/out"
fi

# Options that did not survive olddefconfig, and why.
mkdir -p "$SCRATCH/work/lib" "$SCRATCH/obj"
printf 'config NEEDS_MORE\n\tbool "x"\n' > "$SCRATCH/work/lib/Kconfig"
printf 'CONFIG_KEPT=y\n# CONFIG_NEEDS_MORE is not set\n' > "$SCRATCH/obj/.config"
stages 'WORK=$SCRATCH/work OBJ=$SCRATCH/obj
	wanted="CONFIG_KEPT=y CONFIG_NEEDS_MORE=y CONFIG_NOWHERE=y CONFIG_OFF=n"; dropped_options' \
	x86_64
expect_line "$SCRATCH/out" \
	"  CONFIG_NEEDS_MORE=y: dropped, its dependencies are not met (now: # CONFIG_NEEDS_MORE is not set)" \
	"an option whose dependencies are not met is named, with its value"
expect_line "$SCRATCH/out" "  CONFIG_NOWHERE=y: no such option in this kernel" \
	"an option the kernel does not have is named"
if [ "$(wc -l < "$SCRATCH/out")" = 2 ]; then
	pass "options kept, and =n options not set, are not named"
else
	fail "dropped_options named more than two options"
	show "$SCRATCH/out"
fi

# The initramfs: busybox, the init, the test modules' list, no modules
# without CONFIG_MODULES; none without a userland.
printf '# CONFIG_MODULES is not set\n' > "$SCRATCH/obj/.config"
mkdir -p "$SCRATCH/run/ksft"
echo target > "$SCRATCH/run/ksft/run_kselftest.sh"
stages 'RUN=$SCRATCH/run OBJ=$SCRATCH/obj WORK=$SCRATCH/work ksft=$RUN/ksft extra_modules=
	test_modules="one_test two_test" GUEST_SCRIPT=; stage_initramfs &&
	cpio -it --quiet < "$RUN/initramfs.cpio" | sort' x86_64
for entry in init bin/busybox etc/kunit-modules kselftest/run_kselftest.sh; do
	expect_line "$SCRATCH/out" "$entry" "the initramfs holds $entry"
done
if (cd "$SCRATCH" && cpio -i --quiet --to-stdout etc/kunit-modules < run/initramfs.cpio) |
   tr '\n' ' ' | grep -qx 'one_test two_test '; then
	pass "the initramfs lists the test modules"
else
	fail "the initramfs's etc/kunit-modules"
fi
# The source stage names the KUnit it builds.
mkdir -p "$SCRATCH/fake-ksrc/lib/kunit"
printf 'kernelversion:\n\t@echo 6.1.0\n' > "$SCRATCH/fake-ksrc/Makefile"
stages 'KSRC=$SCRATCH/fake-ksrc WORK=$SCRATCH/fake-work STOCK=1; stage_source' x86_64
if grep -q 'Preparing the work tree (6.1.0, stock KUnit)$' "$SCRATCH/out"; then
	pass "STOCK=1: the work tree is named stock KUnit's"
else
	fail "STOCK=1: the work tree's line does not say stock KUnit"
	show "$SCRATCH/out"
fi

# The kernel's build, with a make that does what Kbuild's syncconfig does
# after a Kconfig change (a new symbol written into .config): the next
# run finds nothing changed, and builds nothing.
mkdir -p "$SCRATCH/extracted" "$SCRATCH/obj/arch/x86/boot"
touch "$SCRATCH/extracted/.extracted"
echo 'CONFIG_KUNIT=y' > "$SCRATCH/obj/.config"
build='RUN=$SCRATCH/run OBJ=$SCRATCH/obj WORK=$SCRATCH/work KSRC=$SCRATCH/extracted
	version=6.12.0 STOCK= JOBS=1 cross=
	make() {
		echo make >> "$SCRATCH/makes"
		grep -q NEW_SYMBOL "$OBJ/.config" || echo CONFIG_NEW_SYMBOL=y >> "$OBJ/.config"
		touch "$OBJ/$image"
	}
	mkdir -p "$RUN"'
: > "$SCRATCH/makes"
stages "$build; stage_build && stage_build" x86_64
if [ "$(wc -l < "$SCRATCH/makes")" = 1 ] &&
	grep -q 'Building bzImage modules (-j1): nothing changed since it was last made$' "$SCRATCH/out"; then
	pass "a build whose make rewrote .config is not made again"
else
	fail "a build whose make rewrote .config: make ran $(wc -l < "$SCRATCH/makes") times"
	show "$SCRATCH/out"
fi

# A make that ends well but writes no image: the kernel cannot be
# tested (125), and the run says what is missing.
rm -rf "$SCRATCH/noimage"
mkdir -p "$SCRATCH/noimage/obj"
echo 'CONFIG_KUNIT=y' > "$SCRATCH/noimage/obj/.config"
stages 'RUN=$SCRATCH/noimage OBJ=$SCRATCH/noimage/obj WORK=$SCRATCH/work KSRC=$SCRATCH/extracted
	version=6.12.0 STOCK=1 JOBS=1 cross=
	make() { :; }
	stage_build' x86_64
expect_status 125 $? "a build that writes no image cannot be tested (125)"
expect_line "$SCRATCH/out" \
	"kunit-run: make bzImage modules did not write arch/x86/boot/bzImage (scripts/arch/x86_64's image or targets)" \
	"and says which image is missing"

# A configuration's first build starts from the objects of the one built
# here that differs least from it, of the same architecture, tree, KUnit
# (stock, or this one with the same files in the work tree), compiler,
# and not with gcov; Kbuild's records then name its own work tree, and
# its .config, list of modules, modules and kselftest objects are its
# own.  A make that says what it found, and syncs include/config/auto.conf
# when .config is newer (Kbuild's syncconfig), stands for Kbuild.
seedrun=$SCRATCH/build/run
# The project's files in a work tree, as the source stage lays them.
mkdir -p "$SCRATCH/seedsrc/tools/testing/selftests"
cp -R "$TOP/include" "$TOP/lib" "$TOP/samples" "$SCRATCH/seedsrc/"
echo patched > "$SCRATCH/seedsrc/tools/testing/selftests/Makefile"
fake_kbuild='make() {
		echo "fork.o: $(cat "$OBJ/kernel/fork.o" 2> /dev/null)"
		echo "cmd: $(cat "$OBJ/kernel/.fork.o.cmd" 2> /dev/null)"
		echo "config: $(tr "\n" " " < "$OBJ/.config")"
		echo "modules.order: $(cat "$OBJ/modules.order" 2> /dev/null)"
		echo "module: $(cat "$OBJ/kernel/old.ko" 2> /dev/null)"
		echo "kselftest: $(cat "$OBJ/kselftest/ktap.o" 2> /dev/null)"
		mkdir -p "$OBJ/arch/x86/boot" "$OBJ/include/config"
		if [ "$OBJ/.config" -nt "$OBJ/include/config/auto.conf" ]; then
			cp "$OBJ/.config" "$OBJ/include/config/auto.conf"
		fi
		touch "$OBJ/$image"
	}'
# make_seed NAME SETTINGS CONFIG-LINES: a build made here by stage_build,
# an hour ago, with objects in it whose records name its work tree as
# given and as resolved.
make_seed() {
	mkdir -p "$seedrun/$1/obj"
	cp -R "$SCRATCH/seedsrc" "$seedrun/$1/src"
	printf '%s\n' $3 > "$seedrun/$1/obj/.config"
	stages "RUN=$seedrun/$1 OBJ=$seedrun/$1/obj WORK=$seedrun/$1/src KSRC=$SCRATCH/extracted
		BUILD=$SCRATCH/build STOCK= version=6.12.0 JOBS=1 cross= $2
		$fake_kbuild
		stage_build" x86_64 || show "$SCRATCH/out"
	mkdir -p "$seedrun/$1/obj/kernel" "$seedrun/$1/obj/kselftest"
	echo "$1" > "$seedrun/$1/obj/kernel/fork.o"
	echo "$1" > "$seedrun/$1/obj/kernel/old.ko"
	printf 'savedcmd_kernel/fork.o := gcc -I%s/src/include -I%s/src/arch -c -o kernel/fork.o\n' \
		"$seedrun/$1" "$(cd "$seedrun/$1" && pwd -P)" > "$seedrun/$1/obj/kernel/.fork.o.cmd"
	echo "$1" > "$seedrun/$1/obj/modules.order"
	echo "$1" > "$seedrun/$1/obj/kselftest/ktap.o"
	touch -d '1 hour ago' "$seedrun/$1/obj/include/config/auto.conf"
}
mkdir -p "$SCRATCH/extracted" "$SCRATCH/realbuild"
touch "$SCRATCH/extracted/.extracted"
rm -rf "$SCRATCH/build"
# The build directory through a link: Kbuild records the resolved path.
ln -s realbuild "$SCRATCH/build"
make_seed x86_64-far "" "CONFIG_KUNIT=y CONFIG_A=y CONFIG_B=y CONFIG_C=y CONFIG_D=y"
make_seed x86_64-near "" "CONFIG_KUNIT=m CONFIG_A=y"
make_seed x86_64-stock-nearest STOCK=1 "CONFIG_KUNIT=y"
# The new configuration was written two hours ago (kunit config, or a
# first build that stopped): older than the seeds' auto.conf.
seeding='RUN=$seedrun/x86_64-new OBJ=$seedrun/x86_64-new/obj WORK=$seedrun/x86_64-new/src
	KSRC=$SCRATCH/extracted version=6.12.0 JOBS=1 cross= BUILD=$SCRATCH/build seed_wait=1
	'$fake_kbuild'
	mkdir -p "$OBJ"; [ -d "$WORK" ] || cp -R "$SCRATCH/seedsrc" "$WORK"
	[ -f "$OBJ/.config" ] || printf "CONFIG_KUNIT=y\nCONFIG_A=y\n" > "$OBJ/.config"
	touch -d "2 hours ago" "$OBJ/.config"'
made=$SCRATCH/last/build.log
# seeded_from WHAT SETTINGS: a build of the new configuration; passes when
# it started from WHAT's objects (nothing: from nothing).
seeded_from() {
	rm -rf "$seedrun/x86_64-new"
	stages "$seeding
		$2
		stage_build" x86_64
	seeded_status=$?
	if [ -z "$1" ]; then
		grep -qx "fork.o: " "$made" && ! grep -q "starting from" "$SCRATCH/out"
	else
		grep -q "starting from the objects of $1 (.* lines of .config differ)$" "$SCRATCH/out" &&
			grep -qx "fork.o: $1" "$made"
	fi
}
if seeded_from x86_64-near STOCK= && [ $seeded_status = 0 ]; then
	pass "a first build starts from the objects of the nearest configuration of its KUnit"
else
	fail "a first build did not start from x86_64-near's objects (exit $seeded_status)"
	show "$SCRATCH/out"
fi
new_real=$(cd "$seedrun/x86_64-new" && pwd -P)
expect_line "$made" "cmd: savedcmd_kernel/fork.o := gcc -I$seedrun/x86_64-new/src/include -I$new_real/src/arch -c -o kernel/fork.o" \
	"Kbuild's records name the new work tree, as given and as resolved, so that what it changes is compiled again"
expect_line "$made" "config: CONFIG_KUNIT=y CONFIG_A=y " "the new build keeps its own .config"
expect_same "$seedrun/x86_64-new/obj/.config" "$seedrun/x86_64-new/obj/include/config/auto.conf" \
	"and Kbuild syncs to it, though the seed's auto.conf was newer than it"
expect_line "$made" "modules.order: " "and writes its own list of modules"
expect_line "$made" "module: " "and its own modules"
expect_line "$made" "kselftest: " "and builds its own kselftest objects"
seeded_from x86_64-stock-nearest STOCK=1
expect_status 0 $? "stock KUnit's build starts from stock KUnit's objects"
rm -rf "$seedrun/x86_64-stock-nearest"
seeded_from "" STOCK=1
expect_status 0 $? "stock KUnit's build never starts from this KUnit's objects (their lib/kunit differ)"
for changed in lib/kunit/test.c include/kunit/test.h samples/kunit/shape-test.c \
	tools/testing/selftests/Makefile; do
	cp "$SCRATCH/seedsrc/$changed" "$SCRATCH/unchanged"
	echo '# changed' >> "$SCRATCH/seedsrc/$changed"
	seeded_from "" STOCK=
	expect_status 0 $? "a work tree whose $changed differs never starts from the others' objects"
	mv "$SCRATCH/unchanged" "$SCRATCH/seedsrc/$changed"
done
seeded_from x86_64-near STOCK=
expect_status 0 $? "the same files again: it does"
seeded_from "" "STOCK= COVERAGE=1"
expect_status 0 $? "COVERAGE=1 builds from nothing (its objects name their counts' directory)"
seeded_from "" "STOCK=; mkdir -p \"\$OBJ\"; printf 'CONFIG_KUNIT=y\nCONFIG_GCOV_KERNEL=y\n' > \"\$OBJ/.config\""
expect_status 0 $? "so does a kunitconfig's gcov"
seeded_from "" "STOCK= cross=x86_64-linux-gnu-"
expect_status 0 $? "another compiler builds from nothing"
mkdir -p "$SCRATCH/othergcc"
printf '#!/bin/sh\n[ "$1" = --version ] && echo "gcc (Other) 99.0" && exit 0\nexec /usr/bin/gcc "$@"\n' \
	> "$SCRATCH/othergcc/gcc"
chmod +x "$SCRATCH/othergcc/gcc"
seeded_from "" "STOCK= PATH=$SCRATCH/othergcc:\$PATH"
expect_status 0 $? "another version of the compiler builds from nothing"
rm "$seedrun/x86_64-near/.kunit-built"
seeded_from x86_64-far STOCK=
expect_status 0 $? "a build that did not end is no seed: the next nearest is"
touch "$seedrun/x86_64-near/.kunit-built"
flock "$seedrun/x86_64-near/.lock" sleep 5 &
sleep 1
seeded_from "" STOCK=
expect_status 0 $? "a seed that another run holds is not waited for past seed_wait"
wait
# A copy that was stopped half-way (its mark is there) is not built on.
rm -rf "$seedrun/x86_64-new"
mkdir -p "$seedrun/x86_64-new/obj/kernel" "$seedrun/x86_64-new/obj/arch/x86/boot"
echo half > "$seedrun/x86_64-new/obj/kernel/fork.o"
touch "$seedrun/x86_64-new/obj/arch/x86/boot/bzImage" "$seedrun/x86_64-new/obj/vmlinux" \
	"$seedrun/x86_64-new/.kunit-seeding"
stages "$seeding
	STOCK=; stage_build" x86_64
if grep -q "not finished: starting again$" "$SCRATCH/out" && grep -qx "fork.o: x86_64-near" "$made" &&
	! [ -e "$seedrun/x86_64-new/.kunit-seeding" ]; then
	pass "a copy of objects that was stopped half-way is started again"
else
	fail "a half-made copy of objects was built on"
	show "$SCRATCH/out"
fi
# A copy that fails leaves the configuration alone, no objects.
rm -rf "$seedrun/x86_64-new"
mkdir -p "$seedrun/x86_64-new/obj"
if mount -t tmpfs -o size=32k tmpfs "$seedrun/x86_64-new/obj" 2> /dev/null; then
	head -c 100000 /dev/zero > "$seedrun/x86_64-near/obj/kernel/big.o"
	stages "$seeding
		STOCK=; stage_build" x86_64
	status=$?
	left=$(cd "$seedrun/x86_64-new/obj" && ls -A | tr '\n' ' ')
	umount "$seedrun/x86_64-new/obj"
	rm -f "$seedrun/x86_64-near/obj/kernel/big.o"
	if [ $status = 1 ] && grep -q "^kunit-run: cannot copy the objects of $seedrun/x86_64-near into" \
		"$SCRATCH/out" && [ "$left" = ".config " ] && ! [ -e "$seedrun/x86_64-new/.kunit-seeding" ]; then
		pass "a copy that fails says so, and leaves the configuration only"
	else
		fail "a copy that fails: exit $status; left: $left"
		show "$SCRATCH/out"
	fi
else
	skip "a copy that fails" "cannot mount a tmpfs here"
fi
rm "$SCRATCH/extracted/.extracted"
seeded_from "" STOCK=
expect_status 0 $? "a tree that is not an extracted one builds from nothing"
rm -rf "$SCRATCH/build" "$SCRATCH/realbuild" "$SCRATCH/seedsrc"


# Made again when, and only when, something that goes into it changed.
mkdir -p "$SCRATCH/extracted"
touch "$SCRATCH/extracted/.extracted"
echo 'echo first' > "$SCRATCH/guest.sh"
initramfs='RUN=$SCRATCH/run OBJ=$SCRATCH/obj WORK=$SCRATCH/work ksft=$RUN/ksft extra_modules=
	KSRC=$SCRATCH/extracted test_modules=one_test GUEST_SCRIPT=$SCRATCH/guest.sh'
stages "$initramfs; stage_initramfs && stage_initramfs" x86_64
if [ "$(grep -c 'Making the initramfs$' "$SCRATCH/out")" = 1 ] &&
	grep -q 'Making the initramfs: nothing changed since it was last made$' "$SCRATCH/out"; then
	pass "the initramfs is not made again when nothing changed"
else
	fail "the initramfs was made again with nothing changed, or not at all"
	show "$SCRATCH/out"
fi
echo 'echo second' > "$SCRATCH/guest.sh"
stages "$initramfs; stage_initramfs" x86_64
if grep -q 'Making the initramfs$' "$SCRATCH/out" &&
	[ "$(cd "$SCRATCH" && cpio -i --quiet --to-stdout etc/kunit-guest.sh < run/initramfs.cpio)" = \
		"echo second" ]; then
	pass "a changed GUEST_SCRIPT makes the initramfs again"
else
	fail "a changed GUEST_SCRIPT did not make the initramfs again"
	show "$SCRATCH/out"
fi
stages "$initramfs; GUEST_SCRIPT=; stage_initramfs" x86_64
if grep -q 'Making the initramfs$' "$SCRATCH/out"; then
	pass "dropping GUEST_SCRIPT makes the initramfs again"
else
	fail "dropping GUEST_SCRIPT reused the initramfs that runs it"
fi
# A changed KUNIT_EXTRA module makes it again, also where no kselftest
# target was built (STOCK=1: no .kunit-kselftest), as kunit-run runs the
# stage, under set -e.
mkdir -p "$SCRATCH/extra-mods" "$SCRATCH/run/lib/modules"
echo "module one" > "$SCRATCH/extra-mods/extra_test.ko"
rm -f "$SCRATCH/run/.kunit-kselftest"
extra='RUN=$SCRATCH/run OBJ=$SCRATCH/obj WORK=$SCRATCH/work ksft= STOCK=1
	extra_modules=$SCRATCH/extra-mods/extra_test.ko KSRC=$SCRATCH/extracted test_modules=extra_test
	GUEST_SCRIPT=; install_modules() { :; }; set -e'
stages "$extra; stage_initramfs" x86_64
echo "module two" > "$SCRATCH/extra-mods/extra_test.ko"
stages "$extra; stage_initramfs" x86_64
if grep -q 'Making the initramfs$' "$SCRATCH/out"; then
	pass "a changed KUNIT_EXTRA module makes the initramfs again, without a kselftest target"
else
	fail "the initramfs kept a KUNIT_EXTRA module that changed"
	show "$SCRATCH/out"
fi
stages 'GUEST_SCRIPT=$SCRATCH/no-such-guest.sh BUILD=$SCRATCH/build; load_settings' x86_64
expect_status 2 $? "GUEST_SCRIPT that is not there is refused"
expect_line "$SCRATCH/out" "kunit-run: GUEST_SCRIPT=$SCRATCH/no-such-guest.sh: cannot read it" \
	"and named"
# kunit.py's newer flags as make run's settings: bad values are refused.
for setting in "RAW=2:RAW=2: give 1 (or all, full: the console as it comes) or kunit (the KTAP only)" \
	"SUMMARY=1 FAILED=1:SUMMARY=1 FAILED=1: give one of them, not both" \
	"SUMMARY=0:SUMMARY=0: give SUMMARY=1, or nothing" "FAILED=yes:FAILED=yes: give FAILED=1, or nothing" \
	"JUNIT=/no/such/dir/x.xml:JUNIT=/no/such/dir/x.xml: cannot write there; give a file in a writable directory, or stdout"; do
	stages "${setting%%:*} BUILD=\$SCRATCH/build; load_settings" x86_64
	expect_status 2 $? "${setting%%:*} is refused"
	expect_line "$SCRATCH/out" "kunit-run: ${setting#*:}" "${setting%%:*}: and the message says what to give"
done
stages 'RAW=full JUNIT=x.xml BUILD=$SCRATCH/build; load_settings; echo "raw=$RAW junit=$JUNIT"' x86_64
expect_line "$SCRATCH/out" "raw=all junit=$SCRATCH/x.xml" \
	"RAW=full is RAW=all, as --raw_output=full (6.18); a relative JUNIT is the caller's directory's"
# KUNITCONFIG of several files, as kunit.py's --kunitconfig given twice:
# each must be there, and where two set one option, the last wins.
printf 'CONFIG_KUNIT_EXAMPLE_TEST=y\nCONFIG_KUNIT_TEST=n\n' > "$SCRATCH/second.config"
stages 'KUNITCONFIG="$SCRATCH/kunitconfig $SCRATCH/second.config" BUILD=$SCRATCH/build
	load_settings; version=6.12.0; gather_config; echo "$wanted"' x86_64
expect_line "$SCRATCH/out" "CONFIG_KUNIT_TEST=n" "KUNITCONFIG of two files: the second's value wins"
expect_line "$SCRATCH/out" "CONFIG_KUNIT_EXAMPLE_TEST=y" "KUNITCONFIG of two files: the second's options are taken"
expect_line "$SCRATCH/out" "CONFIG_KUNIT=y" "KUNITCONFIG of two files: the first's options are taken"
printf '# CONFIG_KUNIT_EXAMPLE_TEST is not set\n' > "$SCRATCH/third.config"
stages 'KUNITCONFIG="$SCRATCH/second.config $SCRATCH/third.config" BUILD=$SCRATCH/build
	load_settings; version=6.12.0; gather_config; echo "$wanted"' x86_64
expect_line "$SCRATCH/out" "CONFIG_KUNIT_EXAMPLE_TEST=n" \
	"\"# CONFIG_X is not set\" is CONFIG_X=n, and wins as the last value"
# As kconfig reads a fragment: a CR before the line end, and a last line
# without its newline, which the next file's first line does not join.
printf 'CONFIG_KUNIT=y\r\n# CONFIG_KUNIT_DEBUGFS is not set\r\n# mine' > "$SCRATCH/crlf.config"
stages 'KUNITCONFIG="$SCRATCH/crlf.config $SCRATCH/second.config" BUILD=$SCRATCH/build
	load_settings; version=6.12.0; gather_config; echo "$wanted"' x86_64
expect_line "$SCRATCH/out" "CONFIG_KUNIT_DEBUGFS=n" "a CRLF \"# CONFIG_X is not set\" is CONFIG_X=n"
expect_line "$SCRATCH/out" "CONFIG_KUNIT=y" "a CRLF CONFIG_X=y is CONFIG_X=y"
expect_line "$SCRATCH/out" "CONFIG_KUNIT_EXAMPLE_TEST=y" \
	"the next file's first line stands alone after a last line without its newline"
stages 'KUNITCONFIG="$SCRATCH/*.config" BUILD=$SCRATCH/build; load_settings' x86_64
expect_status 2 $? "KUNITCONFIG with a wildcard is refused"
expect_line "$SCRATCH/out" "kunit-run: KUNITCONFIG=$SCRATCH/*.config: name each file, without wildcards" \
	"and said"
stages 'KUNITCONFIG=-n BUILD=$SCRATCH/build; load_settings' x86_64
expect_line "$SCRATCH/out" "kunit-run: KUNITCONFIG: -n: no such file" "KUNITCONFIG=-n is a file name"
stages 'KUNITCONFIG="$SCRATCH/kunitconfig $SCRATCH/no-such.config" BUILD=$SCRATCH/build
	load_settings' x86_64
expect_status 2 $? "KUNITCONFIG naming a file that is not there is refused"
expect_line "$SCRATCH/out" "kunit-run: KUNITCONFIG: $SCRATCH/no-such.config: no such file" "and named"
stages 'KUNITCONFIG=" " BUILD=$SCRATCH/build; load_settings' x86_64
expect_status 2 $? "KUNITCONFIG of spaces only is refused"
expect_line "$SCRATCH/out" "kunit-run: KUNITCONFIG is empty: give a file of CONFIG_X=y lines" "and said"
stages 'RUN=$SCRATCH/run; touch "$RUN/initramfs.cpio"; stage_initramfs
	[ ! -e "$RUN/initramfs.cpio" ] && echo none' riscv64
expect_line "$SCRATCH/out" "none" "without a userland, no initramfs"

# The machine's command line, from a QEMU that prints its arguments.
mkdir -p "$SCRATCH/bin"
printf '#!/bin/sh\nfor a; do echo "arg: $a"; done\n' > "$SCRATCH/bin/fake-qemu"
chmod +x "$SCRATCH/bin/fake-qemu"
boot='RUN=$SCRATCH/run OBJ=$SCRATCH/obj qemu=$SCRATCH/bin/fake-qemu kvm= RAW= TIMEOUT=10
	CASE_TIMEOUT=7 KERNEL_ARGS=quiet FILTER="a*" userland=$1; stage_boot; cat "$LAST/console.log"'
touch "$SCRATCH/run/initramfs.cpio"
stages "set -- busybox; $boot" x86_64
expect_line "$SCRATCH/out" \
	"arg: console=ttyS0 panic=-1 kunit.timeout=7 quiet kunit.filter_glob=a* reboot=t kunit_results=/dev/ttyS1" \
	"x86_64: the console, the case timeout, KERNEL_ARGS, the filter, reboot=t, the results port"
expect_line "$SCRATCH/out" "arg: $SCRATCH/run/initramfs.cpio" "x86_64 boots the initramfs"
if tr '\n' ' ' < "$SCRATCH/out" | grep -qF "arg: -serial arg: stdio arg: -chardev arg: file,id=kunit-results,path=$SCRATCH/last/results.port arg: -serial arg: chardev:kunit-results "; then
	pass "x86_64: the console on the first serial port, the results port on the second, to a file"
else
	fail "x86_64: the serial ports"
	show "$SCRATCH/out"
fi
expect_line "$SCRATCH/out" "arg: tcg" "KVM is not used where the architecture file says no"
rm -f "$SCRATCH/run/initramfs.cpio"
stages "set -- ''; $boot" riscv64
expect_line "$SCRATCH/out" \
	"arg: console=ttyS0 panic=-1 kunit.timeout=7 quiet kunit.filter_glob=a* kunit_shutdown=reboot" \
	"riscv64: no userland, so kunit_shutdown ends the machine"
if grep -q 'arg: -chardev' "$SCRATCH/out"; then
	fail "riscv64 has a results port without a userland"
else
	pass "riscv64: no userland, no results port"
fi
if grep -q 'arg: -initrd' "$SCRATCH/out"; then
	fail "riscv64 boots an initramfs it has not"
else
	pass "riscv64 boots without an initramfs"
fi
if [ -f /usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin ]; then
	expect_line "$SCRATCH/out" "arg: /usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin" \
		"riscv64 boots QEMU's OpenSBI"
fi

# The report, on consoles made here: the KTAP of a userspace program as
# the kernel's, then each way a machine can end badly.
report() {
	stages "KSRC=$SCRATCH version=6.1 STOCK= status=$1 ksft=$2 userland=$3
		stage_report; echo report_status=\$report_status" x86_64
}
mkdir -p "$SCRATCH/last"
"$USER_BUILD/kunit-example-test" > "$SCRATCH/good.log" 2>&1
cp "$SCRATCH/good.log" "$SCRATCH/last/console.log"
report 0 '' ''
expect_line "$SCRATCH/out" "report_status=0" "a console where everything passed passes"
for f in results.ktap results.xml results.json results.kcidb.json kcidb.env; do
	if [ -s "$SCRATCH/last/$f" ]; then
		pass "the report writes $f"
	else
		fail "the report did not write $f"
	fi
done
# SUMMARY=1, FAILED=1, RAW=kunit and JUNIT: what the report prints, and where XML goes.
stages "KSRC=$SCRATCH version=6.1 STOCK= status=0 ksft= userland= SUMMARY=1 FAILED= RAW= JUNIT=
	stage_report; echo report_status=\$report_status" x86_64
if [ "$(grep -cv '^Files: \|^report_status=\|^\[[0-9:]*\] Reading the results$' "$SCRATCH/out")" -eq 1 ] &&
	grep -q '^1 suites, 8 results: 7 passed, 0 failed, 1 skipped$' "$SCRATCH/out"; then
	pass "SUMMARY=1 prints the summary line alone"
else
	fail "SUMMARY=1 printed more than the summary line"
	show "$SCRATCH/out" 10
fi
stages "KSRC=$SCRATCH version=6.1 STOCK= status=0 ksft= userland= SUMMARY= FAILED= RAW=kunit JUNIT=$SCRATCH/copy.xml
	stage_report; echo report_status=\$report_status" x86_64
expect_line "$SCRATCH/out" "report_status=0" "RAW=kunit and JUNIT=FILE pass a passing run"
expect_line "$SCRATCH/out" "KTAP version 1" "RAW=kunit prints the KTAP document"
if grep -q '^\[PASS\]' "$SCRATCH/out"; then
	fail "RAW=kunit also printed the parsed suites"
else
	pass "RAW=kunit prints no parsed suite"
fi
if cmp -s "$SCRATCH/copy.xml" "$SCRATCH/last/results.xml"; then
	pass "JUNIT=FILE gets the JUnit XML of results.xml"
else
	fail "JUNIT=FILE did not get results.xml"
fi
stages "KSRC=$SCRATCH version=6.1 STOCK= status=0 ksft= userland= SUMMARY= FAILED= RAW= JUNIT=$SCRATCH/no/such/dir/x.xml
	stage_report; echo report_status=\$report_status" x86_64
expect_line "$SCRATCH/out" "report_status=1" "a JUNIT file that cannot be written fails the run"
expect_line "$SCRATCH/out" "kunit-run: cannot write the JUnit XML to JUNIT=$SCRATCH/no/such/dir/x.xml" \
	"and says so"
stages "KSRC=$SCRATCH version=6.1 STOCK= status=0 ksft= userland= SUMMARY= FAILED= RAW= JUNIT=stdout
	stage_report; echo report_status=\$report_status" x86_64
expect_line "$SCRATCH/out" "</testsuites>" "JUNIT=stdout prints the JUnit XML"
# LIST=: the cases that kunit.action=list printed, as kunit.py prints them.
cat > "$SCRATCH/last/console.log" <<'EOT'
[    0.5] Linux version 6.12.0 (root@host) #1 SMP
[    1.0] KTAP version 1
[    1.0] kunit-status.status_test_ends
[    1.0] kunit-status.status_test_get_current_test
[    1.0] example.example_simple_test
[    1.0] # example.example_simple_test.speed: normal
[    1.1] Freeing unused kernel image (initmem) memory: 1024K
[    1.2] random.seed_not_a_case
EOT
for list in "tests:kunit-status.status_test_ends kunit-status.status_test_get_current_test example.example_simple_test" \
	"suites:kunit-status example" \
	"attr:kunit-status.status_test_ends kunit-status.status_test_get_current_test example.example_simple_test # example.example_simple_test.speed: normal"; do
	stages "status=0 LIST=${list%%:*}; stage_list; echo report_status=\$report_status" x86_64
	if [ "$(grep -v '^\[[0-9:]*\] Reading the list$\|^report_status=' "$SCRATCH/out" | tr '\n' ' ')" = "${list#*:} " ] &&
		grep -qx 'report_status=0' "$SCRATCH/out"; then
		pass "LIST=${list%%:*} prints what kunit.py's list flag prints"
	else
		fail "LIST=${list%%:*} printed other lines"
		show "$SCRATCH/out" 10
	fi
done
printf '[    0.5] Linux version 6.12.0\n[    1.0] Run /init as init process\n' > "$SCRATCH/last/console.log"
stages "status=0 LIST=tests; stage_list; echo report_status=\$report_status" x86_64
expect_line "$SCRATCH/out" "report_status=1" "LIST= with nothing listed fails"
expect_line "$SCRATCH/out" \
	"kunit-run: no case listed: the kernel has no built-in KUnit suite (or no KUnit); see $SCRATCH/last/console.log" \
	"and says why it may be"
stages 'LIST=cases BUILD=$SCRATCH/build; load_settings' x86_64
expect_line "$SCRATCH/out" "kunit-run: LIST=cases: give tests, suites or attr" "a bad LIST= is refused"
stages 'ARCH=help BUILD=$SCRATCH/build; load_settings' x86_64
expect_status 0 $? "ARCH=help"
expect_line "$SCRATCH/out" "riscv64" "ARCH=help lists the architectures, one a line (kunit.py --arch help)"
# A report that cannot be written, in part or on stdout, fails the run, saying so.
stages "KSRC=$SCRATCH version=6.1 STOCK= status=0 ksft= userland=
	stage_report > /dev/full; echo report_status=\$report_status" x86_64
expect_line "$SCRATCH/out" "report_status=1" "a report that stdout does not take fails the run"
expect_line "$SCRATCH/out" "kunit-run: cannot write the report to standard output" "and says so"
rm -f "$SCRATCH/last/kcidb.env"
mkdir "$SCRATCH/last/kcidb.env"
report 0 '' ''
expect_line "$SCRATCH/out" "report_status=1" "a report whose KCIDB settings cannot be written fails"
expect_line "$SCRATCH/out" "kunit-run: cannot write $SCRATCH/last/kcidb.env" "and says so"
rmdir "$SCRATCH/last/kcidb.env"
report 124 '' ''
expect_line "$SCRATCH/out" "report_status=1" "a machine that outlived TIMEOUT fails, results or not"
expect_line "$SCRATCH/out" "kunit-run: the kernel did not finish within TIMEOUT=300 s: a hang; console tail:" \
	"a hang is named"
report 137 '' ''
expect_line "$SCRATCH/out" "report_status=1" "a machine killed or crashed (exit 137) fails, results or not"
expect_line "$SCRATCH/out" \
	"kunit-run: the machine ended with exit status 137, not by a clean shutdown; console tail:" \
	"a machine's unclean end is named"
{ cat "$SCRATCH/good.log"; echo "Kernel panic - not syncing: Attempted to kill init!"; } \
	> "$SCRATCH/last/console.log"
report 0 '' ''
expect_line "$SCRATCH/out" "report_status=1" "a kernel that panicked after its tests fails"
expect_line "$SCRATCH/out" "kunit-run: the kernel panicked; console tail:" "a panic is named"
# With a userland, what the guest's init says comes on the results port
# (scripts/kunit-init.sh), never from the console, which kernel code
# prints to: lines there that look like the init's or run_kselftest.sh's
# count for nothing.
cp "$SCRATCH/good.log" "$SCRATCH/last/console.log"
rm -f "$SCRATCH/last/results.port"
report 0 '' busybox
expect_line "$SCRATCH/out" "report_status=1" "a userland that sent nothing on the results port fails"
expect_line "$SCRATCH/out" "kunit-run: no results on the results port (/dev/ttyS1); console tail:" \
	"and says so"
: > "$SCRATCH/last/results.port"
report 0 '' busybox
expect_line "$SCRATCH/out" "kunit-run: no results on the results port (/dev/ttyS1); console tail:" \
	"an empty results port is no results"
{ cat "$SCRATCH/good.log"; echo '# kunit-run: done'; echo 'kunit-run: done'; } \
	> "$SCRATCH/last/console.log"
printf 'kunit-run: record start tainted=0\n' > "$SCRATCH/last/results.port"
report 0 '' busybox
expect_line "$SCRATCH/out" "report_status=1" \
	"a userland that did not say it finished on the results port fails, whatever the console says"
expect_line "$SCRATCH/out" "kunit-run: the test userland did not finish; console tail:" "and says so"
cp "$SCRATCH/good.log" "$SCRATCH/last/console.log"
guest_end='kunit-run: record start tainted=0 oops_count=0 warn_count=0\r
kunit-run: record end tainted=0 oops_count=0 warn_count=0\r
kunit-run: done\r\n'
printf %b "$guest_end" > "$SCRATCH/last/results.port"
report 0 '' busybox
expect_line "$SCRATCH/out" "report_status=0" "a userland that finished passes"
{ printf 'TAP version 13\r\n1..2\r\nok 1 a\r\nnot ok 2 b\r\n'; printf %b "$guest_end"; } \
	> "$SCRATCH/last/results.port"
report 0 "$SCRATCH/run/ksft" busybox
expect_line "$SCRATCH/out" "report_status=1" "a not ok of run_kselftest.sh fails the run"
expect_line "$SCRATCH/out" "kselftest: 1 ok, 1 not ok, of 2 tests (run_kselftest.sh)" \
	"run_kselftest.sh's results are counted"
if [ "$(cat "$SCRATCH/last/kselftest.tap")" = "TAP version 13
1..2
ok 1 a
not ok 2 b" ]; then
	pass "kselftest.tap is the results port's kselftest lines, without \\r or the init's lines"
else
	fail "kselftest.tap is not the results port's kselftest lines"
	show "$SCRATCH/last/kselftest.tap"
fi
# Read nested too: a case's not ok under runner.sh's ok, or a program's
# own ok before runner.sh's not ok, fails the run, named.
nested='TAP version 13\n1..2\n# selftests: kunit: liar\n# KTAP version 1\n# 1..1\n# not ok 1 broken\n'
nested="${nested}ok 1 selftests: kunit: liar\n# selftests: kunit: fine\n# KTAP version 1\n# 1..1\n"
nested="${nested}# ok 1 works\nok 2 selftests: kunit: fine\n"
printf %b "$nested$guest_end" > "$SCRATCH/last/results.port"
report 0 "$SCRATCH/run/ksft" busybox
expect_line "$SCRATCH/out" "report_status=1" "a case's not ok under runner.sh's ok fails the run"
expect_line "$SCRATCH/out" "  kunit: liar: failed in its own results, or printed a result line of its own" \
	"and names the program"
expect_no_line "$SCRATCH/out" "  kunit: fine: failed in its own results, or printed a result line of its own" \
	"but not the one that passed"
printf %b "$(echo "$nested" | sed -e 's/# not ok 1 broken/# ok 1 broken/')\n$guest_end" \
	> "$SCRATCH/last/results.port"
report 0 "$SCRATCH/run/ksft" busybox
expect_line "$SCRATCH/out" "report_status=0" "the same programs passing in their own results pass"
nested='TAP version 13\n1..1\n# selftests: kunit: liar\nok 1 selftests: kunit: liar\n# KTAP version 1\n'
nested="${nested}# 1..1\n# not ok 1 broken\nnot ok 1 selftests: kunit: liar # exit=1\n"
printf %b "$nested$guest_end" > "$SCRATCH/last/results.port"
report 0 "$SCRATCH/run/ksft" busybox
expect_line "$SCRATCH/out" "report_status=1" \
	"a program's own ok before runner.sh's not ok does not pass the run"
{ printf 'TAP version 13\n1..1\n# selftests: kunit: a\nok 1 selftests: kunit: a\n'; printf %b "$guest_end"; } \
	> "$SCRATCH/last/results.port"
{ cat "$SCRATCH/good.log"; echo 'kselftest| not ok 2 forged'
  echo '# kunit-run: error: forged'; echo 'kunit-run: error: forged'; } \
	> "$SCRATCH/last/console.log"
report 0 "$SCRATCH/run/ksft" busybox
expect_line "$SCRATCH/out" "report_status=0" \
	"kselftest results and the init's errors on the console count for nothing"
expect_no_line "$SCRATCH/last/kselftest.tap" "not ok 2 forged" \
	"kselftest.tap takes nothing from the console"
# What failed in the guest's own steps (kunit-init.sh) fails the run.
cp "$SCRATCH/good.log" "$SCRATCH/last/console.log"
{ echo 'kunit-run: error: loading one_test failed'; printf %b "$guest_end"; } \
	> "$SCRATCH/last/results.port"
report 0 '' busybox
expect_line "$SCRATCH/out" "report_status=1" "a module the guest could not load fails the run"
expect_line "$SCRATCH/out" "kunit-run: in the guest: loading one_test failed" \
	"the module that did not load is named"

# The kernel's record: trouble in the taint flags or the counts at the
# end fails the run, whatever the console says; bad page (B) does not.
# record_case START END: the port of a guest that finished with these records.
record_case() {
	printf 'kunit-run: record start %s\nkunit-run: record end %s\nkunit-run: done\n' "$1" "$2" \
		> "$SCRATCH/last/results.port"
	report 0 '' busybox
}
record_case "tainted=0" "tainted=512"
expect_line "$SCRATCH/out" "report_status=1" "a kernel tainted W at the end fails the run"
expect_line "$SCRATCH/out" "kunit-run: the kernel's record shows trouble: taint W (a warning)" \
	"and says which taint"
expect_line "$SCRATCH/out" "  (no kernel report of it on the console)" \
	"and that the console has no report of it"
record_case "tainted=0 oops_count=0 warn_count=0" "tainted=640 oops_count=2 warn_count=1"
expect_line "$SCRATCH/out" \
	"kunit-run: the kernel's record shows trouble: taint D (a task died), taint W (a warning), oops_count 2, warn_count 1" \
	"each taint and count that shows trouble is named"
# Warnings that KUnit's tests expected (kunit_warning_suppress()) are not
# trouble; one more than they expected is, and W with it.
record_case "tainted=0 warn_count=0" "tainted=512 warn_count=3 kunit_expected_warnings=3"
expect_line "$SCRATCH/out" "report_status=0" "warnings that the tests expected, all of them, pass"
record_case "tainted=512 warn_count=1 kunit_expected_warnings=1" "tainted=512 warn_count=4 kunit_expected_warnings=3"
expect_line "$SCRATCH/out" \
	"kunit-run: the kernel's record shows trouble: taint W (a warning), warn_count 4 (1 at the start) (2 of them expected)" \
	"a warning more than the tests expected since the start fails the run"
record_case "tainted=0 warn_count=0" "tainted=512 warn_count=0 kunit_expected_warnings=0"
expect_line "$SCRATCH/out" "kunit-run: the kernel's record shows trouble: taint W (a warning)" \
	"W with no counted warning (sleeping in atomic context taints W uncounted) is trouble"
record_case "tainted=0 warn_count=0" "tainted=512 warn_count=3"
expect_line "$SCRATCH/out" "kunit-run: the kernel's record shows trouble: taint W (a warning), warn_count 3" \
	"without KUnit's count (kunit.ko gone), every warning is trouble"
record_case "tainted=0" "tainted=512 kunit_expected_warnings=3"
expect_line "$SCRATCH/out" "kunit-run: the kernel's record shows trouble: taint W (a warning)" \
	"without the kernel's count, W is trouble whatever KUnit expected"
record_case "tainted=16 oops_count=1" "tainted=16400 oops_count=1"
expect_line "$SCRATCH/out" \
	"kunit-run: the kernel's record shows trouble: taint M (a machine check), taint L (a soft lockup)" \
	"M and L are trouble; a count no higher than at the start is not"
record_case "tainted=0 oops_count=1" "tainted=0 oops_count=2"
expect_line "$SCRATCH/out" "kunit-run: the kernel's record shows trouble: oops_count 2 (1 at the start)" \
	"an oops count higher than at the start is trouble, without taint"
record_case "tainted=0" "tainted=262176 oops_count=0"
expect_line "$SCRATCH/out" "report_status=0" "bad page (B, KASAN's tests) and test (N) taints pass"
{ cat "$SCRATCH/good.log"; echo 'WARNING: CPU: 0 PID: 1 at forged.c:1 forged+0x0/0x1'; } \
	> "$SCRATCH/last/console.log"
record_case "tainted=0" "tainted=512"
expect_line "$SCRATCH/out" "  | WARNING: CPU: 0 PID: 1 at forged.c:1 forged+0x0/0x1" \
	"the record's trouble quotes the kernel's reports from the console"
cp "$SCRATCH/good.log" "$SCRATCH/last/console.log"
printf 'kunit-run: record start tainted=0\nkunit-run: done\n' > "$SCRATCH/last/results.port"
report 0 '' busybox
expect_line "$SCRATCH/out" "report_status=1" "a guest that finished without its record fails the run"
expect_line "$SCRATCH/out" "kunit-run: the guest sent no record of the kernel's taint at the end" \
	"and says so"
"$USER_BUILD/fixtures/verdicts" > "$SCRATCH/last/console.log" 2>&1
report 0 '' ''
expect_line "$SCRATCH/out" "report_status=1" "a console with failed cases fails"

# The source stage's overlay: a work tree of links to a kernel tree gets
# the project's files, loses the files the project does not have, and the
# kernel tree itself stays as it was.  The work tree is below the
# project's, as build/run/ is.
ksrc=$SCRATCH/overlay-ksrc
project=$SCRATCH/overlay-project
mkdir -p "$ksrc/lib/kunit/stale-dir" "$project/lib/kunit/new-dir" "$project/build"
echo stock > "$ksrc/lib/kunit/test.c"
echo stock > "$ksrc/lib/kunit/stock-only.c"
echo stock > "$ksrc/lib/kunit/stale-dir/file.c"
echo same > "$ksrc/lib/kunit/same.c"
echo ours > "$project/lib/kunit/test.c"
echo same > "$project/lib/kunit/same.c"
echo ours > "$project/lib/kunit/new.c"
echo ours > "$project/lib/kunit/new-dir/file.c"
stages 'WORK=$SCRATCH/overlay-project/build/work RUN=$SCRATCH TOP=$SCRATCH/overlay-project
	cp -al "$SCRATCH/overlay-ksrc" "$WORK"
	overlay_tree lib/kunit && overlay_tree lib/kunit && echo "overlay done"' x86_64
if grep -qx "overlay done" "$SCRATCH/out" &&
	diff -r "$project/lib/kunit" "$project/build/work/lib/kunit" > "$SCRATCH/overlay.diff" 2>&1; then
	pass "the overlay makes the work tree's lib/kunit the project's, twice over"
else
	fail "the overlay left the work tree's lib/kunit other than the project's"
	show "$SCRATCH/out"
	show "$SCRATCH/overlay.diff"
fi
if [ "$(cat "$ksrc/lib/kunit/test.c" "$ksrc/lib/kunit/stock-only.c" \
	"$ksrc/lib/kunit/stale-dir/file.c")" = "stock
stock
stock" ] && [ ! -e "$ksrc/lib/kunit/new.c" ]; then
	pass "the overlay leaves the kernel tree it links to as it was"
else
	fail "the overlay wrote into the kernel tree"
fi

# A name that diff's lines make ambiguous is copied right, or the stage
# fails: never a stale file in a stage that passed.
mkdir -p "$ksrc/lib/kunit/a" "$ksrc/lib/kunit/a and b" "$project/lib/kunit/a" \
	"$project/lib/kunit/a and b"
echo same > "$ksrc/lib/kunit/a/x.c"
echo same > "$project/lib/kunit/a/x.c"
echo stock > "$ksrc/lib/kunit/a and b/x.c"
echo ours > "$project/lib/kunit/a and b/x.c"
rm -rf "$project/build/work"
stages 'WORK=$SCRATCH/overlay-project/build/work RUN=$SCRATCH TOP=$SCRATCH/overlay-project
	cp -al "$SCRATCH/overlay-ksrc" "$WORK"
	overlay_tree lib/kunit && echo "overlay done"' x86_64
if ! grep -qx "overlay done" "$SCRATCH/out"; then
	pass "a name with \" and \" in it that the overlay misreads fails the stage"
elif diff -r "$project/lib/kunit" "$project/build/work/lib/kunit" > /dev/null 2>&1; then
	pass "a name with \" and \" in it is copied right"
else
	fail "the overlay passed, leaving a stale file under a name with \" and \" in it"
fi

# The initramfs's timeout for runner.sh, which calls it twice, nested:
# COMMAND's status, 124 when time ran out, 0 seconds for no limit, the
# caller's standard input; no descriptor of runner.sh's pipes (3 and 4)
# held after COMMAND ended, so that a reader of the pipes sees their end
# at once, not when the time is up (busybox's own timeout held
# them for a second); a COMMAND's children stopped with it.
kunit_timeout="busybox sh $TOP/scripts/kunit-timeout.sh"
# Seconds no other process of the machine sleeps, so that pgrep finds
# this check's sleeps only, even with another make check beside it.
long=37.$$
$kunit_timeout --foreground $long sh -c 'exit 3'
expect_status 3 $? "kunit-timeout.sh exits with the command's status"
$kunit_timeout 1 sleep 20 > "$SCRATCH/timeout.out" 2>&1
expect_status 124 $? "kunit-timeout.sh exits 124 when the time ran out"
if [ -s "$SCRATCH/timeout.out" ]; then
	fail "kunit-timeout.sh says something when it stops a command"
	show "$SCRATCH/timeout.out"
else
	pass "kunit-timeout.sh stops a command silently, as GNU timeout does"
fi
$kunit_timeout 0 sh -c 'sleep 0.5; exit 5'
expect_status 5 $? "kunit-timeout.sh takes 0 seconds for no limit"
$kunit_timeout 1.5.3 true 2> /dev/null
expect_status 125 $? "kunit-timeout.sh refuses seconds that sleep would not take"
if [ "$(echo given | $kunit_timeout $long cat)" = given ] &&
	[ "$(echo given | $kunit_timeout --foreground $long cat)" = given ]; then
	pass "kunit-timeout.sh gives the command its standard input"
else
	fail "kunit-timeout.sh does not give the command its standard input"
fi
# As runner.sh runs a test, its output going to a pipe (kunit-init.sh's).
runner_like() {
	timeout 10 sh -c "( ( ( ($kunit_timeout --foreground $1 $kunit_timeout $1 $2; echo \$? >&3) |
		cat >&4) 3>&1 | (read -r status; echo \"status \$status\") ) 4>&1 ) |
		cat > $SCRATCH/timeout.out"
}
runner_like $long "echo out"
status=$?
# The two lines come through two pipes: in either order.
if [ $status = 0 ] && [ "$(sort "$SCRATCH/timeout.out")" = "out
status 0" ]; then
	pass "kunit-timeout.sh holds none of runner.sh's pipes once the command ended"
else
	fail "kunit-timeout.sh held runner.sh's pipes: exit $status"
	show "$SCRATCH/timeout.out"
fi
# shellcheck disable=SC2016
runner_like 1 "sh -c 'echo out; sleep 38.$$ & wait'"
status=$?
pkill -f "sleep 38.$$"
if [ $status = 0 ] && grep -qx "status 124" "$SCRATCH/timeout.out"; then
	pass "kunit-timeout.sh stops a command's children with it, as runner.sh needs"
else
	fail "kunit-timeout.sh left a command's child holding runner.sh's pipes: exit $status"
	show "$SCRATCH/timeout.out"
fi
# shellcheck disable=SC2016
$kunit_timeout $long sh -c 'sleep 0.3; ls "/proc/$(pgrep -xf "sleep $0")/fd"' "$long" \
	3> /dev/null 4> /dev/null > "$SCRATCH/timeout-fds" 2>&1
if grep -qx 1 "$SCRATCH/timeout-fds" && ! grep -qx '[34]' "$SCRATCH/timeout-fds"; then
	pass "kunit-timeout.sh's watcher holds neither descriptor 3 nor 4 of runner.sh's"
else
	fail "kunit-timeout.sh's watcher holds descriptor 3 or 4, or was not found"
	show "$SCRATCH/timeout-fds"
fi
i=0
while [ $i -lt 50 ]; do
	$kunit_timeout $long true
	i=$((i + 1))
done
sleep 0.3
if pgrep -f "sleep $long" > /dev/null; then
	fail "kunit-timeout.sh left its watcher's sleep running after $(pgrep -fc "sleep $long") of 50 commands"
	pkill -f "sleep $long"
else
	pass "kunit-timeout.sh leaves no process behind (50 commands that end at once)"
fi

# Two runs of one configuration take turns on its directory: the second
# says it waits, and goes on once the first ended, however long the first
# takes; a lock that no going run holds (a process a run left) is named,
# not waited for.
mkdir -p "$SCRATCH/held"
flock "$SCRATCH/held/.lock" sleep 2 &
holder=$!
sleep 0.3
stages 'RUN=$SCRATCH/held; hold_run_dir; echo "held by $(cat "$RUN/.lock-holder")"' x86_64
status=$?
wait $holder
if [ $status = 0 ] && grep -q "^\[[0-9:]*\] Waiting for the other make run or make build of $SCRATCH/held to end$" \
	"$SCRATCH/out" && grep -q '^held by [0-9]' "$SCRATCH/out"; then
	pass "a run whose directory another run holds says so, waits, then goes on"
else
	fail "a run whose directory another run holds did not wait, or said nothing: exit $status"
	show "$SCRATCH/out"
fi
stages 'RUN=$SCRATCH/held; hold_run_dir; echo held' x86_64
if [ $? = 0 ] && ! grep -q 'Waiting' "$SCRATCH/out" && grep -qx held "$SCRATCH/out"; then
	pass "a directory nobody holds is taken at once"
else
	fail "a directory nobody holds was waited for"
	show "$SCRATCH/out"
fi
# A run that is going, and takes longer than a poll: waited for.
rm -f "$SCRATCH/held/.lock-holder"
sh -c 'exec 9>> "$1/.lock"; flock 9; echo $$ > "$1/.lock-holder"; sleep 3' holder "$SCRATCH/held" &
holder=$!
# Once it holds the lock and said so, however loaded the machine.
for i in 1 2 3 4 5 6 7 8 9 10; do
	[ "$(cat "$SCRATCH/held/.lock-holder" 2> /dev/null)" = "$holder" ] && break
	sleep 0.2
done
stages 'RUN=$SCRATCH/held hold_poll=1; hold_run_dir; echo held' x86_64
status=$?
wait $holder
if [ $status = 0 ] && grep -qx held "$SCRATCH/out"; then
	pass "a run that holds the directory longer than a poll is waited for while it goes on"
else
	fail "a run that holds the directory longer than a poll was not waited for: exit $status"
	show "$SCRATCH/out"
fi
# A process that holds the lock, and no run that is going: named.
rm -f "$SCRATCH/held/.lock-holder"
flock "$SCRATCH/held/.lock" sleep 4 &
holder=$!
sleep 0.3
stages 'RUN=$SCRATCH/held hold_poll=1; hold_run_dir; echo held' x86_64
status=$?
kill $holder 2> /dev/null
wait $holder 2> /dev/null
if [ $status = 1 ] && ! grep -qx held "$SCRATCH/out" &&
	grep -qF "kunit-run: $SCRATCH/held/.lock is held, but not by a run that is going (fuser -v $SCRATCH/held/.lock names the holder)" \
		"$SCRATCH/out"; then
	pass "a lock held by no run that is going fails the run, naming the lock"
else
	fail "a lock held by no run that is going: exit $status"
	show "$SCRATCH/out"
fi
stages 'RUN=$SCRATCH/no/such/dir; hold_run_dir; echo went on' x86_64
if [ $? = 1 ] && grep -qF "kunit-run: cannot open $SCRATCH/no/such/dir/.lock" "$SCRATCH/out"; then
	pass "a run directory that cannot be locked fails the run, saying so"
else
	fail "a run directory that cannot be locked"
	show "$SCRATCH/out"
fi

# make build keeps its logs apart from make run's results.
stages 'load_settings; echo "last=$LAST"' x86_64
expect_line "$SCRATCH/out" "last=$SCRATCH/build/last" "make run's files go to BUILD/last"
stages 'mode=build; load_settings; echo "last=$LAST"' x86_64
expect_line "$SCRATCH/out" "last=$SCRATCH/build/last-build" "make build's logs go to BUILD/last-build"

# Each version has its own architecture fragment: a run of another tree
# beside this one does not change the fragment this one merges.
stages 'version=6.1.0; gather_config; echo "$fragments"; version=6.12.0; gather_config' riscv64
if grep -qx 'CONFIG_SOC_VIRT=y' "$SCRATCH/build/run/riscv64-6.1.0.config" &&
	grep -qx 'CONFIG_ARCH_VIRT=y' "$SCRATCH/build/run/riscv64-6.12.0.config" &&
	grep -q "^$TOP/scripts/configs/base.config $SCRATCH/build/run/riscv64-6.1.0.config " "$SCRATCH/out" &&
	[ -z "$(find "$SCRATCH/build/run" -name 'riscv64-*.config.*')" ]; then
	pass "the architecture's fragment is a file per version, left whole"
else
	fail "the architecture's fragment is shared between versions, or left half-written"
	show "$SCRATCH/out"
fi
