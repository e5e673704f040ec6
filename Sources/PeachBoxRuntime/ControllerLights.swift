import PeachDomain
import PeachPractice

/// The training feedback shown on the controllers that can light up (pads), made by `assemble`.
@MainActor
final class ControllerLights: FeedbackOutput {
    private weak var app: PracticeBoxApp?
    init(app: PracticeBoxApp) { self.app = app }
    func give(_ feedback: TrainingFeedback) { app?.lightUp(feedback) }
}
