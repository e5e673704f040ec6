import PeachUdev

extension SoundCard {
    /// Whether an ALSA PCM name (`hw:1,0`, `plughw:CARD=Loopback,DEV=0`, `hw:Loopback`) plays on this
    /// card. Names that do not say (`default`, `pulse`) match none: ALSA's errors tell their loss.
    public func matches(pcm: String) -> Bool {
        guard let colon = pcm.firstIndex(of: ":") else { return false }
        let arguments = pcm[pcm.index(after: colon)...].split(separator: ",")
        guard let first = arguments.first else { return false }
        let card = first.hasPrefix("CARD=") ? String(first.dropFirst(5)) : String(first)
        if let number = Int(card) { return number == self.number }
        return card == id
    }
}
