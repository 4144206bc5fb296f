#ifndef ALOG_CLIBCRYPTO_SHIM_H
#define ALOG_CLIBCRYPTO_SHIM_H

// OpenSSL's libcrypto (Debian's libssl-dev), for the digests and the MAC LedgerCrypto wraps.
// Only the OpenSSL 3 API is reachable: the deprecated low-level calls are hidden.
#define OPENSSL_API_COMPAT 30000
#define OPENSSL_NO_DEPRECATED 1
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#endif
