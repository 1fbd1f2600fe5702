#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H

/*
 * Debian's OpenSSL 3 libcrypto (libssl-dev): the EVP calls that verify
 * HS256, RS256 and ES256 signatures, and reading PEM public keys.
 * Every primitive is libcrypto's own; the Swift target JWTVerification
 * decides what a token must be. The wrapper below stands in for a macro,
 * which Swift cannot call (the tests read PEM text out of a memory BIO).
 */

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/objects.h>
#include <openssl/pem.h>

/* BIO_get_mem_data is a macro over BIO_ctrl: the bytes a memory BIO holds
 * (in `data`) and their count, or a negative number on error. */
static inline long
CCrypto_BIO_get_mem_data (BIO *bio, char **data)
{
  return BIO_get_mem_data (bio, data);
}

#endif /* CCRYPTO_SHIM_H */
