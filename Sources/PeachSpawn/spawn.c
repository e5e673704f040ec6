#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/pidfd.h>
#include <unistd.h>
#include "PeachSpawn.h"

extern char **environ;

int peach_spawn(const char *path, char *const argv[], pid_t *pid, int *process, int *output, int *errors) {
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) return errno;
    if (pipe2(err, O_CLOEXEC) != 0) {
        int failure = errno;
        close(out[0]); close(out[1]);
        return failure;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    // Whatever else this process has open (its audio device, its history) stays out of the child.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    int status = posix_spawn(pid, path, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(out[1]);
    close(err[1]);
    if (status != 0) {
        close(out[0]); close(err[0]);
        return status;
    }
    // A handle on this very process (close-on-exec): a signal through it never reaches another
    // process that got its number after it was reaped (it fails with ESRCH instead). -1 on a
    // kernel without pidfd.
    *process = pidfd_open(*pid, 0);
    *output = out[0];
    *errors = err[0];
    return 0;
}

int peach_spawn_kill(int process) {
    return process >= 0 && pidfd_send_signal(process, SIGKILL, NULL, 0) == 0 ? 0 : errno;
}

