import Logging
import PeachDomain
import PeachPractice
import PeachText
import ServiceLifecycle

/// The computer keyboard as a controller, read from the terminal: the keys' actions go through the
/// box's router; the quit key and the terminal going away end the box. The terminal is given back
/// as it was at shutdown.
@MainActor
final class KeyboardService: Service {
    // not a text: the computer keyboard's identity as a controller (the dashboard shows it as it is)
    static let controller: ControllerID = "computer keyboard"

    private let terminal: TerminalSession
    private let use: KeyboardUse
    private let router: BoxEventRouter
    private let stop: StopService
    private let texts: LiveTexts
    private let logger = Logger(label: "peach.run")
    private var connected = false
    private var decoder = TerminalKeyDecoder()

    init(terminal: TerminalSession, use: KeyboardUse, router: BoxEventRouter, stop: StopService, texts: LiveTexts) {
        self.terminal = terminal
        self.use = use
        self.router = router
        self.stop = stop
        self.texts = texts
    }

    /// The keys' help, printed once before the box starts.
    func printHelp(version: String, mode: TrainingMode) {
        terminal.printLine(texts.current.text(.runKeysHeader, version, texts.current.name(mode)))
        for line in texts.current.text(.keyboardHelp).split(separator: "\n") { terminal.printLine("  " + line) }
    }

    func run() async {
        if use.connectsAtStart { connect() }
        let keyboard = KeyboardController()
        for await chunk in terminal.keyBytes().cancelOnGracefulShutdown() {
            for key in decoder.decode(chunk) {
                switch keyboard.command(for: key, currentControlValue: router.box.tuningControlValue) {
                case .quit?:
                    stop.requestStop()
                case .action(let action)?:
                    if use.connects(onKeyWhenConnected: connected, otherControllers: router.box.connectedControllers.count) {
                        connect()
                    }
                    if connected { router.route(.controllerActions([action], from: Self.controller)) }
                case nil:
                    break
                }
            }
        }
        if !Task.isShuttingDownGracefully {
            // The terminal hung up (or standard input ended): nobody is there to train.
            logger.notice("\(texts.current.text(.runTerminalWentAway))")
            stop.requestStop()
        }
        await untilShutdown()
        terminal.restore()
    }

    private func connect() {
        connected = true
        router.box.describeControls(KeyboardController.tourControls, of: Self.controller)
        router.route(.controllerConnected(Self.controller))
    }
}
