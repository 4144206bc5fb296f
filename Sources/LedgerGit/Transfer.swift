import CLibGit2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How to authenticate to a remote. Each source is offered at most once per transfer, so a
/// rejected credential ends the transfer with `GitError.Code.authentication` instead of looping.
package struct Credentials: Sendable {
    /// Offer the keys held by ssh-agent (when `SSH_AUTH_SOCK` is set).
    package var useSSHAgent: Bool
    /// A private key file for ssh://, tried after the agent.
    package var sshKeyPath: String?
    package var sshPassphrase: String?
    /// A token (or password) for https://.
    package var token: String?
    /// The user name when the URL has none.
    package var username: String?

    package init(
        useSSHAgent: Bool = true, sshKeyPath: String? = nil, sshPassphrase: String? = nil, token: String? = nil,
        username: String? = nil
    ) {
        self.useSSHAgent = useSSHAgent
        self.sshKeyPath = sshKeyPath
        self.sshPassphrase = sshPassphrase
        self.token = token
        self.username = username
    }
}

/// Progress of a fetch or push.
package struct TransferProgress: Sendable {
    package enum Phase: Sendable { case receiving, sending }
    package var phase: Phase
    package var objects: Int
    package var totalObjects: Int
    package var bytes: Int
}

/// Options shared by fetch, push and clone.
package struct TransferOptions {
    package var credentials: Credentials
    /// Called from the transfer's thread as objects move; keep it cheap.
    package var progress: ((TransferProgress) -> Void)?

    package init(credentials: Credentials = Credentials(), progress: ((TransferProgress) -> Void)? = nil) {
        self.credentials = credentials
        self.progress = progress
    }
}

/// The state libgit2's callbacks see through their payload pointer during one transfer. It is
/// retained by the calling method for the whole libgit2 call, so the unretained pointer handed
/// to libgit2 stays valid.
final class TransferContext {
    let options: TransferOptions
    let hasAgent: Bool
    private var triedAgent = false
    private var triedKey = false
    private var triedToken = false
    /// Why authentication was given up, when it was.
    var authenticationFailure: String?
    /// References the server refused during a push, with its reason.
    var rejected: [(reference: String, reason: String)] = []

    init(_ options: TransferOptions) {
        self.options = options
        hasAgent = Self.agentSocketExists()
    }

    /// True when an ssh-agent socket is advertised and exists (libgit2 fails the whole transfer,
    /// rather than asking for other credentials, when the agent cannot be reached).
    private static func agentSocketExists() -> Bool {
        guard let socket = getenv("SSH_AUTH_SOCK"), socket.pointee != 0 else { return false }
        return access(socket, F_OK) == 0
    }

    /// Sets the callbacks of one transfer (fetch, push or clone). Every transfer passes here,
    /// so this is where libgit2's deferred TLS and SSH set-up runs and the TLS trust store is
    /// loaded, whatever the remote's URL (it may be rewritten by `url.<base>.insteadOf`, or an
    /// http server may redirect to https).
    func fill(_ callbacks: inout git_remote_callbacks) {
        LibGit2.prepareTransfers()
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = { out, url, usernameFromURL, allowed, payload in
            let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
            return context.acquire(
                out, url: url.map { String(cString: $0) } ?? "the remote",
                username: usernameFromURL.map { String(cString: $0) }, allowed: allowed)
        }
        callbacks.push_update_reference = { reference, status, payload in
            let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
            if let status, let reference {
                context.rejected.append((String(cString: reference), String(cString: status)))
            }
            return 0
        }
        guard options.progress != nil else { return }
        callbacks.transfer_progress = { stats, payload in
            let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
            if let stats = stats?.pointee {
                context.options.progress?(
                    TransferProgress(
                        phase: .receiving, objects: Int(stats.received_objects), totalObjects: Int(stats.total_objects),
                        bytes: stats.received_bytes))
            }
            return 0
        }
        callbacks.push_transfer_progress = { current, total, bytes, payload in
            let context = Unmanaged<TransferContext>.fromOpaque(payload!).takeUnretainedValue()
            context.options.progress?(
                TransferProgress(phase: .sending, objects: Int(current), totalObjects: Int(total), bytes: bytes))
            return 0
        }
    }

    private func acquire(
        _ out: UnsafeMutablePointer<OpaquePointer?>?, url: String, username: String?,
        allowed: UInt32
    ) -> Int32 {
        let credentials = options.credentials
        let user = username ?? credentials.username
        if allowed & GIT_CREDENTIAL_USERNAME.rawValue != 0 {
            return git_credential_username_new(out, user ?? "git")
        }
        if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 {
            if credentials.useSSHAgent, hasAgent, !triedAgent {
                triedAgent = true
                return git_credential_ssh_key_from_agent(out, user ?? "git")
            }
            if let key = credentials.sshKeyPath, !triedKey {
                triedKey = true
                return git_credential_ssh_key_new(out, user ?? "git", nil, key, credentials.sshPassphrase)
            }
            var tried: [String] = []
            if triedAgent { tried.append("the keys in ssh-agent") }
            if triedKey { tried.append("the key file \(credentials.sshKeyPath ?? "")") }
            authenticationFailure =
                tried.isEmpty
                ? "\(url) wants an SSH key, and none is available: start ssh-agent and add your key, or set git config alog.sshKey (or ALOG_SSH_KEY) to a private key file"
                : "\(url) did not accept \(tried.joined(separator: " or ")); add the right key to ssh-agent, or set git config alog.sshKey (or ALOG_SSH_KEY)"
            return GIT_EUSER.rawValue
        }
        if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 {
            if let token = credentials.token, !triedToken {
                triedToken = true
                return git_credential_userpass_plaintext_new(out, user ?? "alog", token)
            }
            authenticationFailure =
                triedToken
                ? "\(url) rejected the token; check ALOG_GIT_TOKEN or git config alog.token"
                : "\(url) asks for credentials: set ALOG_GIT_TOKEN (or git config alog.token) to an access token"
            return GIT_EUSER.rawValue
        }
        authenticationFailure = "\(url) asks for an authentication method alog does not support"
        return GIT_EUSER.rawValue
    }

    /// The error to throw for a failed transfer call: the authentication story when that is
    /// what stopped it, else libgit2's own message.
    func error(_ rc: Int32, _ function: String) -> GitError {
        if let authenticationFailure {
            return GitError(code: .authentication, message: authenticationFailure, function: function, rawCode: rc)
        }
        let error = GitError.last(rc, function)
        if error.message.contains("hostkey") {
            return GitError(
                code: error.code,
                message:
                    "\(error.message): the server's ssh host key is not in ~/.ssh/known_hosts or does not match it; connect once with ssh to check and accept it, then sync again",
                function: function, rawCode: rc)
        }
        if error.code == .authentication || error.message.lowercased().contains("authentication") {
            return GitError(code: .authentication, message: error.message, function: function, rawCode: rc)
        }
        return error
    }
}
