# SPDX-License-Identifier: GPL-2.0
# make run on the other architectures: arm64 under qemu-system-aarch64
# with a cross compiler, and User Mode Linux run directly.
. tests/lib.sh

if [ -n "${KUNIT_CHECK_NO_KERNEL:-}" ]; then
	skip "make run ARCH=um and ARCH=arm64" "KUNIT_CHECK_NO_KERNEL is set"
	exit 0
fi

summary=$(userspace_summary)
for arch in um arm64; do
	make --no-print-directory run BUILD="$BUILD" ARCH=$arch > "$SCRATCH/$arch.out" 2>&1
	expect_status 0 $? "make run ARCH=$arch"
	expect_line "$SCRATCH/$arch.out" "$summary" \
		"ARCH=$arch gives the userspace results: $summary"
	[ $? -eq 0 ] || tail -n 20 "$SCRATCH/$arch.out" | sed -e 's/^/#   /'
done
