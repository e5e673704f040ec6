import Foundation
import Hummingbird
import NIOHTTP1
import PeachText

/// A failure below the routes (the history cannot be read, a fit failed) answered 500 with what
/// failed, the history's file and SQLite's words, to the browser and in the log. HTTP errors (404,
/// 405) are the router's to answer; a client that is gone or did not speak HTTP gets no answer.
struct FailurePage<Context: RequestContext>: RouterMiddleware {
    let texts: Texts

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch let error as HTTPParserError {
            throw error
        } catch {
            let text = texts.text(.dashboardFailed, texts.describe(error))
            context.logger.error("\(text)")
            return Response(status: .internalServerError, headers: [.contentType: AccessGuard<Context>.plainText],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
        }
    }
}
