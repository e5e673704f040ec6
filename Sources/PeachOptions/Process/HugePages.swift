import PeachProgramPages

/// No transparent huge pages for the box. Where the kernel gives them to every anonymous mapping
/// (`always`, Debian's default), a thread's stack that happens to lie on a 2 MB boundary takes a
/// whole 2 MB page at its first touch: in the guest two of `peach run`'s Dispatch threads held
/// 4 MB for stacks that use a few KB (smaps' AnonHugePages), and the memory lock then kept them.
/// An audio program also wants no huge-page faults or compaction on its way.
public enum HugePages {
    /// Call first in `main`, before any thread starts: the setting is the process's and applies to
    /// the pages faulted from then on; the programs it starts (`peach speak`) inherit it.
    public static func turnOff() { _ = peach_program_pages_no_huge_pages() }

    /// Whether they are off for this process (`THP_enabled: 0` in /proc/PID/status).
    public static var areOff: Bool { peach_program_pages_huge_pages_off() == 1 }
}
