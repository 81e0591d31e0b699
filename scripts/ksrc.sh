#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ksrc.sh BUILD [KSRC]: print the path of the kernel tree that KSRC names,
# for make run, make tree-suites and make compat alike.
#
# KSRC is a version shorthand, 6.12 (the default, today's long-term
# kernel) or 6.1, for Debian's linux-source-VERSION, which is extracted
# once into BUILD/src; or the path of any kernel tree, printed as it is.

set -eu

build=${1:?usage: ksrc.sh BUILD [KSRC]}
ksrc=${2:-6.12}
case $ksrc in
6.1 | 6.12) ;;
*)
	# A version this project does not know, rather than a tree.
	if [ ! -e "$ksrc" ] && echo "$ksrc" | grep -qx '[0-9][0-9]*\.[0-9][0-9]*'; then
		echo "ksrc.sh: KSRC=$ksrc: the versions this project knows are 6.12 and 6.1;" \
			"give one, or the path of a kernel tree" >&2
		exit 1
	fi
	echo "$ksrc"
	exit 0
	;;
esac
tree=$build/src/linux-source-$ksrc
if [ ! -f "$tree/.extracted" ]; then
	if [ ! -f "/usr/src/linux-source-$ksrc.tar.xz" ]; then
		echo "ksrc.sh: KSRC=$ksrc needs Debian's kernel source: apt-get install linux-source-$ksrc" >&2
		exit 1
	fi
	# One extraction at a time (make check builds kernels ahead while
	# other checks run); whoever waited finds the tree extracted.
	mkdir -p "$build/src"
	command exec 8> "$build/src/.lock-$ksrc" && flock -w 1800 8 || {
		echo "ksrc.sh: cannot lock $build/src/.lock-$ksrc to extract linux-source-$ksrc" >&2
		exit 1
	}
fi
if [ ! -f "$tree/.extracted" ]; then
	rm -rf "$tree"
	tar -C "$build/src" -xf "/usr/src/linux-source-$ksrc.tar.xz" || {
		echo "ksrc.sh: cannot extract /usr/src/linux-source-$ksrc.tar.xz" >&2
		exit 1
	}
	touch "$tree/.extracted"
fi
echo "$tree"
