import Foundation
import Logging
import PeachOptions
import PeachPractice
import PeachText
import ServiceLifecycle
import UnixSignals

/// Ends the box on SIGINT or SIGTERM (on a terminal also SIGHUP), on the quit key and when the
/// terminal goes away; re-reads the configuration on SIGHUP without one. When it ends, the service
/// group shuts the other services down, in the reverse of their order (`PracticeBoxApp`).
@MainActor
final class StopService: Service {
    private let signals: UnixSignalsSequence
    private let rule: SignalRule
    private let startedWith: Set<BoxSignal>
    private let reload: @MainActor () -> Void
    private let texts: LiveTexts
    private let logger = Logger(label: "peach.run")
    private enum Request {
        case reload
        /// With what the log says, if anything.
        case stop(String?)
    }

    private let requests: AsyncStream<Request>
    private let request: AsyncStream<Request>.Continuation

    /// `startedWith`: what came while the box started (caught since main by `EarlySignals`).
    init(signals: UnixSignalsSequence, rule: SignalRule, startedWith: Set<BoxSignal>, texts: LiveTexts,
         reload: @escaping @MainActor () -> Void) {
        self.signals = signals
        self.rule = rule
        self.startedWith = startedWith
        self.texts = texts
        self.reload = reload
        (requests, request) = AsyncStream.makeStream()
    }

    /// Ends the box from inside (the quit key, the terminal gone).
    func requestStop() {
        request.yield(.stop(nil))
    }

    func run() async {
        // A signal can still reach the early handler while the sequence's sources register (its
        // handler stays installed): what came meanwhile is handed over here, not lost.
        let early = startedWith.union(EarlySignals.takeReceived().compactMap(BoxSignal.init(number:)))
        switch rule.response(toEarly: early) {
        case .stop(.hangUp)?: return logger.info("\(texts.current.text(.runHangUpDuringStart))")
        case .stop(let signal)?: return logger.info("\(texts.current.text(.runSignalStopping, signal.name))")
        case .reload?: reload()
        case nil: break
        }
        let forwarding = Task { [signals, request, rule, texts] in
            for await signal in signals {
                guard let boxSignal = BoxSignal(number: signal.rawValue) else { continue }
                switch rule.response(to: boxSignal) {
                case .reload: request.yield(.reload)
                case .stop(let stopping):
                    request.yield(.stop(texts.current.text(.runSignalStopping, stopping.name)))
                    return
                }
            }
        }
        defer { forwarding.cancel() }
        for await next in requests {
            switch next {
            case .reload: reload()
            case .stop(let message):
                if let message { logger.info("\(message)") }
                return
            }
        }
    }
}

extension BoxSignal {
    init?(number: Int32) {
        switch number {
        case SIGHUP: self = .hangUp
        case SIGINT: self = .interrupt
        case SIGTERM: self = .terminate
        default: return nil
        }
    }

    var name: String {
        switch self {
        case .hangUp: "SIGHUP"
        case .interrupt: "SIGINT"
        case .terminate: "SIGTERM"
        }
    }
}
