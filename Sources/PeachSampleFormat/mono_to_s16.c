#include "PeachSampleFormat.h"

// Each step rounds on its own, on every machine: a fused multiply-add (ARM) would round the scaled
// sample and the rounding constant in one go, and a tie could then go the other way.
#pragma STDC FP_CONTRACT OFF

void peach_mono_to_s16_stereo(const float *restrict mono, int16_t *restrict interleaved, int frames) {
    // 1.5 × 2^23: adding it leaves a float of magnitude below 2^22 rounded to a whole number (in
    // the default rounding mode, to nearest, ties to even); subtracting it again is exact. One
    // vector addition each way instead of a call to `roundf` per sample, which under the guest's
    // software emulation cost more than the rest of the conversion.
    const float round = 12582912.0f;
    for (int i = 0; i < frames; i++) {
        float x = mono[i];
        x = x == x ? x : 0.0f;
        x = x < 1.0f ? x : 1.0f;
        x = x > -1.0f ? x : -1.0f;
        float whole = (x * 32767.0f + round) - round;
        int16_t value = (int16_t)whole;
        interleaved[2 * i] = value;
        interleaved[2 * i + 1] = value;
    }
}
