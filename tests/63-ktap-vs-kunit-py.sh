# SPDX-License-Identifier: GPL-2.0
# The KTAP reader against the kernel tree's own kunit.py parse, on a corpus of
# edge cases, generated documents and the project's outputs: tests/ktap/diff.sh.
. tests/ktap/diff.sh
