#ifndef ALOG_CLIBGIT2_STARTUP_H
#define ALOG_CLIBGIT2_STARTUP_H

/// Runs git_libgit2_init() without the parts only a network transfer needs (see startup.c): the
/// TLS trust store is not loaded, and the seeding of mbedTLS's random generator and libssh2's
/// start are deferred.
int alog_libgit2_init_deferred(void);

/// Does what alog_libgit2_init_deferred() left out, before a fetch, push or clone: the deferred
/// seeding and libssh2 start, then the trust store libgit2 would have loaded (each once; later
/// calls return the first result). Returns 0 on success, mbedTLS's error when the seed failed,
/// or libgit2's error code when the trust store could not be loaded.
int alog_libgit2_prepare_transfers(void);

/// How many CA-bundle parses were skipped during initialisation and forwarded to mbedTLS since.
void alog_libgit2_trust_store_parses(int *skipped, int *forwarded);

/// How many of libgit2's calls to mbedtls_entropy_init, mbedtls_ctr_drbg_seed and libssh2_init
/// were deferred during initialisation, and how many of those have been done since.
void alog_libgit2_deferred_calls(int *deferred, int *done);

/// Tunes glibc's malloc so that zlib's per-object working memory stays in the heap between
/// objects (see LibGit2.swift); does nothing with another C library.
void alog_keep_zlib_working_memory(void);

#endif
