#ifndef PEACH_HELD_SIGNALS_H
#define PEACH_HELD_SIGNALS_H

/// SIGHUP, SIGINT and SIGTERM are blocked (held pending, not acted on) from the first code the
/// program runs: a `.preinit_array` entry, before any library's constructor and before `main`.
/// Threads started later inherit the mask. A signal that arrives meanwhile waits; it is not lost and
/// does not kill the process.

/// Lets the held signals through on the calling thread (for the commands that keep the default
/// actions, and for the box once its own signal handling is in place). A signal that waited is
/// acted on now. 0 when done.
int peach_held_signals_release(void);

/// 1 when the calling thread holds all three signals, 0 when it holds none, -1 for a mix.
int peach_held_signals_state(void);

#endif
