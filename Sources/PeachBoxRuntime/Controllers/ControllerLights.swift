import PeachDomain
import PeachPractice

/// The training feedback shown on the controllers that can light up (pads): `ControllerService`.
@MainActor
final class ControllerLights: FeedbackOutput {
    private let light: @MainActor (AnswerResult) -> Void
    init(_ light: @escaping @MainActor (AnswerResult) -> Void) { self.light = light }
    func give(_ feedback: AnswerResult) { light(feedback) }
}
