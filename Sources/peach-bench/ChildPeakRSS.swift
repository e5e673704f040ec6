import Foundation

/// Runs `executable` with `arguments` to its end, output discarded, and returns its peak resident
/// set size in kB (VmHWM, read from /proc every 20 ms while it runs; it only grows, so the last
/// reading is the peak up to the end of its work), or nil when it cannot start or fails.
/// Not `ru_maxrss` from `wait4`: after an exec that carries the spawning process's own peak.
func childPeakRSS(_ executable: String, _ arguments: [String]) -> Int? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    var peak = 0
    while process.isRunning {
        peak = max(peak, peakRSSKilobytes(of: process.processIdentifier) ?? 0)
        Thread.sleep(forTimeInterval: 0.02)
    }
    return process.terminationStatus == 0 && peak > 0 ? peak : nil
}
