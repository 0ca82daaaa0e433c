// The runtime's entry points are declared in include/CBinderyRuntime.h; this file looks up the
// thread sanitizer's annotations once, when the program loads.
#include "CBinderyRuntime.h"

#if defined(__linux__) || defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__)
#include <dlfcn.h>
#define BINDERY_HAS_DLSYM 1
#endif

struct bindery_sanitizer_hooks bindery_sanitizer_hooks_storage = {0, 0};

#if defined(BINDERY_HAS_DLSYM)
__attribute__((constructor)) static void bindery_look_up_sanitizer_hooks(void) {
  bindery_sanitizer_hooks_storage.acquire = (bindery_sanitizer_annotation)dlsym(RTLD_DEFAULT, "__tsan_acquire");
  bindery_sanitizer_hooks_storage.release = (bindery_sanitizer_annotation)dlsym(RTLD_DEFAULT, "__tsan_release");
}
#endif

#include <stdio.h>
#include <stdlib.h>

int bindery_diagnostics_flags_storage = 0;
int bindery_declaring_scopes_storage = 0;

/// `BINDERY_DIAGNOSTICS` set to `1`, `on`, `true` or `yes` (any case) switches recording on from the start.
__attribute__((constructor)) static void bindery_read_diagnostics_environment(void) {
  const char *value = getenv("BINDERY_DIAGNOSTICS");
  if (!value) return;
  const char *accepted[] = {"1", "on", "true", "yes"};
  for (unsigned i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
    const char *a = accepted[i];
    const char *v = value;
    while (*a && *v && (*v | 0x20) == (*a | 0x20)) { a++; v++; }
    if (!*a && !*v) {
      bindery_diagnostics_flags_storage = 1;
      return;
    }
  }
}

void bindery_write_error(const char *text) {
  fputs(text, stderr);
  fflush(stderr);
}
