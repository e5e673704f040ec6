import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import PeachText

/// Every request passes here first. Without a token (loopback) it only adds the security headers.
/// With one, a request must carry it: in the `peach_token` cookie, as `Authorization: Bearer`, or
/// once in `?token=`, which sets the cookie and redirects to the same page and query without it. Anything
/// else is answered 401, whatever the path.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {
    let token: AccessToken?
    let texts: Texts

    static var plainText: String { "text/plain; charset=utf-8" } // not a text: a media type

    static var securityHeaders: [(HTTPField.Name, String)] {
        [(.contentSecurityPolicy, "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self'; "
            + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
         // Referrer-Policy same-origin, not no-referrer: under no-referrer a browser sends a form's
         // POST with `Origin: null`, which the forms' origin check refuses; other sites get none.
         // invariant: two literal header names, both valid tokens.
         (HTTPField.Name("X-Content-Type-Options")!, "nosniff"),
         (HTTPField.Name("Referrer-Policy")!, "same-origin"),
         (.cacheControl, "no-store")]
    }

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await allow(request, context: context, next: next)
        for (name, value) in Self.securityHeaders where response.headers[name] == nil { response.headers[name] = value }
        return response
    }

    /// `localhost`, `[::1]` or an address 127.x.y.z, with or without a port. A name that only
    /// begins like one (`127.0.0.1.evil.example`) is a name any DNS server may point at 127.0.0.1.
    static func isLoopbackHost(_ authority: String?) -> Bool {
        guard let authority else { return false }
        var host = Substring(authority)
        if host.hasPrefix("[") { host = host.dropFirst().prefix { $0 != "]" } }
        else if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        let numbers = host.split(separator: ".", omittingEmptySubsequences: false)
        let loopbackAddress = numbers.count == 4 && numbers[0] == "127" && numbers.allSatisfy { UInt8($0) != nil }
        return host == "localhost" || host == "::1" || loopbackAddress
    }

    /// The page and the rest of its query (a filter such as `mode=match`), as sent, without `token`.
    static func withoutToken(_ uri: URI) -> String {
        let kept = (uri.query ?? "").split(separator: "&", omittingEmptySubsequences: true).filter { parameter in
            parameter.prefix { $0 != "=" } != "token"
        }
        return kept.isEmpty ? uri.path : uri.path + "?" + kept.joined(separator: "&")
    }

    /// The credentials of an `Authorization: Bearer …` header; the scheme's name is case-insensitive
    /// (RFC 9110, 11.1).
    static func bearerCredentials(_ authorization: String) -> String? {
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    private func allow(_ request: Request, context: Context,
                       next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token else {
            // Loopback only: a page elsewhere that rebinds its DNS name to 127.0.0.1 still sends its
            // own name as Host, and is refused.
            guard Self.isLoopbackHost(request.head.authority) else {
                return Response(status: .forbidden, headers: [.contentType: Self.plainText],
                                body: ResponseBody(byteBuffer: ByteBuffer(string: texts.text(.dashboardLoopbackOnly) + "\n")))
            }
            return try await next(request, context)
        }
        if let offered = request.uri.queryParameters["token"].map(String.init), token.matches(offered) {
            var response = Response(status: .seeOther, headers: [.location: Self.withoutToken(request.uri)])
            response.setCookie(Cookie(name: AccessToken.cookieName, value: token.value, maxAge: 400 * 86400, path: "/",
                                      httpOnly: true, sameSite: .strict))
            return response
        }
        let bearer = request.headers[.authorization].flatMap(Self.bearerCredentials)
        guard token.matches(request.cookies[AccessToken.cookieName]?.value) || token.matches(bearer) else {
            return Response(status: .unauthorized, headers: [.contentType: Self.plainText],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: texts.text(.dashboardTokenNeeded) + "\n")))
        }
        return try await next(request, context)
    }
}
