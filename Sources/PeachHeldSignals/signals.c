#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include "PeachHeldSignals.h"

static void held(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
}

/// The earliest code of the program's own: after the dynamic loader, before every constructor.
static void hold_signals(int argc, char **argv, char **envp) {
    (void)argc; (void)argv; (void)envp;
    sigset_t set;
    held(&set);
    sigprocmask(SIG_BLOCK, &set, 0);
}

__attribute__((section(".preinit_array"), used))
static void (*const peach_hold_signals)(int, char **, char **) = hold_signals;

int peach_held_signals_release(void) {
    sigset_t set;
    held(&set);
    return pthread_sigmask(SIG_UNBLOCK, &set, 0);
}

int peach_held_signals_state(void) {
    sigset_t mask;
    if (pthread_sigmask(SIG_BLOCK, 0, &mask) != 0) return -1;
    int count = sigismember(&mask, SIGHUP) + sigismember(&mask, SIGINT) + sigismember(&mask, SIGTERM);
    return count == 3 ? 1 : count == 0 ? 0 : -1;
}
