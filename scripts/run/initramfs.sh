# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's initramfs stage: busybox, the modules, the
# kselftest target and an init (scripts/kunit-init.sh) that runs it, or
# loads every KUnit test module itself with STOCK=1, then reboots: QEMU
# runs with -no-reboot, so it exits.  Sourced, not run.

# Prints the path of a static busybox for the architecture: the host's,
# or one unpacked once from Debian's package $busybox_package.
find_busybox() {
	if [ -n "$busybox" ]; then
		echo "$busybox"
		return 0
	fi
	dir=$BUILD/${busybox_package#*:}-busybox
	if [ ! -x "$dir/bin/busybox" ]; then
		foreign=${busybox_package#*:}
		if ! dpkg --print-foreign-architectures | grep -qx "$foreign"; then
			dpkg --add-architecture "$foreign" && apt-get update -q > /dev/null ||
				die "cannot add Debian's $foreign packages (needed for $busybox_package)"
		fi
		rm -rf "$dir" && mkdir -p "$dir/deb"
		(cd "$dir/deb" && apt-get download -q "$busybox_package" > /dev/null 2>&1) ||
			die "cannot download $busybox_package"
		dpkg-deb -x "$dir"/deb/*.deb "$dir" || die "cannot unpack $busybox_package"
	fi
	echo "$dir/bin/busybox"
}

# Installs the kernel's modules and KUNIT_EXTRA's into $1, stripped by the
# architecture's strip (CROSS_COMPILE), not the host's.
install_modules() {
	if grep -q '^CONFIG_MODULES=y' "$OBJ/.config"; then
		make -C "$WORK" O="$OBJ" ARCH=$karch CROSS_COMPILE=$cross INSTALL_MOD_PATH="$1" \
			INSTALL_MOD_STRIP=1 modules_install > "$LAST/modules.log" 2>&1 ||
			die "modules_install failed: see $LAST/modules.log"
	fi
	if [ -n "$extra_modules" ]; then
		make -C "$OBJ" ARCH=$karch CROSS_COMPILE=$cross M="$RUN/extra" INSTALL_MOD_PATH="$1" \
			INSTALL_MOD_STRIP=1 modules_install >> "$LAST/modules.log" 2>&1 ||
			die "installing the KUNIT_EXTRA modules failed: see $LAST/modules.log"
	fi
}

# $RUN/initramfs.cpio, or none without a userland; the last one again
# when nothing that goes into it changed.
stage_initramfs() {
	rm -f "$LAST/kselftest-install"
	if [ -z "$userland" ]; then
		rm -f "$RUN/initramfs.cpio"
		return 0
	fi
	[ -z "$ksft" ] || ln -s "$ksft" "$LAST/kselftest-install"
	busybox_path=$(find_busybox) || exit 1
	[ -x "$busybox_path" ] || die "no busybox for ARCH=$ARCH at $busybox_path"
	initramfs_key=$({
		echo "$STOCK $busybox_path $test_modules $(stat -c '%s %Y' "$busybox_path") $GUEST_SCRIPT"
		# A file that is not there (.kunit-kselftest without KSELFTEST)
		# must not end the list: under set -e, a cat that fails would
		# leave the modules below out of the key, and a changed module
		# out of the initramfs.
		cat "$RUN/.kunit-built" "$RUN/.kunit-kselftest" "$TOP/scripts/kunit-init.sh" \
			"$TOP/scripts/kunit-timeout.sh" \
			${GUEST_SCRIPT:+"$GUEST_SCRIPT"} 2>/dev/null || true
		# shellcheck disable=SC2086
		[ -z "$extra_modules" ] || cat $extra_modules || echo "unreadable: $extra_modules"
	} | cksum)
	start_unless_made .kunit-initramfs "$initramfs_key" "$RUN/initramfs.cpio" initramfs \
		"Making the initramfs" && return 0
	rm -f "$RUN/initramfs.cpio"
	root=$RUN/initramfs
	rm -rf "$root"
	mkdir -p "$root/bin" "$root/sbin" "$root/usr/bin" "$root/usr/sbin" "$root/etc" \
		"$root/proc" "$root/sys" "$root/dev" "$root/tmp"
	cp "$busybox_path" "$root/bin/busybox"
	install_modules "$root"
	# shellcheck disable=SC2086
	printf '%s\n' $test_modules > "$root/etc/kunit-modules"
	# With the kselftest target, its wrapper loads the modules; without
	# (STOCK=1), the init does.  The installed target is also linked from
	# $LAST, to copy to another machine.
	[ -z "$ksft" ] || cp -a "$ksft" "$root/kselftest"
	if [ -n "$GUEST_SCRIPT" ]; then
		cp "$GUEST_SCRIPT" "$root/etc/kunit-guest.sh" ||
			die "GUEST_SCRIPT=$GUEST_SCRIPT: cannot read it"
	fi
	cp "$TOP/scripts/kunit-init.sh" "$root/init"
	chmod +x "$root/init"
	# busybox --install -s in the guest leaves a file already there be.
	cp "$TOP/scripts/kunit-timeout.sh" "$root/usr/bin/timeout"
	chmod +x "$root/usr/bin/timeout"
	(cd "$root" && find . | cpio -o -H newc --quiet) > "$RUN/initramfs.cpio"
	echo "$initramfs_key" > "$RUN/.kunit-initramfs"
}
