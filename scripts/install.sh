#!/usr/bin/env bash
# Installs alog: the four executables side by side in PREFIX (default ~/.local/bin), the shell
# completions and a man page beside them under PREFIX/../share, and a list of what it put
# there; `--uninstall` removes exactly the files on that list (and the folders it made).
#
#   scripts/install.sh [--from DIR] [PREFIX]      install (DIR: where the built executables
#                                                 are; default .build/release, made by
#                                                 scripts/build-release.sh)
#   scripts/install.sh --uninstall [PREFIX]       take it all away again
#
# Where things go, with SHARE = PREFIX/../share (~/.local/share for the default PREFIX):
#   PREFIX/alog, alog-full, alog-notes, alog-serve   (alog hands over to the others beside it)
#   SHARE/bash-completion/completions/alog           (bash-completion looks here for ~/.local and /usr/local)
#   SHARE/zsh/site-functions/_alog                   (zsh: /usr/local's is on fpath; for ~/.local add it, as said)
#   SHARE/fish/vendor_completions.d/alog.fish        (fish looks here for ~/.local and /usr/local)
#   SHARE/man/man1/alog.1                            (man finds it through PATH: PREFIX/../share/man)
#   SHARE/alog/installed                             (the list --uninstall reads)
#
# The man page is written from alog's own --help texts (the root and every command's): the
# argument parser's generate-manual plugin would build every product again in release, with
# its own flags, and name the pages after the executables (alog-full …).
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)

from=$repository/.build/release
uninstall=no
prefix=
while [ $# -gt 0 ]; do
  case "$1" in
    --from) from=${2:?--from needs the folder of the built executables}; shift 2 ;;
    --uninstall) uninstall=yes; shift ;;
    -h | --help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "install.sh: unknown option '$1' (see scripts/install.sh --help)" >&2; exit 64 ;;
    *)
      [ -z "$prefix" ] || { echo "install.sh: give one PREFIX, not '$prefix' and '$1'" >&2; exit 64; }
      prefix=$1; shift ;;
  esac
done
prefix=${prefix:-$HOME/.local/bin}
# Relative paths are the caller's (from the folder install.sh was run in).
case "$prefix" in /*) ;; *) prefix=$PWD/$prefix ;; esac
case "$from" in /*) ;; *) from=$PWD/$from ;; esac
executables=(alog alog-full alog-notes alog-serve)

# Every folder this install creates, so that --uninstall can remove it again once empty.
made=()
make_dir() {
  local dir=$1 missing=()
  while [ ! -d "$dir" ]; do
    missing+=("$dir")
    dir=$(dirname "$dir")
  done
  [ ${#missing[@]} -eq 0 ] || mkdir -p "${missing[0]}"
  made+=("${missing[@]}")
}
if [ "$uninstall" = no ]; then
  for name in "${executables[@]}"; do
    if [ ! -x "$from/$name" ]; then
      echo "install.sh: $from/$name is missing; build it first (scripts/build-release.sh), or name the folder that holds the four executables with --from DIR" >&2
      exit 1
    fi
  done
  make_dir "$prefix" 2>/dev/null || { echo "install.sh: cannot create '$prefix'; give a folder you can write" >&2; exit 1; }
fi
if [ ! -d "$prefix" ]; then
  [ "$uninstall" = yes ] && echo "install.sh: nothing to uninstall: '$prefix' does not exist" >&2 || echo "install.sh: '$prefix' is not a folder" >&2
  exit 1
fi
prefix=$(cd "$prefix" && pwd)
share=$(cd "$prefix/.." && pwd)/share
manifest="$share/alog/installed"

if [ "$uninstall" = yes ]; then
  if [ ! -f "$manifest" ]; then
    echo "install.sh: nothing to uninstall: $manifest does not exist (was alog installed with PREFIX $prefix?)" >&2
    exit 1
  fi
  removed=0
  # Files first, then the folders the install made (deepest first), only where now empty.
  while IFS= read -r line; do
    case "$line" in
      "file "*) rm -f -- "${line#file }" && removed=$((removed + 1)) ;;
    esac
  done <"$manifest"
  dirs=$(sed -n 's/^dir //p' "$manifest.dirs" 2>/dev/null | sort -r)
  rm -f -- "$manifest" "$manifest.dirs"
  while IFS= read -r dir; do
    [ -z "$dir" ] || rmdir -- "$dir" 2>/dev/null || true
  done <<<"$dirs"
  echo "uninstalled alog from $prefix ($removed files)"
  exit 0
fi

make_dir "$share/alog"
installed=()
put() { # put SOURCE-FILE DESTINATION MODE
  make_dir "$(dirname "$2")"
  install -m "$3" "$1" "$2"
  installed+=("$2")
}

for name in "${executables[@]}"; do put "$from/$name" "$prefix/$name" 755; done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The scripts and the page come from the installed alog itself (no vault needed, none made).
"$prefix/alog" completions script bash >"$work/alog.bash"
"$prefix/alog" completions script zsh >"$work/_alog"
"$prefix/alog" completions script fish >"$work/alog.fish"
put "$work/alog.bash" "$share/bash-completion/completions/alog" 644
put "$work/_alog" "$share/zsh/site-functions/_alog" 644
put "$work/alog.fish" "$share/fish/vendor_completions.d/alog.fish" 644

# The man page: NAME, SYNOPSIS and the root help, then each command's help as a section.
roff() { sed -e 's/\\/\\e/g' -e 's/^\([.'"'"']\)/\\\&\1/'; }
version=$("$prefix/alog" --version 2>/dev/null || echo "")
{
  printf '.TH ALOG 1 "" "alog %s" "User Commands"\n' "$version"
  printf '.SH NAME\nalog \\- a personal activity log kept as an append-only ledger in a git repository\n'
  printf '.SH DESCRIPTION\n.nf\n'
  "$prefix/alog" --help | roff
  printf '.fi\n'
  "$prefix/alog" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk 'NR > 1 && NF { print $1 }' | while IFS= read -r command; do
    printf '.SH "ALOG %s"\n.nf\n' "$(echo "$command" | tr '[:lower:]' '[:upper:]')"
    "$prefix/alog" help "$command" | roff
    printf '.fi\n'
  done
} >"$work/alog.1"
put "$work/alog.1" "$share/man/man1/alog.1" 644

printf 'file %s\n' "${installed[@]}" >"$manifest"
printf 'dir %s\n' "${made[@]}" >"$manifest.dirs"
echo "installed alog into $prefix (completions and the man page under $share)"
case ":$PATH:" in
  *":$prefix:"*) ;;
  *) echo "note: $prefix is not on your PATH; add it (e.g. in ~/.profile: export PATH=\"$prefix:\$PATH\"), then open a new shell" ;;
esac
case "$share" in
  /usr/local/share | /usr/share) ;;
  *) echo "note: for zsh, add $share/zsh/site-functions to fpath before compinit (e.g. in ~/.zshrc: fpath=($share/zsh/site-functions \$fpath))" ;;
esac
