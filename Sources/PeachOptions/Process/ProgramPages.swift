import PeachProgramPages

/// Only the pages of the program that run come into memory. The kernel reads a file mapping ahead
/// of each page fault and maps what it holds of the file 64 KB around it ("fault-around"); a static
/// Swift program keeps most of the standard library and Foundation in a few large sections, so
/// the pages it runs lie scattered over megabytes of code it never runs, and both brought those
/// in. Told that the program's pages are read at random, the kernel reads only the page that
/// faults. A page cache that already holds the whole binary (right after a build) is still mapped
/// around each fault; a box started from its disk reads only what it runs.
///
/// The advice is given by a C constructor (`PeachProgramPages`) as the program loads, before any
/// other code of it runs: from `main`, the start-up's own code (Foundation's constructors, the
/// runtime's) had already come in with read-ahead, 1.2 MB more at the peak in the guest.
public enum ProgramPages {
    /// Gives the advice again (it was given at load); returns the number of segments advised.
    @discardableResult
    public static func readAtRandom() -> Int { Int(peach_program_pages_read_at_random()) }
}
