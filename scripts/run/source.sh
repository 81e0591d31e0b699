# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's source stage: the kernel tree (KSRC, or Debian's
# linux-source-6.1 extracted once), and a work tree of hard links to it
# with the project's files copied over, so that KSRC is never written to.
# Sourced, not run.

# Copies one file into the work tree when it differs, breaking the link.
overlay_file() {
	if ! cmp -s "$1" "$2"; then
		mkdir -p "$(dirname "$2")"
		cp --remove-destination "$1" "$2"
	fi
}

# Makes directory $2 of the work tree hold the project's directory $1 only.
overlay_dir() {
	for f in "$WORK/$2"/*; do
		if [ -f "$f" ] && [ ! -f "$TOP/$1/$(basename "$f")" ]; then
			rm -f "$f"
		fi
	done
	for f in "$TOP/$1"/*; do
		if [ -f "$f" ]; then
			overlay_file "$f" "$WORK/$2/$(basename "$f")"
		fi
	done
}

# Makes directory $2 of the work tree and its subdirectories hold the
# project's directory $1 only.
overlay_tree() {
	(cd "$TOP/$1" && find . -type d) | while read -r d; do
		overlay_dir "$1/$d" "$2/$d"
	done
}

# Applies the project's kernel patches once, each to a copy of the files
# it touches, so that KSRC stays as it is.
overlay_patches() {
	for p in "$TOP"/scripts/patches/*.patch; do
		[ -f "$p" ] || continue
		stamp=$WORK/.kunit-patch-$(basename "$p" .patch)
		[ -f "$stamp" ] && cmp -s "$p" "$stamp" && continue
		for f in $(sed -n 's|^+++ b/||p' "$p"); do
			cp --remove-destination "$KSRC/$f" "$WORK/$f"
		done
		patch -s -p1 -d "$WORK" < "$p" || die "patch $p does not apply to $KSRC"
		cp "$p" "$stamp"
	done
}

# Sets KSRC and version; extracts Debian's tree the first time.
find_source() {
	if [ -z "${KSRC:-}" ]; then
		[ -f "$BUILD/src/linux-source-6.1/.extracted" ] ||
			stage extract "Extracting the kernel source"
		KSRC=$("$TOP/scripts/ksrc.sh" "$BUILD") || exit 1
	fi
	KSRC=$(cd "$KSRC" && pwd) || die "KSRC=$KSRC: no such directory"
	[ -f "$KSRC/Makefile" ] && [ -d "$KSRC/lib/kunit" ] ||
		die "KSRC=$KSRC is not a kernel tree with KUnit"
	version=$(make -s -C "$KSRC" ARCH="$karch" kernelversion 2>/dev/null) ||
		die "KSRC=$KSRC: cannot read its version"
	case $version in
	[0-5].* | 6.0*) die "KSRC=$KSRC is Linux $version; 6.1 or newer is needed" ;;
	esac
}

# The work tree $WORK: KSRC's files, and this KUnit's unless STOCK=1.
stage_source() {
	find_source
	stage overlay "Preparing the work tree ($version, ${STOCK:+stock KUnit}${STOCK:-this KUnit})"
	if [ ! -f "$WORK/.kunit-src" ] || [ "$(cat "$WORK/.kunit-src")" != "$KSRC" ]; then
		rm -rf "$WORK"
		cp -al "$KSRC" "$WORK" 2>/dev/null || cp -a "$KSRC" "$WORK"
		echo "$KSRC" > "$WORK/.kunit-src"
	fi
	[ -z "$STOCK" ] || return 0
	overlay_dir include/kunit include/kunit
	overlay_dir lib/kunit lib/kunit
	overlay_tree tools/testing/selftests/kunit tools/testing/selftests/kunit
	overlay_tree Documentation/dev-tools/kunit Documentation/dev-tools/kunit
	overlay_tree samples/kunit samples/kunit
	overlay_patches
}
