# SPDX-License-Identifier: GPL-2.0
#
# scripts/kunit-run's source stage: the kernel tree (KSRC, or Debian's
# linux-source-6.12 or -6.1 extracted once), and a work tree of hard links to it
# with the project's files copied over, so that KSRC is never written to.
# Sourced, not run.

# Makes directory $1 of the work tree and its subdirectories hold the
# project's directory of the same name only.  One diff finds what
# differs, so that an unchanged tree costs one process, not one a file;
# a file copied over breaks its link to KSRC's.
overlay_tree() {
	# A symbolic link in the kernel tree where the project's directory
	# goes (or above it) would take the project's files elsewhere: the
	# link goes, a link above it stops the run.
	overlay_path=$WORK
	for part in $(printf '%s\n' "$1" | tr '/' ' '); do
		overlay_path=$overlay_path/$part
		[ -L "$overlay_path" ] || continue
		if [ "$overlay_path" = "$WORK/$1" ]; then
			rm -f "$overlay_path" || return 1
		else
			echo "kunit-run: ${overlay_path#"$WORK"/} is a symbolic link in $KSRC: cannot lay $1 over it" >&2
			return 1
		fi
	done
	if [ ! -d "$WORK/$1" ]; then
		mkdir -p "$(dirname "$WORK/$1")"
		cp -r "$TOP/$1" "$WORK/$1"
		return 0
	fi
	status=0
	LC_ALL=C diff -rq "$TOP/$1" "$WORK/$1" > "$RUN/overlay.diff" || status=$?
	[ $status -le 1 ] || return 1
	while IFS= read -r line; do
		# The work tree is often below the project's (build/run/...).
		case $line in
		"Only in $WORK/"*)
			dir=${line#Only in }
			dir=${dir%%: *}
			rm -rf "${dir:?}/${line#Only in *: }" || return 1
			;;
		"Only in $TOP/"*)
			dir=${line#Only in }
			dir=${dir%%: *}
			name=${line#Only in *: }
			cp -r "$dir/$name" "$WORK/${dir#"$TOP"/}/$name" || return 1
			;;
		"Files $TOP/"*" differ" | "File $TOP/"*)
			path=${line#File*" $TOP/"}
			path=${path%% and *}
			path=${path%% is a *}
			rm -rf "${WORK:?}/$path"
			cp -r "$TOP/$path" "$WORK/$path" || return 1
			;;
		*)
			echo "kunit-run: cannot read diff's line: $line" >&2
			return 1
			;;
		esac
	done < "$RUN/overlay.diff"
	# A name the lines above misread would leave a difference.
	LC_ALL=C diff -rq "$TOP/$1" "$WORK/$1" > "$RUN/overlay.diff" || {
		echo "kunit-run: the work tree's $1 still differs from the project's:" >&2
		head -n 5 "$RUN/overlay.diff" >&2
		return 1
	}
}

# Applies the project's kernel patches once, each to a copy of the files
# it touches, so that KSRC stays as it is.
overlay_patches() {
	for p in "$TOP"/scripts/patches/*.patch; do
		[ -f "$p" ] || continue
		stamp=$WORK/.kunit-patch-$(basename "$p" .patch)
		# Applied again when the patch or a file it patches changed in KSRC.
		key=$({
			cat "$p"
			for f in $(sed -n 's|^+++ b/||p' "$p"); do
				cksum < "$KSRC/$f"
			done
		} | cksum)
		[ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ] && continue
		for f in $(sed -n 's|^+++ b/||p' "$p"); do
			cp --remove-destination "$KSRC/$f" "$WORK/$f"
		done
		patch -s -p1 -d "$WORK" < "$p" || die "patch $p does not apply to $KSRC"
		echo "$key" > "$stamp"
	done
}

extract_progress() {
	printf 'extracting: %s files' "$(find "$extracting" -type f 2> /dev/null | wc -l)"
}

# Sets KSRC and version; a version shorthand (6.12, the default, or 6.1)
# names Debian's tree, extracted the first time (scripts/ksrc.sh).
find_source() {
	case ${KSRC:-6.12} in
	6.1 | 6.12)
		if [ ! -f "$BUILD/src/linux-source-${KSRC:-6.12}/.extracted" ]; then
			stage extract "Extracting the kernel source (linux-source-${KSRC:-6.12})"
			# Tens of seconds: its progress is the files so far.
			mkdir -p "$BUILD/src"
			extracting=$BUILD/src/linux-source-${KSRC:-6.12}
			"$TOP/scripts/ksrc.sh" "$BUILD" "${KSRC:-}" > "$BUILD/src/.ksrc.$$" &
			wait_with_progress $! extract_progress || { rm -f "$BUILD/src/.ksrc.$$"; exit 1; }
			rm -f "$BUILD/src/.ksrc.$$"
		fi
		;;
	esac
	KSRC=$("$TOP/scripts/ksrc.sh" "$BUILD" "${KSRC:-}") || exit 1
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
	stage overlay "Preparing the work tree ($version, $([ -n "$STOCK" ] && echo stock || echo this) KUnit)"
	# The tree, and when it was extracted: a tree extracted again (a new
	# linux-source package) makes the work tree again.
	work_src=$KSRC
	[ ! -f "$KSRC/.extracted" ] || work_src="$KSRC $(stat -c %Y "$KSRC/.extracted")"
	if [ ! -f "$WORK/.kunit-src" ] || [ "$(cat "$WORK/.kunit-src")" != "$work_src" ]; then
		rm -rf "$WORK"
		if [ -f "$KSRC/.extracted" ]; then
			cp -al "$KSRC" "$WORK" 2>/dev/null || cp -a "$KSRC" "$WORK"
		else
			mkdir -p "$WORK" && sync_work_tree ||
				die "cannot make the work tree $WORK from $KSRC"
		fi
		echo "$work_src" > "$WORK/.kunit-src"
	elif [ ! -f "$KSRC/.extracted" ]; then
		# A tree of the user's changes (an edit, a checkout, a bisect
		# step): the work tree follows it, file by file, except where the
		# project's files are laid over it.  A file an editor or git
		# replaced has a new inode, which the old link does not see.
		sync_work_tree || die "cannot bring the work tree $WORK up to date with $KSRC"
	fi
	[ -z "$STOCK" ] || return 0
	for overlaid in $OVERLAID; do
		overlay_tree $overlaid || die "cannot copy $overlaid into the work tree $WORK"
	done
	overlay_patches
}

# The project's directories laid over the kernel tree's.
OVERLAID="include/kunit lib/kunit tools/testing/selftests/kunit Documentation/dev-tools/kunit samples/kunit"

# The work tree as KSRC is now, by hard links where the file system has
# them; the project's directories, the patched files and the stamps are
# left as they are (overlay_tree and overlay_patches see to them).
sync_work_tree() {
	set -- --exclude=/.git --exclude='/.kunit-*'
	# A build directory inside the tree (kunit.py's .kunit) is not the tree's.
	sync_build=$(readlink -f "$BUILD") && sync_src=$(readlink -f "$KSRC") || return 1
	case $sync_build/ in
	"$sync_src"/*) set -- "$@" --exclude="/${sync_build#"$sync_src"/}" ;;
	esac
	if [ -z "$STOCK" ]; then
		# Without a trailing /: a link or a file of that name too.
		for overlaid in $OVERLAID; do
			set -- "$@" --exclude="/$overlaid"
		done
		for f in $(patched_files); do
			set -- "$@" --exclude="/$f"
		done
	fi
	rsync -a --delete --link-dest="$KSRC" "$@" "$KSRC/" "$WORK/"
}

# The files that scripts/patches change, one a line.
patched_files() {
	for p in "$TOP"/scripts/patches/*.patch; do
		[ ! -f "$p" ] || sed -n 's|^+++ b/||p' "$p"
	done
}
