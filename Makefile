# SPDX-License-Identifier: GPL-2.0
#
# The project's driver.  `make help` lists what it does.

BUILD ?= build
# One name for each file, whether BUILD was given relative or absolute:
# the dependency files name their targets as the compiler was told.
override BUILD := $(abspath $(BUILD))
CC ?= cc
V ?= 0

Q := $(if $(filter 1,$(V)),,@)
USER_DIR := tools/testing/selftests/kunit/user

# The shared core, built for userspace, and the userspace side of the seam.
include lib/kunit/Makefile.core
CORE_SRCS := $(addprefix lib/kunit/,$(KUNIT_CORE_SRCS)) $(KUNIT_USER_SRCS)

# Userspace KUnit programs: name and sources.
PROGS := kunit-test kunit-example-test
kunit-test_SRCS := lib/kunit/kunit-test.c lib/kunit/assert-test.c \
		   lib/kunit/string-stream-test.c lib/kunit/executor_test.c
kunit-example-test_SRCS := lib/kunit/kunit-example-test.c

# Host tools: the console reader and its report writers (beside kunit.py),
# and the kselftest wrapper that the checks run against a fake kernel;
# each also built with ASan and UBSan.  Both read KTAP with the target's
# reader, ktap.c.
KSFT_DIR := tools/testing/selftests/kunit
HOST_DIR := tools/testing/kunit
KUNIT_LIB_DIR := lib/kunit
HOST_TOOLS := $(BUILD)/host/kunit-report $(BUILD)/host/kunit-module \
	      $(BUILD)/host-asan/kunit-report $(BUILD)/host-asan/kunit-module \
	      $(BUILD)/host/kunit-lava $(BUILD)/host-asan/kunit-lava

# Suites that fail, crash and hang on purpose, for the checks in tests/.
FIXTURES := $(patsubst tests/fixtures/%.c,%,$(wildcard tests/fixtures/*.c))
SAMPLES := $(patsubst samples/kunit/%.c,%,$(wildcard samples/kunit/*.c))

WARNINGS := -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
	    -Wno-missing-field-initializers -Werror
BASE_CFLAGS := -std=gnu11 -g $(WARNINGS) -Iinclude -I$(USER_DIR)/include -I$(USER_DIR) -Ilib/kunit

# Each variant is the same sources built another way.
VARIANTS := user user-asan user-cov
user_CFLAGS := -O2
user_LDFLAGS :=
user-asan_CFLAGS := -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
		    -fno-sanitize-recover=all
user-asan_LDFLAGS := -fsanitize=address,undefined
# make run COVERAGE=1: gcov's counts of the userspace programs.
user-cov_CFLAGS := -O0 --coverage -DKUNIT_USER_COVERAGE
user-cov_LDFLAGS := --coverage

.PHONY: all check run build compat tree-suites arches lava bench fuzz deps help clean user-progs user-asan-progs \
	user-cov-progs

all: user-progs $(HOST_TOOLS)

help:
	@echo 'KUnit, one framework for the kernel and for userspace.'
	@echo
	@echo '  make run      build a kernel with this KUnit, boot it under QEMU, report'
	@echo '                its tests; files in $$(BUILD)/last'
	@echo '  make build    make run'"'"'s kernel and kselftest target, built, not booted'
	@echo '                (logs in $$(BUILD)/last-build); make run then boots them'
	@echo '  make compat   run the kernel'"'"'s own suites with this KUnit and with stock'
	@echo '                KUnit; print the cases whose results differ (STOCK_RESULTS=recorded:'
	@echo '                stock'"'"'s from scripts/compat when recorded for this build;'
	@echo '                COMPAT_RECORD=1: record them)'
	@echo '  make tree-suites  build the kernel tree'"'"'s own suites that'
	@echo '                tools/testing/selftests/kunit/tree-suites.list names into'
	@echo '                userspace programs, run them under ASan and UBSan'
	@echo '                (VALGRIND=1: under valgrind)'
	@echo '  make check    build everything and run every test of the project;'
	@echo '                ends with "check: N passed, N failed, N skipped"'
	@echo '  make arches   make run on every architecture (ARCHES=) and tree (TREES=6.12 6.1),'
	@echo '                built in and as modules; the table in $$(BUILD)/arches/table.rst'
	@echo '  make lava     LAVA jobs for what make run built last (KSELFTEST=all): $$(BUILD)/lava'
	@echo '  make bench    measure KUnit against its anchors; writes $$(BUILD)/last/bench.txt'
	@echo '  make fuzz     fuzz the KTAP reader and writers for FUZZ_TIME seconds (600)'
	@echo '  make          build the userspace KUnit programs into $$(BUILD)/user'
	@echo '  make deps     install the Debian packages that `make check` needs'
	@echo '  make clean    remove $$(BUILD)'
	@echo
	@echo 'Variables: BUILD=dir (default build), CC=compiler, V=1 (show commands).'
	@echo 'make run and make build take: KSRC=6.12 (the default) or 6.1 for Debian'"'"'s'
	@echo '  linux-source-6.12 or -6.1, or the path of any kernel tree (make tree-suites'
	@echo '  and make compat too),'
	@echo '  ARCH=x86_64 or another of scripts/arch (ARCH=help), KUNITCONFIG=file of CONFIG_X=y lines (default'
	@echo '  $$(BUILD)/.kunitconfig if there is one), JOBS=jobs of the kernel build,'
	@echo '  FILTER=suite.case glob, KUNIT_EXTRA=dir of out-of-tree test modules,'
	@echo '  STOCK=1 (the tree'"'"'s own KUnit), TIMEOUT=seconds for the VM,'
	@echo '  CASE_TIMEOUT=seconds per case (kunit.timeout), RAW=1|full|kunit (raw console, or the KTAP),'
	@echo '  SUMMARY=1 or FAILED=1 (only the summary line, or the failures too),'
	@echo '  JUNIT=file|stdout (the JUnit XML there too), LIST=tests|suites|attr (list the'
	@echo '  built-in cases, do not run them), ARCH=help (the architectures),'
	@echo '  GUEST_SCRIPT=sh script the guest runs after the test modules,'
	@echo '  KERNEL_ARGS=more kernel command line, REPEAT=N (boot N times, name the'
	@echo '  tests whose outcome changes), and kunit.py'"'"'s flags as variables:'
	@echo '  CROSS_COMPILE, KCONFIG_ADD, ALLTESTS=1, MAKE_OPTIONS, QEMU_CONFIG, QEMU_ARGS,'
	@echo '  FILTER_ATTR, FILTER_ACTION, JSON=file|stdout; COVERAGE=1 (gcov in the kernel and'
	@echo '  the userspace programs, lcov'"'"'s page in $$(BUILD)/coverage).'
	@echo 'tools/testing/kunit/kunit takes kunit.py'"'"'s command line (kunit run --help);'
	@echo '  its exit status is 125 for a kernel that cannot be built or booted.'
	@echo 'Build your own userspace KUnit program with scripts/kunit-cc.'

deps:
	$(Q)scripts/deps.sh run
	$(Q)scripts/deps.sh check

# As Kbuild, a test's KBUILD_MODNAME is its file's name with '_' for '-'
# (its suites' "module" attribute); KUnit's core is the module "kunit".
modname_flag = -DKBUILD_MODNAME='"$(if $(filter $(addprefix lib/kunit/,$(KUNIT_CORE_SRCS)),$(1)),kunit,$(subst -,_,$(basename $(notdir $(1)))))"'

# $(1): variant
define variant_rules
$(BUILD)/$(1)/obj/%.o: %.c
	@mkdir -p $$(dir $$@)
	@$(if $(Q),echo "  CC [$(1)] $$<")
	$(Q)$$(CC) $$(BASE_CFLAGS) $$($(1)_CFLAGS) $$(call modname_flag,$$<) -MMD -MP -c $$< -o $$@

$(BUILD)/$(1)/libkunit.a: $$(patsubst %.c,$(BUILD)/$(1)/obj/%.o,$$(CORE_SRCS))
	$(Q)rm -f $$@
	$(Q)ar rcs $$@ $$^

$(BUILD)/$(1)/fixtures/%: $(BUILD)/$(1)/obj/tests/fixtures/%.o $(BUILD)/$(1)/libkunit.a
	@mkdir -p $$(dir $$@)
	$(Q)$$(CC) $$($(1)_LDFLAGS) $$^ -o $$@

$(BUILD)/$(1)/samples/%: $(BUILD)/$(1)/obj/samples/kunit/%.o $(BUILD)/$(1)/libkunit.a
	@mkdir -p $$(dir $$@)
	$(Q)$$(CC) $$($(1)_LDFLAGS) $$^ -o $$@

$(foreach prog,$(PROGS),
$(BUILD)/$(1)/$(prog): $$(patsubst %.c,$(BUILD)/$(1)/obj/%.o,$$($(prog)_SRCS)) $(BUILD)/$(1)/libkunit.a
	@mkdir -p $$(dir $$@)
	$(Q)$$(CC) $$($(1)_LDFLAGS) $$^ -o $$@
)

$(1)-progs: $(addprefix $(BUILD)/$(1)/,$(PROGS) $(addprefix fixtures/,$(FIXTURES)) \
		$(addprefix samples/,$(SAMPLES)))
endef

$(foreach variant,$(VARIANTS),$(eval $(call variant_rules,$(variant))))

# The kernels' packages and the host tools their builds run come first:
# run-checks.sh starts building the kernels ahead, then installs the rest
# of what the checks need and builds their programs (KUNIT_CHECK_PREPARE).
check:
	$(Q)scripts/deps.sh run
	$(Q)$(MAKE) --no-print-directory $(HOST_TOOLS)
	$(Q)BUILD=$(BUILD) CC=$(CC) KUNIT_CHECK_PREPARE=1 scripts/run-checks.sh


KTAP_READER := $(KSFT_DIR)/ktap.c $(KSFT_DIR)/ktap.h $(KUNIT_LIB_DIR)/line-break.h
KTAP_WRITERS := $(HOST_DIR)/ktap-junit.c $(HOST_DIR)/ktap-json.c $(HOST_DIR)/ktap-kcidb.c \
		$(HOST_DIR)/ktap-report.h
kunit-report_SRCS := $(HOST_DIR)/kunit-report.c $(KTAP_WRITERS) $(KTAP_READER)
kunit-module_SRCS := $(KSFT_DIR)/kunit-module.c $(KTAP_READER)
kunit-lava_SRCS := $(KSFT_DIR)/kunit-lava.c $(KTAP_READER)

# $(1): host tool
define host_tool_rules
$(BUILD)/host/$(1): $$($(1)_SRCS)
	@mkdir -p $$(dir $$@)
	$(Q)$$(CC) -std=gnu11 -O2 -g $$(WARNINGS) -I$(KUNIT_LIB_DIR) $$(filter %.c,$$^) -o $$@

$(BUILD)/host-asan/$(1): $$($(1)_SRCS)
	@mkdir -p $$(dir $$@)
	$(Q)$$(CC) -std=gnu11 $$(user-asan_CFLAGS) -g $$(WARNINGS) -I$(KUNIT_LIB_DIR) $$(filter %.c,$$^) \
		$$(user-asan_LDFLAGS) -o $$@
endef

$(foreach tool,kunit-report kunit-module kunit-lava,$(eval $(call host_tool_rules,$(tool))))

# Settings of `make run`, passed on to scripts/kunit-run.
# Only those given: an empty ARCH in the environment would break the
# kernel's own makes that the checks run.
RUN_SETTINGS := KSRC ARCH ARCHES TREES CONFIGS KUNITCONFIG FILTER KUNIT_EXTRA STOCK TIMEOUT CASE_TIMEOUT RAW \
		GUEST_SCRIPT KERNEL_ARGS JOBS STOCK_RESULTS COMPAT_RECORD KSELFTEST SUMMARY \
		FAILED JUNIT LIST CROSS_COMPILE KCONFIG_ADD ALLTESTS MAKE_OPTIONS QEMU_CONFIG \
		QEMU_ARGS FILTER_ATTR FILTER_ACTION JSON REPEAT COVERAGE
$(foreach setting,$(RUN_SETTINGS),$(if $(filter undefined,$(origin $(setting))),,$(eval export $(setting))))

run: $(HOST_TOOLS)
	$(Q)scripts/deps.sh run
	$(Q)BUILD=$(BUILD) scripts/kunit-run

# make run's kernel and kselftest target, built and not booted.
build: $(HOST_TOOLS)
	$(Q)scripts/deps.sh run
	$(Q)BUILD=$(BUILD) scripts/kunit-run build

compat: $(HOST_TOOLS)
	$(Q)scripts/deps.sh run
	$(Q)BUILD=$(BUILD) scripts/kunit-compat

# The kernel tree's own pure-logic suites, unchanged, in userspace.
tree-suites: $(HOST_TOOLS)
	$(Q)BUILD=$(BUILD) CC=$(CC) scripts/tree-suites

# The fuzz check of make check, longer and from a random seed.
FUZZ_TIME ?= 600
fuzz: deps
	$(Q)$(MAKE) --no-print-directory user-progs $(HOST_TOOLS)
	$(Q)BUILD=$(BUILD) CC=$(CC) CHECKS=68-fuzz FUZZ_TIME=$(FUZZ_TIME) FUZZ_SEED=0 \
		scripts/run-checks.sh

# make run on every architecture and kernel tree, and the table of them.
arches: $(HOST_TOOLS)
	$(Q)scripts/deps.sh run
	$(Q)BUILD=$(BUILD) scripts/arches.sh

# LAVA jobs for what the last make run built, and what lava-run needs.
lava: $(HOST_TOOLS)
	$(Q)scripts/deps.sh lava $(BUILD)/deps/lava-server
	$(Q)BUILD=$(BUILD) scripts/lava.sh

bench: deps
	$(Q)scripts/deps.sh run
	$(Q)$(MAKE) --no-print-directory $(BUILD)/user/libkunit.a $(HOST_TOOLS)
	$(Q)BUILD=$(BUILD) CC=$(CC) scripts/bench.sh

clean:
	rm -rf $(BUILD)

-include $(shell find $(addprefix $(BUILD)/,$(VARIANTS)) -name '*.d' -type f 2>/dev/null)
.SECONDARY:
