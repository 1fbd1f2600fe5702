#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

/*
 * Fixed-argument wrappers for the variadic parts of libmicrohttpd, which
 * Swift cannot call directly. Everything here is a thin `static inline`
 * pass-through; policy lives in the Swift target HTTPCore.
 */

#include <stddef.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* The MHD_OPTION_URI_LOG_CALLBACK signature; microhttpd.h has no typedef. */
typedef void *(*CMicroHTTPD_URILogCallback)(void *cls,
                                            const char *uri,
                                            struct MHD_Connection *connection);

/* Everything HTTPCore passes to MHD_start_daemon, as one typed struct. */
struct CMicroHTTPD_DaemonSettings
{
  unsigned int flags;
  /* A sockaddr_in or (with MHD_USE_IPv6 in flags) a sockaddr_in6. */
  const struct sockaddr *bind_address;
  /* The port inside bind_address; MHD only uses it in error messages. */
  unsigned short port;
  /* 0 or 1 mean "no pool": the single internal polling thread. */
  unsigned int thread_pool_size;
  unsigned int connection_limit;
  /* 0 means unlimited. */
  unsigned int per_ip_connection_limit;
  /* Idle timeout; 0 means none. */
  unsigned int connection_timeout_seconds;
  size_t connection_memory_limit;
  MHD_AccessHandlerCallback access_handler;
  MHD_RequestCompletedCallback request_completed;
  MHD_NotifyConnectionCallback connection_notify;
  CMicroHTTPD_URILogCallback uri_log;
  /* Called only when MHD_USE_ERROR_LOG is in flags. */
  MHD_LogCallback error_log;
  /* Handed as `cls` to every callback above. */
  void *context;
  void *error_log_context;
};

static inline struct MHD_Daemon *
CMicroHTTPD_start_daemon (const struct CMicroHTTPD_DaemonSettings *s)
{
  struct MHD_OptionItem options[] = {
    { MHD_OPTION_SOCK_ADDR, 0, (void *) s->bind_address },
    { MHD_OPTION_CONNECTION_LIMIT, (intptr_t) s->connection_limit, NULL },
    { MHD_OPTION_PER_IP_CONNECTION_LIMIT,
      (intptr_t) s->per_ip_connection_limit, NULL },
    { MHD_OPTION_CONNECTION_TIMEOUT,
      (intptr_t) s->connection_timeout_seconds, NULL },
    { MHD_OPTION_CONNECTION_MEMORY_LIMIT,
      (intptr_t) s->connection_memory_limit, NULL },
    /* Two-pointer options: the function goes in `value`, cast to intptr_t. */
    { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) s->request_completed,
      s->context },
    { MHD_OPTION_NOTIFY_CONNECTION, (intptr_t) s->connection_notify,
      s->context },
    { MHD_OPTION_URI_LOG_CALLBACK, (intptr_t) s->uri_log, s->context },
    { MHD_OPTION_EXTERNAL_LOGGER, (intptr_t) s->error_log,
      s->error_log_context },
    /* Pool size last so it can be dropped when no pool is wanted. */
    { MHD_OPTION_THREAD_POOL_SIZE, (intptr_t) s->thread_pool_size, NULL },
    { MHD_OPTION_END, 0, NULL }
  };
  if (s->thread_pool_size <= 1)
    options[9].option = MHD_OPTION_END;
  return MHD_start_daemon (s->flags, s->port, NULL, NULL,
                           s->access_handler, s->context,
                           MHD_OPTION_ARRAY, options,
                           MHD_OPTION_END);
}

/* The port actually bound, which differs from the requested one for port 0. */
static inline int
CMicroHTTPD_bound_port (struct MHD_Daemon *daemon)
{
  const union MHD_DaemonInfo *info =
    MHD_get_daemon_info (daemon, MHD_DAEMON_INFO_BIND_PORT);
  return (NULL == info) ? 0 : (int) info->port;
}

/* The pointer stored by the MHD_OPTION_NOTIFY_CONNECTION callback. */
static inline void *
CMicroHTTPD_socket_context (struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info (connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return (NULL == info) ? NULL : info->socket_context;
}

/* The peer's address: a sockaddr_in or sockaddr_in6 owned by libmicrohttpd
 * for the connection's life, or NULL. */
static inline const struct sockaddr *
CMicroHTTPD_client_address (struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info (connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return (NULL == info) ? NULL : info->client_addr;
}

/* The connection's socket, or -1; still open in the connection-closed
   notification, which libmicrohttpd 0.9.75 sends just before it closes it. */
static inline int
CMicroHTTPD_connection_fd (struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info (connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return (NULL == info) ? -1 : (int) info->connect_fd;
}

/* The bytes of the request's head (request line, header lines and the empty
   line that ends them) as libmicrohttpd received them, starting at the
   method; 0 before the headers are complete. */
static inline size_t
CMicroHTTPD_request_header_size (struct MHD_Connection *connection)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info (connection,
                             MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
  return (NULL == info) ? 0 : info->header_size;
}

#endif /* CMICROHTTPD_SHIM_H */
