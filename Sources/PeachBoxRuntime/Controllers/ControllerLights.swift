import PeachDomain
import PeachPractice

/// The training feedback shown on the controllers that can light up (pads): `ControllerService`.
@MainActor
final class ControllerLights: FeedbackOutput {
    private let light: @MainActor (TrainingFeedback) -> Void
    init(_ light: @escaping @MainActor (TrainingFeedback) -> Void) { self.light = light }
    func give(_ feedback: TrainingFeedback) { light(feedback) }
}
