// SPDX-License-Identifier: GPL-2.0
/*
 * Test-managed resources (see <kunit/resource.h>), and the test-managed
 * allocations built on them.
 */
#include <kunit/resource.h>
#include <kunit/test.h>

#include <linux/kernel.h>
#include <linux/overflow.h>
#include <linux/slab.h>

/**
 * __kunit_add_resource() - put a resource on a test's list
 * @test: the test that will hold it.
 * @init_fn: NULL, or acquires the resource; a non-zero return adds nothing.
 * @free_fn: NULL, or releases the resource.
 * @resource: the record; @resource->kunit_frees_record says who frees it.
 * @data: passed to @init_fn, or becomes @resource->data when @init_fn is NULL.
 *
 * Return: 0, or the error from @init_fn.
 */
int __kunit_add_resource(struct kunit *test, kunit_resource_init_t init_fn,
			 kunit_resource_free_t free_fn, struct kunit_resource *resource,
			 void *data)
{
	unsigned long irqflags;
	int ret;

	resource->free = free_fn;
	kref_init(&resource->refs);
	INIT_LIST_HEAD(&resource->node);

	if (init_fn) {
		ret = init_fn(resource, data);
		if (ret)
			return ret;
	} else {
		resource->data = data;
	}

	spin_lock_irqsave(&test->lock, irqflags);
	list_add_tail(&resource->node, &test->resources);
	spin_unlock_irqrestore(&test->lock, irqflags);
	return 0;
}
EXPORT_SYMBOL_GPL(__kunit_add_resource);

/*
 * Acquires a resource into a record that KUnit allocates and later frees.
 * Not inlined: each of its callers would carry a copy of it.
 */
static noinline struct kunit_resource *kunit_alloc_record(struct kunit *test,
							  kunit_resource_init_t init_fn,
							  kunit_resource_free_t free_fn,
							  gfp_t internal_gfp, void *context)
{
	struct kunit_resource *resource = kzalloc(sizeof(*resource), internal_gfp);

	if (!resource)
		return NULL;
	resource->kunit_frees_record = true;
	if (__kunit_add_resource(test, init_fn, free_fn, resource, context)) {
		kfree(resource);
		return NULL;
	}
	return resource;
}

/**
 * kunit_alloc_and_get_resource() - acquire a resource into a record that
 * KUnit allocates
 * @test: the test that will hold it.
 * @init_fn: acquires the resource and sets @resource->data; may be NULL.
 * @free_fn: releases the resource; may be NULL.
 * @internal_gfp: allocation flags for the record.
 * @context: passed to @init_fn.
 *
 * Return: the resource with a reference for the caller, to give back with
 * kunit_put_resource(), or NULL if the record or @init_fn failed.
 */
struct kunit_resource *kunit_alloc_and_get_resource(struct kunit *test,
						    kunit_resource_init_t init_fn,
						    kunit_resource_free_t free_fn,
						    gfp_t internal_gfp, void *context)
{
	struct kunit_resource *resource = kunit_alloc_record(test, init_fn, free_fn,
							     internal_gfp, context);

	if (resource)
		kunit_get_resource(resource);
	return resource;
}
EXPORT_SYMBOL_GPL(kunit_alloc_and_get_resource);

/*
 * Linux 6.1's kunit_alloc_resource(): the five-argument form of the macro
 * of the same name in <kunit/resource.h>, which documents it.
 */
void *kunit_alloc_resource(struct kunit *test, kunit_resource_init_t init_fn,
			   kunit_resource_free_t free_fn, gfp_t internal_gfp, void *context)
{
	struct kunit_resource *resource = kunit_alloc_record(test, init_fn, free_fn,
							     internal_gfp, context);

	return resource ? resource->data : NULL;
}
EXPORT_SYMBOL_GPL(kunit_alloc_resource);

/**
 * kunit_alloc_resource_record() - acquire a resource into a record that
 * KUnit allocates, and return the record
 * @test: the test that will hold it.
 * @init_fn: acquires the resource and sets @resource->data; may be NULL.
 * @free_fn: releases the resource; may be NULL.
 * @context: passed to @init_fn.
 *
 * The original series' kunit_alloc_resource(), which calls it.  The
 * record stays valid while @test holds it: until kunit_free_resource() or
 * the end of the case.  It is allocated with GFP_KERNEL.
 *
 * Return: the resource, or NULL if the record or @init_fn failed.
 */
struct kunit_resource *kunit_alloc_resource_record(struct kunit *test,
						   kunit_resource_init_t init_fn,
						   kunit_resource_free_t free_fn,
						   void *context)
{
	return kunit_alloc_record(test, init_fn, free_fn, GFP_KERNEL, context);
}
EXPORT_SYMBOL_GPL(kunit_alloc_resource_record);

/* kunit_put_resource(), out of line: this file's three callers share it. */
static noinline void kunit_drop_resource(struct kunit_resource *resource)
{
	kunit_put_resource(resource);
}

/**
 * kunit_remove_resource() - take a resource off its test's list
 * @test: the test that holds it.
 * @resource: the resource.
 *
 * Drops the test's reference: the resource is released now unless someone
 * else holds one.  Removing a resource twice does nothing the second time.
 */
void kunit_remove_resource(struct kunit *test, struct kunit_resource *resource)
{
	unsigned long irqflags;
	bool was_listed;

	spin_lock_irqsave(&test->lock, irqflags);
	was_listed = !list_empty(&resource->node);
	list_del_init(&resource->node);
	spin_unlock_irqrestore(&test->lock, irqflags);

	if (was_listed)
		kunit_drop_resource(resource);
}
EXPORT_SYMBOL_GPL(kunit_remove_resource);

/**
 * kunit_destroy_resource() - release a resource of a test now
 * @test: the test that holds it.
 * @match: tells the resource sought (see kunit_find_resource()).
 * @match_data: passed to @match.
 *
 * Return: 0, or -ENOENT if no resource matched.
 */
int kunit_destroy_resource(struct kunit *test, kunit_resource_match_t match,
			   void *match_data)
{
	struct kunit_resource *resource = kunit_find_resource(test, match, match_data);

	if (!resource)
		return -ENOENT;
	kunit_remove_resource(test, resource);
	kunit_drop_resource(resource);
	return 0;
}
EXPORT_SYMBOL_GPL(kunit_destroy_resource);

/**
 * kunit_cleanup() - release every resource of a test, newest first
 * @test: the test.
 *
 * Runs after every case.  A resource's free function may add resources;
 * they are released too.
 */
void kunit_cleanup(struct kunit *test)
{
	struct kunit_resource *resource;
	unsigned long irqflags;

	/*
	 * The release of the last call stopped part-way, its free function
	 * having thrown (a deferred action that failed an assertion): its
	 * record, which is KUnit's, was not freed.
	 */
	kfree(test->releasing);
	test->releasing = NULL;
	for (;;) {
		spin_lock_irqsave(&test->lock, irqflags);
		if (list_empty(&test->resources)) {
			spin_unlock_irqrestore(&test->lock, irqflags);
			break;
		}
		resource = list_last_entry(&test->resources, struct kunit_resource, node);
		list_del_init(&resource->node);
		spin_unlock_irqrestore(&test->lock, irqflags);

		/* Ours to free if this is its last reference and its release throws. */
		if (resource->kunit_frees_record && kref_read(&resource->refs) == 1)
			test->releasing = resource;
		kunit_drop_resource(resource);
		test->releasing = NULL;
	}
}
EXPORT_SYMBOL_GPL(kunit_cleanup);

struct kunit_kmalloc_request {
	size_t n;
	size_t size;
	gfp_t gfp;
};

static int kunit_kmalloc_init(struct kunit_resource *resource, void *context)
{
	const struct kunit_kmalloc_request *request = context;

	resource->data = kmalloc_array(request->n, request->size, request->gfp);
	return resource->data ? 0 : -ENOMEM;
}

static void kunit_kmalloc_free(struct kunit_resource *resource)
{
	kfree(resource->data);
}

/* Only memory from kunit_kmalloc_array() matches, not other resources. */
static bool kunit_kmalloc_match(struct kunit *test, struct kunit_resource *resource, void *ptr)
{
	return resource->free == kunit_kmalloc_free && resource->data == ptr;
}

/**
 * kunit_kmalloc_array() - allocate an array that is freed when the case ends
 * @test: the running test.
 * @n: number of elements.
 * @size: bytes per element.
 * @gfp: allocation flags, as for kmalloc().
 *
 * Return: the memory, or NULL when it cannot be had or n * size overflows.
 */
void *kunit_kmalloc_array(struct kunit *test, size_t n, size_t size, gfp_t gfp)
{
	struct kunit_kmalloc_request request = { .n = n, .size = size, .gfp = gfp };

	return kunit_alloc_resource(test, kunit_kmalloc_init, kunit_kmalloc_free,
				    gfp & ~__GFP_ZERO, &request);
}
EXPORT_SYMBOL_GPL(kunit_kmalloc_array);

/**
 * kunit_kfree() - free test-managed memory before the case ends
 * @test: the running test.
 * @ptr: memory from kunit_kmalloc() and friends, or NULL.
 *
 * Freeing memory that the test does not manage fails the test case.
 */
void kunit_kfree(struct kunit *test, const void *ptr)
{
	if (!ptr)
		return;
	if (kunit_destroy_resource(test, kunit_kmalloc_match, (void *)ptr))
		KUNIT_FAIL(test, "%s: %p was not allocated by this test, or is already freed",
			   __func__, ptr);
}
EXPORT_SYMBOL_GPL(kunit_kfree);

/*
 * A deferred action is a resource whose free function calls it: it runs
 * when the case ends, among the resources, newest first.
 */
struct kunit_deferred_action {
	struct kunit_resource resource;
	kunit_action_t *action;
	void *context;
};

static void kunit_run_deferred_action(struct kunit_resource *resource)
{
	struct kunit_deferred_action *deferred =
		container_of(resource, struct kunit_deferred_action, resource);

	deferred->action(deferred->context);
}

/**
 * kunit_add_action() - call a function with a context when the case ends
 * @test: the running test.
 * @action: the function.
 * @context: its argument.
 *
 * Actions and resources are released together, newest first, however the
 * case ends.  Upstream since Linux 6.5.
 *
 * Return: 0, -EINVAL without @action, or -ENOMEM.
 */
int kunit_add_action(struct kunit *test, kunit_action_t *action, void *context)
{
	struct kunit_deferred_action *deferred;

	if (!action)
		return -EINVAL;
	deferred = kzalloc(sizeof(*deferred), GFP_KERNEL);
	if (!deferred)
		return -ENOMEM;
	deferred->action = action;
	deferred->context = context;
	deferred->resource.kunit_frees_record = true;
	return __kunit_add_resource(test, NULL, kunit_run_deferred_action, &deferred->resource,
				    context);
}
EXPORT_SYMBOL_GPL(kunit_add_action);

/**
 * kunit_add_action_or_reset() - kunit_add_action(), or the action at once
 * @test: the running test.
 * @action: the function.
 * @context: its argument.
 *
 * When the action cannot be deferred, it is called now, so that what it
 * releases is not leaked.  Upstream since Linux 6.5.
 *
 * Return: as kunit_add_action().
 */
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action, void *context)
{
	int err = kunit_add_action(test, action, context);

	if (err && action)
		action(context);
	return err;
}
EXPORT_SYMBOL_GPL(kunit_add_action_or_reset);

/* Takes the newest deferred @action with @context off @test's list, if any. */
static struct kunit_deferred_action *kunit_take_deferred_action(struct kunit *test,
								kunit_action_t *action,
								void *context)
{
	struct kunit_deferred_action *deferred;
	struct kunit_resource *resource;
	unsigned long irqflags;

	spin_lock_irqsave(&test->lock, irqflags);
	list_for_each_entry_reverse(resource, &test->resources, node) {
		if (resource->free != kunit_run_deferred_action)
			continue;
		deferred = container_of(resource, struct kunit_deferred_action, resource);
		if (deferred->action == action && deferred->context == context) {
			list_del_init(&resource->node);
			spin_unlock_irqrestore(&test->lock, irqflags);
			return deferred;
		}
	}
	spin_unlock_irqrestore(&test->lock, irqflags);
	return NULL;
}

/**
 * kunit_remove_action() - forget a deferred action without calling it
 * @test: the running test.
 * @action: the function given to kunit_add_action().
 * @context: its argument.
 *
 * The newest such action goes; nothing happens if there is none.
 * Upstream since Linux 6.5.
 */
void kunit_remove_action(struct kunit *test, kunit_action_t *action, void *context)
{
	struct kunit_deferred_action *deferred =
		kunit_take_deferred_action(test, action, context);

	if (!deferred)
		return;
	deferred->resource.free = NULL;
	kunit_drop_resource(&deferred->resource);
}
EXPORT_SYMBOL_GPL(kunit_remove_action);

/**
 * kunit_release_action() - call a deferred action now, not at the case's end
 * @test: the running test.
 * @action: the function given to kunit_add_action().
 * @context: its argument.
 *
 * The newest such action runs and goes; nothing happens if there is none.
 * Upstream since Linux 6.5.
 */
void kunit_release_action(struct kunit *test, kunit_action_t *action, void *context)
{
	struct kunit_deferred_action *deferred =
		kunit_take_deferred_action(test, action, context);

	if (deferred)
		kunit_drop_resource(&deferred->resource);
}
EXPORT_SYMBOL_GPL(kunit_release_action);
