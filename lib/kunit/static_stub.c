// SPDX-License-Identifier: GPL-2.0
/*
 * Static stubs (<kunit/static_stub.h>): each active stub is a resource of
 * its test, so that it ends with the case.
 */
#include "hooks-impl.h"
#include <kunit/resource.h>
#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <linux/export.h>
#include <linux/slab.h>

/* One active stub: calls of @real_fn go to @replacement. */
struct kunit_static_stub {
	void *real_fn;
	void *replacement;
};

static void kunit_static_stub_free(struct kunit_resource *resource)
{
	kfree(resource->data);
}

static bool kunit_static_stub_match(struct kunit *test, struct kunit_resource *resource,
				    void *real_fn)
{
	struct kunit_static_stub *stub = resource->data;

	return resource->free == kunit_static_stub_free && stub->real_fn == real_fn;
}

/**
 * __kunit_get_static_stub_address_impl() - the replacement of a function
 * @test: the test the running task serves.
 * @real_fn_addr: the function.
 *
 * Behind kunit_hooks.get_static_stub_address.
 *
 * Return: the replacement @test activated, or NULL.
 */
void *__kunit_get_static_stub_address_impl(struct kunit *test, void *real_fn_addr)
{
	struct kunit_resource *resource;
	void *replacement;

	resource = kunit_find_resource(test, kunit_static_stub_match, real_fn_addr);
	if (!resource)
		return NULL;
	replacement = ((struct kunit_static_stub *)resource->data)->replacement;
	kunit_put_resource(resource);
	return replacement;
}

void kunit_deactivate_static_stub(struct kunit *test, void *real_fn_addr)
{
	struct kunit_resource *resource;

	KUNIT_ASSERT_PTR_NE_MSG(test, real_fn_addr, NULL, "no stub for a NULL function");
	resource = kunit_find_resource(test, kunit_static_stub_match, real_fn_addr);
	KUNIT_ASSERT_PTR_NE_MSG(test, resource, NULL,
				"the function has no active stub to deactivate");
	kunit_remove_resource(test, resource);
	kunit_put_resource(resource);
}
EXPORT_SYMBOL_GPL(kunit_deactivate_static_stub);

/**
 * __kunit_activate_static_stub() - behind kunit_activate_static_stub()
 * @test: the test.
 * @real_fn_addr: the function to replace.
 * @replacement_addr: its replacement, or NULL to deactivate the stub.
 */
void __kunit_activate_static_stub(struct kunit *test, void *real_fn_addr,
				  void *replacement_addr)
{
	struct kunit_resource *resource;
	struct kunit_static_stub *stub;

	KUNIT_ASSERT_PTR_NE_MSG(test, real_fn_addr, NULL, "no stub for a NULL function");
	if (!replacement_addr) {
		kunit_deactivate_static_stub(test, real_fn_addr);
		return;
	}
	resource = kunit_find_resource(test, kunit_static_stub_match, real_fn_addr);
	if (resource) {
		((struct kunit_static_stub *)resource->data)->replacement = replacement_addr;
		kunit_put_resource(resource);
		return;
	}
	stub = kmalloc(sizeof(*stub), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, stub);
	stub->real_fn = real_fn_addr;
	stub->replacement = replacement_addr;
	if (!kunit_alloc_resource(test, NULL, kunit_static_stub_free, GFP_KERNEL, stub)) {
		kfree(stub);
		KUNIT_FAIL_AND_ABORT(test, "no memory to activate a stub");
	}
}
EXPORT_SYMBOL_GPL(__kunit_activate_static_stub);
