/// When each captured frame was captured, by the capture device's own clock rather than by a nominal
/// 48 kHz counted from the capture's start.
///
/// Each mark is the device's word for it: its hardware pointer had reached `frame` at `time` (from
/// `snd_pcm_status` with monotonic timestamps, taken when the pointer last moved). Between two marks a
/// frame is placed by straight interpolation, beyond them at the nominal rate from the nearest one.
/// A device that runs a few per cent slow (snd-aloop clocked by snd-dummy under emulation keeps
/// 364 periods a second of 375) then stays dated right over a long capture, where a nominal clock
/// drifts by 30 ms a second.
///
/// Exact for a device whose pointer moves in its own interrupt or is read from the hardware (a real
/// card, snd-aloop with a `timer_source`); snd-aloop on its own kernel-tick clock also moves its
/// pointer when asked, so a mark there may be late by up to a tick (4 ms).
struct CaptureClock {
    struct Mark: Equatable {
        var frame: UInt64
        var time: UInt64
    }

    static let nominalRate = 48_000.0

    private(set) var marks: [Mark] = []

    /// Keeps a mark that moves the pointer on (a repeated or older one says nothing new).
    mutating func note(frame: UInt64, time: UInt64) {
        if let last = marks.last, frame <= last.frame || time < last.time { return }
        marks.append(Mark(frame: frame, time: time))
    }

    /// When the (fractional) frame was captured, in CLOCK_MONOTONIC ns; nil before the first mark.
    func time(ofFrame frame: Double) -> UInt64? {
        let (before, after) = neighbours { Double($0.frame) < frame }
        guard let from = before ?? after else { return nil }
        let rate = rate(before, after)
        return UInt64(Int64(bitPattern: from.time) + Int64(((frame - Double(from.frame)) / rate * 1e9).rounded()))
    }

    /// The (fractional) frame captured at `time`; nil before the first mark.
    func frame(at time: UInt64) -> Double? {
        let (before, after) = neighbours { $0.time < time }
        guard let from = before ?? after else { return nil }
        let seconds = Double(Int64(bitPattern: time &- from.time)) / 1e9
        return Double(from.frame) + seconds * rate(before, after)
    }

    /// The last mark for which `isBefore` holds and the first for which it does not (marks are
    /// ordered by frame and time alike).
    private func neighbours(_ isBefore: (Mark) -> Bool) -> (Mark?, Mark?) {
        var low = 0, high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(marks[middle]) { low = middle + 1 } else { high = middle }
        }
        return (low > 0 ? marks[low - 1] : nil, low < marks.count ? marks[low] : nil)
    }

    /// Frames per second between two marks, the nominal rate outside them.
    private func rate(_ before: Mark?, _ after: Mark?) -> Double {
        guard let before, let after, after.time > before.time else { return Self.nominalRate }
        return Double(after.frame - before.frame) / (Double(after.time - before.time) / 1e9)
    }
}
