/*
 * The yardstick for `make bench`: the smallest server libmicrohttpd allows,
 * with the daemon flags, thread pool and limits of navigation-server
 * (Sources/HTTPCore/DaemonHandle.swift, HTTPServerConfiguration.swift).
 *
 * It answers every GET and POST with one fixed JSON body (a real session
 * document captured by the benchmark), with the headers navigation-server
 * sends. The only per-request work besides libmicrohttpd's own: the 32-hex
 * session id of /v1/sessions/<id>... is copied into the body, so the
 * benchmark's Lua scripts can tell which of their sessions a response
 * belongs to, exactly as they do with navigation-server.
 *
 * Usage: reference-server PORT THREADS BODY_FILE [BUSY_MICROSECONDS [JOURNAL_FILE]]
 * (prints the bound port). Built by bench/run.py with `cc -O2 ... -lmicrohttpd`.
 *
 * BUSY_MICROSECONDS (default 0; bench/perf_profile.py --busy-us) spins that
 * long in user space per request before answering: a reference as slow as
 * a server doing real work, to see what the same libmicrohttpd and kernel
 * work costs at that request rate.
 *
 * JOURNAL_FILE (bench/perf_profile.py --journal) makes every POST append
 * its URL and body to that file with one pwrite(2) before answering, no
 * fsync: the least a server can do that loses no accepted event to a
 * kill -9, which is what navigation-server's file journal promises. The
 * cost of that write is a floor under any journaled event's CPU time.
 */
#include <fcntl.h>
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ID_LENGTH 32
static const char SESSION_PREFIX[] = "/v1/sessions/";
static const char ID_FIELD[] = "{\"id\":\"";

static char *body_template;
static long busy_microseconds;
static size_t body_length;
static int journal = -1;
static long journal_end; /* the next record's offset, taken atomically */

/* One POST's record: its URL and the start of its body. */
struct record
{
  size_t length;
  char bytes[2048];
};

static void
record_append (struct record *record, const char *bytes, size_t length)
{
  size_t room = sizeof (record->bytes) - record->length;
  size_t taken = length < room ? length : room;
  memcpy (record->bytes + record->length, bytes, taken);
  record->length += taken;
}

/* Appends the record as one frame (its length, then its bytes). */
static int
journal_write (struct record *record)
{
  char frame[sizeof (record->bytes) + 8];
  uint32_t length = (uint32_t) record->length;
  memcpy (frame, &length, 4);
  memcpy (frame + 4, "JRNL", 4);
  memcpy (frame + 8, record->bytes, record->length);
  size_t size = record->length + 8;
  long offset = __atomic_fetch_add (&journal_end, (long) size, __ATOMIC_RELAXED);
  return pwrite (journal, frame, size, offset) == (ssize_t) size;
}

/* Where the id's 32 characters sit in the template, or 0 when it has none. */
static size_t id_offset;

static int
is_hex_id (const char *text)
{
  for (int i = 0; i < ID_LENGTH; i++)
    {
      char c = text[i];
      if (! ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
        return 0;
    }
  return 1;
}

/* Loop turns per microsecond of busy work, measured once at start. */
static double turns_per_microsecond;

/* `turns` turns of a loop the compiler must keep: busy work in user space,
   with no system call and no library call (the profile puts its samples in
   `answer`). */
static void
spin (long turns)
{
  for (volatile long turn = 0; turn < turns; turn++)
    ;
}

static double
now_microseconds (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e6 + now.tv_nsec / 1e3;
}

static void
calibrate_spin (void)
{
  const long turns = 50000000;
  double started = now_microseconds ();
  spin (turns);
  turns_per_microsecond = turns / (now_microseconds () - started);
}

static int body_pending;

static int
is_pending_marker (void *request_context)
{
  return request_context == &body_pending;
}

static enum MHD_Result
answer (void *cls, struct MHD_Connection *connection, const char *url,
        const char *method, const char *version, const char *upload_data,
        size_t *upload_data_size, void **request_context)
{
  (void) cls; (void) version;
  int journaled = journal >= 0 && 0 == strcmp (method, "POST");
  if (NULL == *request_context)
    {
      /* First call: headers only. Come back for the body, if any. */
      if (journaled)
        {
          struct record *record = malloc (sizeof (struct record));
          if (NULL == record)
            return MHD_NO;
          record->length = 0;
          record_append (record, url, strlen (url));
          *request_context = record;
        }
      else
        *request_context = &body_pending;
      return MHD_YES;
    }
  if (0 != *upload_data_size)
    {
      if (journaled)
        record_append (*request_context, upload_data, *upload_data_size);
      *upload_data_size = 0; /* consumed */
      return MHD_YES;
    }
  if (journaled)
    {
      int written = journal_write (*request_context);
      free (*request_context);
      *request_context = &body_pending;
      if (! written)
        return MHD_NO;
    }

  if (busy_microseconds > 0)
    spin ((long) (busy_microseconds * turns_per_microsecond));

  char body[body_length];
  memcpy (body, body_template, body_length);
  const size_t prefix = sizeof (SESSION_PREFIX) - 1;
  int creates = 0 == strcmp (method, "POST") && 0 == strcmp (url, "/v1/sessions");
  if (id_offset && 0 == strncmp (url, SESSION_PREFIX, prefix)
      && strlen (url) >= prefix + ID_LENGTH && is_hex_id (url + prefix))
    memcpy (body + id_offset, url + prefix, ID_LENGTH);

  struct MHD_Response *response = MHD_create_response_from_buffer (
    body_length, body, MHD_RESPMEM_MUST_COPY);
  if (NULL == response)
    return MHD_NO;
  MHD_add_response_header (response, "Content-Type",
                           "application/json; charset=utf-8");
  MHD_add_response_header (response, "Cache-Control", "no-store");
  MHD_add_response_header (response, "ETag", "\"3\"");
  if (creates)
    {
      char location[sizeof (SESSION_PREFIX) + ID_LENGTH];
      memcpy (location, SESSION_PREFIX, prefix);
      memcpy (location + prefix, body + id_offset, ID_LENGTH);
      location[prefix + ID_LENGTH] = '\0';
      MHD_add_response_header (response, "Location", location);
    }
  enum MHD_Result queued = MHD_queue_response (
    connection, creates ? MHD_HTTP_CREATED : MHD_HTTP_OK, response);
  MHD_destroy_response (response);
  return queued;
}

/* Frees the record of a POST that ended before its answer. */
static void
completed (void *cls, struct MHD_Connection *connection, void **request_context,
           enum MHD_RequestTerminationCode code)
{
  (void) cls; (void) connection; (void) code;
  if (journal >= 0 && NULL != *request_context && ! is_pending_marker (*request_context))
    free (*request_context);
  *request_context = NULL;
}

static char *
read_file (const char *path, size_t *length)
{
  FILE *file = fopen (path, "rb");
  if (NULL == file)
    return NULL;
  char *text = malloc (1 << 20);
  *length = text ? fread (text, 1, 1 << 20, file) : 0;
  fclose (file);
  return text;
}

int
main (int argc, char **argv)
{
  if (argc < 4 || argc > 6)
    {
      fprintf (stderr, "usage: %s PORT THREADS BODY_FILE [BUSY_MICROSECONDS [JOURNAL_FILE]]\n", argv[0]);
      return 2;
    }
  if (argc == 6 && (journal = open (argv[5], O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0)
    {
      fprintf (stderr, "reference-server: cannot open %s\n", argv[5]);
      return 1;
    }
  if (argc >= 5 && (busy_microseconds = atol (argv[4])) > 0)
    calibrate_spin ();
  body_template = read_file (argv[3], &body_length);
  if (NULL == body_template || 0 == body_length)
    {
      fprintf (stderr, "reference-server: cannot read %s\n", argv[3]);
      return 2;
    }
  if (0 == strncmp (body_template, ID_FIELD, sizeof (ID_FIELD) - 1)
      && body_length > sizeof (ID_FIELD) - 1 + ID_LENGTH)
    id_offset = sizeof (ID_FIELD) - 1;

  /* Blocked before the daemon's threads start, so they inherit the mask
     and only sigwait below sees a stop signal. */
  sigset_t stop;
  sigemptyset (&stop);
  sigaddset (&stop, SIGINT);
  sigaddset (&stop, SIGTERM);
  pthread_sigmask (SIG_BLOCK, &stop, NULL);

  unsigned int threads = (unsigned int) atoi (argv[2]);
  unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC
                       | MHD_USE_ERROR_LOG | MHD_USE_TURBO;
  struct MHD_Daemon *daemon = MHD_start_daemon (
    flags, (uint16_t) atoi (argv[1]), NULL, NULL, &answer, NULL,
    MHD_OPTION_CONNECTION_LIMIT, (unsigned int) 1024,
    MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned int) 0,
    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int) 30,
    MHD_OPTION_NOTIFY_COMPLETED, &completed, NULL,
    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t) (16 * 1024),
    threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, threads,
    MHD_OPTION_END);
  if (NULL == daemon)
    {
      fprintf (stderr, "reference-server: could not start\n");
      return 1;
    }
  const union MHD_DaemonInfo *info
    = MHD_get_daemon_info (daemon, MHD_DAEMON_INFO_BIND_PORT);
  printf ("reference-server listening on port %d\n", info ? (int) info->port : 0);
  fflush (stdout);

  int signal_number;
  sigwait (&stop, &signal_number);
  MHD_stop_daemon (daemon);
  return 0;
}
