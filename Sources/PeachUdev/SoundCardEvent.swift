/// A sound card as udev names it: the kernel's card number, ALSA's card id (`Loopback`,
/// `Headphones`, `Device`) and, where udev knows it, the model and physical path, which stay the
/// same when the card comes back under another number.
public struct SoundCard: Hashable, Sendable, CustomStringConvertible {
    public let number: Int
    public let id: String?
    public let model: String?
    public let path: String?

    public init(number: Int, id: String? = nil, model: String? = nil, path: String? = nil) {
        self.number = number
        self.id = id
        self.model = model
        self.path = path
    }

    public var description: String {
        "card \(number)" + (id.map { " (\($0))" } ?? "") + (model.map { " \($0)" } ?? "")
    }

    /// Whether `other` is this physical card again (after a replug it may have another number).
    public func isSameDevice(as other: SoundCard) -> Bool {
        if let path, let otherPath = other.path { return path == otherPath }
        if let id, let otherID = other.id { return id == otherID }
        return number == other.number
    }
}

public enum SoundCardEvent: Hashable, Sendable {
    /// The card is registered and usable (udev's `change` with SOUND_INITIALIZED, or the kernel's `change`).
    case ready(SoundCard)
    case removed(SoundCard)
}

extension SoundCardEvent {
    /// Reads one uevent of the `sound` subsystem. Only the card device itself (`cardN`) counts; its
    /// PCM, MIDI and control nodes come and go with it.
    public init?(action: String, sysname: String, properties: [String: String], attributes: [String: String] = [:]) {
        guard sysname.hasPrefix("card"), let number = Int(sysname.dropFirst(4)) else { return nil }
        let card = SoundCard(number: number, id: attributes["id"],
                             model: properties["ID_MODEL_FROM_DATABASE"] ?? properties["ID_MODEL"],
                             path: properties["ID_PATH"])
        switch action {
        case "change": self = .ready(card)
        case "remove": self = .removed(card)
        default: return nil
        }
    }
}
