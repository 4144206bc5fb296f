#!/bin/sh
# Runs the ssh:// round-trip test against a throwaway sshd on 127.0.0.1:2222.
# Needs root (sshd) and openssh-server; CI has neither, so this is run by hand:
#   sudo scripts/ssh-test.sh
# Keys, known_hosts and the bare repository live in a temporary folder; HOME points there so
# your own ~/.ssh is neither read nor changed.
set -eu
cd "$(dirname "$0")/.."
command -v /usr/sbin/sshd >/dev/null || apt-get install -y -q openssh-server
dir=$(mktemp -d)
trap 'kill "$(cat "$dir/sshd.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$dir"' EXIT
mkdir -p "$dir/home/.ssh" /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$dir/client_key"
cp "$dir/client_key.pub" "$dir/authorized_keys"
cat > "$dir/sshd_config" <<CONFIG
Port 2222
ListenAddress 127.0.0.1
HostKey $dir/host_key
PermitRootLogin prohibit-password
PasswordAuthentication no
AuthorizedKeysFile $dir/authorized_keys
StrictModes no
PidFile $dir/sshd.pid
UsePAM no
CONFIG
/usr/sbin/sshd -f "$dir/sshd_config"
sleep 0.5
echo "[127.0.0.1]:2222 $(cut -d' ' -f1,2 "$dir/host_key.pub")" > "$dir/home/.ssh/known_hosts"
git init -q --bare -b main "$dir/vault.git"
swift build --build-tests
HOME="$dir/home" ALOG_SSH_KEY="$dir/client_key" SSH_AUTH_SOCK= \
    ALOG_TEST_SSH_URL="ssh://$(id -un)@127.0.0.1:2222$dir/vault.git" \
    swift test --skip-build --filter TransportTests
