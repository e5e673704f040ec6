import Logging
import PeachDomain
import PeachPractice
import PeachSound
import PeachText
import ServiceLifecycle

/// The box itself: at shutdown it takes the same stop path as every interruption (nothing is
/// recorded for a half-done exercise), and every sounding note fades out.
@MainActor
final class PracticeService: Service {
    private let box: PracticeBox
    private let profile: PerceptualProfile
    private let engine: SoundEngine
    private let texts: LiveTexts
    private let logger = Logger(label: "peach.run")

    init(box: PracticeBox, profile: PerceptualProfile, engine: SoundEngine, texts: LiveTexts) {
        self.box = box
        self.profile = profile
        self.engine = engine
        self.texts = texts
    }

    func run() async {
        await untilShutdown()
        // A fit still running beside the main actor must not draw the status once it is gone.
        profile.onRefitted = nil
        box.shutDown()
        do {
            try engine.stopAll()
        } catch {
            logger.error("\(texts.current.text(.runSilencingFailed, texts.current.describe(error)))")
        }
    }
}
