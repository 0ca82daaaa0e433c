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

/// A thread sanitizer annotation: `__tsan_acquire` or `__tsan_release`, taking a lock's address.
typedef void (*bindery_sanitizer_annotation)(void *address);

/// The thread sanitizer's acquire and release annotations, looked up once when the program loads
/// (before any Swift code runs); both null when the program does not run under the sanitizer.
struct bindery_sanitizer_hooks {
  bindery_sanitizer_annotation acquire;
  bindery_sanitizer_annotation release;
};

/// Set once, at load time, and never changed afterwards.
extern struct bindery_sanitizer_hooks bindery_sanitizer_hooks_storage;

/// The sanitizer's hooks: a plain read of what was looked up at load time (no lazy initialization
/// to check on each lock).
static inline struct bindery_sanitizer_hooks bindery_sanitizer_hooks(void) {
  return bindery_sanitizer_hooks_storage;
}

/// Diagnostics' switches (bit 0: recording), set at load time from `BINDERY_DIAGNOSTICS` and by the
/// app; read with one relaxed load (no lazy initialization to check per binding made).
extern int bindery_diagnostics_flags_storage;

static inline int bindery_diagnostics_flags(void) {
  return __atomic_load_n(&bindery_diagnostics_flags_storage, __ATOMIC_RELAXED);
}

static inline void bindery_set_diagnostics_flags(int flags) {
  __atomic_store_n(&bindery_diagnostics_flags_storage, flags, __ATOMIC_RELAXED);
}

/// How many threads are making bindings a file declared (a spec file's load), so a binding being made
/// looks for its declared location only then.
extern int bindery_declaring_scopes_storage;

static inline int bindery_declaring_scopes(void) {
  return __atomic_load_n(&bindery_declaring_scopes_storage, __ATOMIC_RELAXED);
}

static inline void bindery_add_declaring_scopes(int delta) {
  __atomic_add_fetch(&bindery_declaring_scopes_storage, delta, __ATOMIC_RELAXED);
}

/// Writes `text` to standard error, at once (diagnostics' default report).
void bindery_write_error(const char *text);

#endif
