#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Installs the Debian packages a task of this project needs, when missing.
#
#   scripts/deps.sh check    what `make check` needs besides `run`'s
#   scripts/deps.sh run      what `make run` needs
#   scripts/deps.sh packages PKG...  these: what an architecture of
#                            `make run` needs besides (scripts/arch)
#   scripts/deps.sh lava DIR  LAVA's dispatcher (lava-run), and lava-server's
#                            device-type templates unpacked into DIR (the
#                            package itself is not installed)
#
# As root with apt-get, missing packages are installed; otherwise the one
# apt-get line to run is printed and the exit status is 1.

set -u

task=${1:-check}
case $task in
check)
	pkgs="gcc make libc6-dev binutils valgrind python3 perl xz-utils linux-source-6.1 linux-source-6.12 git
	      util-linux python3-sphinx python3-jsonschema clang libclang-rt-14-dev lcov chromium
	      lava-dispatcher python3-jinja2"
	;;
lava)
	pkgs="lava-dispatcher python3-jinja2"
	templates_dir=${2:?usage: $0 lava DIR}
	case $templates_dir in
	/*) ;;
	*) templates_dir=$PWD/$templates_dir ;;
	esac
	;;
run)
	pkgs="gcc make libc6-dev linux-source-6.12 linux-source-6.1 xz-utils flex bison bc libelf-dev
	      libssl-dev cpio kmod busybox-static qemu-system-x86 binutils rsync patch"
	;;
packages)
	shift
	pkgs="$*"
	;;
*)
	echo "usage: $0 check|run|lava DIR|packages PKG..." >&2
	exit 2
	;;
esac

missing=
for pkg in $pkgs; do
	status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)
	case $status in
	*" installed") ;;
	*) missing="$missing $pkg" ;;
	esac
done

# lava-server's qemu device type, for a device that lava-run takes: its
# templates, from the package's archive, unpacked.
lava_templates() {
	[ -n "${templates_dir:-}" ] || return 0
	[ ! -f "$templates_dir/usr/share/lava-server/device-types/qemu.jinja2" ] || return 0
	mkdir -p "$templates_dir.download" || return 1
	echo "deps: unpacking lava-server's device-type templates into $templates_dir"
	(cd "$templates_dir.download" && rm -f lava-server_*.deb &&
		{ apt-get download -q lava-server > /dev/null 2>&1 ||
		  { [ "$(id -u)" = 0 ] && apt-get update -q > /dev/null 2>&1 &&
		    apt-get download -q lava-server > /dev/null 2>&1; }; } &&
		dpkg-deb -x lava-server_*.deb "$templates_dir") || {
		echo "deps: cannot download and unpack lava-server's templates (apt-get download lava-server)" >&2
		return 1
	}
	rm -rf "$templates_dir.download"
}

if [ -z "$missing" ]; then
	lava_templates
	exit $?
fi

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "deps: missing Debian packages; install them with:" >&2
	echo "  apt-get install -y$missing" >&2
	exit 1
fi

log=${TMPDIR:-/tmp}/kunit-deps.$$.log
echo "deps: installing$missing (apt-get; its log: $log)"
export DEBIAN_FRONTEND=noninteractive
# make check installs the checks' packages while its builder builds
# kernels, whose makes may call this script too: an apt-get that finds
# dpkg's lock taken waits for it (up to 15 minutes) instead of failing.
lock_wait="-o DPkg::Lock::Timeout=900"

# Runs "$@" with its output in $log, and says every 10 s that it still
# runs: a first install downloads for minutes.
quietly() {
	"$@" >> "$log" 2>&1 &
	pid=$!
	waited=0
	while kill -0 $pid 2> /dev/null; do
		sleep 1
		waited=$((waited + 1))
		[ $((waited % 10)) -ne 0 ] || echo "deps:   $1 $2 still runs, ${waited}s: $(tail -n 1 "$log" | cut -c1-60)"
	done
	wait $pid
}

# The package lists of a fresh system are empty: fetch them on first need.
# shellcheck disable=SC2086
if ! quietly apt-get install $lock_wait -y -q --no-install-recommends $missing; then
	# shellcheck disable=SC2086
	quietly apt-get update $lock_wait -q &&
		quietly apt-get install $lock_wait -y -q --no-install-recommends $missing || {
		echo "deps: apt-get could not install:$missing; see $log" >&2
		exit 1
	}
fi
rm -f "$log"
lava_templates
