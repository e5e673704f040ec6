import PeachConfig
import PeachDomain
import PeachPractice
import PeachStorage
import PeachText
import ServiceLifecycle

/// The box's state for people: the status line on the terminal and the `live-status` file the
/// dashboard reads. Drawn whenever the box, the profile or the output changes; the file is removed
/// at shutdown, and nothing is drawn after that.
@MainActor
final class StatusService: Service {
    private let box: PracticeBox
    private let profile: PerceptualProfile
    private let rhythm: LiveRhythmProfile
    private let configuration: LiveConfiguration
    private let texts: LiveTexts
    private let terminal: TerminalSession?
    private let file: LiveStatusFile
    /// The audio output as the status shows it (device and buffer), from the audio output service.
    var audioOutput: @MainActor () -> String = { "" }
    private var stopped = false

    init(box: PracticeBox, profile: PerceptualProfile, rhythm: LiveRhythmProfile, configuration: LiveConfiguration, texts: LiveTexts,
         terminal: TerminalSession?, file: LiveStatusFile) {
        self.box = box
        self.profile = profile
        self.rhythm = rhythm
        self.configuration = configuration
        self.texts = texts
        self.terminal = terminal
        self.file = file
    }

    func run() async {
        box.onChange = { [weak self] in self?.show() }
        profile.onRefitted = { [weak self] _ in self?.show() }
        show()
        await untilShutdown()
        stopped = true
        file.remove()
    }

    func show() {
        guard !stopped else { return }
        let status = PracticeStatus(of: box, profile: profile, rhythm: rhythm, range: configuration.currentSettings.noteRange,
                                    texts: texts.current)
        // For `peach web`: a failed write costs the dashboard its live line, never the training.
        try? file.write(LiveStatusFile.text(status: status.line(), controller: box.controllerInUse?.description,
                                            audioDevice: audioOutput()))
        guard let terminal else { return }
        terminal.showStatus(status.line(width: terminal.width - 1))
    }
}
