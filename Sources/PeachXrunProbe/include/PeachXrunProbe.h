// The xrun probe has no API: it is preloaded (LD_PRELOAD) into an audio program and wraps
// snd_pcm_writei / snd_pcm_writen. See probe.c.
