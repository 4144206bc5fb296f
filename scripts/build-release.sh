#!/usr/bin/env bash
# Builds the release executables (alog, alog-full, alog-notes, alog-serve, alog-bench) into .build/release.
#
# Where the system has libgit2 and its dependencies as static archives (Debian's
# libgit2-dev brings them), libgit2 is linked into alog-full statically. Debian builds its
# shared libraries with BIND_NOW, so with libgit2 shared every start of alog-full resolves
# the symbols of ~20 libraries before main; linked in, that work is gone (see
# docs/performance.md). Kerberos (GSSAPI) ships no static archive and stays shared. Without
# the archives, this is the plain shared build. Set ALOG_LIBGIT2=shared to force that.
# libstdc++ and libgcc are linked in too, wherever the compiler has libstdc++.a (below).
set -euo pipefail
cd "$(dirname "$0")/.."

libdir=$(pkg-config --variable=libdir libgit2)
archives=(git2 mbedtls mbedx509 mbedcrypto http_parser ssh2 crypto pcre2-8 z)
static=yes
[ "${ALOG_LIBGIT2:-}" = shared ] && static=no
for name in "${archives[@]}"; do
  [ -f "$libdir/lib$name.a" ] || static=no
done
gssapi=$(ls "$libdir"/libgssapi_krb5.so.* 2>/dev/null | head -1 || true)
[ -n "$gssapi" ] || static=no

if [ "$static" = yes ]; then
  # A pkg-config file of our own that names the archives (`-l:libNAME.a`), found before the
  # system's libgit2.pc. The order is the link order: each archive before what it uses.
  dir=.build/pkgconfig-static
  mkdir -p "$dir"
  libs="-L$libdir"
  for name in "${archives[@]}"; do libs="$libs -l:lib$name.a"; done
  libs="$libs -l:$(basename "$gssapi") -lrt -ldl -lpthread"
  cat >"$dir/libgit2.pc" <<PC
Name: libgit2
Description: libgit2 and its dependencies as static archives (written by scripts/build-release.sh)
Version: $(pkg-config --modversion libgit2)
Libs: $libs
Cflags: $(pkg-config --cflags libgit2)
PC
  export PKG_CONFIG_PATH="$PWD/$dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
  echo "build-release: libgit2 linked statically (archives in $libdir)" >&2
else
  echo "build-release: libgit2 linked as a shared library" >&2
fi
# Position-dependent executables (`--no-pie`), as the static front already is: with the Swift
# runtime and Foundation linked in, a position-independent alog-full makes the dynamic loader
# apply ~73,000 relocations and dirty ~260 more pages on every start, a fifth of
# `alog-full --version` (docs/performance.md, issue 26). Shared libraries, stack and heap are
# still placed at random. Only with the static Swift runtime: against a shared libswiftCore a
# position-dependent executable makes the loader warn (protected symbols).
#
# libstdc++ and libgcc linked in too. The Swift runtime, libdispatch and BoringSSL (swift-crypto)
# are C++ and link `-lstdc++`; with the shared library the loader resolved ~1,650 of libstdc++'s
# own symbols on every start of alog-full, most of its relocation work (docs/performance.md,
# issue 26). A folder that holds only the archive, searched first (`-L` to swiftc, which puts it
# before the compiler's own folders), makes `-lstdc++` find `libstdc++.a`; `-static-libgcc`
# replaces libgcc_s with libgcc and libgcc_eh. Their symbols stay inside the executable
# (`--exclude-libs ALL` in the Swift runtime's link arguments). GCC's runtime library exception
# allows this.
cxx_flags=()
libstdcxx=$(clang -print-file-name=libstdc++.a 2>/dev/null || c++ -print-file-name=libstdc++.a 2>/dev/null || true)
if [ -f "$libstdcxx" ]; then
  cxx=.build/static-libstdcxx
  mkdir -p "$cxx"
  ln -sf "$libstdcxx" "$cxx/libstdc++.a"
  cxx_flags=(-Xswiftc -L -Xswiftc "$PWD/$cxx" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc)
  echo "build-release: libstdc++ and libgcc linked statically ($libstdcxx)" >&2
fi
swift build -c release --static-swift-stdlib -Xlinker --no-pie "${cxx_flags[@]}" "$@"
# What was chosen, for scripts/test.sh to check against the binary.
echo "$([ "$static" = yes ] && echo static || echo shared)" >.build/release/libgit2-linking
echo "$([ ${#cxx_flags[@]} -gt 0 ] && echo static || echo shared)" >.build/release/libstdcxx-linking
