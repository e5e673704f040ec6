import Glibc
import PeachSpawn

/// A program started with `posix_spawn` (`peach_spawn`: stdout and stderr on pipes of ours, stdin
/// on /dev/null, no other descriptor of ours, signals at their defaults), waited for with
/// `waitpid`: no thread or run loop watches it.
struct ChildProcess {
    let pid: pid_t
    /// Our ends of the child's stdout and stderr.
    let output: Int32
    let errors: Int32

    /// How a child ended, as a person reads it.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// Starts `path` with `arguments` (its argv[0] is `path`); the C library's words for why not.
    static func start(_ path: String, _ arguments: [String]) -> Result<ChildProcess, SystemError> {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var (pid, output, errors): (pid_t, Int32, Int32) = (0, -1, -1)
        let status = argv.withUnsafeBufferPointer { peach_spawn(path, $0.baseAddress, &pid, &output, &errors) }
        guard status == 0 else { return .failure(SystemError(code: status)) }
        return .success(ChildProcess(pid: pid, output: output, errors: errors))
    }

    /// Closes our end of its stderr (its stdout's is closed already) and waits for it to end.
    func finish() -> Ending {
        close(errors)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .exited(-1) }
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which are macros.
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }
}

/// An errno value with the C library's words for it.
struct SystemError: Error, Equatable, CustomStringConvertible {
    let code: Int32
    var description: String { String(cString: strerror(code)) }
}
