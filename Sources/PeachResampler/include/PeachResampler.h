#ifndef PEACH_RESAMPLER_H
#define PEACH_RESAMPLER_H

/// The note slots' resampler's inner loop, in C so that the compiler vectorises the 16-tap dot product.
///
/// `table` holds `phases` rows of 32 floats: a phase's 16 coefficients, then the 16 differences to
/// the next phase's. For each of `frames` output frames it writes the value at `source[*index] +
/// *fraction` (reading source[*index - 7 ... *index + 8]) to `output`, then advances the position
/// by `ratio`. The position is kept in double precision, so the mean pitch is exact.
void peach_resample(const float *table, int phases, const float *source, long *index, double *fraction,
                    double ratio, float *output, int frames);

/// The same loop compiled for AVX2 and FMA (x86-64-v3); only where `peach_resample_wide_supported`
/// says the CPU has them. Elsewhere it is the portable loop.
void peach_resample_wide(const float *table, int phases, const float *source, long *index, double *fraction,
                         double ratio, float *output, int frames);

/// Whether this CPU has AVX2 and FMA (always 0 off x86-64).
int peach_resample_wide_supported(void);

#endif
