import Foundation

/// Few malloc arenas for a small box. glibc gives threads that allocate arenas of their own (up to
/// eight per core), and each keeps its own free pages; Peach's threads allocate little (the render
/// thread nothing at all), so sharing two costs no waiting worth having and saves their pages.
public enum MallocArenas {
    /// Call first in `main`, before any thread starts. glibc's `mallopt(M_ARENA_MAX, count)`,
    /// looked up at run time (Swift's Glibc module does not declare it; another C library is left
    /// as it is). `MALLOC_ARENA_MAX` in the environment still decides when set.
    public static func limit(to count: Int32 = 2) {
        guard getenv("MALLOC_ARENA_MAX") == nil,
              let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let arenaMax: Int32 = -8  // M_ARENA_MAX in glibc's malloc.h
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, count)
    }
}
