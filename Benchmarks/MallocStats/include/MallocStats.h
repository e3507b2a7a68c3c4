#ifndef MALLOC_STATS_H
#define MALLOC_STATS_H
#include <stddef.h>
#include <stdint.h>

/// Bytes currently handed out by malloc, from glibc's own statistics (mallinfo2's uordblks +
/// hblkhd: small-block arena bytes in use plus large mmapped blocks). 0 where unavailable.
size_t malloc_stats_bytes_in_use(void);

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc) made by this
/// process so far, counted by wrappers around glibc's allocator. 0 where unavailable.
uint64_t malloc_stats_allocation_count(void);

#endif
