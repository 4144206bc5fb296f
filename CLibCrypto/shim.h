#ifndef ALOG_CLIBCRYPTO_SHIM_H
#define ALOG_CLIBCRYPTO_SHIM_H

// OpenSSL's libcrypto (Debian's libssl-dev), for the digests LedgerCrypto wraps (and the MAC
// it builds on SHA-256).
// Only SHA-1's and SHA-256's low-level calls (SHA1_Init/Update/Final on a plain SHA_CTX), which
// 3.0 marks deprecated but keeps, not EVP: they need no provider (no library context, no
// configuration file read at the first digest), and the state they leave is a struct whose
// chaining words can be saved and put back, which the index patch needs (LedgerCrypto's
// SHA1). The deprecation marks are suppressed so they compile without warnings.
#define OPENSSL_API_COMPAT 30000
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>

#endif
