#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

/*
 * Debian's libcurl (libcurl4-openssl-dev): the easy, multi and URL
 * interfaces. Swift cannot call C's variadic functions, so each variadic
 * call the Swift target EffectBackends makes has a fixed-argument wrapper
 * here, one per argument type. Everything is a thin `static inline`
 * pass-through; policy (retries, limits, outcomes) lives in EffectBackends.
 */

#include <curl/curl.h>

/* The CURLOPT_WRITEFUNCTION signature; curl.h's typedef names it too, kept
   here so Swift sees one @convention(c) type. */
typedef size_t (*CCurl_WriteCallback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode
CCurl_easy_setopt_long (CURL *easy, CURLoption option, long value)
{
  return curl_easy_setopt (easy, option, value);
}

static inline CURLcode
CCurl_easy_setopt_off_t (CURL *easy, CURLoption option, curl_off_t value)
{
  return curl_easy_setopt (easy, option, value);
}

/* libcurl copies string options (CURLOPT_URL, CURLOPT_USERAGENT, ...) except
   CURLOPT_POSTFIELDS, which EffectBackends never sets (it uses
   CURLOPT_COPYPOSTFIELDS). */
static inline CURLcode
CCurl_easy_setopt_string (CURL *easy, CURLoption option, const char *value)
{
  return curl_easy_setopt (easy, option, value);
}

/* Pointer options: CURLOPT_WRITEDATA, CURLOPT_ERRORBUFFER, and
   CURLOPT_COPYPOSTFIELDS with CURLOPT_POSTFIELDSIZE_LARGE set first (bytes,
   not a C string, so a body may hold NUL). */
static inline CURLcode
CCurl_easy_setopt_pointer (CURL *easy, CURLoption option, const void *value)
{
  return curl_easy_setopt (easy, option, value);
}

static inline CURLcode
CCurl_easy_setopt_slist (CURL *easy, CURLoption option, struct curl_slist *value)
{
  return curl_easy_setopt (easy, option, value);
}

static inline CURLcode
CCurl_easy_setopt_write_callback (CURL *easy, CCurl_WriteCallback callback)
{
  return curl_easy_setopt (easy, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode
CCurl_easy_getinfo_long (CURL *easy, CURLINFO info, long *value)
{
  return curl_easy_getinfo (easy, info, value);
}

static inline CURLcode
CCurl_easy_getinfo_off_t (CURL *easy, CURLINFO info, curl_off_t *value)
{
  return curl_easy_getinfo (easy, info, value);
}

/* CURLINFO_CONTENT_TYPE, CURLINFO_PRIVATE: a pointer libcurl keeps owning. */
static inline CURLcode
CCurl_easy_getinfo_pointer (CURL *easy, CURLINFO info, void **value)
{
  return curl_easy_getinfo (easy, info, value);
}

static inline CURLMcode
CCurl_multi_setopt_long (CURLM *multi, CURLMoption option, long value)
{
  return curl_multi_setopt (multi, option, value);
}

/* A finished transfer's result: CURLMsg keeps it in a union. */
static inline CURLcode
CCurl_message_result (const CURLMsg *message)
{
  return message->data.result;
}

#endif /* CCURL_SHIM_H */
