// libgit2 as Debian builds it (TLS through mbedTLS, SSH through libssh2 on OpenSSL) does three
// things inside git_libgit2_init() that only a network transfer ever needs, on every start of
// the CLI:
// - it parses the whole CA bundle, /etc/ssl/certs/ca-certificates.crt: ~7 ms of base64 and
//   X.509 decoding (mbedtls_x509_crt_parse_file);
// - it seeds mbedTLS's random generator for TLS: mbedtls_entropy_init runs HAVEGE, which fills
//   a 4 KB table from the CPU's timer, and mbedtls_ctr_drbg_seed polls the entropy sources;
// - it starts libssh2 (libssh2_init), which sets up OpenSSL's built-in engines and loads all of
//   OpenSSL's error strings.
// The last two are 2.1M instructions, 0.6-0.9 ms here, of every command that starts libgit2
// (docs/performance.md, issue 26).
//
// So libgit2's calls to those four functions land here instead. While git_libgit2_init() runs,
// each answers "done" without doing anything: the CA-bundle parse is dropped, the other three
// are remembered with their arguments. At any other time they forward to the real function.
// alog_libgit2_prepare_transfers() does the remembered work, in libgit2's order, and then loads
// the CA bundle through libgit2's own option, GIT_OPT_SET_SSL_CERT_LOCATIONS; the Swift side
// calls it before every fetch, push or clone (Transfer.swift), and it runs once.
//
// Nothing can use the deferred parts before that:
// - the random generator is reached only through a TLS session, and every one libgit2 creates
//   goes through mbedtls_ssl_setup, which lands here too and prepares first: a session is never
//   set up on an unseeded generator, and a failed seed makes its setup fail. (Even without
//   that, mbedTLS built with MBEDTLS_THREADING_C refuses to draw from a generator whose seed
//   never ran: its mutex is initialised by the seed.) Nothing else in alog uses mbedTLS's
//   generator (swift-crypto brings BoringSSL, under other names);
// - libssh2 starts itself, with the same crypto set-up, when its first session is created
//   (_libssh2_init_if_needed in libssh2_session_init_ex); OpenSSL 3 initialises itself on first
//   use. An ssh transfer is prepared first all the same;
// - libgit2 is never shut down (LibGit2.swift), so its shutdown never frees the entropy context
//   whose initialisation may still be pending.
//
// How the calls land here depends on how libgit2 is linked:
// - libgit2 as a shared library: this file defines the functions in the executable, and the
//   dynamic linker binds libgit2's calls to them (an executable's symbols come first in the
//   lookup order); the real ones are found with dlsym(RTLD_NEXT). The internal functions that
//   call them (git_mbedtls_stream_global_init, git_transport_ssh_global_init) are hidden in
//   libgit2.so, which is why the interception is at the libraries libgit2 calls.
// - libgit2, mbedTLS and libssh2 linked statically (scripts/build-release.sh): the executables
//   link with --wrap=<function> for each (Package.swift, libgit2ExecutableLinking), which sends
//   libgit2's calls to __wrap_<function> and names the real one __real_<function>; the
//   definitions above them are weak, so the libraries' own take their place without a clash.
//   (Each real one sits in an archive member that libgit2 needs for other functions, so it is
//   always linked in: `nm -S alog-full` shows each once, with mbedTLS's or libssh2's size.)
//
// If TLS is not mbedTLS, or SSH not libssh2 (another build of libgit2), these functions are
// simply never called and nothing changes. If the trust store were somehow not loaded, an https
// transfer would fail certificate verification (no trusted roots), never succeed without it.

#define _GNU_SOURCE
#include <dlfcn.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>

#define GIT_DEPRECATE_HARD 1
#include <git2.h>

#include "CLibGit2Startup.h"

// The bundle Debian's libgit2 is built to load (GIT_DEFAULT_CERT_LOCATION).
static const char *const default_bundle = "/etc/ssl/certs/ca-certificates.crt";
static const char *const default_directory = "/etc/ssl/certs";

// mbedTLS's and libssh2's error codes used here (not their headers: libgit2 may be built without
// either, and the module must compile all the same).
#define MBEDTLS_ERR_X509_FILE_IO_ERROR (-0x2900)
#define MBEDTLS_ERR_CTR_DRBG_ENTROPY_SOURCE_FAILED (-0x0034)
#define MBEDTLS_ERR_SSL_BAD_INPUT_DATA (-0x7100)

static atomic_int deferring = 0;
static atomic_int skipped_parses = 0;
static atomic_int forwarded_parses = 0;
static atomic_int deferred_calls = 0;
static atomic_int replayed_calls = 0;

typedef int (*parse_file_fn)(void *chain, const char *path);
typedef void (*entropy_init_fn)(void *entropy);
typedef int (*entropy_source_fn)(void *data, unsigned char *output, size_t length);
typedef int (*drbg_seed_fn)(
    void *drbg, entropy_source_fn source, void *source_data, const unsigned char *custom, size_t length);
typedef int (*ssl_setup_fn)(void *ssl, const void *config);
typedef int (*ssh_init_fn)(int flags);

// Resolved by --wrap in a static link; absent (NULL) otherwise.
extern int __real_mbedtls_x509_crt_parse_file(void *chain, const char *path) __attribute__((weak));
extern void __real_mbedtls_entropy_init(void *entropy) __attribute__((weak));
extern int __real_mbedtls_ctr_drbg_seed(
    void *drbg, entropy_source_fn source, void *source_data, const unsigned char *custom, size_t length)
    __attribute__((weak));
extern int __real_mbedtls_ssl_setup(void *ssl, const void *config) __attribute__((weak));
extern int __real_libssh2_init(int flags) __attribute__((weak));

// Looks the real function up behind this executable's definition (shared libraries), once.
#define NEXT(type, name)                                                                                 \
    ({                                                                                                   \
        static _Atomic(type) found = NULL;                                                               \
        type real = atomic_load(&found);                                                                 \
        if (real == NULL) {                                                                              \
            real = (type)dlsym(RTLD_NEXT, name);                                                         \
            atomic_store(&found, real);                                                                  \
        }                                                                                                \
        real;                                                                                            \
    })

// --- The CA bundle: skipped at initialisation, loaded by alog_libgit2_prepare_transfers. ---

static int parse_or_defer(void *chain, const char *path, parse_file_fn real) {
    if (atomic_load(&deferring)) {
        atomic_fetch_add(&skipped_parses, 1);
        return 0;
    }
    atomic_fetch_add(&forwarded_parses, 1);
    // No library to forward to.
    if (real == NULL) return MBEDTLS_ERR_X509_FILE_IO_ERROR;
    return real(chain, path);
}

__attribute__((weak)) int mbedtls_x509_crt_parse_file(void *chain, const char *path) {
    return parse_or_defer(chain, path, NEXT(parse_file_fn, "mbedtls_x509_crt_parse_file"));
}

int __wrap_mbedtls_x509_crt_parse_file(void *chain, const char *path) {
    return parse_or_defer(chain, path, __real_mbedtls_x509_crt_parse_file);
}

// --- The work remembered during initialisation, done by run_deferred. ---

static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    void *context;
    entropy_init_fn real;
} pending_entropy;
static struct {
    void *drbg;
    entropy_source_fn source;
    void *source_data;
    unsigned char custom[64];
    size_t length;
    drbg_seed_fn real;
} pending_seed;
static struct {
    int flags;
    ssh_init_fn real;
} pending_ssh;
// The seed's result once it ran (0 before): a TLS session is set up only on a seeded generator.
static int seed_result = 0;

// Does what was deferred, in the order libgit2 asked for it; each part at most once. Returns 0,
// or the seed's error.
static int run_deferred(void) {
    pthread_mutex_lock(&pending_lock);
    if (pending_entropy.real != NULL) {
        pending_entropy.real(pending_entropy.context);
        pending_entropy.real = NULL;
        atomic_fetch_add(&replayed_calls, 1);
    }
    if (pending_seed.real != NULL) {
        seed_result = pending_seed.real(
            pending_seed.drbg, pending_seed.source, pending_seed.source_data,
            pending_seed.length > 0 ? pending_seed.custom : NULL, pending_seed.length);
        pending_seed.real = NULL;
        atomic_fetch_add(&replayed_calls, 1);
    }
    if (pending_ssh.real != NULL) {
        // libssh2_init always returns 0; libssh2 would start itself with its first session anyway.
        (void)pending_ssh.real(pending_ssh.flags);
        pending_ssh.real = NULL;
        atomic_fetch_add(&replayed_calls, 1);
    }
    int result = seed_result;
    pthread_mutex_unlock(&pending_lock);
    return result;
}

// mbedtls_entropy_init(context): libgit2's one entropy context, for the TLS generator's seed.
static void entropy_init_or_defer(void *context, entropy_init_fn real) {
    if (real == NULL) return;
    if (atomic_load(&deferring)) {
        pthread_mutex_lock(&pending_lock);
        int deferred = pending_entropy.real == NULL;
        if (deferred) {
            pending_entropy.context = context;
            pending_entropy.real = real;
            atomic_fetch_add(&deferred_calls, 1);
        }
        pthread_mutex_unlock(&pending_lock);
        if (deferred) return;
    }
    real(context);
}

__attribute__((weak)) void mbedtls_entropy_init(void *context) {
    entropy_init_or_defer(context, NEXT(entropy_init_fn, "mbedtls_entropy_init"));
}

void __wrap_mbedtls_entropy_init(void *context) { entropy_init_or_defer(context, __real_mbedtls_entropy_init); }

// mbedtls_ctr_drbg_seed(drbg, source, data, custom, length): deferred only when it draws from the
// entropy context deferred above (libgit2's). Any other seed from such a context does the
// deferred work first, so it never reads an uninitialised context.
static int seed_or_defer(
    void *drbg, entropy_source_fn source, void *source_data, const unsigned char *custom, size_t length,
    drbg_seed_fn real)
{
    if (real == NULL) return MBEDTLS_ERR_CTR_DRBG_ENTROPY_SOURCE_FAILED;
    pthread_mutex_lock(&pending_lock);
    int from_pending = pending_entropy.real != NULL && source_data == pending_entropy.context;
    int deferred = from_pending && atomic_load(&deferring) && pending_seed.real == NULL &&
                   length <= sizeof pending_seed.custom;
    if (deferred) {
        pending_seed.drbg = drbg;
        pending_seed.source = source;
        pending_seed.source_data = source_data;
        pending_seed.length = length;
        if (length > 0) memcpy(pending_seed.custom, custom, length);
        pending_seed.real = real;
        atomic_fetch_add(&deferred_calls, 1);
    }
    pthread_mutex_unlock(&pending_lock);
    if (deferred) return 0;
    if (from_pending) (void)run_deferred();
    return real(drbg, source, source_data, custom, length);
}

__attribute__((weak)) int mbedtls_ctr_drbg_seed(
    void *drbg, entropy_source_fn source, void *source_data, const unsigned char *custom, size_t length)
{
    return seed_or_defer(drbg, source, source_data, custom, length, NEXT(drbg_seed_fn, "mbedtls_ctr_drbg_seed"));
}

int __wrap_mbedtls_ctr_drbg_seed(
    void *drbg, entropy_source_fn source, void *source_data, const unsigned char *custom, size_t length)
{
    return seed_or_defer(drbg, source, source_data, custom, length, __real_mbedtls_ctr_drbg_seed);
}

// mbedtls_ssl_setup(ssl, config): where every TLS session libgit2 opens starts. The deferred work
// and the trust store are there before it; without a seeded generator there is no session.
static void load_trust_store_once(void);

static int setup_prepared(void *ssl, const void *config, ssl_setup_fn real) {
    if (real == NULL) return MBEDTLS_ERR_SSL_BAD_INPUT_DATA;
    if (run_deferred() != 0) return MBEDTLS_ERR_CTR_DRBG_ENTROPY_SOURCE_FAILED;
    load_trust_store_once();
    return real(ssl, config);
}

__attribute__((weak)) int mbedtls_ssl_setup(void *ssl, const void *config) {
    return setup_prepared(ssl, config, NEXT(ssl_setup_fn, "mbedtls_ssl_setup"));
}

int __wrap_mbedtls_ssl_setup(void *ssl, const void *config) {
    return setup_prepared(ssl, config, __real_mbedtls_ssl_setup);
}

// libssh2_init(flags): libssh2's global start (OpenSSL's engines and error strings).
static int ssh_init_or_defer(int flags, ssh_init_fn real) {
    if (real == NULL) return -1;
    if (atomic_load(&deferring)) {
        pthread_mutex_lock(&pending_lock);
        int deferred = pending_ssh.real == NULL;
        if (deferred) {
            pending_ssh.flags = flags;
            pending_ssh.real = real;
            atomic_fetch_add(&deferred_calls, 1);
        }
        pthread_mutex_unlock(&pending_lock);
        if (deferred) return 0;
    }
    return real(flags);
}

__attribute__((weak)) int libssh2_init(int flags) { return ssh_init_or_defer(flags, NEXT(ssh_init_fn, "libssh2_init")); }

int __wrap_libssh2_init(int flags) { return ssh_init_or_defer(flags, __real_libssh2_init); }

// --- The entry points. ---

int alog_libgit2_init_deferred(void) {
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

static void load_trust_store_once(void) { pthread_once(&trust_store_once, load_trust_store); }

int alog_libgit2_prepare_transfers(void) {
    int seeded = run_deferred();
    load_trust_store_once();
    return seeded != 0 ? seeded : trust_store_result;
}

void alog_libgit2_trust_store_parses(int *skipped, int *forwarded) {
    *skipped = atomic_load(&skipped_parses);
    *forwarded = atomic_load(&forwarded_parses);
}

void alog_libgit2_deferred_calls(int *deferred, int *done) {
    *deferred = atomic_load(&deferred_calls);
    *done = atomic_load(&replayed_calls);
}

void alog_keep_zlib_working_memory(void) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 4 << 20);
    mallopt(M_TRIM_THRESHOLD, 32 << 20);
#endif
}
