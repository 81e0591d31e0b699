#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ksrc.sh BUILD: print the path of the default kernel tree, Debian's
# linux-source-6.1, extracting it once into BUILD/src first.  make run
# and make tree-suites share it.

set -eu

build=${1:?usage: ksrc.sh BUILD}
tree=$build/src/linux-source-6.1
if [ ! -f "$tree/.extracted" ]; then
	rm -rf "$tree"
	mkdir -p "$build/src"
	tar -C "$build/src" -xf /usr/src/linux-source-6.1.tar.xz || {
		echo "ksrc.sh: cannot extract the kernel source: apt-get install linux-source-6.1" >&2
		exit 1
	}
	touch "$tree/.extracted"
fi
echo "$tree"
