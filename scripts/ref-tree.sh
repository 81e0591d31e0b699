#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Prints the path of a reference Linux 6.12 tree for the project's checks,
# extracting from Debian's linux-source-6.12 the parts they use the first
# time: kunit.py, checkpatch.pl, kernel-doc, kselftest_harness.h,
# kselftest's runner.sh and the stock KUnit sources (to compare against).
#
#   scripts/ref-tree.sh BUILD_DIR

set -eu

build=${1:-build}
tarball=/usr/src/linux-source-6.12.tar.xz
ref=$build/ref
tree=$ref/linux-source-6.12

parts="tools/testing/kunit
	tools/testing/selftests/kselftest_harness.h
	tools/testing/selftests/kselftest.h
	tools/testing/selftests/kselftest
	tools/testing/selftests/run_kselftest.sh
	scripts/checkpatch.pl
	scripts/spelling.txt
	scripts/const_structs.checkpatch
	scripts/kernel-doc
	lib/kunit
	include/kunit"

# The stamp holds the list of parts, so that a longer list extracts again.
if [ "$(cat "$tree/.extracted" 2>/dev/null)" != "$parts" ]; then
	if [ ! -f "$tarball" ]; then
		echo "ref-tree: $tarball is missing: apt-get install linux-source-6.12" >&2
		exit 1
	fi
	rm -rf "$tree"
	mkdir -p "$ref"
	# shellcheck disable=SC2046
	tar -C "$ref" -xf "$tarball" $(for part in $parts; do echo "linux-source-6.12/$part"; done)
	echo "$parts" > "$tree/.extracted"
fi
echo "$tree"
