// A measuring probe for the system tests and benchmarks, preloaded into an audio program
// (peach or stock fluidsynth) with LD_PRELOAD: it wraps ALSA's snd_pcm_writei and snd_pcm_writen and
// appends to the file named by PEACH_XRUN_PROBE one line per event, on CLOCK_MONOTONIC:
//   first NANOSECONDS     the program's first write to a PCM (the device is open and playing)
//   xrun NANOSECONDS WAITED  a write answered -EPIPE: the buffer ran empty (an underrun); WAITED ns
//                         is how long that write had waited in ALSA: longer than the whole buffer,
//                         the program was waiting with its next period ready and the device (or the
//                         host) did not wake it in time; short, the program came late
//   error NANOSECONDS ERRNO  a write failed otherwise (not -EAGAIN): the program loses the device
//   render NANOSECONDS GAP  a write began GAP ns after the thread's previous write returned: the time
//                           the program spent making that period (render, conversion, recovery)
// Render lines are gathered per thread and written 4 KB at a time after a write returns, outside the
// measured gaps and delaying no write; the last few of a killed program may be lost.
// The writes come from the measured audio thread itself: PEACH_XRUN_PROBE names a file in memory
// (tmpfs; lib.sh's probe_report), since a write to a slow file system stalls that thread.
// The same probe in both programs makes their xrun counts comparable. Plain C, built by the Makefile
// with the toolchain's clang and linked with nothing but libc and libdl: as a SwiftPM library it
// brought the Swift runtime into both programs (libswiftCore, libstdc++), and their figures with it.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

typedef long (*writei_function)(void *pcm, const void *buffer, unsigned long frames);
typedef long (*writen_function)(void *pcm, void **buffers, unsigned long frames);

static int report = -1;
static atomic_int started;

__attribute__((constructor)) static void open_report(void) {
    const char *path = getenv("PEACH_XRUN_PROBE");
    if (path) report = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

static long long monotonic(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void note(const char *what, long code) {
    if (report < 0) return;
    char line[64];
    long long nanoseconds = monotonic();
    int length = code ? snprintf(line, sizeof line, "%s %lld %ld\n", what, nanoseconds, code)
                      : snprintf(line, sizeof line, "%s %lld\n", what, nanoseconds);
    if (length > 0) (void)!write(report, line, (size_t)length);
}

static long observed(long result, long long began) {
    if (atomic_exchange(&started, 1) == 0) note("first", 0);
    if (result == -EPIPE) note("xrun", (long)(monotonic() - began));
    else if (result < 0 && result != -EAGAIN) note("error", -result);
    return result;
}

static _Thread_local long long last_return;
static _Thread_local char gathered[4096];
static _Thread_local size_t gathered_length;

/// Called as a write begins: the gap since this thread's previous write returned, gathered.
static void note_render(long long began) {
    if (report < 0 || last_return == 0) return;
    int length = snprintf(gathered + gathered_length, sizeof gathered - gathered_length, "render %lld %lld\n",
                          began, began - last_return);
    if (length > 0) gathered_length += (size_t)length;
}

/// Called as a write returns: the gathered lines go out now, when they delay no write to the
/// device, and before the next gap starts.
static long returned(long result) {
    if (gathered_length > sizeof gathered - 64) {
        (void)!write(report, gathered, gathered_length);
        gathered_length = 0;
    }
    last_return = monotonic();
    return result;
}

long snd_pcm_writei(void *pcm, const void *buffer, unsigned long frames) {
    static writei_function real;
    if (!real) real = (writei_function)dlsym(RTLD_NEXT, "snd_pcm_writei");
    long long began = monotonic();
    note_render(began);
    return returned(observed(real(pcm, buffer, frames), began));
}

long snd_pcm_writen(void *pcm, void **buffers, unsigned long frames) {
    static writen_function real;
    if (!real) real = (writen_function)dlsym(RTLD_NEXT, "snd_pcm_writen");
    long long began = monotonic();
    note_render(began);
    return returned(observed(real(pcm, buffers, frames), began));
}
