// peach-hold-signals PROGRAM [ARGUMENT...]: runs PROGRAM with SIGHUP, SIGINT and SIGTERM held
// (blocked) from this process's first instruction on. Statically linked, so no dynamic loader runs
// before it; the mask and any signal already waiting carry over the exec, through PROGRAM's own
// dynamic loading (tens of milliseconds for `peach`, far longer under emulation), until PROGRAM
// reads them. The systemd unit starts `peach run` through it, so that a `systemctl reload` or
// `stop` at any moment of the start is a reload or a clean stop, never a death by signal.
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

int main(int argc, char **argv) {
    sigset_t held;
    sigemptyset(&held);
    sigaddset(&held, SIGHUP);
    sigaddset(&held, SIGINT);
    sigaddset(&held, SIGTERM);
    sigprocmask(SIG_BLOCK, &held, 0);
    if (argc < 2) {
        fprintf(stderr, "usage: peach-hold-signals PROGRAM [ARGUMENT...]\n");
        return 2;
    }
    execv(argv[1], argv + 1);
    fprintf(stderr, "peach-hold-signals: cannot run %s: %s\n", argv[1], strerror(errno));
    return 127;
}
