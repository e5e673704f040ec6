import Glibc
import PeachSpawn
import Synchronization

/// A program started with `posix_spawn` (`peach_spawn`: stdout and stderr on pipes of ours, stdin
/// on /dev/null, no other descriptor of ours, signals at their defaults), waited for with
/// `waitpid`: no thread or run loop watches it.
final class ChildProcess: Sendable {
    let pid: pid_t
    /// Our ends of the child's stdout and stderr.
    let output: Int32
    let errors: Int32
    /// The child's pidfd (-1 without one): `kill` through it can never reach another process that
    /// got its number. Closed, under the lock, once the child is reaped, so that `kill` never uses a
    /// descriptor number that something else has opened since.
    private let handle: Mutex<Int32>

    private init(pid: pid_t, handle: Int32, output: Int32, errors: Int32) {
        (self.pid, self.output, self.errors) = (pid, output, errors)
        self.handle = Mutex(handle)
    }

    /// Starts `path` with `arguments` (its argv[0] is `path`); the error number when it cannot.
    static func start(_ path: String, _ arguments: [String]) -> Result<ChildProcess, SystemError> {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var (pid, handle, output, errors): (pid_t, Int32, Int32, Int32) = (0, -1, -1, -1)
        let status = argv.withUnsafeBufferPointer { peach_spawn(path, $0.baseAddress, &pid, &handle, &output, &errors) }
        guard status == 0 else { return .failure(SystemError(code: status)) }
        return .success(ChildProcess(pid: pid, handle: handle, output: output, errors: errors))
    }

    /// Kills it (SIGKILL) unless it has been reaped already; its pipes then end.
    func kill() {
        handle.withLock { handle in _ = peach_spawn_kill(handle) }
    }

    /// Closes our end of its stderr (its stdout's is closed already) and waits for it to end.
    func finish() -> ProgramEnding {
        close(errors)
        var status: Int32 = 0
        var reaped = true
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { reaped = false; break }
        }
        handle.withLock { handle in
            if handle >= 0 { close(handle) }
            handle = -1
        }
        guard reaped else { return .exited(-1) }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which are macros.
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }
}

/// An errno value.
struct SystemError: Error, Equatable {
    let code: Int32
}
