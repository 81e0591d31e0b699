// SPDX-License-Identifier: GPL-2.0
/*
 * kunit-module: in-kernel KUnit results as kselftest tests.
 *
 * Run under the name module-NAME (a link to this program), it loads the
 * KUnit test module NAME, whose suites run as it loads, collects their KTAP
 * results, prints them for kselftest, unloads the module and exits 0 when
 * every case passed, 1 when one failed, 4 when there was nothing to run.
 * Run as builtin, it reports the suites that ran built into the kernel at
 * boot; as kernel-log, it checks the kernel log and record since the last
 * of those tests (see below).  "kunit-module NAME", "kunit-module
 * --builtin" and "kunit-module --kernel-log" do the same.
 *
 * Results come from /sys/kernel/debug/kunit/<suite>/results (debugfs is
 * mounted when it is not); when the kernel keeps none there
 * (CONFIG_KUNIT_DEBUGFS off), from the kernel log, /dev/kmsg.  The exit
 * status of modprobe only tells whether the module loaded: its suites run
 * from a module notifier, and loading succeeds even when they fail.
 *
 * The program gives up waiting for a module that still loads (a case that
 * hangs holds modprobe until kunit.timeout) shortly before kselftest's own
 * timeout, which it reads from the "settings" file next to it, and reports
 * what ran so far.
 *
 * Whether something went wrong in the kernel while a module ran, the
 * kernel's own record decides, not the text of its log: its taint
 * (/proc/sys/kernel/tainted) and, where the kernel keeps them, its counts
 * of oopses and warnings (/sys/kernel/oops_count and warn_count), read
 * before the module loads and after it is unloaded.  Trouble they show
 * fails the module's test, whatever its cases said; the kernel's report
 * lines in the log are only quoted, to say what happened.  The warnings
 * that KUnit's tests expected, in their kunit_warning_suppress() blocks
 * (/sys/kernel/kunit_expected_warnings), are not trouble: where
 * the kernel counts its warnings, a warning is trouble only when the count
 * grew by more than they did.
 *
 * Each test also reads what the kernel logged, and how its record
 * changed, since the test before it ended: a work item of a module that
 * went wrong after its test was over fails the next one, and the last
 * test, kernel-log, reads on to the end of the run.  A mark file
 * (KUNIT_KMSG_MARK, ${TMPDIR:-/tmp}/kunit-kmsg.mark, "off" for none)
 * keeps, from one test to the next, the boot (its boot_id), the last log
 * record read and the record of trouble then.
 *
 * The paths it uses can be moved for tests with environment variables:
 * KUNIT_DEBUGFS, KUNIT_SYSFS_MODULE, KUNIT_KMSG, KUNIT_MODULES_DIR,
 * KUNIT_MODPROBE, KUNIT_PROC_TAINTED, KUNIT_SYSFS_KERNEL, KUNIT_PROC_CMDLINE
 * and KUNIT_BOOT_ID.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* pipe2() */
#endif
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ktap.h"

/* kselftest's default, when no settings file says otherwise. */
#define KUNIT_MODULE_DEFAULT_TIMEOUT	45
/* Seconds kept back from kselftest's timeout to report and unload. */
#define KUNIT_MODULE_MARGIN		10
/* How the kernel's KUnit says that a module's load waits for a late case. */
#define KUNIT_MODULE_LOAD_WAITS	": a case that timed out still runs: the load waits for it to return"
/* How KUnit ends the line of a case that timed out and still runs. */
#define KUNIT_MODULE_KEPT		"; its module stays loaded until it returns"
/*
 * How that line starts after the case's name: it timed out, or another
 * thread failed its assertion and the case did not return after that.
 */
#define KUNIT_MODULE_TIMED_OUT		": timed out after "
#define KUNIT_MODULE_GIVEN_UP		": an assertion failed in thread "
/* Kernel report lines quoted when the kernel's record shows trouble. */
#define KUNIT_MODULE_QUOTES		6
/*
 * Seconds a module's init function may have returned while the modprobe
 * that loads it still runs: longer, and the kernel holds the load for a
 * case that timed out.
 */
#define KUNIT_MODULE_LIVE_GRACE		3
/* modprobe's descriptors closed one by one, without close_range(), at most. */
#define KUNIT_MODULE_MAX_FDS		65536

static const char *program = "kunit-module";

/* Where things are, as the environment may move them for tests. */
static const char *debugfs_dir;		/* the debugfs mount point */
static const char *sysfs_module_dir;	/* /sys/module */
static const char *kmsg_path;		/* /dev/kmsg */
static const char *modprobe_path;	/* modprobe, found in $PATH */
static const char *rmmod_path;		/* rmmod, found in $PATH */
static const char *tainted_path;	/* /proc/sys/kernel/tainted */
static const char *sysfs_kernel_dir;	/* /sys/kernel: oops_count, warn_count */
static const char *cmdline_path;	/* /proc/cmdline */
static const char *boot_id_path;	/* /proc/sys/kernel/random/boot_id */
static char mark_path[PATH_MAX];	/* the mark file, or "" for none */
static char modules_dir[PATH_MAX];	/* /lib/modules/$(uname -r) */
static char kunit_dir[PATH_MAX];	/* <debugfs>/kunit */

static const char *env_or(const char *name, const char *fallback)
{
	const char *value = getenv(name);

	return value && *value ? value : fallback;
}

static void locate(void)
{
	struct utsname uts;

	debugfs_dir = env_or("KUNIT_DEBUGFS", "/sys/kernel/debug");
	sysfs_module_dir = env_or("KUNIT_SYSFS_MODULE", "/sys/module");
	kmsg_path = env_or("KUNIT_KMSG", "/dev/kmsg");
	modprobe_path = env_or("KUNIT_MODPROBE", "modprobe");
	rmmod_path = env_or("KUNIT_RMMOD", "rmmod");
	tainted_path = env_or("KUNIT_PROC_TAINTED", "/proc/sys/kernel/tainted");
	sysfs_kernel_dir = env_or("KUNIT_SYSFS_KERNEL", "/sys/kernel");
	cmdline_path = env_or("KUNIT_PROC_CMDLINE", "/proc/cmdline");
	boot_id_path = env_or("KUNIT_BOOT_ID", "/proc/sys/kernel/random/boot_id");
	if (getenv("KUNIT_KMSG_MARK") && *getenv("KUNIT_KMSG_MARK")) {
		if (strcmp(getenv("KUNIT_KMSG_MARK"), "off"))
			snprintf(mark_path, sizeof(mark_path), "%s", getenv("KUNIT_KMSG_MARK"));
	} else {
		snprintf(mark_path, sizeof(mark_path), "%s/kunit-kmsg.mark",
			 env_or("TMPDIR", "/tmp"));
	}
	if (getenv("KUNIT_MODULES_DIR"))
		snprintf(modules_dir, sizeof(modules_dir), "%s", getenv("KUNIT_MODULES_DIR"));
	else if (uname(&uts) == 0)
		snprintf(modules_dir, sizeof(modules_dir), "/lib/modules/%s", uts.release);
	snprintf(kunit_dir, sizeof(kunit_dir), "%s/kunit", debugfs_dir);
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Module names: "list-test" and "list_test" are the same module. */
static void module_key(char *key, size_t size, const char *name)
{
	size_t i;

	for (i = 0; name[i] && i + 1 < size; i++)
		key[i] = name[i] == '-' ? '_' : name[i];
	key[i] = '\0';
}

static bool module_loaded(const char *name)
{
	char key[NAME_MAX], path[2 * PATH_MAX];

	module_key(key, sizeof(key), name);
	snprintf(path, sizeof(path), "%s/%s", sysfs_module_dir, key);
	return is_dir(path);
}

/**
 * struct load_watch - what run_module_tool() watches while a module loads
 * @before: the suites in debugfs before the load.
 * @held: set when the kernel holds the load for a case that timed out.
 * @log: the kernel log's lines so far, read from @kmsg_fd as they come, so
 *	 that a module that logs much loses none of them.
 * @kmsg_fd: the kernel log, or -1.
 * @quotes: the kernel's report lines among them.
 * @unload: the tool unloads: only the log is read meanwhile.
 */
struct load_watch {
	char **before;
	bool unload;
	bool held;
	struct ktap_run *log;
	int kmsg_fd;
	struct report_quotes *quotes;
};

/* What reading the kernel log found. */
struct kmsg_read {
	bool readable;	/* it could be read */
	bool complete;	/* from its first record on, nothing lost */
	long long first_seq;	/* the first record's sequence number, or -1 */
	long long taken_seq;	/* the last record the run took (see run_takes_lines()), or -1 */
};

/*
 * Whether @run takes more lines: one that stops after its first documents
 * (&ktap_run.max_documents, builtin's) ignores what comes after them.
 */
static bool run_takes_lines(const struct ktap_run *run)
{
	return !run->max_documents || run->num_documents < run->max_documents || run->depth;
}

/* Records up to this sequence number are skipped: read before (or -1). */
static long long kmsg_skip_through = -1;
/* The sequence number of the last record read, by any reader, or -1. */
static long long kmsg_last_seq = -1;

static struct kmsg_read read_kmsg_lines(struct ktap_run *run, int fd,
					struct report_quotes *quotes);

static bool late_case_reported(char **before);
static bool kernel_said_load_waits(const struct report_quotes *quotes);

/* The first line of the file at @path, without its newline, in @line. */
static bool read_first_line(const char *path, char *line, size_t size)
{
	FILE *file = fopen(path, "re");
	bool got;

	if (!file)
		return false;
	got = fgets(line, size, file);
	fclose(file);
	if (got)
		line[strcspn(line, "\n")] = '\0';
	return got;
}

/* Where a module's init function is, as /sys/module/NAME/initstate says. */
enum module_init_state {
	MODULE_INIT_RUNNING,	/* not returned yet, or no module */
	MODULE_INIT_LIVE,	/* returned 0 */
	MODULE_INIT_GOING,	/* failed: the module is being freed */
};

static enum module_init_state module_init_state(const char *name)
{
	char key[NAME_MAX], path[2 * PATH_MAX], state[16] = "";

	module_key(key, sizeof(key), name);
	snprintf(path, sizeof(path), "%s/%s/initstate", sysfs_module_dir, key);
	if (!read_first_line(path, state, sizeof(state)))
		return MODULE_INIT_RUNNING;
	if (!strcmp(state, "live"))
		return MODULE_INIT_LIVE;
	return strcmp(state, "going") ? MODULE_INIT_RUNNING : MODULE_INIT_GOING;
}

/*
 * In modprobe's child, before exec: closes every descriptor above stderr,
 * the wrapper's own and whatever its caller left open.  A pipe that
 * modprobe, or a module helper it starts, held open would keep a reader
 * waiting for an end that never comes, and the kernel log is none of
 * their business.  close_range() does it at once where the kernel has it
 * (5.9 on); else each descriptor is closed up to the limit, capped.
 */
static void close_other_fds(void)
{
	long max;
	int fd;

#ifdef SYS_close_range
	if (!syscall(SYS_close_range, 3U, ~0U, 0U))
		return;
#endif
	max = sysconf(_SC_OPEN_MAX);
	if (max < 0 || max > KUNIT_MODULE_MAX_FDS)
		max = KUNIT_MODULE_MAX_FDS;
	for (fd = 3; fd < max; fd++)
		close(fd);
}

/*
 * Runs "@tool [@option] @module" (modprobe or rmmod), its output going to
 * @output (NUL-terminated, cut to @size), for at most @timeout seconds.
 * Returns its exit status, 128 + the signal that killed it, or -1 if it
 * could not run; sets @timed_out and leaves it running when it did not
 * finish in time.  With @watch, a load: sets @watch->held and leaves
 * modprobe running when the module's init function returned
 * KUNIT_MODULE_LIVE_GRACE seconds ago and modprobe has not, and either the
 * function failed, or the kernel log said that the load waits, or a new
 * suite (not in @watch->before) has a case that timed out: the kernel
 * keeps the module's init memory, or the module itself, and the load,
 * for a case that still runs.  A load slow for another reason (a driver's
 * asynchronous probe) is waited for.
 */
static int run_module_tool(const char *tool, const char *option, const char *module,
			   char *output, size_t size, double timeout, bool *timed_out,
			   struct load_watch *watch)
{
	double deadline = now_seconds() + timeout, live_since = 0;
	enum module_init_state state;
	const char *argv[4];
	size_t argc = 0, len = 0;
	int pipefd[2], status;
	ssize_t got;
	pid_t pid;

	*timed_out = false;
	if (watch)
		watch->held = false;
	output[0] = '\0';
	argv[argc++] = tool;
	if (option)
		argv[argc++] = option;
	argv[argc++] = module;
	argv[argc] = NULL;

	if (pipe2(pipefd, O_CLOEXEC))
		return -1;
	pid = fork();
	if (pid < 0) {
		close(pipefd[0]);
		close(pipefd[1]);
		return -1;
	}
	if (pid == 0) {
		dup2(pipefd[1], STDOUT_FILENO);
		dup2(pipefd[1], STDERR_FILENO);
		close_other_fds();
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "cannot run %s: %s", argv[0], strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	fcntl(pipefd[0], F_SETFL, O_NONBLOCK);

	for (;;) {
		pid_t done = waitpid(pid, &status, WNOHANG);

		while ((got = read(pipefd[0], output + len, size - 1 - len)) > 0)
			len += got;
		output[len] = '\0';
		if (done == pid)
			break;
		if (done < 0 && errno != EINTR) {
			close(pipefd[0]);
			return -1;
		}
		if (now_seconds() >= deadline) {
			*timed_out = true;
			close(pipefd[0]);
			return -1;
		}
		if (watch && watch->kmsg_fd >= 0)
			read_kmsg_lines(watch->log, watch->kmsg_fd, watch->quotes);
		state = watch && !watch->unload ? module_init_state(module) : MODULE_INIT_RUNNING;
		if (state == MODULE_INIT_RUNNING) {
			live_since = 0;
		} else if (!live_since) {
			live_since = now_seconds();
		} else if (now_seconds() - live_since >= KUNIT_MODULE_LIVE_GRACE) {
			if (state == MODULE_INIT_GOING || kernel_said_load_waits(watch->quotes) ||
			    late_case_reported(watch->before)) {
				watch->held = true;
				close(pipefd[0]);
				return -1;
			}
			/* Look again in a second. */
			live_since += 1;
		}
		usleep(20000);
	}
	close(pipefd[0]);
	/* One line is enough, without its newline. */
	output[strcspn(output, "\n")] = '\0';
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* Whether modules.dep lists a module called @name, under any extension. */
static bool module_installed(const char *name)
{
	char path[2 * PATH_MAX], key[NAME_MAX], entry_key[NAME_MAX];
	char *line = NULL, *base, *end;
	bool found = false;
	size_t size = 0;
	FILE *dep;

	snprintf(path, sizeof(path), "%s/modules.dep", modules_dir);
	dep = fopen(path, "re");
	if (!dep)
		return false;
	module_key(key, sizeof(key), name);
	while (!found && getline(&line, &size, dep) >= 0) {
		end = strchr(line, ':');
		if (!end)
			continue;
		*end = '\0';
		base = strrchr(line, '/');
		base = base ? base + 1 : line;
		end = strstr(base, ".ko");
		if (end)
			*end = '\0';
		module_key(entry_key, sizeof(entry_key), base);
		found = !strcmp(key, entry_key);
	}
	free(line);
	fclose(dep);
	return found;
}

/* The names of the suites in <debugfs>/kunit, sorted; NULL-terminated. */
static char **list_suites(void)
{
	struct dirent **entries;
	char **names;
	int count, i, kept = 0;

	count = scandir(kunit_dir, &entries, NULL, alphasort);
	if (count < 0)
		count = 0;
	names = calloc(count + 1, sizeof(*names));
	for (i = 0; i < count; i++) {
		if (names && entries[i]->d_name[0] != '.')
			names[kept++] = strdup(entries[i]->d_name);
		free(entries[i]);
	}
	if (count)
		free(entries);
	return names;
}

static bool listed(char **names, const char *name)
{
	for (; names && *names; names++)
		if (!strcmp(*names, name))
			return true;
	return false;
}

static void free_list(char **names)
{
	char **p;

	for (p = names; p && *p; p++)
		free(*p);
	free(names);
}

/*
 * Reads the results of the suites in @suites but not in @before into @run.
 * Returns how many suites had results.
 */
static int read_debugfs_results(struct ktap_run *run, char **suites, char **before)
{
	char path[2 * PATH_MAX];
	int read_suites = 0;
	char **name;
	FILE *file;
	long start;

	for (name = suites; name && *name; name++) {
		if (listed(before, *name))
			continue;
		snprintf(path, sizeof(path), "%s/%s/results", kunit_dir, *name);
		file = fopen(path, "re");
		if (!file)
			continue;
		start = run->num_suites;
		if (ktap_read_file(run, file) == 0)
			ktap_run_finish(run);
		fclose(file);
		/* Empty: the suite did not run, kunit.filter_glob left it out. */
		if ((long)run->num_suites > start)
			read_suites++;
	}
	return read_suites;
}

/*
 * The taint flags that say something went wrong in the kernel.  B, a bad
 * page or a memory checker's report, only where no case runs (a module's
 * unload): KASAN's own KUnit suites set it with every report they expect,
 * and KASAN fails a case itself on a report it did not expect.  Not the
 * others (N, a test ran; O, E, an out-of-tree or unsigned module; ...):
 * they say what ran, not that anything went wrong.
 */
#define TAINT_BIT_WARN	9

static const struct {
	unsigned int bit;
	char letter;
	const char *what;
	bool outside_cases_only;
} trouble_taints[] = {
	{ 4, 'M', "a machine check" },
	{ 7, 'D', "a task died" },
	{ TAINT_BIT_WARN, 'W', "a warning" },
	{ 14, 'L', "a soft lockup" },
	{ 5, 'B', "a bad page or a memory checker's report", true },
};

/*
 * The kernel's counters in <sysfs_kernel_dir>, which 6.2 added (and 6.1.y),
 * and KUnit's count of the warnings its tests expected there too.
 */
enum { COUNT_OOPS, COUNT_WARN, COUNT_EXPECTED };
static const char * const kernel_counters[] = {
	"oops_count", "warn_count", "kunit_expected_warnings"
};

/**
 * struct kernel_record - the kernel's own record of trouble
 * @taint: the taint flags, as /proc/sys/kernel/tainted has them.
 * @count: each of kernel_counters[], as the kernel keeps it.
 * @has_count: whether the kernel has that counter: older ones have none.
 */
struct kernel_record {
	unsigned long long taint;
	unsigned long long count[ARRAY_SIZE(kernel_counters)];
	bool has_count[ARRAY_SIZE(kernel_counters)];
};

/*
 * Reads into @value the unsigned decimal number that @path holds, alone
 * on its line.  Returns 0, or a negative errno: -EINVAL when it holds
 * something else.
 */
static int read_number_file(const char *path, unsigned long long *value)
{
	char text[64], *end;
	ssize_t len;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = read(fd, text, sizeof(text) - 1);
	err = errno;
	close(fd);
	if (len < 0)
		return -err;
	text[len] = '\0';
	if (!isdigit((unsigned char)text[0]))
		return -EINVAL;
	errno = 0;
	*value = strtoull(text, &end, 10);
	if (errno)
		return -errno;
	if (*end && strcmp(end, "\n"))
		return -EINVAL;
	return 0;
}

static const char *number_file_error(int err)
{
	return err == -EINVAL ? "it holds no number" : strerror(-err);
}

/*
 * Reads the kernel's record into @record.  Returns true, or false with
 * the reason in @why: what cannot be read cannot tell that nothing went
 * wrong.  A counter the kernel does not have is left out.
 */
static bool read_kernel_record(struct kernel_record *record, char *why, size_t size)
{
	char path[PATH_MAX + 32];
	size_t i;
	int err;

	memset(record, 0, sizeof(*record));
	err = read_number_file(tainted_path, &record->taint);
	if (err) {
		snprintf(why, size, "cannot read the kernel's taint (%s): %s", tainted_path,
			 number_file_error(err));
		return false;
	}
	for (i = 0; i < ARRAY_SIZE(kernel_counters); i++) {
		snprintf(path, sizeof(path), "%s/%s", sysfs_kernel_dir, kernel_counters[i]);
		err = read_number_file(path, &record->count[i]);
		if (err == -ENOENT)
			continue;
		if (err) {
			snprintf(why, size, "cannot read the kernel's %s (%s): %s",
				 kernel_counters[i], path, number_file_error(err));
			return false;
		}
		record->has_count[i] = true;
	}
	return true;
}

/* Appends to @text, cut to @size, a part of a sentence, after "; " if need be. */
static void add_part(char *text, size_t size, const char *fmt, ...)
{
	size_t len = strlen(text);
	va_list args;

	if (len && len + 2 < size) {
		memcpy(text + len, "; ", sizeof("; "));
		len += 2;
	}
	va_start(args, fmt);
	vsnprintf(text + len, size - len, fmt, args);
	va_end(args);
}

/* Appends the trouble flags of @taint to @text: "D (a task died), W (a warning)". */
static void add_taints(char *text, size_t size, unsigned long long taint)
{
	size_t i, len;
	bool first = true;

	for (i = 0; i < ARRAY_SIZE(trouble_taints); i++) {
		if (!(taint & (1ULL << trouble_taints[i].bit)))
			continue;
		len = strlen(text);
		snprintf(text + len, size - len, "%s%c (%s)", first ? "" : ", ",
			 trouble_taints[i].letter, trouble_taints[i].what);
		first = false;
	}
}

/* The trouble flags of a window in which cases ran (@with_cases) or none. */
static unsigned long long trouble_mask(bool with_cases)
{
	unsigned long long mask = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(trouble_taints); i++)
		if (!with_cases || !trouble_taints[i].outside_cases_only)
			mask |= 1ULL << trouble_taints[i].bit;
	return mask;
}

/*
 * How many warnings KUnit's tests expected from @before to @after: none
 * where KUnit's count cannot be read at the end (kunit.ko gone, where its
 * hooks are its own), all of its count where it could not at the start
 * (kunit.ko loaded meanwhile).
 */
static unsigned long long expected_between(const struct kernel_record *before,
					   const struct kernel_record *after)
{
	if (!after->has_count[COUNT_EXPECTED])
		return 0;
	if (!before || !before->has_count[COUNT_EXPECTED] ||
	    before->count[COUNT_EXPECTED] > after->count[COUNT_EXPECTED])
		return after->count[COUNT_EXPECTED];
	return after->count[COUNT_EXPECTED] - before->count[COUNT_EXPECTED];
}

/*
 * Whether the W taint flag and the warning count from @before (NULL: since
 * boot) to @after may be trouble: unless KUnit's tests expected warnings
 * then, and the kernel counted no more than they expected.  Where the
 * kernel does not count its warnings, the W taint flag alone tells; and
 * with none expected, W alone is trouble (the kernel taints W for reports
 * it does not count, as sleeping in atomic context).
 */
static bool unexpected_warnings(const struct kernel_record *before,
				const struct kernel_record *after)
{
	unsigned long long given, expected = expected_between(before, after);

	if (!after->has_count[COUNT_WARN] || !expected)
		return true;
	given = after->count[COUNT_WARN];
	if (before && before->has_count[COUNT_WARN])
		given -= before->count[COUNT_WARN];
	return given > expected;
}

/* Appends a warning count to @text: "warn_count 0 -> 2 (1 of them expected)". */
static void add_warn_count(char *text, size_t size, const struct kernel_record *before,
			   const struct kernel_record *after)
{
	unsigned long long expected = expected_between(before, after);
	char note[64] = "";

	if (expected)
		snprintf(note, sizeof(note), " (%llu of them expected)", expected);
	if (before)
		add_part(text, size, "warn_count %llu -> %llu%s", before->count[COUNT_WARN],
			 after->count[COUNT_WARN], note);
	else
		add_part(text, size, "warn_count %llu%s", after->count[COUNT_WARN], note);
}

/*
 * What the kernel's record gained from @before to @after, in @text: "taint
 * gained D (a task died); oops_count 0 -> 1", of the taint flags in @mask.
 * A warning the tests expected is not gained trouble.  Returns whether it
 * gained anything.
 */
static bool record_gained(const struct kernel_record *before, const struct kernel_record *after,
			  unsigned long long mask, char *text, size_t size)
{
	unsigned long long gained = after->taint & ~before->taint & mask;
	bool unexpected = unexpected_warnings(before, after);

	text[0] = '\0';
	if (!unexpected)
		gained &= ~(1ULL << TAINT_BIT_WARN);
	if (gained) {
		add_part(text, size, "taint gained ");
		add_taints(text, size, gained);
	}
	if (before->has_count[COUNT_OOPS] && after->has_count[COUNT_OOPS] &&
	    after->count[COUNT_OOPS] > before->count[COUNT_OOPS])
		add_part(text, size, "oops_count %llu -> %llu", before->count[COUNT_OOPS],
			 after->count[COUNT_OOPS]);
	if (unexpected && before->has_count[COUNT_WARN] && after->has_count[COUNT_WARN] &&
	    after->count[COUNT_WARN] > before->count[COUNT_WARN])
		add_warn_count(text, size, before, after);
	return text[0];
}

/*
 * What trouble the kernel's record shows since boot, in @text: "taint D (a
 * task died); warn_count 2".  Returns whether it shows any.
 */
static bool record_trouble(const struct kernel_record *record, char *text, size_t size)
{
	unsigned long long trouble = record->taint & trouble_mask(true);
	bool unexpected = unexpected_warnings(NULL, record);

	text[0] = '\0';
	if (!unexpected)
		trouble &= ~(1ULL << TAINT_BIT_WARN);
	if (trouble) {
		add_part(text, size, "taint ");
		add_taints(text, size, trouble);
	}
	if (record->has_count[COUNT_OOPS] && record->count[COUNT_OOPS])
		add_part(text, size, "oops_count %llu", record->count[COUNT_OOPS]);
	if (unexpected && record->has_count[COUNT_WARN] && record->count[COUNT_WARN])
		add_warn_count(text, size, NULL, record);
	return text[0];
}

/**
 * struct report_quotes - the kernel's report lines, to quote
 * @line: the first KUNIT_MODULE_QUOTES report lines read, each cut short.
 * @count: how many @line holds.
 * @more: how many more there were.
 * @unreadable: the kernel log could not be read.
 * @lost: records of it were overwritten before they were read.
 * @load_waits: KUnit said that a module's load waits for a late case.
 */
struct report_quotes {
	char line[KUNIT_MODULE_QUOTES][256];
	size_t count;
	size_t more;
	bool unreadable;
	bool lost;
	bool load_waits;
};

/* Whether the kernel log read into @quotes said that a load waits. */
static bool kernel_said_load_waits(const struct report_quotes *quotes)
{
	return quotes && quotes->load_waits;
}

/* Keeps @text for @quotes if it is the first line of a kernel report. */
static void quote_report(struct report_quotes *quotes, const char *text)
{
	if (!quotes || !ktap_is_kernel_report(text))
		return;
	if (quotes->count == KUNIT_MODULE_QUOTES) {
		quotes->more++;
		return;
	}
	snprintf(quotes->line[quotes->count++], sizeof(quotes->line[0]), "%s", text);
}

/*
 * Prints @quotes after a verdict that the kernel's record gave: they say
 * why, they do not decide.
 */
static void print_quotes(const struct report_quotes *quotes)
{
	size_t i;

	for (i = 0; i < quotes->count; i++)
		printf("# %s: | %s\n", program, quotes->line[i]);
	if (quotes->more)
		printf("# %s: (%zu more report lines: see dmesg)\n", program, quotes->more);
	if (quotes->unreadable)
		printf("# %s: (the kernel log, %s, cannot be read: see dmesg)\n", program,
		       kmsg_path);
	else if (!quotes->count)
		printf("# %s: (the kernel log shows no report line: see dmesg)\n", program);
}

/* Opens the kernel log, at its end or at its start. */
static int open_kmsg(bool at_end)
{
	int fd = open(kmsg_path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0 && at_end)
		lseek(fd, 0, SEEK_END);
	return fd;
}

/*
 * Reads the kernel log records still unread on @fd into @run, if not
 * NULL, and keeps the kernel's report lines among them in @quotes, if not
 * NULL.  A record is "level,seq,time,flags;text", possibly followed by
 * " KEY=value" lines.  The log holds the boot's messages when its first
 * record has sequence number 0; reading from the start finds later ones
 * when they were overwritten, and EPIPE says that records were lost while
 * reading.
 */
static struct kmsg_read read_kmsg_lines(struct ktap_run *run, int fd,
					struct report_quotes *quotes)
{
	struct kmsg_read got = { .readable = fd >= 0, .complete = fd >= 0, .first_seq = -1,
				 .taken_seq = -1 };
	unsigned long long seq;
	bool numbered;
	char record[8192];
	char *line, *next, *text;
	bool first = true;
	ssize_t len;

	while (fd >= 0) {
		len = read(fd, record, sizeof(record) - 1);
		if (len < 0 && errno == EPIPE) {
			/* Records were overwritten before this reader got them. */
			got.complete = false;
			if (quotes)
				quotes->lost = true;
			continue;
		}
		if (len < 0 && errno != EAGAIN && first) {
			got.readable = false;
			got.complete = false;
		}
		if (len <= 0)
			break;
		record[len] = '\0';
		/* One record per read from /dev/kmsg; a copy in a file has many. */
		for (line = record; line && *line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			text = strchr(line, ';');
			if (line[0] == ' ' || !text)
				continue;
			numbered = sscanf(line, "%*u,%llu,", &seq) == 1 && seq <= LLONG_MAX;
			if (numbered && kmsg_skip_through >= 0 &&
			    (long long)seq <= kmsg_skip_through)
				continue;
			if (first && (!numbered || seq))
				got.complete = false;
			if (first && numbered)
				got.first_seq = seq;
			if (numbered)
				kmsg_last_seq = seq;
			first = false;
			quote_report(quotes, text + 1);
			/* KUnit's own word that a load waits for a late case. */
			if (quotes && !strncmp(text + 1, "kunit: ", 7) &&
			    strstr(text + 1, KUNIT_MODULE_LOAD_WAITS))
				quotes->load_waits = true;
			if (run && run_takes_lines(run)) {
				ktap_read_line(run, text + 1);
				if (numbered)
					got.taken_seq = seq;
			}
		}
	}
	if (quotes && !got.readable)
		quotes->unreadable = true;
	return got;
}

/* As read_kmsg_lines(), then ends @run: what it holds is all it gets. */
static struct kmsg_read read_kmsg_results(struct ktap_run *run, int fd,
					  struct report_quotes *quotes)
{
	struct kmsg_read got = read_kmsg_lines(run, fd, quotes);

	if (run)
		ktap_run_finish(run);
	return got;
}

/* Whether @run has a suite called @name. */
static bool has_suite(const struct ktap_run *run, const char *name)
{
	size_t i;

	for (i = 0; i < run->num_suites; i++)
		if (!strcmp(run->suites[i]->name, name))
			return true;
	return false;
}

/*
 * Whether a suite of @from_debugfs failed in the log, @from_log, where
 * debugfs, which keeps the last run only, says it did not: it ran again.
 */
static bool earlier_run_failed(const struct ktap_run *from_log,
			       const struct ktap_run *from_debugfs)
{
	size_t i, j;

	for (i = 0; i < from_log->num_suites; i++) {
		if (from_log->suites[i]->result != KTAP_FAIL)
			continue;
		for (j = 0; j < from_debugfs->num_suites; j++)
			if (!strcmp(from_debugfs->suites[j]->name, from_log->suites[i]->name) &&
			    from_debugfs->suites[j]->result != KTAP_FAIL)
				return true;
	}
	return false;
}

/* Whether every suite the log has, debugfs gave results for, in @from_debugfs. */
static bool all_in_debugfs(const struct ktap_run *from_log, const struct ktap_run *from_debugfs)
{
	size_t i;

	for (i = 0; i < from_log->num_suites; i++)
		if (from_log->suites[i]->result != KTAP_MISSING &&
		    !has_suite(from_debugfs, from_log->suites[i]->name))
			return false;
	return true;
}

/* How many names of @now are not in @before. */
static int count_new(char **now, char **before)
{
	int count = 0;

	for (; now && *now; now++)
		count += !listed(before, *now);
	return count;
}

/*
 * Mounts debugfs if KUnit's directory is not there yet: on many systems
 * debugfs is not mounted until someone asks.
 */
static void ensure_debugfs(void)
{
	/* Tests that move debugfs elsewhere do not want it mounted there. */
	if (is_dir(kunit_dir) || getenv("KUNIT_DEBUGFS"))
		return;
	if (mount("debugfs", debugfs_dir, "debugfs", 0, NULL) && errno != EBUSY)
		printf("# %s: cannot mount debugfs on %s: %s; reading the kernel log instead\n",
		       program, debugfs_dir, strerror(errno));
}

/* Whether the running kernel has KUnit, loading kunit.ko if it must. */
static bool have_kunit(double timeout)
{
	char output[256];
	bool timed_out;

	if (module_loaded("kunit"))
		return true;
	run_module_tool(modprobe_path, "-q", "kunit", output, sizeof(output), timeout, &timed_out,
			NULL);
	return module_loaded("kunit");
}

/* The exit status for @run, from the reading rule, and a summary line. */
static int report(const struct ktap_run *run, const char *what)
{
	struct ktap_counts counts = { 0 };
	enum ktap_result verdict = ktap_run_verdict(run);

	ktap_count_run(&counts, run);
	ktap_write_kselftest(run, stdout);
	printf("# %s: %zu suites, %lu passed, %lu failed, %lu skipped\n", what,
	       run->num_suites, counts.passed, counts.failed, counts.skipped);
	return ktap_exit_code(verdict);
}

/* A failure before any result could be read. */
static int fail(const char *fmt, const char *arg)
{
	printf("# %s: ", program);
	printf(fmt, arg);
	printf("\n");
	return KSFT_FAIL;
}

static int skip(const char *fmt, const char *arg)
{
	printf("1..0 # SKIP ");
	printf(fmt, arg);
	printf("\n");
	return KSFT_SKIP;
}

/*
 * A module that cannot run here is skipped, as kselftest does on a system
 * that may lack it, unless KUNIT_MODULES_REQUIRED=1 says that whoever runs
 * the wrapper installed it (make run's guest): then it failed.
 */
static int cannot_run(const char *fmt, const char *arg)
{
	const char *required = getenv("KUNIT_MODULES_REQUIRED");

	if (required && !strcmp(required, "1"))
		return fail(fmt, arg);
	return skip(fmt, arg);
}

/*
 * Whether the running kernel has KUnit built in: then /sys/module/kunit
 * has no initstate, which only loadable modules have.
 */
static bool kunit_built_in(void)
{
	char path[PATH_MAX + 32];
	struct stat st;

	snprintf(path, sizeof(path), "%s/kunit/initstate", sysfs_module_dir);
	return module_loaded("kunit") && stat(path, &st) != 0;
}

/**
 * struct kmsg_mark - where the last test of this boot left the kernel log
 * @seq: the sequence number of the last log record it read.
 * @record: the kernel's record of trouble as it ended.
 * @test: its name: "builtin", "module-NAME".
 */
struct kmsg_mark {
	long long seq;
	struct kernel_record record;
	char test[NAME_MAX + 1];
};

/* This boot's id, which a mark of another boot does not have. */
static bool read_boot_id(char *id, size_t size)
{
	return read_first_line(boot_id_path, id, size) && *id && !strchr(id, ' ');
}

/* Reads the mark of the last test of this boot into @mark, if there is one. */
static bool read_mark(struct kmsg_mark *mark)
{
	char boot[64], marked[64];
	bool ok;
	FILE *file;
	size_t i;
	int has;

	memset(mark, 0, sizeof(*mark));
	if (!*mark_path || !read_boot_id(boot, sizeof(boot)))
		return false;
	file = fopen(mark_path, "re");
	if (!file)
		return false;
	ok = fscanf(file, "%63s %lld %llu", marked, &mark->seq, &mark->record.taint) == 3;
	for (i = 0; ok && i < ARRAY_SIZE(kernel_counters); i++) {
		ok = fscanf(file, " %d %llu", &has, &mark->record.count[i]) == 2;
		mark->record.has_count[i] = has;
	}
	ok = ok && fscanf(file, " %255s", mark->test) == 1;
	fclose(file);
	return ok && mark->seq >= 0 && !strcmp(boot, marked);
}

/*
 * Leaves the mark for the next test: this boot, the last log record read
 * and @record, the kernel's record of trouble when it was last read, or
 * NULL when it could not be: then no mark, so that the next test reads
 * no log that this one read already.  Returns false, having said why,
 * when the mark could not be written: the time until the next test would
 * go unread, which fails the test, as any source that cannot be written.
 */
static bool write_mark(const struct kernel_record *record)
{
	char boot[64], temp[PATH_MAX + 16];
	FILE *file = NULL;
	bool ok;
	size_t i;

	if (!*mark_path)
		return true;
	ok = record && kmsg_last_seq >= 0 && read_boot_id(boot, sizeof(boot));
	if (ok) {
		snprintf(temp, sizeof(temp), "%s.%d", mark_path, (int)getpid());
		file = fopen(temp, "we");
		ok = file && fprintf(file, "%s %lld %llu", boot, kmsg_last_seq, record->taint) > 0;
	}
	for (i = 0; ok && i < ARRAY_SIZE(kernel_counters); i++)
		ok = fprintf(file, " %d %llu", record->has_count[i], record->count[i]) > 0;
	if (ok)
		ok = fprintf(file, " %s\n", program) > 0;
	if (file && fclose(file))
		ok = false;
	if (ok && !rename(temp, mark_path))
		return true;
	if (file)
		unlink(temp);
	if (unlink(mark_path) && errno != ENOENT) {
		printf("# %s: cannot remove %s: the next test would read the kernel log from an older place\n",
		       program, mark_path);
		return false;
	}
	/* No record or no log: said already, and failed, by the caller. */
	if (!record || kmsg_last_seq < 0)
		return true;
	printf("# %s: cannot keep the kernel log's place in %s (KUNIT_KMSG_MARK moves it): what the kernel logs before the next test would go unread\n",
	       program, mark_path);
	return false;
}

/*
 * Reads on @fd, from the record after @mark's, what the kernel logged
 * since the test before this one ended, as a console where no suite runs,
 * and compares @now, the kernel's record (NULL if it could not be read),
 * with the mark's.  Returns false, having said why, when a report, lost
 * records, new trouble or, if @ktap_fails, KTAP show that something went
 * wrong meanwhile: between two tests, no suite runs.
 */
static bool gap_clean(const struct kmsg_mark *mark, int fd, const struct kernel_record *now,
		      bool ktap_fails)
{
	struct report_quotes quotes = { 0 };
	struct kmsg_read got;
	struct ktap_run gap;
	char gained[512];
	bool clean = true;
	size_t i;

	ktap_run_init(&gap);
	/* Nothing newer read yet: the next test reads on from the same place. */
	if (kmsg_last_seq < mark->seq)
		kmsg_last_seq = mark->seq;
	kmsg_skip_through = mark->seq;
	got = read_kmsg_results(&gap, fd, &quotes);
	kmsg_skip_through = -1;
	for (i = 0; i < gap.errors.count; i++) {
		printf("# %s: after %s ended, %s\n", program, mark->test, gap.errors.line[i]);
		clean = false;
	}
	if (ktap_fails && gap.num_documents) {
		printf("# %s: after %s ended, the kernel log had KTAP output, which no test printed\n",
		       program, mark->test);
		clean = false;
	}
	if (!got.readable) {
		printf("# %s: the kernel log, %s, cannot be read: what the kernel logged after %s ended would not be seen\n",
		       program, kmsg_path, mark->test);
		clean = false;
	} else if (quotes.lost || got.first_seq > mark->seq + 1) {
		printf("# %s: the kernel log lost records after %s ended (its buffer overflowed): a report among them would not be seen\n",
		       program, mark->test);
		clean = false;
	}
	if (now && record_gained(&mark->record, now, trouble_mask(false), gained, sizeof(gained))) {
		printf("# %s: the kernel's record changed after %s ended: %s\n", program, mark->test,
		       gained);
		print_quotes(&quotes);
		clean = false;
	}
	ktap_run_free(&gap);
	return clean;
}

/*
 * The first test of a run: leaves the mark at the kernel log's end, with
 * the kernel's record now (read here when @record is NULL), so that the
 * next test reads on from here.  What was logged before is not a test's.
 * Returns as write_mark().
 */
static bool mark_start(const struct kernel_record *record)
{
	struct kernel_record now;
	char why[PATH_MAX + 128];
	int fd;

	if (!record && read_kernel_record(&now, why, sizeof(why)))
		record = &now;
	fd = open_kmsg(false);
	read_kmsg_lines(NULL, fd, NULL);
	if (fd >= 0)
		close(fd);
	return write_mark(record);
}

/*
 * builtin reads the boot's first KTAP document (@run, read as @got says)
 * and leaves the rest to no test: reads it now, from the record after the
 * document's last, like the time between two tests, and compares the
 * kernel's @record (from before the log was read) with the record now.
 * Then leaves the mark for the next test.  Returns false, having said
 * why, when something went wrong there.
 */
static bool builtin_after_clean(const struct ktap_run *run, const struct kmsg_read *got,
				const struct kernel_record *record)
{
	struct kmsg_mark after = { .seq = got->taken_seq };
	struct kernel_record now;
	char why[PATH_MAX + 128];
	bool clean, have_now;
	int fd;

	/* No document, or a log that does not hold the boot: the run starts here. */
	if (!run->num_documents || !got->complete || got->taken_seq < 0 || !record)
		return mark_start(record);
	after.record = *record;
	snprintf(after.test, sizeof(after.test), "the built-in suites");
	have_now = read_kernel_record(&now, why, sizeof(why));
	fd = open_kmsg(false);
	/* Later KTAP is a module's, loaded before this run (or by an earlier one). */
	clean = gap_clean(&after, fd, have_now ? &now : NULL, false);
	if (fd >= 0)
		close(fd);
	return write_mark(have_now ? &now : NULL) && clean;
}

/*
 * The built-in suites are the first KTAP document of the kernel log, when
 * the log still holds the boot; later documents are modules'.  Otherwise,
 * every suite in debugfs is reported, and the output says so.  They ran
 * at boot, before anything could read the kernel's record: trouble in it
 * since boot fails them, the log's report lines telling what it was.
 */
static int run_builtin(void)
{
	struct report_quotes quotes = { 0 };
	struct kernel_record record;
	char trouble[PATH_MAX + 128];
	struct kmsg_read got;
	struct ktap_run run;
	bool have_record, after_clean;
	char **suites;
	int status, fd;

	if (geteuid() != 0)
		return skip("%s needs root to read KUnit's results", "builtin");
	if (!kunit_built_in()) {
		if (!mark_start(NULL))
			return KSFT_FAIL;
		return skip("%s: the running kernel has no built-in KUnit", "builtin");
	}
	ensure_debugfs();

	/* Before the log: a report that made the record is in the log by then. */
	have_record = read_kernel_record(&record, trouble, sizeof(trouble));
	ktap_run_init(&run);
	run.max_documents = 1;
	fd = open_kmsg(false);
	got = read_kmsg_results(&run, fd, &quotes);
	if (fd >= 0)
		close(fd);
	after_clean = builtin_after_clean(&run, &got, have_record ? &record : NULL);
	if (!got.complete) {
		ktap_run_free(&run);
		ktap_run_init(&run);
		suites = list_suites();
		read_debugfs_results(&run, suites, NULL);
		free_list(suites);
		if (!is_dir(kunit_dir))
			return fail("cannot read the built-in suites' results: %s is missing, and the kernel log no longer holds the boot or cannot be read",
				    kunit_dir);
		printf("# %s: the kernel log %s: reporting every suite in %s, a loaded module's too\n",
		       program, got.readable ? "no longer holds the boot" : "cannot be read",
		       kunit_dir);
	}
	if (!run.num_suites) {
		ktap_run_free(&run);
		/* Nothing to report, but what was read still went wrong. */
		if (!after_clean)
			return KSFT_FAIL;
		return skip("%s: no KUnit suite ran built into this kernel", "builtin");
	}
	status = report(&run, "built-in suites");
	ktap_run_free(&run);
	if (!after_clean)
		status = KSFT_FAIL;
	if (!have_record) {
		printf("# %s: %s\n", program, trouble);
		status = KSFT_FAIL;
	} else if (record_trouble(&record, trouble, sizeof(trouble))) {
		printf("# %s: the kernel's record shows trouble since boot: %s\n", program,
		       trouble);
		print_quotes(&quotes);
		status = KSFT_FAIL;
	}
	return status;
}

/*
 * The last test of a run, kernel-log: reads what the kernel logged, and
 * how its record changed, from where the last KUnit test of this boot
 * left off to now (a work item that went wrong after the last module's
 * test, say), and takes the mark away.  Skipped when no test left one.
 */
static int run_kernel_log(void)
{
	struct kernel_record now;
	struct kmsg_mark mark;
	char why[PATH_MAX + 128];
	bool clean, have_now;
	int fd;

	if (geteuid() != 0)
		return skip("%s needs root to read the kernel log", "kernel-log");
	if (!read_mark(&mark))
		return skip("%s: no KUnit test of this boot left its place in the kernel log",
			    "kernel-log");
	have_now = read_kernel_record(&now, why, sizeof(why));
	fd = open_kmsg(false);
	clean = gap_clean(&mark, fd, have_now ? &now : NULL, true);
	if (fd >= 0)
		close(fd);
	if (unlink(mark_path) && errno != ENOENT)
		printf("# %s: cannot remove %s\n", program, mark_path);
	if (!have_now) {
		printf("# %s: %s\n", program, why);
		clean = false;
	}
	if (clean)
		printf("# %s: the kernel logged no trouble, and its record shows none, since %s ended\n",
		       program, mark.test);
	return clean ? KSFT_PASS : KSFT_FAIL;
}

/*
 * Reads the results of a module that loaded: from the debugfs directories
 * that appeared (@after but not @before), unless the kernel log, read on
 * @fd, has a suite that debugfs gave no results for (a suite of the same
 * name was there before, or its results are empty): then the log has them
 * all, unless it lost records.  Sets @no_source when neither could be
 * read.  Keeps the kernel's report lines in @quotes.
 */
static void read_module_results(struct ktap_run *run, struct ktap_run *log, int fd,
				char **before, char **after, bool *no_source,
				struct report_quotes *quotes)
{
	struct ktap_run from_log = *log;
	struct kmsg_read got;

	ktap_run_init(log);
	got = read_kmsg_results(&from_log, fd, quotes);
	read_debugfs_results(run, after, before);
	*no_source = !got.readable && !count_new(after, before);
	/* A log that lost records is no better a source: the loss fails the module. */
	if (got.readable && !quotes->lost && from_log.num_suites &&
	    !all_in_debugfs(&from_log, run)) {
		printf("# %s: a suite has no debugfs results of its own (another has its name, or they are empty): reading the kernel log\n",
		       program);
		ktap_run_free(run);
		*run = from_log;
		return;
	}
	/*
	 * debugfs keeps a suite's last run only: a suite run again while the
	 * module loaded (its debugfs run file written from its init, say)
	 * must not hide the failure of an earlier run, which the log has.
	 */
	if (got.readable && !quotes->lost && earlier_run_failed(&from_log, run)) {
		printf("# %s: a suite ran more than once while the module loaded, and an earlier run failed, which debugfs no longer shows: reading the kernel log\n",
		       program);
		ktap_run_free(run);
		*run = from_log;
		return;
	}
	/*
	 * debugfs has neither the kernel's reports nor KUnit's own errors (a
	 * kunit.filter_glob it cannot use, say): the log tells them.
	 */
	if (got.readable && !quotes->lost && (from_log.reports || from_log.errors.count)) {
		printf("# %s: %s while the module loaded: reading the kernel log\n", program,
		       from_log.reports ? "the kernel reported trouble" : "KUnit reported an error");
		ktap_run_free(run);
		*run = from_log;
		return;
	}
	ktap_run_free(&from_log);
}

/*
 * Adds to @names each case of @test (or below) that the kernel timed out
 * or gave up on otherwise (see KUNIT_MODULE_GIVEN_UP).
 */
static void find_timed_out_test(const struct ktap_test *test, char *names, size_t size)
{
	size_t i, len;

	for (i = 0; i < test->log.count; i++) {
		const char *line = test->log.line[i];
		size_t line_len = strlen(line), kept_len = strlen(KUNIT_MODULE_KEPT);

		/* KUnit's own words, on a test that failed: a case's text is no timeout. */
		if (test->result != KTAP_FAIL ||
		    (!strstr(line, KUNIT_MODULE_TIMED_OUT) && !strstr(line, KUNIT_MODULE_GIVEN_UP)) ||
		    line_len < kept_len || strcmp(line + line_len - kept_len, KUNIT_MODULE_KEPT) ||
		    strstr(names, ktap_test_name(test)))
			continue;
		len = strlen(names);
		snprintf(names + len, size - len, "%s%s", len ? ", " : "", ktap_test_name(test));
	}
	for (i = 0; i < test->num_subtests; i++)
		find_timed_out_test(test->subtests[i], names, size);
}

/* The cases of @run that the kernel timed out, in @names: "a, b". */
static void find_timed_out(const struct ktap_run *run, char *names, size_t size)
{
	size_t i;

	for (i = 0; i < run->num_suites; i++)
		find_timed_out_test(run->suites[i], names, size);
}

/* Whether a suite that is in debugfs but not in @before has a case that timed out. */
static bool late_case_reported(char **before)
{
	char **suites = list_suites(), names[256] = "";
	struct ktap_run run;

	ktap_run_init(&run);
	read_debugfs_results(&run, suites, before);
	find_timed_out(&run, names, sizeof(names));
	ktap_run_free(&run);
	free_list(suites);
	return names[0];
}

/*
 * Unloads module @name after its test.  A module that stays loaded fails
 * its test: the next run cannot load it afresh, and its exit code has not
 * run, so whatever it would have done there (a crash, a warning) went
 * untested.  @late_case names the cases that the kernel timed out, which
 * may still run and keep it.  The kernel log is read into @watch->log
 * meanwhile.  Returns whether it was unloaded.
 *
 * rmmod, not modprobe -r: modprobe also unloads the modules that @name
 * used and nothing else does, kunit.ko among them, and before 6.12 KUnit's
 * count of expected warnings is kunit.ko's own: the count would go with
 * it, and every warning a test expected would read as trouble from then
 * on, to the end of the run.
 */
static bool unload_module(const char *name, const char *late_case, struct load_watch *watch)
{
	char output[512];
	bool timed_out;
	int status;

	status = run_module_tool(rmmod_path, NULL, name, output, sizeof(output),
				 KUNIT_MODULE_MARGIN, &timed_out, watch);
	if (timed_out)
		printf("# %s: could not unload %s: %s still ran after %d s\n", program, name,
		       rmmod_path, KUNIT_MODULE_MARGIN);
	else if (status < 0)
		printf("# %s: could not unload %s: %s could not run\n", program, name, rmmod_path);
	else if (status)
		printf("# %s: could not unload %s: %s ended with status %d%s%s\n",
		       program, name, rmmod_path, status, *output ? ": " : "", output);
	else
		return true;
	if (*late_case)
		printf("# %s: a case that timed out (%s) still runs; %s kept loaded\n",
		       program, late_case, name);
	return false;
}

/*
 * Whether the kernel's record shows that something went wrong while module
 * @name ran: from @before (NULL if it could not be read: @why says why)
 * to now, and, of the flags that count only where no case runs, from
 * @unload_start (NULL when it did not unload) to now.  The rest of the
 * kernel log, on @fd, goes into @quotes, to tell what it was; a log that
 * lost records while the module ran hides what they said, and fails too.
 * The record read now goes into @after, if @have_after says it could be.
 * Returns false, having said why, if anything went wrong.
 */
static bool record_clean(const char *name, const struct kernel_record *before,
			 const struct kernel_record *unload_start, const char *why, int fd,
			 struct ktap_run *unload_log, struct report_quotes *quotes,
			 struct kernel_record *after, bool *have_after)
{
	unsigned long long unload_mask = trouble_mask(false) & ~trouble_mask(true);
	size_t i, unload_reports;
	char text[PATH_MAX + 128], unloading[256];
	bool gained, gained_unloading;

	/*
	 * The rest of the log: the unload's window, where no suite runs, so
	 * that any report there fails the module, as one outside any test
	 * fails a console's run (taint B, which KASAN's own suites set for
	 * good, tells of a second bad page no more).
	 */
	read_kmsg_results(unload_log, fd, quotes);
	unload_reports = unload_log->errors.count;
	for (i = 0; i < unload_log->errors.count; i++)
		printf("# %s: while %s was unloaded, %s\n", program, name,
		       unload_log->errors.line[i]);
	/* No suite runs then: KTAP there is a module's own, made to be read. */
	if (unload_log->num_documents) {
		printf("# %s: while %s was unloaded, the kernel log had KTAP output, which no suite printed\n",
		       program, name);
		unload_reports++;
	}
	ktap_run_free(unload_log);
	if (quotes->unreadable)
		printf("# %s: the kernel log, %s, cannot be read: a report of trouble in it would not be seen\n",
		       program, kmsg_path);
	if (quotes->lost)
		printf("# %s: the kernel log lost records while %s ran (its buffer overflowed; CONFIG_LOG_BUF_SHIFT or log_buf_len= makes it larger): a report among them would not be seen\n",
		       program, name);
	*have_after = read_kernel_record(after, text, sizeof(text));
	if (!before) {
		printf("# %s: %s\n", program, why);
		return false;
	}
	if (!*have_after) {
		printf("# %s: %s\n", program, text);
		return false;
	}
	gained = record_gained(before, after, trouble_mask(true), text, sizeof(text));
	gained_unloading = unload_start && record_gained(unload_start, after, unload_mask,
							 unloading, sizeof(unloading));
	if (gained)
		printf("# %s: the kernel's record changed while %s ran: %s\n", program, name, text);
	if (gained_unloading)
		printf("# %s: the kernel's record changed while %s was unloaded: %s\n", program,
		       name, unloading);
	if (gained || gained_unloading || quotes->lost)
		print_quotes(quotes);
	return !gained && !gained_unloading && !quotes->lost && !quotes->unreadable &&
	       !unload_reports;
}

/*
 * Why a test module's suites may all have been left out, as the kernel
 * says: KUnit disabled (kunit.enable) or a filter (kunit.filter_glob,
 * kunit.filter), in /sys/module/kunit/parameters where KUnit shows them (this project's
 * does), else on the kernel's command line.  Returns the reason, in @why,
 * or NULL when nothing left them out: their results were lost.
 */
static const char *why_no_suite(char *why, size_t size)
{
	static const char * const filters[] = { "filter_glob", "filter", NULL };
	char enable[PATH_MAX + 64], filter[PATH_MAX + 64], value[512];
	char cmdline[4096] = "";
	bool shown = false;
	size_t i;

	snprintf(enable, sizeof(enable), "%s/kunit/parameters/enable", sysfs_module_dir);
	if (read_first_line(enable, value, sizeof(value))) {
		if (!strcmp(value, "N"))
			return "KUnit is disabled (kunit.enable=0)";
		for (i = 0; filters[i]; i++) {
			snprintf(filter, sizeof(filter), "%s/kunit/parameters/%s",
				 sysfs_module_dir, filters[i]);
			if (!read_first_line(filter, value, sizeof(value)))
				continue;
			shown = true;
			if (!*value || !strcmp(value, "(null)"))
				continue;
			snprintf(why, size, "kunit.%s=%s left them out", filters[i], value);
			return why;
		}
		if (shown)
			return NULL;
	}
	/* This kernel's KUnit does not show them: its command line may. */
	read_first_line(cmdline_path, cmdline, sizeof(cmdline));
	if (strstr(cmdline, "kunit.enable=0") || strstr(cmdline, "kunit.enable=n") ||
	    strstr(cmdline, "kunit.enable=N"))
		return "kunit.enable=0 on the kernel's command line";
	if (strstr(cmdline, "kunit.filter"))
		return "a kunit.filter on the kernel's command line left them out";
	return NULL;
}

/*
 * Tests module @name: loads it (its suites run as it loads), reports their
 * results, unloads it.  The kernel's record, read before the load and
 * after the unload (a crash in the module's exit code counts), has the
 * last word; the kernel log from before the load on, read once on one
 * descriptor, gives the results when debugfs does not, and the report
 * lines that the record's trouble is quoted with.
 */
static int run_module(const char *name, double timeout)
{
	double started = now_seconds();
	char output[512], what[NAME_MAX + 16], late_case[256] = "";
	char why[PATH_MAX + 128], unread[PATH_MAX + 128], no_suite[600];
	const char *no_suite_why = NULL;
	struct report_quotes quotes = { 0 };
	struct kernel_record before, unload_start;
	struct load_watch watch = { 0 }, unload_watch = { 0 };
	struct ktap_run log, unload_log;
	struct kernel_record after;
	struct kmsg_mark mark;
	bool timed_out, held, no_source, have_before, have_unload_start = false;
	bool have_after, have_mark, gap_ok;
	char **before_suites, **after_suites;
	struct ktap_run run;
	int exit_status, status, fd;

	if (geteuid() != 0)
		return cannot_run("loading %s needs root", name);
	if (!have_kunit(timeout))
		return cannot_run("the running kernel has no KUnit (%s/kunit missing, modprobe kunit failed)",
				  sysfs_module_dir);
	ensure_debugfs();
	if (!module_installed(name))
		return cannot_run("%s is not installed for the running kernel", name);
	if (module_loaded(name)) {
		/* Its suites ran when it loaded: load it again to run them. */
		run_module_tool(rmmod_path, NULL, name, output, sizeof(output), timeout, &timed_out,
				NULL);
		if (module_loaded(name))
			return cannot_run("%s was loaded already and cannot be unloaded", name);
	}

	have_before = read_kernel_record(&before, why, sizeof(why));
	before_suites = list_suites();
	/* What the kernel logged since the test before this one, then the load's. */
	have_mark = read_mark(&mark);
	fd = open_kmsg(!have_mark);
	gap_ok = !have_mark || gap_clean(&mark, fd, have_before ? &before : NULL, true);
	/*
	 * Until this test leaves its own: if it is killed, the next test
	 * reads from its own start rather than blame this one's time on the
	 * test before.
	 */
	if (have_mark && unlink(mark_path) && errno != ENOENT)
		printf("# %s: cannot remove %s\n", program, mark_path);
	ktap_run_init(&log);
	ktap_run_init(&unload_log);
	watch.before = before_suites;
	watch.log = &log;
	watch.kmsg_fd = fd;
	watch.quotes = &quotes;
	exit_status = run_module_tool(modprobe_path, NULL, name, output, sizeof(output),
				      timeout - (now_seconds() - started), &timed_out, &watch);
	held = watch.held;
	snprintf(what, sizeof(what), "module %s", name);
	ktap_run_init(&run);
	if (!timed_out && !held && exit_status) {
		/*
		 * Its suites may have run before its init function failed: the
		 * log still has them, debugfs no longer does.
		 */
		run = log;
		ktap_run_init(&log);
		read_kmsg_results(&run, fd, &quotes);
		report(&run, what);
		printf("# %s: modprobe %s failed with status %d%s%s\n", program, name,
		       exit_status, *output ? ": " : "", output);
		status = KSFT_FAIL;
		goto out;
	}

	after_suites = list_suites();
	read_module_results(&run, &log, fd, before_suites, after_suites, &no_source, &quotes);
	free_list(after_suites);

	if (timed_out) {
		/* The module is still loading: a case hangs in the kernel. */
		printf("# %s: %s still loading after %.0f s: a case hangs (see kunit.timeout)\n",
		       program, name, timeout);
		report(&run, what);
		status = KSFT_FAIL;
		goto out;
	}
	find_timed_out(&run, late_case, sizeof(late_case));
	if (held) {
		/* Its suites ran; the kernel frees its init memory once the case returns. */
		printf("# %s: modprobe %s has not returned %d s after the module's init function did: the kernel holds the load for a case that timed out%s%s%s\n",
		       program, name, KUNIT_MODULE_LIVE_GRACE, *late_case ? " (" : "", late_case,
		       *late_case ? ")" : "");
	}
	if (no_source) {
		status = fail("cannot read the results of %s: no new suite in debugfs, and the kernel log cannot be read",
			      name);
	} else {
		if (!run.num_suites)
			no_suite_why = why_no_suite(no_suite, sizeof(no_suite));
		if (!run.num_suites && no_suite_why)
			printf("# %s: %s loaded but no suite reported: %s\n", program, name,
			       no_suite_why);
		status = report(&run, what);
		/* Its .kunit_test_suites section has suites: none reported, none left out. */
		if (!run.num_suites && !no_suite_why) {
			printf("# %s: %s loaded but no suite reported, and KUnit is neither disabled nor filtered: its results are lost\n",
			       program, name);
			status = KSFT_FAIL;
		}
	}
	if (held)
		status = KSFT_FAIL;
	/* Where the unload's own window starts: nothing but module code runs in it. */
	have_unload_start = read_kernel_record(&unload_start, unread, sizeof(unread));
	unload_watch.unload = true;
	unload_watch.log = &unload_log;
	unload_watch.kmsg_fd = fd;
	unload_watch.quotes = &quotes;
	if (!unload_module(name, late_case, &unload_watch))
		status = KSFT_FAIL;
out:
	ktap_run_free(&run);
	ktap_run_free(&log);
	free_list(before_suites);
	if (!record_clean(name, have_before ? &before : NULL,
			  have_unload_start ? &unload_start : NULL, why, fd, &unload_log, &quotes,
			  &after, &have_after))
		status = KSFT_FAIL;
	if (!gap_ok)
		status = KSFT_FAIL;
	if (!write_mark(have_after ? &after : NULL))
		status = KSFT_FAIL;
	if (fd >= 0)
		close(fd);
	return status;
}

/* Seconds to wait for a module: a little less than kselftest allows. */
static double default_timeout(const char *argv0)
{
	char path[2 * PATH_MAX], line[128];
	const char *slash = strrchr(argv0, '/');
	long timeout = KUNIT_MODULE_DEFAULT_TIMEOUT;
	FILE *settings;

	snprintf(path, sizeof(path), "%.*ssettings",
		 slash ? (int)(slash - argv0 + 1) : 0, argv0);
	settings = fopen(path, "re");
	if (settings) {
		while (fgets(line, sizeof(line), settings))
			if (sscanf(line, "timeout=%ld", &timeout) == 1)
				break;
		fclose(settings);
	}
	if (timeout <= 0)
		return 24 * 3600;	/* timeout=0: kselftest sets no limit. */
	if (timeout >= 4 * KUNIT_MODULE_MARGIN)
		return timeout - KUNIT_MODULE_MARGIN;
	return timeout * 3 / 4.0;
}

static int print_help(void)
{
	fprintf(stderr,
		"usage: module-NAME | builtin | kernel-log |\n"
		"       kunit-module [--timeout=SEC] (NAME | --builtin | --kernel-log)\n"
		"Loads the KUnit test module NAME and reports its suites for kselftest,\n"
		"reports the suites that ran built into the kernel, or checks the kernel\n"
		"log and record since the last of those tests.\n"
		"Exit status: 0 passed, 1 failed, 4 skipped, 2 usage error.\n");
	return 2;
}

/*
 * A result that did not reach standard output (a full disk, a closed
 * descriptor) is a lost result: the test fails, and says so on stderr.
 */
static int check_output(int status)
{
	int err = 0;

	if (fflush(stdout))
		err = errno;
	if (!err && !ferror(stdout))
		return status;
	/* stdio keeps no errno for a write that failed before. */
	fprintf(stderr, "%s: cannot write the results to standard output%s%s\n", program,
		err ? ": " : "", err ? strerror(err) : "");
	return status == 2 ? status : 1;
}

static int run(int argc, char **argv)
{
	const char *base = strrchr(argv[0], '/');
	double timeout = default_timeout(argv[0]);
	const char *name = NULL;
	bool builtin = false, kernel_log = false;
	char *end;
	int i;

	base = base ? base + 1 : argv[0];
	setvbuf(stdout, NULL, _IOLBF, 0);
	locate();

	if (!strncmp(base, "module-", 7) && base[7]) {
		name = base + 7;
		program = base;
	} else if (!strcmp(base, "builtin")) {
		builtin = true;
		program = base;
	} else if (!strcmp(base, "kernel-log")) {
		program = base;
		kernel_log = true;
	}
	for (i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "--timeout=", 10)) {
			timeout = strtod(argv[i] + 10, &end);
			if (*end || end == argv[i] + 10 || timeout <= 0)
				return print_help();
		} else if (!strcmp(argv[i], "--builtin")) {
			builtin = true;
		} else if (!strcmp(argv[i], "--kernel-log")) {
			kernel_log = true;
		} else if (argv[i][0] != '-' && !name) {
			name = argv[i];
		} else {
			return print_help();
		}
	}
	if (builtin + kernel_log + !!name != 1)
		return print_help();
	if (kernel_log)
		return run_kernel_log();
	return builtin ? run_builtin() : run_module(name, timeout);
}

int main(int argc, char **argv)
{
	return check_output(run(argc, argv));
}
