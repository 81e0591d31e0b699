#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Prints the path of a reference Linux 6.1 tree for the project's checks,
# extracting from Debian's linux-source-6.1 the parts they use the first
# time: kunit.py, checkpatch.pl, kernel-doc, kselftest_harness.h and the
# stock KUnit sources (to compare against).
#
#   scripts/ref-tree.sh BUILD_DIR

set -eu

build=${1:-build}
tarball=/usr/src/linux-source-6.1.tar.xz
ref=$build/ref
tree=$ref/linux-source-6.1

if [ ! -f "$tree/.extracted" ]; then
	if [ ! -f "$tarball" ]; then
		echo "ref-tree: $tarball is missing: apt-get install linux-source-6.1" >&2
		exit 1
	fi
	rm -rf "$tree"
	mkdir -p "$ref"
	tar -C "$ref" -xf "$tarball" \
		linux-source-6.1/tools/testing/kunit \
		linux-source-6.1/tools/testing/selftests/kselftest_harness.h \
		linux-source-6.1/tools/testing/selftests/kselftest.h \
		linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch \
		linux-source-6.1/scripts/kernel-doc \
		linux-source-6.1/lib/kunit \
		linux-source-6.1/include/kunit
	touch "$tree/.extracted"
fi
echo "$tree"
