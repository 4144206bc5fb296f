#ifndef ALOG_CLIBGIT2_STARTUP_H
#define ALOG_CLIBGIT2_STARTUP_H

/// Runs git_libgit2_init() without loading the TLS trust store (see startup.c).
int alog_libgit2_init_deferring_trust_store(void);

/// Loads the trust store libgit2 would have loaded at initialisation (once; later calls return
/// the first result). Returns 0 on success, or libgit2's error code.
int alog_libgit2_load_trust_store(void);

/// How many CA-bundle parses were skipped during initialisation and forwarded to mbedTLS since.
void alog_libgit2_trust_store_parses(int *skipped, int *forwarded);

/// Tunes glibc's malloc so that zlib's per-object working memory stays in the heap between
/// objects (see LibGit2.swift); does nothing with another C library.
void alog_keep_zlib_working_memory(void);

#endif
