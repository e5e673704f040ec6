import Foundation

/// What the perceptual profile keeps of a history, per mode: the Hear & Compare answers and the
/// Tune & Match attempts, each kind added in the store's order. It is all `peach run` needs of the
/// history at start, and it can be saved and reloaded exactly (`saved()`, `init(saved:)`), so that
/// a start adds only the answers given since it was saved.
public struct ProfileAnswers: Sendable {
    /// Raised whenever what is saved, or how answers are added, changes: a saved state of another
    /// version is never continued, the history is read again instead.
    public static let formatVersion = 3

    public private(set) var discrimination: [TrainingMode: CompareAnswers] = [:]
    public private(set) var matching: [TrainingMode: MatchAnswers] = [:]

    public init() {}

    public mutating func add(_ record: CompareAnswer) {
        discrimination[record.mode, default: CompareAnswers()].add(record)
    }

    public mutating func add(_ record: MatchAnswer) {
        matching[record.mode, default: MatchAnswers()].add(record)
    }

    /// The state as bytes (JSON, its numbers as bit patterns), the same bytes for the same state.
    public func saved() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let compared = Dictionary(uniqueKeysWithValues: discrimination.map { ($0.key.rawValue, $0.value) })
        let matched = Dictionary(uniqueKeysWithValues: matching.map { ($0.key.rawValue, $0.value) })
        return try encoder.encode(Saved(version: Self.formatVersion, discrimination: compared, matching: matched))
    }

    /// A state saved by `saved()`; throws for bytes that are not one, or one of another version.
    public init(saved bytes: Data) throws {
        let saved = try JSONDecoder().decode(Saved.self, from: bytes)
        for (name, answers) in saved.discrimination {
            guard let mode = TrainingMode(rawValue: name), mode.skill == .compare else {
                throw SavedStateError.unknownMode(name)
            }
            discrimination[mode] = answers
        }
        for (name, attempts) in saved.matching {
            guard let mode = TrainingMode(rawValue: name), mode.skill == .match else {
                throw SavedStateError.unknownMode(name)
            }
            matching[mode] = attempts
        }
    }

    public enum SavedStateError: Error, Equatable {
        case otherVersion(Int)
        case unknownMode(String)
    }

    /// Modes as their names: a dictionary keyed by strings is a JSON object, sorted on encoding.
    fileprivate struct Saved: Codable {
        let version: Int
        let discrimination: [String: CompareAnswers]
        let matching: [String: MatchAnswers]
    }
}

extension ProfileAnswers.Saved {
    /// The version first: another version's bins need not even decode as this one's.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version == ProfileAnswers.formatVersion else { throw ProfileAnswers.SavedStateError.otherVersion(version) }
        discrimination = try container.decode([String: CompareAnswers].self, forKey: .discrimination)
        matching = try container.decode([String: MatchAnswers].self, forKey: .matching)
    }
}
