#ifndef PEACH_SPAWN_H
#define PEACH_SPAWN_H

#include <sys/types.h>

/// Starts `path` with the null-terminated `argv` and this process's environment: stdin on
/// /dev/null, stdout and stderr on new pipes whose reading ends (close-on-exec) are returned in
/// `output` and `errors`, every other descriptor closed, the signal mask empty and every signal at
/// its default disposition (whatever this process blocks or ignores); `process` is a pidfd of the
/// child (close-on-exec), or -1 when the kernel has none. Returns 0, or the errno of the failure
/// (the program not found or not executable among them).
int peach_spawn(const char *path, char *const argv[], pid_t *pid, int *process, int *output, int *errors);

/// Kills the child behind the pidfd `process` (SIGKILL); 0, or the errno.
int peach_spawn_kill(int process);

#endif
