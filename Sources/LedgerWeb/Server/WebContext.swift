package import Hummingbird
package import NIOCore

/// A request's context: Hummingbird's own, and the session the access guard found or made.
package struct WebContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The browser session (its cookie's value), for the page's CSRF token.
    package var session: String?
    /// The connection the request came on (the live stream watches for its end).
    package let channel: (any Channel)?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// A write's body is a few fields: anything larger is refused before it is read whole.
    package var maxUploadSize: Int { 64 * 1024 }
}
