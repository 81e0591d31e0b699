/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test-managed resources: things a test case acquires that KUnit releases
 * when the case ends, however it ends.
 *
 * A resource belongs to one &struct kunit.  kunit_cleanup(), which runs
 * after every case, releases the case's resources newest first.  Each
 * resource is reference counted: the test holds one reference while the
 * resource is on its list, and every successful kunit_find_resource()
 * takes another, to give back with kunit_put_resource().
 */
#ifndef _KUNIT_RESOURCE_H
#define _KUNIT_RESOURCE_H

#include <kunit/test.h>

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct kunit_resource;

typedef int (*kunit_resource_init_t)(struct kunit_resource *resource, void *context);
typedef void (*kunit_resource_free_t)(struct kunit_resource *resource);

/**
 * struct kunit_resource - a resource that a test case holds
 * @data: what the resource is; set by the init function, or to the data
 *	  passed in when there is none.
 * @allocation: the original name of @data.
 * @name: a name to find the resource by, or NULL.
 * @free: releases @data when the last reference goes, or NULL.
 *
 * Example, a test-managed allocation:
 *
 * .. code-block:: c
 *
 *	static int buf_init(struct kunit_resource *resource, void *context)
 *	{
 *		resource->data = kmalloc(*(size_t *)context, GFP_KERNEL);
 *		return resource->data ? 0 : -ENOMEM;
 *	}
 *
 *	static void buf_free(struct kunit_resource *resource)
 *	{
 *		kfree(resource->data);
 *	}
 *
 *	buf = kunit_alloc_resource(test, buf_init, buf_free, GFP_KERNEL, &size);
 */
struct kunit_resource {
	union {
		void *data;
		void *allocation;
	};
	const char *name;
	kunit_resource_free_t free;

	/* private: internal use only. */
	struct kref refs;
	struct list_head node;
	bool kunit_frees_record;
};

/**
 * kunit_get_resource() - take one more reference to a resource
 * @resource: the resource.
 */
static inline void kunit_get_resource(struct kunit_resource *resource)
{
	kref_get(&resource->refs);
}

/* Called with the last reference: release the data, then the record. */
static inline void kunit_release_resource(struct kref *kref)
{
	struct kunit_resource *resource = container_of(kref, struct kunit_resource, refs);
	/* The free function may free the record itself unless KUnit owns it. */
	bool kunit_owns_record = resource->kunit_frees_record;

	if (resource->free)
		resource->free(resource);
	if (kunit_owns_record)
		kfree(resource);
}

/**
 * kunit_put_resource() - give back a reference to a resource
 * @resource: the resource.
 *
 * The resource is released with its last reference.
 */
static inline void kunit_put_resource(struct kunit_resource *resource)
{
	kref_put(&resource->refs, kunit_release_resource);
}

int __kunit_add_resource(struct kunit *test, kunit_resource_init_t init_fn,
			 kunit_resource_free_t free_fn, struct kunit_resource *resource,
			 void *data);

/**
 * kunit_add_resource() - make a caller-allocated resource test-managed
 * @test: the test that will hold it.
 * @init_fn: NULL, or a function that acquires the resource and sets
 *	  @resource->data; a non-zero return is an error and adds nothing.
 * @free_fn: NULL, or a function that releases the resource.
 * @resource: the record, allocated by the caller, who keeps it alive until @free_fn.
 * @data: passed to @init_fn; becomes @resource->data when @init_fn is NULL.
 *
 * Return: 0, or the error returned by @init_fn.
 */
static inline int kunit_add_resource(struct kunit *test, kunit_resource_init_t init_fn,
				     kunit_resource_free_t free_fn,
				     struct kunit_resource *resource, void *data)
{
	resource->kunit_frees_record = false;
	return __kunit_add_resource(test, init_fn, free_fn, resource, data);
}

/**
 * typedef kunit_resource_match_t - tells whether a resource is the one sought
 * @test: the test that holds the resource.
 * @resource: a resource of @test.
 * @match_data: what the caller of kunit_find_resource() is looking for.
 *
 * Return: true for the resource sought.
 */
typedef bool (*kunit_resource_match_t)(struct kunit *test, struct kunit_resource *resource,
				       void *match_data);

/**
 * kunit_resource_name_match() - match a resource by name
 * @test: the test that holds the resource.
 * @resource: a resource of @test.
 * @match_name: the name sought.
 *
 * Return: true if @resource has that name.
 */
static inline bool kunit_resource_name_match(struct kunit *test, struct kunit_resource *resource,
					     void *match_name)
{
	return resource->name && strcmp(resource->name, match_name) == 0;
}

/**
 * kunit_resource_data_match() - match a resource by its data pointer
 * @test: the test that holds the resource.
 * @resource: a resource of @test.
 * @match_data: the data pointer sought.
 *
 * Return: true if @resource->data is @match_data.
 */
static inline bool kunit_resource_data_match(struct kunit *test,
					     struct kunit_resource *resource,
					     void *match_data)
{
	return resource->data == match_data;
}

/**
 * kunit_find_resource() - find a resource of a test
 * @test: the test to search.
 * @match: tells the resource sought.
 * @match_data: passed to @match.
 *
 * The newest matching resource wins.  This is inline, like the lookups of
 * named resources built on it, because code outside KUnit (KASAN, SLUB)
 * calls them from the core kernel even when KUnit is a module.
 *
 * Return: the resource with a reference taken, to give back with
 * kunit_put_resource(), or NULL.
 */
static inline struct kunit_resource *kunit_find_resource(struct kunit *test,
							 kunit_resource_match_t match,
							 void *match_data)
{
	struct kunit_resource *resource, *found = NULL;
	unsigned long irqflags;

	spin_lock_irqsave(&test->lock, irqflags);
	list_for_each_entry_reverse(resource, &test->resources, node) {
		if (match(test, resource, match_data)) {
			found = resource;
			kunit_get_resource(found);
			break;
		}
	}
	spin_unlock_irqrestore(&test->lock, irqflags);

	return found;
}

/**
 * kunit_find_named_resource() - find a resource of a test by name
 * @test: the test to search.
 * @name: the name sought.
 *
 * Return: the resource with a reference taken, or NULL.
 */
static inline struct kunit_resource *kunit_find_named_resource(struct kunit *test,
							       const char *name)
{
	return kunit_find_resource(test, kunit_resource_name_match, (void *)name);
}

/**
 * kunit_add_named_resource() - kunit_add_resource() under a unique name
 * @test: the test that will hold it.
 * @init_fn: as for kunit_add_resource().
 * @free_fn: as for kunit_add_resource().
 * @resource: as for kunit_add_resource().
 * @name: the name; no other resource of @test may have it.
 * @data: as for kunit_add_resource().
 *
 * Return: 0, -EINVAL without a name, -EEXIST if the name is taken, or the
 * error returned by @init_fn.
 */
static inline int kunit_add_named_resource(struct kunit *test, kunit_resource_init_t init_fn,
					   kunit_resource_free_t free_fn,
					   struct kunit_resource *resource, const char *name,
					   void *data)
{
	struct kunit_resource *existing;

	if (!name)
		return -EINVAL;

	existing = kunit_find_named_resource(test, name);
	if (existing) {
		kunit_put_resource(existing);
		return -EEXIST;
	}

	resource->name = name;
	resource->kunit_frees_record = false;
	return __kunit_add_resource(test, init_fn, free_fn, resource, data);
}

struct kunit_resource *kunit_alloc_and_get_resource(struct kunit *test,
						    kunit_resource_init_t init_fn,
						    kunit_resource_free_t free_fn,
						    gfp_t internal_gfp, void *context);
void *kunit_alloc_resource(struct kunit *test, kunit_resource_init_t init_fn,
			   kunit_resource_free_t free_fn, gfp_t internal_gfp, void *context);
struct kunit_resource *kunit_alloc_resource_record(struct kunit *test,
						   kunit_resource_init_t init_fn,
						   kunit_resource_free_t free_fn,
						   void *context);

/*
 * The forms of kunit_alloc_resource(), chosen by the number of arguments,
 * so that callers of either compile unchanged; the function itself (Linux
 * 6.1's form) stays callable through its address, or as
 * (kunit_alloc_resource)(...).
 */
#define __kunit_alloc_resource_4	kunit_alloc_resource_record
#define __kunit_alloc_resource_5	(kunit_alloc_resource)
#define __kunit_alloc_resource_1(...)					\
	__KUNIT_WRONG_NARGS("kunit_alloc_resource(): 4 or 5 arguments; put compound literals in ()")
#define __kunit_alloc_resource_2	__kunit_alloc_resource_1
#define __kunit_alloc_resource_3	__kunit_alloc_resource_1
#define __kunit_alloc_resource_6	__kunit_alloc_resource_1
#define __kunit_alloc_resource_7	__kunit_alloc_resource_1
#define __kunit_alloc_resource_8	__kunit_alloc_resource_1

/**
 * kunit_alloc_resource() - acquire a resource into a record that KUnit
 * allocates
 * @test: the test that will hold it.
 * @...: either, as in Linux 6.1, ``init_fn, free_fn, internal_gfp,
 *	 context``, and the resource's data is returned; or, as in the
 *	 original series, ``init_fn, free_fn, context``: see
 *	 kunit_alloc_resource_record(), which returns the resource.
 *
 * @init_fn acquires the resource and sets its data (NULL: @context is the
 * data); @free_fn releases it (may be NULL); the record is allocated with
 * @internal_gfp (GFP_KERNEL in the series' form).
 *
 * Return: the resource's data (five arguments) or the resource (four), or
 * NULL if the record or the init function failed.
 */
#define kunit_alloc_resource(test, ...)					\
	__KUNIT_BY_NARGS(__kunit_alloc_resource_, test, __VA_ARGS__)

void kunit_remove_resource(struct kunit *test, struct kunit_resource *resource);

/**
 * kunit_free_resource() - release a resource of a test now
 * @test: the test that holds it.
 * @resource: the resource, from kunit_alloc_resource() with four
 *	      arguments, or NULL (nothing is done).
 *
 * The original series' name for kunit_remove_resource(): the resource is
 * taken off @test's list and released, unless someone holds a reference.
 */
static inline void kunit_free_resource(struct kunit *test, struct kunit_resource *resource)
{
	if (resource)
		kunit_remove_resource(test, resource);
}

int kunit_destroy_resource(struct kunit *test, kunit_resource_match_t match,
			   void *match_data);

/**
 * kunit_destroy_named_resource() - release a named resource now
 * @test: the test that holds it.
 * @name: its name.
 *
 * Return: 0, or -ENOENT if @test holds no resource of that name.
 */
static inline int kunit_destroy_named_resource(struct kunit *test, const char *name)
{
	return kunit_destroy_resource(test, kunit_resource_name_match, (void *)name);
}

/**
 * typedef kunit_action_t - a deferred action: a function of one pointer
 * @context: what kunit_add_action() was given with the action.
 *
 * Upstream since Linux 6.5.
 */
typedef void (kunit_action_t)(void *context);

/**
 * KUNIT_DEFINE_ACTION_WRAPPER() - make a &kunit_action_t of a function of one pointer
 * @wrapper: the name of the wrapper to define.
 * @orig: the function, which takes one argument of @arg_type.
 * @arg_type: its argument's type, a pointer type.
 *
 * Calling @orig through a pointer of another type would be undefined (and
 * trips the kernel's CFI): the wrapper has the type kunit_add_action()
 * wants.  Upstream since Linux 6.8.
 */
#define KUNIT_DEFINE_ACTION_WRAPPER(wrapper, orig, arg_type)		\
	static void wrapper(void *__kunit_arg)				\
	{								\
		orig((arg_type)__kunit_arg);				\
	}

int kunit_add_action(struct kunit *test, kunit_action_t *action, void *context);
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action, void *context);
void kunit_remove_action(struct kunit *test, kunit_action_t *action, void *context);
void kunit_release_action(struct kunit *test, kunit_action_t *action, void *context);

#endif /* _KUNIT_RESOURCE_H */
