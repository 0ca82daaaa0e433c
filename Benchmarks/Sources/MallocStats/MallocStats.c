#include "MallocStats.h"
#if defined(__linux__)
#include <malloc.h>
size_t bindery_allocated_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks;
}
#else
size_t bindery_allocated_bytes(void) { return 0; }
#endif
