#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H

/*
 * Debian's hiredis (libhiredis-dev 0.14): the synchronous client only.
 * Policy (pooling, timeouts, reconnects, scripts) lives in the Swift
 * target RedisStore.
 */

#include <sys/time.h>
#include <hiredis/hiredis.h>

/* A reply's element `index`, so Swift need not index a C array of pointers. */
static inline redisReply *
CHiredis_element (const redisReply *reply, size_t index)
{
  return (NULL == reply || index >= reply->elements) ? NULL : reply->element[index];
}

#endif /* CHIREDIS_SHIM_H */
