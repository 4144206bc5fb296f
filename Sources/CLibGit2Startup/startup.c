// libgit2 as Debian builds it (TLS through mbedTLS) parses the whole CA bundle,
// /etc/ssl/certs/ca-certificates.crt, inside git_libgit2_init(): about 7 ms of base64 and
// X.509 decoding on every start of the CLI, though only an https transfer ever needs it.
//
// So libgit2's call to mbedtls_x509_crt_parse_file lands here instead. While
// git_libgit2_init() runs, it answers "parsed" without reading anything; at any other time it
// forwards to the real function. Before any transfer, alog_libgit2_load_trust_store() loads
// the same bundle through libgit2's own option, GIT_OPT_SET_SSL_CERT_LOCATIONS. How the call
// lands here depends on how libgit2 is linked:
// - libgit2 as a shared library: this file defines mbedtls_x509_crt_parse_file in the
//   executable, and the dynamic linker binds libgit2's call to it (an executable's symbols
//   come first in the lookup order); the real function is found with dlsym(RTLD_NEXT).
// - libgit2 and mbedTLS linked statically (scripts/build-release.sh): the executables link
//   with --wrap=mbedtls_x509_crt_parse_file, which sends libgit2's call to
//   __wrap_mbedtls_x509_crt_parse_file and names the real one __real_...; the definition above
//   is weak, so mbedTLS's own takes its place without a clash.
//
// If TLS is not mbedTLS (another build of libgit2), this function is simply never called and
// nothing changes. If the trust store were somehow not loaded, an https transfer would fail
// certificate verification (no trusted roots), never succeed without it.

#define _GNU_SOURCE
#include <dlfcn.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/stat.h>

#define GIT_DEPRECATE_HARD 1
#include <git2.h>

#include "CLibGit2Startup.h"

// The bundle Debian's libgit2 is built to load (GIT_DEFAULT_CERT_LOCATION).
static const char *const default_bundle = "/etc/ssl/certs/ca-certificates.crt";
static const char *const default_directory = "/etc/ssl/certs";

static atomic_int deferring = 0;
static atomic_int skipped_parses = 0;
static atomic_int forwarded_parses = 0;

typedef int (*parse_file_fn)(void *chain, const char *path);

// Resolved by --wrap in a static link; absent (NULL) otherwise.
extern int __real_mbedtls_x509_crt_parse_file(void *chain, const char *path) __attribute__((weak));

static int parse_or_defer(void *chain, const char *path, parse_file_fn real) {
    if (atomic_load(&deferring)) {
        atomic_fetch_add(&skipped_parses, 1);
        return 0;
    }
    atomic_fetch_add(&forwarded_parses, 1);
    // MBEDTLS_ERR_X509_FILE_IO_ERROR: no library to forward to.
    if (real == NULL) return -0x2900;
    return real(chain, path);
}

__attribute__((weak)) int mbedtls_x509_crt_parse_file(void *chain, const char *path) {
    static parse_file_fn real = NULL;
    if (real == NULL) real = (parse_file_fn)dlsym(RTLD_NEXT, "mbedtls_x509_crt_parse_file");
    return parse_or_defer(chain, path, real);
}

int __wrap_mbedtls_x509_crt_parse_file(void *chain, const char *path) {
    return parse_or_defer(chain, path, __real_mbedtls_x509_crt_parse_file);
}

int alog_libgit2_init_deferring_trust_store(void) {
    atomic_store(&deferring, 1);
    int rc = git_libgit2_init();
    atomic_store(&deferring, 0);
    return rc;
}

static pthread_once_t trust_store_once = PTHREAD_ONCE_INIT;
static int trust_store_result = 0;

static void load_trust_store(void) {
    struct stat st;
    if (stat(default_bundle, &st) == 0 && S_ISREG(st.st_mode)) {
        trust_store_result = git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, default_bundle, NULL);
    } else if (stat(default_directory, &st) == 0 && S_ISDIR(st.st_mode)) {
        trust_store_result = git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, NULL, default_directory);
    }
}

int alog_libgit2_load_trust_store(void) {
    pthread_once(&trust_store_once, load_trust_store);
    return trust_store_result;
}

void alog_libgit2_trust_store_parses(int *skipped, int *forwarded) {
    *skipped = atomic_load(&skipped_parses);
    *forwarded = atomic_load(&forwarded_parses);
}

void alog_keep_zlib_working_memory(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 32 << 20);
#endif
}
