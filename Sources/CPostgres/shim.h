#ifndef CPOSTGRES_SHIM_H
#define CPOSTGRES_SHIM_H

/*
 * Debian's libpq (libpq-dev): the client library of PostgreSQL. Policy
 * (pooling, timeouts, reconnects, the schema, prepared statements) lives in
 * the Swift target PostgresStore.
 */

#include <libpq-fe.h>

#endif /* CPOSTGRES_SHIM_H */
