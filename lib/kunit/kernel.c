// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel side of KUnit's seam (see <kunit/platform.h>), apart from
 * the try-catch, and the kernel's ways into the executor: the console,
 * the built-in suites at boot and what happens once they have run, the
 * suites of modules.
 */
#include "executor.h"
#include "hooks-impl.h"
#include "progress.h"
#include <kunit/test.h>

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kernfs.h>
#include <linux/kobject.h>
#include <linux/panic.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/reboot.h>
#include <linux/string.h>
#include <asm/sections.h>

#include "kernel-internal.h"

/* Readable, so that a wrapper can tell a module filtered out from one lost. */
static char *filter_glob_param;
module_param_named(filter_glob, filter_glob_param, charp, 0444);
MODULE_PARM_DESC(filter_glob,
		 "Run only the cases matching suite_glob[.case_glob], e.g. \"list*.*add*\"");

static char *filter_param;
module_param_named(filter, filter_param, charp, 0444);
MODULE_PARM_DESC(filter,
		 "Run only the cases whose attributes match, e.g. \"speed>slow, module=foo\"");

static char *filter_action_param;
module_param_named(filter_action, filter_action_param, charp, 0444);
MODULE_PARM_DESC(filter_action,
		 "\"skip\" keeps the cases that kunit.filter leaves out, skipped; by default they are left out");

/* The parameters that choose among the suites, as kunit.py sets them. */
static void kunit_param_selection(struct kunit_selection *selection, const char *action)
{
	selection->glob = filter_glob_param;
	selection->filters = filter_param;
	selection->filter_action = filter_action_param;
	selection->action = action;
}

/**
 * kunit_filter_glob() - the kunit.filter_glob parameter
 *
 * Return: it, or NULL when it is not set.
 */
const char *kunit_filter_glob(void)
{
	return filter_glob_param;
}

/**
 * kunit_filter() - the kunit.filter parameter
 *
 * Return: it, or NULL when it is not set.
 */
char *kunit_filter(void)
{
	return filter_param;
}

/**
 * kunit_filter_action() - the kunit.filter_action parameter
 *
 * Return: it, or NULL when it is not set.
 */
char *kunit_filter_action(void)
{
	return filter_action_param;
}

/**
 * kunit_platform_is_rodata() - whether @p lies in the kernel's read-only data
 * @p: an address, or NULL.
 *
 * Return: true for a string that lasts as long as the kernel does; false
 * always in kunit.ko, to which the kernel does not export where its
 * read-only data lies (as in 6.12, such strings are copied then).
 */
bool kunit_platform_is_rodata(const void *p)
{
	return !IS_MODULE(CONFIG_KUNIT) && p && is_kernel_rodata((unsigned long)p);
}
EXPORT_SYMBOL_GPL(kunit_platform_is_rodata);

/* Lines go out one printk record each, at the level they were logged at. */
void kunit_platform_emit(const char *level, const char *line)
{
	int kern_level = printk_get_level(level);

	if (kern_level >= '0' && kern_level <= '3')
		pr_err("%s\n", line);
	else if (kern_level == '4')
		pr_warn("%s\n", line);
	else
		pr_info("%s\n", line);
}

/*
 * The taint flags that say the kernel itself went wrong, whoever caused it:
 * an oops (which a crash in a work item or another thread leaves too), a
 * WARN(), a soft lockup, a machine check, and a bad page or a memory
 * checker's report.  That last one counts only outside cases: KASAN sets
 * it for every report, and KASAN's and KFENCE's own cases expect reports
 * (KASAN fails an unexpected one in a test's thread itself); suite code,
 * module code and other suites expect none.  Taint flags stay set: the
 * first of each kind is what the taint tells.  Warnings are counted too
 * (kunit_platform_warnings_recorded()): where the count can be read, it
 * tells each warning instead of the W flag.
 */
static const struct {
	unsigned int flag;
	char letter;
	const char *meaning;
	bool outside_cases_only;
} kunit_trouble_taints[] = {
	{ TAINT_DIE, 'D', "a task died" },
	{ TAINT_WARN, 'W', "a warning" },
	{ TAINT_SOFTLOCKUP, 'L', "a soft lockup" },
	{ TAINT_MACHINE_CHECK, 'M', "a machine check" },
	{ TAINT_BAD_PAGE, 'B', "a bad page or a memory checker's report", true },
};

/**
 * kunit_platform_expect_warnings() - warnings a block of a test expected
 * @count: how many the kernel counted in the block.
 *
 * Said on the console too, for a reader of it (the kselftest wrapper,
 * kunit-report): the WARNING reports of the running case that it may
 * quote without failing the case, which the case's window already judged.
 */
void kunit_platform_expect_warnings(unsigned long count)
{
	if (!count)
		return;
	atomic_long_add(count, &kunit_expected_warnings);
	pr_info("kunit: expected warnings %lu\n", count);
}

/*
 * The kernel counts every warning (kernel/panic.c) and shows the count as
 * /sys/kernel/warn_count only, since 6.2 and 6.1.y: KUnit reads the count
 * through that attribute, mounted or not.  The attribute is found once,
 * where sleeping is allowed; it is then read without sleeping, into a
 * page of KUnit's (sysfs_emit() wants one), in any context.
 */
static DEFINE_MUTEX(kunit_warn_count_find_lock);
static struct kobj_attribute *kunit_warn_count_attr;
static DEFINE_SPINLOCK(kunit_warn_count_lock);
static char kunit_warn_count_page[PAGE_SIZE] __aligned(PAGE_SIZE);

/*
 * Finds the attribute; it sleeps.  Called where suites are about to run,
 * after every initcall (the kernel makes the file in one), and as
 * kunit.ko starts.
 */
static struct kobj_attribute *kunit_find_warn_count(void)
{
	struct kobj_attribute *attr = READ_ONCE(kunit_warn_count_attr);
	struct kernfs_node *kn;

	if (attr || !kernel_kobj || !kernel_kobj->sd)
		return attr;
	mutex_lock(&kunit_warn_count_find_lock);
	if (!kunit_warn_count_attr) {
		kn = kernfs_find_and_get(kernel_kobj->sd, "warn_count");
		/* The node is the attribute's, which lives as long as the kernel. */
		if (kn && kernfs_type(kn) == KERNFS_FILE)
			WRITE_ONCE(kunit_warn_count_attr,
				   container_of((struct attribute *)kn->priv,
						struct kobj_attribute, attr));
		kernfs_put(kn);
	}
	mutex_unlock(&kunit_warn_count_find_lock);
	return READ_ONCE(kunit_warn_count_attr);
}

/**
 * kunit_platform_warnings_recorded() - the kernel's count of warnings
 * @count: set to it.
 *
 * Does not sleep: the count is found before any suite runs
 * (kunit_find_warn_count()).
 *
 * Return: true, or false where the kernel shows no count (no sysfs, or a
 * kernel before the count) or it cannot be read.
 */
bool kunit_platform_warnings_recorded(unsigned long *count)
{
	struct kobj_attribute *attr = READ_ONCE(kunit_warn_count_attr);
	unsigned long flags;
	bool read;

	if (!attr || !attr->show)
		return false;
	spin_lock_irqsave(&kunit_warn_count_lock, flags);
	memset(kunit_warn_count_page, 0, 32);
	read = attr->show(kernel_kobj, attr, kunit_warn_count_page) > 0 &&
	       !kstrtoul(strim(kunit_warn_count_page), 10, count);
	spin_unlock_irqrestore(&kunit_warn_count_lock, flags);
	return read;
}

/* Appends to @text the description of one kind of trouble. */
static size_t kunit_add_trouble(char *text, size_t size, size_t len, const char *fmt, ...)
{
	va_list args;

	if (len)
		len += scnprintf(text + len, size - len, ", ");
	va_start(args, fmt);
	len += vscnprintf(text + len, size - len, fmt, args);
	va_end(args);
	return len;
}

/**
 * kunit_platform_new_trouble() - whether the kernel's record shows new trouble
 * @seen: what the record held when last looked at; updated.
 * @in_case: the window is a case's, where a memory checker's report may be
 *	     what the case expects: such flags are accounted for, not told.
 * @text: where to describe the new trouble, "D (a task died), W (2 warnings)".
 * @size: the size of @text.
 *
 * Return: true when a flag of kunit_trouble_taints is set that @seen did
 * not have, or the kernel counted more warnings since than KUnit expected.
 */
bool kunit_platform_new_trouble(struct kunit_trouble *seen, bool in_case, char *text, size_t size)
{
	unsigned long warnings, expected = atomic_long_read(&kunit_expected_warnings);
	bool counted = kunit_platform_warnings_recorded(&warnings);
	size_t i, len = 0;

	for (i = 0; i < ARRAY_SIZE(kunit_trouble_taints); i++) {
		unsigned long bit = BIT(kunit_trouble_taints[i].flag);

		if ((seen->taints & bit) || !test_taint(kunit_trouble_taints[i].flag))
			continue;
		seen->taints |= bit;
		if (in_case && kunit_trouble_taints[i].outside_cases_only)
			continue;
		/*
		 * W that came with counted warnings: the count tells below.
		 * W with none counted is a report that the kernel taints W
		 * for and does not count (sleeping in atomic context).
		 */
		if (counted && kunit_trouble_taints[i].flag == TAINT_WARN &&
		    warnings != seen->warnings)
			continue;
		len = kunit_add_trouble(text, size, len, "%c (%s)", kunit_trouble_taints[i].letter,
					kunit_trouble_taints[i].meaning);
	}
	if (counted) {
		unsigned long given = warnings - seen->warnings;
		unsigned long accounted = expected - seen->expected;

		if (given > accounted && !accounted && given == 1)
			len = kunit_add_trouble(text, size, len, "W (a warning)");
		else if (given > accounted && !accounted)
			len = kunit_add_trouble(text, size, len, "W (%lu warnings)", given);
		else if (given > accounted)
			len = kunit_add_trouble(text, size, len,
						"W (%lu warnings, %lu of them expected)",
						given, accounted);
		seen->warnings = warnings;
		seen->expected = expected;
	}
	return len;
}

/*
 * Where a suite's code and data lie, as the kernel itself tells: an
 * address in the init memory of @mod, or of the kernel when @mod is NULL.
 * Only built-in KUnit runs built-in suites, and only it sees the kernel's
 * section symbols.
 */
static bool __cold kunit_in_init(const void *addr, struct module *mod)
{
	if (!addr)
		return false;
#ifdef CONFIG_MODULES
	if (mod)
		return within_module_init((unsigned long)addr, mod);
#endif
#if IS_BUILTIN(CONFIG_KUNIT)
	return is_kernel_inittext((unsigned long)addr) ||
	       init_section_contains((void *)addr, 1);
#else
	return false;
#endif
}

/* Whether any code or data of @suite lies in init memory. */
static bool __cold kunit_suite_uses_init(struct kunit_suite *suite, struct module *mod)
{
	struct kunit_case *test_case;

	if (suite->in_init || kunit_in_init(suite->test_cases, mod) ||
	    kunit_in_init(suite->suite_init, mod) || kunit_in_init(suite->suite_exit, mod) ||
	    kunit_in_init(suite->init, mod) || kunit_in_init(suite->exit, mod))
		return true;
	kunit_suite_for_each_test_case(suite, test_case)
		if (kunit_in_init(test_case->run_case, mod) ||
		    kunit_in_init(test_case->generate_params, mod) ||
		    kunit_in_init(test_case->generate_params_without_test, mod) ||
		    kunit_in_init(test_case->param_init, mod) ||
		    kunit_in_init(test_case->param_exit, mod))
			return true;
	return false;
}

#ifdef CONFIG_MODULES
/*
 * The modules that the notifier saw come and not yet go: the kernel does
 * not tell code outside it where an address lies, and a suite run without
 * its owner (kunit_run_tests() through a pointer, __kunit_test_suites_init()
 * from an init function, as before 6.0) needs it found.
 */
struct kunit_known_module {
	struct list_head node;
	struct module *mod;
};

static LIST_HEAD(kunit_known_modules);
static DEFINE_MUTEX(kunit_known_modules_lock);

static void __cold kunit_know_module(struct module *mod)
{
	struct kunit_known_module *known = kmalloc(sizeof(*known), GFP_KERNEL);

	if (!known)
		return;
	known->mod = mod;
	mutex_lock(&kunit_known_modules_lock);
	list_add(&known->node, &kunit_known_modules);
	mutex_unlock(&kunit_known_modules_lock);
}

static void __cold kunit_forget_module(struct module *mod)
{
	struct kunit_known_module *known, *next;

	mutex_lock(&kunit_known_modules_lock);
	list_for_each_entry_safe(known, next, &kunit_known_modules, node) {
		if (known->mod == mod) {
			list_del(&known->node);
			kfree(known);
		}
	}
	mutex_unlock(&kunit_known_modules_lock);
}

/* The module in which @addr lies, or NULL (built-in, or not known). */
static struct module *__cold kunit_module_of(const void *addr)
{
	struct kunit_known_module *known;
	struct module *mod = NULL;

	if (!addr)
		return NULL;
	mutex_lock(&kunit_known_modules_lock);
	list_for_each_entry(known, &kunit_known_modules, node) {
		if (within_module((unsigned long)addr, known->mod)) {
			mod = known->mod;
			break;
		}
	}
	mutex_unlock(&kunit_known_modules_lock);
	return mod;
}
#else
static inline struct module *kunit_module_of(const void *addr)
{
	return NULL;
}
#endif /* CONFIG_MODULES */

/**
 * kunit_platform_adopt_suite() - note whose code a suite run on its own is
 * @suite: the suite, given to kunit_run_tests().
 * @owner: the caller's module, NULL for built-in code or when not known.
 *
 * A suite that no module registered (kunit_run_tests() from an init
 * function) has no owner: a case of it that outlived its timeout would
 * keep neither the module nor its init memory.  Without @owner, the module
 * is the one the suite, its cases or its first case's code lie in; a
 * registered suite has its owner from when its module came.
 */
void __cold kunit_platform_adopt_suite(struct kunit_suite *suite, struct module *owner)
{
	if (suite->owner)
		return;
	if (!owner)
		owner = kunit_module_of(suite);
	if (!owner)
		owner = kunit_module_of(suite->test_cases);
	if (!owner && suite->test_cases)
		owner = kunit_module_of(suite->test_cases[0].run_case);
	suite->owner = owner;
}

/* Whether @name is taken by a suite before @suites[@index] or in debugfs. */
static bool __cold kunit_suite_name_taken(struct kunit_suite * const *suites, int index,
					  const char *name)
{
	int i;

	for (i = 0; i < index; i++)
		if (!strcmp(suites[i]->name, name))
			return true;
	return kunit_debugfs_has_suite(name);
}

/*
 * Gets suites ready to run, once, before their first run: where their code
 * lies (what lies in init memory must not run again once it is freed, nor
 * be waited for after), and a name no other suite has, "name-2" for the
 * second of two (debugfs keeps results by name, and a reader of the
 * results would take two suites of one name for one).
 */
static void __cold kunit_prepare_suites(struct kunit_suite * const *suites, int count,
					struct module *mod)
{
	char name[sizeof(suites[0]->name)];
	int i, n;

	for (i = 0; i < count; i++) {
		struct kunit_suite *suite = suites[i];

		suite->in_init = kunit_in_init(suite, mod);
		suite->uses_init = kunit_suite_uses_init(suite, mod);
		if (!kunit_suite_name_taken(suites, i, suite->name))
			continue;
		for (n = 2; n < 1000; n++) {
			snprintf(name, sizeof(name), "%.*s-%d", (int)sizeof(name) - 5,
				 suite->name, n);
			if (!kunit_suite_name_taken(suites, i, name))
				break;
		}
		pr_warn("kunit: a second suite is called %s: it reports as %s\n",
			suite->name, name);
		/* The name is const to its authors, not to KUnit: the object is writable. */
		strscpy((char *)suite->name, name, sizeof(suite->name));
	}
}

#if IS_BUILTIN(CONFIG_KUNIT)
/* Only the built-in suites can be listed: a module's run as it loads. */
static char *action_param;
module_param_named(action, action_param, charp, 0);
MODULE_PARM_DESC(action,
		 "\"run\" (the default) runs the suites, \"list\" prints suite.case names, \"list_attr\" with their attributes");

/*
 * kunit_shutdown=poweroff|halt|reboot on the command line ends the kernel
 * once the built-in suites ran, so that a virtual machine run for its
 * tests stops by itself.
 */
static char *shutdown_after_run;
core_param(kunit_shutdown, shutdown_after_run, charp, 0644);

static void kunit_restart(void)
{
	kernel_restart(NULL);
}

static const struct {
	const char *name;
	void (*act)(void);
} kunit_shutdown_actions[] = {
	{ "poweroff", kernel_power_off },
	{ "halt", kernel_halt },
	{ "reboot", kunit_restart },
};

static void kunit_shutdown(void)
{
	size_t i;

	for (i = 0; shutdown_after_run && i < ARRAY_SIZE(kunit_shutdown_actions); i++)
		if (sysfs_streq(shutdown_after_run, kunit_shutdown_actions[i].name))
			kunit_shutdown_actions[i].act();
}

/**
 * kunit_run_all_tests() - run the built-in suites, as the kernel does at boot
 *
 * Honours the kunit.enable, kunit.filter_glob, kunit.filter,
 * kunit.filter_action and kunit.action parameters.
 *
 * Return: 0, or a negative error from kunit_executor_run().
 */
int kunit_run_all_tests(void)
{
	struct kunit_selection selection;
	struct kunit_progress progress = { };
	int err;

	if (!kunit_enabled()) {
		pr_info("kunit: disabled\n");
		return 0;
	}
	kunit_param_selection(&selection, action_param);
	kunit_find_warn_count();
	err = kunit_executor_run(&selection, &progress);
	/* init/main.c frees init memory next. */
	kunit_try_catch_wait_abandoned(NULL, "the boot");
	kunit_shutdown();
	return err;
}

/* The built-in suites ran before debugfs was up: their files come now. */
static void __init kunit_debugfs_add_builtin_suites(void)
{
	struct kunit_suite_set builtin = kunit_builtin_suites();

	kunit_prepare_suites(builtin.start, builtin.end - builtin.start, NULL);
	kunit_debugfs_add_suites(builtin.start, builtin.end - builtin.start, NULL);
}
#else
static inline void kunit_debugfs_add_builtin_suites(void)
{
}
#endif /* IS_BUILTIN(CONFIG_KUNIT): kunit.ko has no built-in suites to run */

/*
 * Protects each suite's running flag and the results it guards.  Not held
 * while suites run: a case may load another test module (request_module()),
 * whose suites then run inside it, as in stock KUnit.
 */
DEFINE_MUTEX(kunit_run_mutex);

/*
 * Marks @count suites as running (@running) or not: their results have no
 * result line meanwhile, and their debugfs run files refuse to start
 * another run.
 */
static void __cold kunit_mark_running(struct kunit_suite * const *suites, int count, bool running)
{
	int i;

	mutex_lock(&kunit_run_mutex);
	for (i = 0; i < count; i++)
		suites[i]->running = running;
	mutex_unlock(&kunit_run_mutex);
}

/**
 * __kunit_test_suites_init() - run the suites of a module
 * @suites: the module's suites.
 * @num_suites: how many.
 *
 * They make one KTAP document, as the built-in suites do at boot;
 * kunit.filter_glob chooses among them.  A module none of whose suites
 * matches prints nothing.
 *
 * Return: 0, or a negative error from filtering.
 */
int __cold __kunit_test_suites_init(struct kunit_suite * const * const suites, int num_suites)
{
	struct kunit_suite_set all = { .start = suites, .end = suites + num_suites }, set;
	struct kunit_selection selection;
	struct kunit_progress progress = { };
	int err = 0, i;

	if (!kunit_enabled() || !num_suites)
		return 0;
	/* Called from an init function, as before 6.0, the suites have no owner yet. */
	for (i = 0; i < num_suites; i++)
		kunit_platform_adopt_suite(suites[i], NULL);
	/* The filters apply to a module's suites too. */
	kunit_param_selection(&selection, NULL);
	set = kunit_exec_select(&all, &selection, &err);
	if (err)
		return err;
	if (set.start != set.end)
		kunit_exec_run_tests(&set, &progress);
	kunit_exec_release(set, &selection);
	return 0;
}
EXPORT_SYMBOL_GPL(__kunit_test_suites_init);

#ifdef CONFIG_MODULES
/*
 * The module loader keeps a module's .kunit_test_suites section in
 * mod->kunit_suites: they run as one KTAP document while the module comes
 * in, before its init function (as in stock 6.1), so that loading a test
 * module is running its tests.  Their results stay in debugfs until the
 * module goes.
 */
static int __cold kunit_on_module_event(struct notifier_block *nb, unsigned long event, void *data)
{
	struct module *mod = data;
	struct kunit_suite **suites = mod->kunit_suites;
	int count = mod->num_kunit_suites, i;

	if (event == MODULE_STATE_COMING)
		kunit_know_module(mod);
	if (event == MODULE_STATE_COMING && count) {
		/* A case that outlives its timeout keeps this module (try-catch.c). */
		for (i = 0; i < count; i++)
			suites[i]->owner = mod;
		kunit_prepare_suites(suites, count, mod);
		kunit_mark_running(suites, count, true);
		kunit_debugfs_add_suites(suites, count, mod);
		/*
		 * Its error (a kunit.filter_glob that cannot be used) does not
		 * fail the load, which may be a driver's: the suites' results
		 * say it instead (kunit_exec_select()).
		 */
		__kunit_test_suites_init(suites, count);
		kunit_mark_running(suites, count, false);
	} else if (event == MODULE_STATE_LIVE) {
		/*
		 * Its init memory is freed next.  Of any module: one that ran
		 * a suite with kunit_run_tests() has none registered.
		 */
		kunit_try_catch_wait_abandoned(mod, "the load");
	} else if (event == MODULE_STATE_GOING) {
		if (count)
			kunit_debugfs_remove_suites(suites, count);
		/* A module whose init failed is freed next, whoever holds it. */
		kunit_try_catch_wait_abandoned(mod, "the module's removal");
		kunit_forget_module(mod);
	}
	return NOTIFY_OK;
}

static struct notifier_block kunit_module_watcher = {
	.notifier_call = kunit_on_module_event,
};
#endif /* CONFIG_MODULES */

/*
 * Runs before kunit_run_all_tests(), which init/main.c calls once every
 * initcall ran, so that the built-in suites keep their results too.
 */
static int __init kunit_kernel_setup(void)
{
	kunit_install_hooks();
	/* Found now, so that a block may be read from any context later. */
	kunit_find_warn_count();
	/* Where the hooks are kunit.ko's, so is the count's file, which goes with it. */
	if (!IS_ENABLED(CONFIG_KUNIT_HOOKS_BUILTIN) && kunit_show_expected_warnings())
		pr_warn("kunit: cannot make /sys/kernel/kunit_expected_warnings\n");
	static_branch_inc(&kunit_running);
	/* Without it, only kunit_device_register() fails, saying -ENODEV. */
	if (kunit_bus_init())
		pr_warn("kunit: cannot register the kunit bus: test devices cannot be made\n");
	kunit_debugfs_create_root();
	kunit_debugfs_add_builtin_suites();
#ifdef CONFIG_MODULES
	return register_module_notifier(&kunit_module_watcher);
#else
	return 0;
#endif
}

static void __exit kunit_kernel_teardown(void)
{
#ifdef CONFIG_MODULES
	unregister_module_notifier(&kunit_module_watcher);
#endif
	kunit_debugfs_remove_all();
	kunit_bus_shutdown();
	static_branch_dec(&kunit_running);
	kunit_remove_hooks();
	if (!IS_ENABLED(CONFIG_KUNIT_HOOKS_BUILTIN))
		kunit_hide_expected_warnings();
}

late_initcall(kunit_kernel_setup);
module_exit(kunit_kernel_teardown);
