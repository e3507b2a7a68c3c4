#ifndef MALLOC_STATS_H
#define MALLOC_STATS_H
#include <stddef.h>

/// Bytes currently handed out by malloc, from glibc's own statistics (mallinfo2's uordblks +
/// hblkhd: small-block arena bytes in use plus large mmapped blocks). 0 where unavailable.
size_t malloc_stats_bytes_in_use(void);

#endif
