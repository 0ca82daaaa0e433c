#ifndef BINDERY_RUNTIME_H
#define BINDERY_RUNTIME_H

// The Swift runtime's own reference-counting entry points (part of its stable interface: `weak` and
// `unowned` references are made of them). Each takes a native Swift object's address.

/// Retains the object unless its deinitialization has begun: returns the object, or null.
void *swift_tryRetain(void *object);
/// Adds one to the object's unowned count, which keeps its memory (not the object) alive.
void *swift_unownedRetain(void *object);
/// Takes one from the object's unowned count; the memory is freed when both counts are zero.
void swift_unownedRelease(void *object);

#endif
