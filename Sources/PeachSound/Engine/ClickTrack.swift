/// The render thread's rhythm clicks: clicks waiting for their frame, and the few sounding. A click
/// starts at its exact output frame, inside whichever render chunk holds it; one whose frame has
/// passed starts at once. Fixed storage, so mixing never allocates.
final class ClickTrack {
    /// Clicks waiting at once: a Fill the Gap trial is 48, and the next is placed before the last ends.
    static let capacity = 256
    static let voiceCount = 4

    /// Kept so their samples live as long as the track.
    private let kept: [SampledSound]
    private let sounds: [(samples: CueSamples, count: Int)]
    private let waiting: UnsafeMutablePointer<(frame: Int64, sound: Int)>
    private var waitingCount = 0
    /// Per voice: the sound and the position in it, negative while its start lies ahead in the chunk.
    private var voices: [(sound: Int, position: Int)]

    /// `sounds`: the click sounds (plain, accented).
    init(sounds: [SampledSound]) {
        kept = sounds
        self.sounds = sounds.map { ($0.samples, $0.count) }
        waiting = .allocate(capacity: Self.capacity)
        voices = Array(repeating: (-1, 0), count: Self.voiceCount)
    }

    deinit { waiting.deallocate() }

    /// False when the track is full (the click is dropped).
    func add(frame: Int64, sound: Int) -> Bool {
        guard waitingCount < Self.capacity, sounds.indices.contains(sound) else { return false }
        waiting[waitingCount] = (frame, sound)
        waitingCount += 1
        return true
    }

    /// Every waiting click is dropped; the sounding ones ring out.
    func cancelWaiting() { waitingCount = 0 }

    /// Mixes the clicks into `mix`, whose first sample is output frame `start`.
    func mix(into mix: UnsafeMutablePointer<Float>, frames: Int, start: Int64) {
        let end = start + Int64(frames)
        var index = 0
        while index < waitingCount {
            let click = waiting[index]
            guard click.frame < end else { index += 1; continue }
            startVoice(sound: click.sound, delay: Int(max(0, click.frame - start)))
            waitingCount -= 1
            waiting[index] = waiting[waitingCount]
        }
        for voice in 0..<voices.count where voices[voice].sound >= 0 {
            let sound = sounds[voices[voice].sound]
            var position = voices[voice].position
            for j in 0..<frames {
                if position >= 0 {
                    guard position < sound.count else { break }
                    mix[j] += sound.samples[position]
                }
                position += 1
            }
            voices[voice] = position >= sound.count ? (-1, 0) : (voices[voice].sound, position)
        }
    }

    /// A free voice, else the one furthest into its sound.
    private func startVoice(sound: Int, delay: Int) {
        var chosen = 0
        for voice in 0..<voices.count {
            if voices[voice].sound < 0 { chosen = voice; break }
            if voices[voice].position > voices[chosen].position { chosen = voice }
        }
        voices[chosen] = (sound, -delay)
    }
}
