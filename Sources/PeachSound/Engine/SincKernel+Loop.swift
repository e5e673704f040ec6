import PeachResampler

extension SincKernel {
    /// The resampler's loop as compiled for two instruction sets. Which one is faster depends on the
    /// machine, not only on what its CPU reports: on x86-64 hardware the AVX2/FMA loop takes 0.9 µs
    /// per 128 frames against 1.5 µs, but under QEMU's software emulation, whose CPU reports AVX2
    /// as well, it took 1,160 µs against 160 µs, seven times the period's budget in the guest. So
    /// the kernel times both once when it is made and keeps the faster.
    enum Loop: Sendable {
        /// Plain vector code: SSE2 on x86-64, NEON on ARM.
        case portable
        /// AVX2 and FMA (x86-64-v3).
        case wide

        /// Whether this CPU can run the wide loop at all.
        static var supported: [Loop] { peach_resample_wide_supported() != 0 ? [.portable, .wide] : [.portable] }

        /// The loop of `supported` that `time` finds quickest; the portable one on a tie.
        static func fastest(supported: [Loop], time: (Loop) -> Duration) -> Loop {
            guard supported.count > 1 else { return .portable }
            return supported.map { ($0, time($0)) }.min { $0.1 < $1.1 }?.0 ?? .portable
        }
    }
}
