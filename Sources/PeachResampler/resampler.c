#include <string.h>
#include "PeachResampler.h"

enum { TAPS = 32, BEFORE = 15 };

/// Eight floats: one AVX register, two SSE or NEON registers.
typedef float eight __attribute__((vector_size(32)));

/// An unaligned load (a macro: a function returning `eight` would change the ABI without AVX).
#define LOAD(p) ({ eight v_; memcpy(&v_, (p), sizeof v_); v_; })

/// The loop itself, inlined into each variant so that each is compiled for its own instructions.
static inline __attribute__((always_inline))
void resample(const float *table, int phases, const float *source, long *index, double *fraction,
              double ratio, float *output, int frames) {
    long position = *index;
    double part = *fraction;
    for (int j = 0; j < frames; j++) {
        double scaled = part * phases;
        int phase = (int)scaled;
        float m = (float)(scaled - phase);
        eight mix = {m, m, m, m, m, m, m, m};
        const float *row = table + (long)phase * 2 * TAPS;
        const float *x = source + position - BEFORE;
        eight sum = LOAD(x) * (LOAD(row) + mix * LOAD(row + TAPS));
        for (int t = 8; t < TAPS; t += 8) {
            sum += LOAD(x + t) * (LOAD(row + t) + mix * LOAD(row + TAPS + t));
        }
        output[j] = ((sum[0] + sum[4]) + (sum[1] + sum[5])) + ((sum[2] + sum[6]) + (sum[3] + sum[7]));
        part += ratio;
        long whole = (long)part;
        position += whole;
        part -= (double)whole;
    }
    *index = position;
    *fraction = part;
}

void peach_resample(const float *table, int phases, const float *source, long *index, double *fraction,
                    double ratio, float *output, int frames) {
    resample(table, phases, source, index, fraction, ratio, output, frames);
}

#if defined(__x86_64__) && defined(__clang__)
#define WIDE __attribute__((target("arch=x86-64-v3")))
#else
#define WIDE
#endif

WIDE void peach_resample_wide(const float *table, int phases, const float *source, long *index, double *fraction,
                              double ratio, float *output, int frames) {
    resample(table, phases, source, index, fraction, ratio, output, frames);
}

int peach_resample_wide_supported(void) {
#if defined(__x86_64__) && defined(__clang__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}
