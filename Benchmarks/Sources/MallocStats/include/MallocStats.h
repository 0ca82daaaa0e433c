#ifndef MALLOC_STATS_H
#define MALLOC_STATS_H
#include <stddef.h>

/// Bytes handed out by malloc and not freed (glibc's mallinfo2), or 0 where unknown.
size_t bindery_allocated_bytes(void);

#endif
