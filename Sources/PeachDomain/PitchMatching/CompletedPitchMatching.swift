import Foundation

/// A committed Tune & Match attempt.
public struct CompletedPitchMatching: Hashable, Sendable {
    public let challenge: PitchMatchingChallenge
    /// `1200·log2(userFrequency / targetFrequency)`: + means the player ended sharp.
    public let userCentError: Cents
    public let timestamp: Date

    public init(challenge: PitchMatchingChallenge, userCentError: Cents, timestamp: Date) {
        self.challenge = challenge
        self.userCentError = userCentError
        self.timestamp = timestamp
    }

    public var feedback: PitchMatchingFeedback { PitchMatchingFeedback(error: userCentError) }
}

/// How close an attempt was: under 10 cents close, 10–30 moderate, over 30 far.
public enum PitchMatchingFeedback: String, Hashable, Sendable, CaseIterable {
    case close, moderate, far

    public init(error: Cents) {
        switch error.magnitude.rawValue {
        case ..<10: self = .close
        case ...30: self = .moderate
        default: self = .far
        }
    }
}
