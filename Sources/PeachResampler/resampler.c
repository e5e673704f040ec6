#include <string.h>
#include "PeachResampler.h"

enum { TAPS = 16, BEFORE = 7 };

/// Eight floats: one AVX register, two SSE or NEON registers.
typedef float eight __attribute__((vector_size(32)));

/// An unaligned load (a macro: a function returning `eight` would change the ABI without AVX).
#define LOAD(p) ({ eight v_; memcpy(&v_, (p), sizeof v_); v_; })

/// The loop itself, inlined into each variant so that each is compiled for its own instructions.
static inline __attribute__((always_inline))
void resample(const float *table, int phases, const float *source, long *index, double *fraction,
              double ratio, float *output, int frames) {
    // Within one call the position runs in fixed point, 24 bits of whole samples (a call moves
    // less than 16 million samples) and 40 of fraction, advanced by integer additions: no double
    // arithmetic or float conversion per frame (they were most of the loop, and under software
    // emulation every float instruction is a call). The top bits of the fraction choose the
    // phase (`phases` is a power of two), the next 24 the mix between it and the next. The
    // position the call leaves is computed in double from the start, as before, so over many
    // calls the pitch stays exact to the double's precision.
    enum { FRACTION_BITS = 40 };
    const int phaseShift = FRACTION_BITS - __builtin_ctz((unsigned)phases), mixShift = phaseShift - 24;
    const double one = (double)(1ULL << FRACTION_BITS);
    const float *base = source + *index - BEFORE;
    unsigned long long position = (unsigned long long)(*fraction * one);
    const unsigned long long step = (unsigned long long)(ratio * one + 0.5);
    const float mixScale = 1.0f / (float)(1U << 24);
    for (int j = 0; j < frames; j++, position += step) {
        long whole = (long)(position >> FRACTION_BITS);
        int phase = (int)((position >> phaseShift) & (unsigned)(phases - 1));
        float m = (float)(int)((position >> mixShift) & 0xFFFFFF) * mixScale;
        eight mix = {m, m, m, m, m, m, m, m};
        const float *row = table + (long)phase * 2 * TAPS;
        const float *x = base + whole;
        eight sum = LOAD(x) * (LOAD(row) + mix * LOAD(row + TAPS));
        for (int t = 8; t < TAPS; t += 8) {
            sum += LOAD(x + t) * (LOAD(row + t) + mix * LOAD(row + TAPS + t));
        }
        output[j] = ((sum[0] + sum[4]) + (sum[1] + sum[5])) + ((sum[2] + sum[6]) + (sum[3] + sum[7]));
    }
    double end = *fraction + ratio * frames;
    long whole = (long)end;
    *index += whole;
    *fraction = end - (double)whole;
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
