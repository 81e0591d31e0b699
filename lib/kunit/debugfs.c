// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit's results in debugfs, on the kernel side of the seam.
 *
 * Each suite registered while KUnit is enabled gets a directory
 * /sys/kernel/debug/kunit/<suite> with two files:
 *
 *  - results: the KTAP document of the suite's last run, made by
 *    kunit_suite_results() from the lines the suite logged;
 *  - run: writing anything to it runs the suite again, on the console and
 *    into results, and returns once the run is over.
 *
 * A module's directories live as long as the module, so the kselftest
 * wrapper (tools/testing/selftests/kunit) reads a module's results between
 * loading and unloading it.
 *
 * It runs when a module comes or goes and when a file is read or written,
 * not once per case: it is __cold (or __init/__exit), compiled for size,
 * as boot code is.
 */
#include "executor.h"
#include "progress.h"
#include <kunit/string-stream.h>
#include <kunit/test.h>

#include <linux/debugfs.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "kernel-internal.h"

/**
 * struct kunit_debugfs_suite - a suite shown in debugfs
 * @node: in kunit_debugfs_suites.
 * @suite: the suite; its log keeps its lines for results.
 * @owner: the module the suite belongs to, NULL when built in.
 */
struct kunit_debugfs_suite {
	struct list_head node;
	struct kunit_suite *suite;
	struct module *owner;
};

static struct dentry *kunit_debugfs_root;
static LIST_HEAD(kunit_debugfs_suites);
/* Protects kunit_debugfs_suites. */
static DEFINE_MUTEX(kunit_debugfs_lock);

static int __cold kunit_debugfs_show_results(struct seq_file *seq, void *unused)
{
	struct kunit_debugfs_suite *entry = seq->private;
	char *results;
	int err;

	/* Not while a run starts or ends, when its state changes. */
	err = mutex_lock_interruptible(&kunit_run_mutex);
	if (err)
		return err;
	results = kunit_suite_results(entry->suite);
	mutex_unlock(&kunit_run_mutex);
	if (!results)
		return -ENOMEM;
	seq_puts(seq, results);
	kfree(results);
	return 0;
}

static int __cold kunit_debugfs_open_results(struct inode *inode, struct file *file)
{
	return single_open(file, kunit_debugfs_show_results, inode->i_private);
}

static const struct file_operations kunit_debugfs_results_fops = {
	.owner = THIS_MODULE,
	.open = kunit_debugfs_open_results,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

static ssize_t __cold kunit_debugfs_write_run(struct file *file, const char __user *buf,
					      size_t count, loff_t *ppos)
{
	struct kunit_debugfs_suite *entry = file->private_data;
	struct kunit_suite *suite = entry->suite;
	struct kunit_suite_set set = { .start = &suite, .end = &suite + 1 };
	struct kunit_progress progress = { .phase = KUNIT_PHASE_IDLE };
	int err;

	/* A module on its way out keeps its suites, but they may not run. */
	if (!try_module_get(entry->owner))
		return -ENODEV;
	err = mutex_lock_interruptible(&kunit_run_mutex);
	if (err)
		goto out;
	/* One run of a suite at a time: a second would mix their results. */
	if (suite->running) {
		mutex_unlock(&kunit_run_mutex);
		err = -EBUSY;
		goto out;
	}
	suite->running = true;
	kunit_suite_clear_results(suite);
	mutex_unlock(&kunit_run_mutex);

	kunit_exec_run_tests(&set, &progress);

	mutex_lock(&kunit_run_mutex);
	suite->running = false;
	mutex_unlock(&kunit_run_mutex);
out:
	module_put(entry->owner);
	return err ? err : count;
}

static const struct file_operations kunit_debugfs_run_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = kunit_debugfs_write_run,
	.llseek = noop_llseek,
};

/* Undoes kunit_debugfs_add_suite(); called with kunit_debugfs_lock held. */
static void __cold kunit_debugfs_remove_entry(struct kunit_debugfs_suite *entry)
{
	struct kunit_suite *suite = entry->suite;

	/* Waits for readers and for a run started from the run file. */
	debugfs_remove_recursive(suite->debugfs);
	suite->debugfs = NULL;
	destroy_string_stream(suite->log.stream);
	suite->log.stream = NULL;
	list_del(&entry->node);
	kfree(entry);
}

static int __cold kunit_debugfs_add_suite(struct kunit_suite *suite, struct module *owner)
{
	struct kunit_debugfs_suite *entry;
	struct dentry *dir;

	/*
	 * A suite that keeps its lines elsewhere already is left alone; one
	 * whose structure goes with init memory can have no files to read.
	 */
	if (suite->log.stream || suite->in_init)
		return 0;
	entry = kzalloc(sizeof(*entry), GFP_KERNEL);
	if (!entry)
		return -ENOMEM;
	suite->log.stream = new_string_stream();
	if (!suite->log.stream) {
		kfree(entry);
		return -ENOMEM;
	}
	entry->suite = suite;
	entry->owner = owner;
	list_add_tail(&entry->node, &kunit_debugfs_suites);

	dir = debugfs_create_dir(suite->name, kunit_debugfs_root);
	if (IS_ERR(dir)) {
		/* Two suites of one name: the second keeps no results. */
		pr_warn("kunit: no debugfs directory for suite %s: error %ld\n",
			suite->name, PTR_ERR(dir));
		kunit_debugfs_remove_entry(entry);
		return PTR_ERR(dir);
	}
	suite->debugfs = dir;
	debugfs_create_file("results", 0400, dir, entry, &kunit_debugfs_results_fops);
	/* Its init code is gone once the kernel or its module has started. */
	if (!suite->uses_init)
		debugfs_create_file("run", 0200, dir, entry, &kunit_debugfs_run_fops);
	return 0;
}

/**
 * kunit_debugfs_has_suite() - whether a suite of this name has a directory
 * @name: the name.
 *
 * Return: true if a suite called @name is in /sys/kernel/debug/kunit.
 */
bool __cold kunit_debugfs_has_suite(const char *name)
{
	struct kunit_debugfs_suite *entry;
	bool found = false;

	mutex_lock(&kunit_debugfs_lock);
	list_for_each_entry(entry, &kunit_debugfs_suites, node)
		if (!strcmp(entry->suite->name, name))
			found = true;
	mutex_unlock(&kunit_debugfs_lock);
	return found;
}

/**
 * kunit_debugfs_add_suites() - give suites their debugfs directories
 * @suites: the suites.
 * @num_suites: how many.
 * @owner: the module they belong to, or NULL for the built-in suites.
 *
 * Done before the suites first run, so that their lines are kept.  A suite
 * that cannot have a directory (for want of memory, or because another
 * suite has its name) still runs; only its results are missing.
 */
void __cold kunit_debugfs_add_suites(struct kunit_suite * const *suites, int num_suites,
				     struct module *owner)
{
	int i;

	if (!kunit_debugfs_root || !kunit_enabled())
		return;
	mutex_lock(&kunit_debugfs_lock);
	for (i = 0; i < num_suites; i++)
		kunit_debugfs_add_suite(suites[i], owner);
	mutex_unlock(&kunit_debugfs_lock);
}

/**
 * kunit_debugfs_remove_suites() - remove the debugfs directories of suites
 * @suites: the suites, given to kunit_debugfs_add_suites() before.
 * @num_suites: how many.
 */
void __cold kunit_debugfs_remove_suites(struct kunit_suite * const *suites, int num_suites)
{
	struct kunit_debugfs_suite *entry, *next;
	int i;

	mutex_lock(&kunit_debugfs_lock);
	list_for_each_entry_safe(entry, next, &kunit_debugfs_suites, node)
		for (i = 0; i < num_suites; i++)
			if (entry->suite == suites[i]) {
				kunit_debugfs_remove_entry(entry);
				break;
			}
	mutex_unlock(&kunit_debugfs_lock);
}

/**
 * kunit_debugfs_create_root() - create /sys/kernel/debug/kunit
 *
 * Without it (debugfs disabled at boot, say), suites run as usual and keep
 * no results.
 */
void __init kunit_debugfs_create_root(void)
{
	struct dentry *root = debugfs_create_dir("kunit", NULL);

	if (IS_ERR(root)) {
		pr_warn("kunit: no debugfs directory: error %ld\n", PTR_ERR(root));
		return;
	}
	kunit_debugfs_root = root;
}

/**
 * kunit_debugfs_remove_all() - remove everything KUnit put in debugfs
 */
void __exit kunit_debugfs_remove_all(void)
{
	struct kunit_debugfs_suite *entry, *next;

	mutex_lock(&kunit_debugfs_lock);
	list_for_each_entry_safe(entry, next, &kunit_debugfs_suites, node)
		kunit_debugfs_remove_entry(entry);
	mutex_unlock(&kunit_debugfs_lock);
	debugfs_remove_recursive(kunit_debugfs_root);
	kunit_debugfs_root = NULL;
}
