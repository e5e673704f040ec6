#ifndef PEACH_SAMPLE_FORMAT_H
#define PEACH_SAMPLE_FORMAT_H

#include <stdint.h>

/// The output's last step on the audio thread, in C so that the compiler vectorises it: each of
/// `frames` mono samples, clipped to [-1, 1], scaled by 32767 and rounded to the nearest integer
/// (ties to even), written twice (left, right) to `interleaved`. NaN is written as 0.
void peach_mono_to_s16_stereo(const float *mono, int16_t *interleaved, int frames);

#endif
