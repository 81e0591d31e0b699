// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel side of KUnit's seam (see <kunit/platform.h>), apart from
 * the try-catch: the console, module suites, and what happens after the
 * built-in suites ran.
 */
#include <kunit/executor.h>
#include <kunit/test.h>

#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/reboot.h>

void kunit_platform_emit(const char *level, const char *line)
{
	switch (printk_get_level(level)) {
	case '0' ... '3':
		pr_err("%s\n", line);
		break;
	case '4':
		pr_warn("%s\n", line);
		break;
	default:
		pr_info("%s\n", line);
		break;
	}
}
EXPORT_SYMBOL_GPL(kunit_platform_emit);

static char *kunit_shutdown;
core_param(kunit_shutdown, kunit_shutdown, charp, 0644);

/* kunit_shutdown=halt, poweroff or reboot ends the kernel after the run. */
void kunit_platform_after_run(void)
{
	if (!kunit_shutdown)
		return;
	if (!strcmp(kunit_shutdown, "poweroff"))
		kernel_power_off();
	else if (!strcmp(kunit_shutdown, "halt"))
		kernel_halt();
	else if (!strcmp(kunit_shutdown, "reboot"))
		kernel_restart(NULL);
}

#ifdef CONFIG_MODULES
/* A module's suites run once it is live, as one KTAP document. */
static int kunit_module_notify(struct notifier_block *nb, unsigned long state, void *data)
{
	struct module *mod = data;

	if (!mod->num_kunit_suites)
		return NOTIFY_OK;
	if (state == MODULE_STATE_LIVE)
		__kunit_test_suites_init(mod->kunit_suites, mod->num_kunit_suites);
	else if (state == MODULE_STATE_GOING)
		__kunit_test_suites_exit(mod->kunit_suites, mod->num_kunit_suites);
	return NOTIFY_OK;
}

static struct notifier_block kunit_module_nb = {
	.notifier_call = kunit_module_notify,
};
#endif

static int __init kunit_init(void)
{
#ifdef CONFIG_MODULES
	return register_module_notifier(&kunit_module_nb);
#else
	return 0;
#endif
}
late_initcall(kunit_init);

static void __exit kunit_exit(void)
{
#ifdef CONFIG_MODULES
	unregister_module_notifier(&kunit_module_nb);
#endif
}
module_exit(kunit_exit);
