/*
 * make_sounds.c — Parity's own sound effect synthesiser.
 *
 * Usage: make_sounds ASSETS_DIR   (run by `make assets` as `./build/tools/make_sounds assets`)
 *
 * Writes 16-bit mono 44.1 kHz PCM WAV files into ASSETS_DIR/sounds/:
 *
 *   place.wav    a short wooden "thock" (a disc or piece put down)        ~80 ms
 *   flip.wav     a lighter tick (one disc turning over)                   ~50 ms
 *   illegal.wav  a soft low buzz (a move that is not allowed)             ~150 ms
 *   pass.wav     two soft falling tones (a player has no move)            ~330 ms
 *   win.wav      a short rising arpeggio                                  ~700 ms
 *   lose.wav     a short falling figure                                   ~750 ms
 *   menu.wav     a tiny blip (menu focus / select)                        ~40 ms
 *   capture.wav  a sharper double knock (checkers: a piece taken)         ~110 ms
 *   box.wav      a bright chime (dots and boxes: a box completed)         ~500 ms
 *   crown.wav    a rising fourth on bells (checkers: a man crowned king)  ~450 ms
 *
 * Every sound is built from decaying sine modes, additive tones and filtered noise from a
 * fixed-seed linear congruential generator, so the files are the same bytes on every run.
 * Each sound gets a raised-cosine fade in and out (no clicks) and is normalised to a peak
 * well below full scale. The WAV header is written by hand; no library is needed.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PI         3.14159265358979323846
#define RATE       44100
#define FADE_IN_S  0.0015 /* the shortest attack any sound gets */
#define FADE_OUT_S 0.006  /* the tail of every sound goes to zero over this */

/* A linear congruential generator (Numerical Recipes constants) for noise. */
struct lcg {
	uint32_t state;
};

/* Returns the next noise sample of g, uniform in [-1, 1). */
static double lcg_noise(struct lcg *g)
{
	g->state = g->state * 1664525u + 1013904223u;
	return (double)(g->state >> 8) / 8388608.0 - 1.0;
}

/* A biquad filter (direct form I) with its state. */
struct biquad {
	double b0, b1, b2, a1, a2;
	double x1, x2, y1, y2;
};

/* Returns a band-pass biquad centred on freq (Hz) with quality q, unity gain at the peak. */
static struct biquad biquad_bandpass(double freq, double q)
{
	double w = 2.0 * PI * freq / RATE, alpha = sin(w) / (2.0 * q), a0 = 1.0 + alpha;
	struct biquad f = {0};
	f.b0 = alpha / a0;
	f.b2 = -alpha / a0;
	f.a1 = -2.0 * cos(w) / a0;
	f.a2 = (1.0 - alpha) / a0;
	return f;
}

/* Returns a high-pass biquad with corner freq (Hz) and quality q. */
static struct biquad biquad_highpass(double freq, double q)
{
	double w = 2.0 * PI * freq / RATE, alpha = sin(w) / (2.0 * q), a0 = 1.0 + alpha;
	double c = cos(w);
	struct biquad f = {0};
	f.b0 = (1.0 + c) / 2.0 / a0;
	f.b1 = -(1.0 + c) / a0;
	f.b2 = (1.0 + c) / 2.0 / a0;
	f.a1 = -2.0 * c / a0;
	f.a2 = (1.0 - alpha) / a0;
	return f;
}

/* Returns the filter's output for input x, advancing its state. */
static double biquad_run(struct biquad *f, double x)
{
	double y = f->b0 * x + f->b1 * f->x1 + f->b2 * f->x2 - f->a1 * f->y1 - f->a2 * f->y2;
	f->x2 = f->x1;
	f->x1 = x;
	f->y2 = f->y1;
	f->y1 = y;
	return y;
}

/* Returns the raised-cosine ramp from 0 (t <= 0) to 1 (t >= len). */
static double ramp(double t, double len)
{
	if (t <= 0.0)
		return 0.0;
	if (t >= len)
		return 1.0;
	return 0.5 - 0.5 * cos(PI * t / len);
}

/*
 * Returns nothing; adds to buf (n samples) a struck mode: a sine at freq Hz starting at
 * `start` seconds with amplitude amp, decaying by e every `decay` seconds. The pitch starts
 * `glide` times higher and settles with time constant `glide_tau` (0 for none); the attack
 * takes `attack` seconds.
 */
static void add_mode(double *buf, int n, double start, double freq, double amp, double decay,
                     double glide, double glide_tau, double attack)
{
	double phase = 0.0;
	for (int i = (int)(start * RATE); i < n; i++) {
		double t = (double)i / RATE - start;
		double f = freq * (glide_tau > 0.0 ? 1.0 + glide * exp(-t / glide_tau) : 1.0);
		double env = amp * exp(-t / decay) * ramp(t, attack);
		if (t > 12.0 * decay)
			break;
		buf[i] += env * sin(phase);
		phase += 2.0 * PI * f / RATE;
	}
}

/*
 * Returns nothing; adds to buf a burst of noise from g starting at `start` seconds, band-passed
 * at freq Hz (quality q), with amplitude amp decaying by e every `decay` seconds.
 */
static void add_noise_burst(double *buf, int n, struct lcg *g, double start, double freq, double q,
                            double amp, double decay)
{
	struct biquad f = biquad_bandpass(freq, q);
	for (int i = (int)(start * RATE); i < n; i++) {
		double t = (double)i / RATE - start;
		if (t > 12.0 * decay)
			break;
		buf[i] += amp * exp(-t / decay) * ramp(t, 0.0004) * biquad_run(&f, lcg_noise(g));
	}
}

/*
 * Returns nothing; adds to buf a held tone: fundamental freq Hz plus `harmonics` overtones
 * whose amplitudes fall as 1/k^rolloff, from `start` for `length` seconds with raised-cosine
 * attack and release, a gentle vibrato of `vib` (fraction of pitch) at 5.5 Hz, and an
 * exponential decay (time constant `decay`, 0 for none) under the envelope.
 */
static void add_tone(double *buf, int n, double start, double length, double freq, double amp,
                     int harmonics, double rolloff, double attack, double release, double decay,
                     double vib)
{
	double phase = 0.0;
	int end = (int)((start + length) * RATE);
	for (int i = (int)(start * RATE); i < n && i < end; i++) {
		double t = (double)i / RATE - start, s = 0.0;
		double env = amp * ramp(t, attack) * ramp(length - t, release);
		if (decay > 0.0)
			env *= exp(-t / decay);
		for (int k = 1; k <= harmonics; k++)
			s += sin(k * phase) / pow(k, rolloff);
		buf[i] += env * s;
		phase += 2.0 * PI * freq * (1.0 + vib * sin(2.0 * PI * 5.5 * t)) / RATE;
	}
}

/* Returns nothing; a wooden thock: a low body mode with a pitch drop, two wood modes, a tap. */
static void synth_place(double *buf, int n, struct lcg *g)
{
	add_mode(buf, n, 0.0, 190.0, 1.00, 0.022, 0.35, 0.006, 0.0012);
	add_mode(buf, n, 0.0, 520.0, 0.45, 0.011, 0.10, 0.004, 0.0008);
	add_mode(buf, n, 0.0, 1230.0, 0.22, 0.005, 0.0, 0.0, 0.0006);
	add_noise_burst(buf, n, g, 0.0, 2600.0, 1.2, 0.9, 0.0025);
}

/* Returns nothing; a light tick: two short high modes and a bright tap. */
static void synth_flip(double *buf, int n, struct lcg *g)
{
	add_mode(buf, n, 0.0, 1750.0, 0.55, 0.007, 0.08, 0.003, 0.0006);
	add_mode(buf, n, 0.0, 3100.0, 0.30, 0.004, 0.0, 0.0, 0.0005);
	add_mode(buf, n, 0.0, 820.0, 0.25, 0.010, 0.0, 0.0, 0.0010);
	add_noise_burst(buf, n, g, 0.0, 5200.0, 1.5, 0.6, 0.0015);
}

/* Returns nothing; a soft low buzz: a mellow 110 Hz saw-like tone with a little waver. */
static void synth_illegal(double *buf, int n, struct lcg *g)
{
	(void)g;
	add_tone(buf, n, 0.0, 0.150, 110.0, 0.5, 9, 1.6, 0.012, 0.050, 0.0, 0.012);
	add_tone(buf, n, 0.0, 0.150, 116.5, 0.25, 5, 1.6, 0.012, 0.050, 0.0, 0.0);
}

/* Returns nothing; two soft tones falling a fourth (E5 then B4). */
static void synth_pass(double *buf, int n, struct lcg *g)
{
	(void)g;
	add_tone(buf, n, 0.000, 0.150, 659.26, 0.5, 3, 2.5, 0.012, 0.070, 0.20, 0.0);
	add_tone(buf, n, 0.170, 0.160, 493.88, 0.5, 3, 2.5, 0.012, 0.080, 0.20, 0.0);
}

/* Returns nothing; a marimba-like note at `start`: fundamental plus the bar's 4th and 10th. */
static void add_mallet(double *buf, int n, double start, double freq, double amp, double decay)
{
	add_mode(buf, n, start, freq, amp, decay, 0.0, 0.0, 0.003);
	add_mode(buf, n, start, freq * 3.99, amp * 0.18, decay * 0.25, 0.0, 0.0, 0.002);
	add_mode(buf, n, start, freq * 2.0, amp * 0.12, decay * 0.5, 0.0, 0.0, 0.003);
}

/* Returns nothing; a rising arpeggio C5 E5 G5 C6, the last note ringing longest. */
static void synth_win(double *buf, int n, struct lcg *g)
{
	static const double notes[4] = {523.25, 659.26, 783.99, 1046.50};
	(void)g;
	for (int k = 0; k < 4; k++)
		add_mallet(buf, n, 0.100 * k, notes[k], 0.55, k == 3 ? 0.13 : 0.11);
	add_tone(buf, n, 0.300, 0.400, 1046.50, 0.10, 2, 2.0, 0.04, 0.25, 0.0, 0.004);
}

/* Returns nothing; a slow falling figure G4 Eb4 C4, soft and a little dull. */
static void synth_lose(double *buf, int n, struct lcg *g)
{
	static const double notes[3] = {392.00, 311.13, 261.63};
	(void)g;
	for (int k = 0; k < 3; k++)
		add_tone(buf, n, 0.180 * k, k == 2 ? 0.390 : 0.200, notes[k], 0.5, 4, 2.2, 0.015,
		         k == 2 ? 0.30 : 0.09, 0.35, k == 2 ? 0.006 : 0.0);
}

/* Returns nothing; a tiny blip: a short sine that rises slightly in pitch. */
static void synth_menu(double *buf, int n, struct lcg *g)
{
	(void)g;
	add_mode(buf, n, 0.0, 1320.0, 0.6, 0.012, -0.12, 0.010, 0.0020);
	add_mode(buf, n, 0.0, 2640.0, 0.12, 0.006, -0.12, 0.010, 0.0020);
}

/* Returns nothing; a sharper knock: a hard tap on wood, then a smaller second tap. */
static void synth_capture(double *buf, int n, struct lcg *g)
{
	add_mode(buf, n, 0.0, 240.0, 0.80, 0.018, 0.45, 0.004, 0.0008);
	add_mode(buf, n, 0.0, 780.0, 0.50, 0.009, 0.10, 0.003, 0.0006);
	add_mode(buf, n, 0.0, 1900.0, 0.30, 0.004, 0.0, 0.0, 0.0005);
	add_noise_burst(buf, n, g, 0.0, 3400.0, 0.9, 1.3, 0.0030);
	add_mode(buf, n, 0.045, 260.0, 0.35, 0.014, 0.40, 0.004, 0.0008);
	add_mode(buf, n, 0.045, 840.0, 0.22, 0.007, 0.0, 0.0, 0.0006);
	add_noise_burst(buf, n, g, 0.045, 3600.0, 0.9, 0.55, 0.0022);
}

/* Returns nothing; a bright chime: a bell-like G6 with inharmonic partials and a shimmer. */
static void synth_box(double *buf, int n, struct lcg *g)
{
	(void)g;
	add_mode(buf, n, 0.0, 1567.98, 0.55, 0.160, 0.0, 0.0, 0.002);
	add_mode(buf, n, 0.0, 1567.98 * 2.01, 0.20, 0.090, 0.0, 0.0, 0.002);
	add_mode(buf, n, 0.0, 1567.98 * 2.76, 0.14, 0.060, 0.0, 0.0, 0.002);
	add_mode(buf, n, 0.0, 1567.98 * 5.40, 0.05, 0.030, 0.0, 0.0, 0.002);
	add_mode(buf, n, 0.0, 1572.5, 0.25, 0.150, 0.0, 0.0, 0.002);
	add_mode(buf, n, 0.060, 2093.00, 0.22, 0.120, 0.0, 0.0, 0.002);
}

/* Returns nothing; a crowning: two bell notes a fourth apart (G5, C6) with a soft shimmer. */
static void synth_crown(double *buf, int n, struct lcg *g)
{
	(void)g;
	add_mallet(buf, n, 0.0, 783.99, 0.45, 0.10);
	add_mode(buf, n, 0.110, 1046.50, 0.50, 0.140, 0.0, 0.0, 0.002);
	add_mode(buf, n, 0.110, 1046.50 * 2.76, 0.10, 0.050, 0.0, 0.0, 0.002);
	add_mode(buf, n, 0.110, 1050.0, 0.20, 0.130, 0.0, 0.0, 0.002);
	add_tone(buf, n, 0.150, 0.280, 2093.00, 0.05, 2, 2.0, 0.04, 0.20, 0.0, 0.004);
}

struct sound {
	const char *name;
	double seconds; /* length of the file */
	double peak;    /* peak level after normalising, as a fraction of full scale */
	uint32_t seed;  /* noise seed */
	void (*synth)(double *buf, int n, struct lcg *g);
};

static const struct sound sounds[] = {
    {"place.wav", 0.080, 0.55, 0x5eed0001u, synth_place},
    {"flip.wav", 0.050, 0.40, 0x5eed0002u, synth_flip},
    {"illegal.wav", 0.150, 0.35, 0x5eed0003u, synth_illegal},
    {"pass.wav", 0.330, 0.35, 0x5eed0004u, synth_pass},
    {"win.wav", 0.700, 0.45, 0x5eed0005u, synth_win},
    {"lose.wav", 0.750, 0.40, 0x5eed0006u, synth_lose},
    {"menu.wav", 0.040, 0.30, 0x5eed0007u, synth_menu},
    {"capture.wav", 0.110, 0.55, 0x5eed0008u, synth_capture},
    {"box.wav", 0.500, 0.40, 0x5eed0009u, synth_box},
    {"crown.wav", 0.450, 0.40, 0x5eed000au, synth_crown},
};

/*
 * Returns nothing; removes any DC offset with a gentle high-pass, fades the first and last
 * milliseconds to zero and scales buf so that its largest magnitude is `peak`.
 */
static void finish(double *buf, int n, double peak)
{
	struct biquad hp = biquad_highpass(30.0, 0.707);
	double max = 0.0;
	for (int i = 0; i < n; i++) {
		double t = (double)i / RATE, left = (double)(n - 1 - i) / RATE;
		buf[i] = biquad_run(&hp, buf[i]) * ramp(t, FADE_IN_S) * ramp(left, FADE_OUT_S);
		if (fabs(buf[i]) > max)
			max = fabs(buf[i]);
	}
	if (max > 0.0)
		for (int i = 0; i < n; i++)
			buf[i] *= peak / max;
}

/* Returns nothing; stores v in p[0..3] little-endian. */
static void put_u32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

/* Returns nothing; stores v in p[0..1] little-endian. */
static void put_u16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
}

/* Returns 0 after writing buf (n samples in [-1, 1]) as a 16-bit mono WAV file, or -1. */
static int write_wav(const char *path, const double *buf, int n)
{
	unsigned char header[44];
	uint32_t data_bytes = (uint32_t)n * 2u;
	unsigned char *data = malloc(data_bytes ? data_bytes : 1);
	FILE *f;
	int ok;

	if (!data)
		return -1;
	memcpy(header, "RIFF", 4);
	put_u32(header + 4, 36u + data_bytes);
	memcpy(header + 8, "WAVEfmt ", 8);
	put_u32(header + 16, 16u);       /* fmt chunk size */
	put_u16(header + 20, 1u);        /* PCM */
	put_u16(header + 22, 1u);        /* mono */
	put_u32(header + 24, RATE);      /* sample rate */
	put_u32(header + 28, RATE * 2u); /* byte rate */
	put_u16(header + 32, 2u);        /* block align */
	put_u16(header + 34, 16u);       /* bits per sample */
	memcpy(header + 36, "data", 4);
	put_u32(header + 40, data_bytes);
	for (int i = 0; i < n; i++) {
		double s = buf[i] * 32767.0;
		long v = lround(s < -32767.0 ? -32767.0 : s > 32767.0 ? 32767.0 : s);
		put_u16(data + 2 * i, (unsigned)(uint16_t)(int16_t)v);
	}

	f = fopen(path, "wb");
	if (!f) {
		free(data);
		return -1;
	}
	ok = fwrite(header, 1, sizeof header, f) == sizeof header &&
	     fwrite(data, 1, data_bytes, f) == data_bytes;
	ok = (fclose(f) == 0) && ok;
	free(data);
	return ok ? 0 : -1;
}

/* Returns 0 when dir exists or was created, else -1 with a message. */
static int ensure_dir(const char *dir)
{
	if (mkdir(dir, 0755) == 0 || errno == EEXIST)
		return 0;
	fprintf(stderr, "make_sounds: cannot create %s: %s\n", dir, strerror(errno));
	return -1;
}

/* Returns the process exit status: 0 when every sound was written. */
int main(int argc, char **argv)
{
	char dir[4096], path[4200];

	if (argc != 2) {
		fprintf(stderr, "usage: %s ASSETS_DIR\n", argv[0]);
		return 2;
	}
	snprintf(dir, sizeof dir, "%s/sounds", argv[1]);
	if (ensure_dir(argv[1]) != 0 || ensure_dir(dir) != 0)
		return 1;
	for (size_t k = 0; k < sizeof sounds / sizeof sounds[0]; k++) {
		const struct sound *s = &sounds[k];
		int n = (int)lround(s->seconds * RATE);
		double *buf = calloc((size_t)n, sizeof *buf);
		struct lcg g = {s->seed};
		if (!buf) {
			fprintf(stderr, "make_sounds: out of memory\n");
			return 1;
		}
		s->synth(buf, n, &g);
		finish(buf, n, s->peak);
		snprintf(path, sizeof path, "%s/%s", dir, s->name);
		if (write_wav(path, buf, n) != 0) {
			fprintf(stderr, "make_sounds: cannot write %s: %s\n", path,
			        strerror(errno));
			free(buf);
			return 1;
		}
		printf("  %s (%d ms)\n", path, (int)lround(s->seconds * 1000.0));
		free(buf);
	}
	return 0;
}
