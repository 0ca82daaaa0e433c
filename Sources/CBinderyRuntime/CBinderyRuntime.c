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
