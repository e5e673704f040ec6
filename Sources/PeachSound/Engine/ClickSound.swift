import Foundation

/// The rhythm modes' click: a short decaying tone with a sharp onset (its first sample is at its
/// frame, its peak 0.25 ms later), so the moment it is heard is the moment it is placed. The
/// accented click, the first of each beat, is higher and louder. Public for the bench, which finds
/// these clicks in what the loopback recorded.
public enum ClickSound {
    static let plainFrequency = 1_600.0
    static let accentedFrequency = 2_400.0
    static let length = 0.04
    static let decay = 0.006
    static let attack = 0.00025

    /// Both clicks at 48 kHz: plain, accented. Made once; the render thread reads them for as long
    /// as the program runs.
    public static let sounds: [SampledSound] = [
        render(frequency: plainFrequency, gain: 0.35), render(frequency: accentedFrequency, gain: 0.5),
    ]

    static func render(frequency: Double, gain: Double) -> SampledSound {
        let rate = NoteSlotRenderer.sampleRate
        return SampledSound(samples: (0..<Int(length * rate)).map { index in
            let t = Double(index) / rate
            let envelope = min(t / attack, 1) * exp(-t / decay)
            return Float(gain * envelope * sin(2 * .pi * frequency * t))
        })
    }
}
