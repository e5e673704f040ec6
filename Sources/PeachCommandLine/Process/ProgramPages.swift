import Foundation

/// Only the pages of the program that run come into memory. The kernel reads a file mapping ahead
/// of each page fault and maps what it holds of the file 64 KB around it ("fault-around"); a static
/// Swift program keeps most of the standard library and Foundation in a few large sections, so
/// the pages it runs lie scattered over megabytes of code it never runs, and both brought those
/// in. Told that the program's pages are read at random, the kernel reads only the page that
/// faults. In the emulated guest, `peach run` training at 128 × 2 peaked at 33.9 MB instead of
/// 37.5–38.7 MB (stock FluidSynth: 19.2–19.6 MB). A page cache that already holds the whole
/// binary (right after a build) is still mapped around each fault; a box started from its disk
/// reads only what it runs.
public enum ProgramPages {
    /// Call first in `main`. Advises every loaded segment of the executable (not its libraries).
    public static func readAtRandom() {
        // The program headers of the executable itself, from the kernel's auxiliary vector (glibc's
        // `getauxval`, looked up at run time: Swift's Glibc module does not declare it).
        typealias AuxiliaryValue = @convention(c) (UInt) -> UInt
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getauxval") else { return }
        let auxiliaryValue = unsafeBitCast(symbol, to: AuxiliaryValue.self)
        let programHeaderAddress: UInt = 3, programHeaderCount: UInt = 5  // AT_PHDR, AT_PHNUM
        guard let headers = UnsafeRawPointer(bitPattern: auxiliaryValue(programHeaderAddress)) else { return }
        let count = Int(auxiliaryValue(programHeaderCount))
        let entrySize = 56  // sizeof(Elf64_Phdr)
        let segments = (0..<count).map { index in
            let header = headers + index * entrySize
            return (type: header.load(as: UInt32.self), address: header.load(fromByteOffset: 16, as: UInt.self),
                    size: header.load(fromByteOffset: 40, as: UInt.self))
        }
        // Where the program was loaded: its program headers' address in memory less the one it was linked for.
        let programHeaders: UInt32 = 6, loadable: UInt32 = 1  // PT_PHDR, PT_LOAD
        guard MemoryLayout<UInt>.size == 8,
              let table = segments.first(where: { $0.type == programHeaders }) else { return }
        let bias = UInt(bitPattern: headers) &- table.address
        let page = UInt(getpagesize())
        for segment in segments where segment.type == loadable && segment.size > 0 {
            let start = (bias &+ segment.address) & ~(page - 1)
            let end = bias &+ segment.address &+ segment.size
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_RANDOM)
        }
    }
}
