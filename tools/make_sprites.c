/*
 * make_sprites.c — Parity's own sprite generator.
 *
 * Usage: make_sprites ASSETS_DIR   (run by `make assets` as `./build/tools/make_sprites assets`)
 *
 * Draws every sprite with the software rasteriser in this file and writes them as PNG files
 * (through SDL2_image) into ASSETS_DIR/sprites/:
 *
 *   reversi_discs.png  the disc flip animation, DISC_FRAMES square cells in one row, from a
 *                      black disc (frame 0) to a white disc (last frame). Each frame is a small
 *                      ray tracer: a rounded two-colour disc (black half on top, white half
 *                      below, as real Othello discs are made) turned about the horizontal axis,
 *                      lit by one light with a glossy highlight, over a soft cast shadow.
 *   reversi_board.png  a seamless green felt tile made of periodic value noise and fine grain.
 *   markers.png        hint dot, last-move dot and cursor frame, one MARKER_CELL cell each.
 *   checkers_pieces.png  Black man, Black king, White man, White king and the glow that marks
 *                      a piece that must capture, one PIECE_CELL cell each: a ridged piece
 *                      seen from above and a little in front, lit from the upper left; a
 *                      king is two pieces stacked with a gold crown on top.
 *   dots_dots.png      Dots and Boxes: the dot (a dark, slightly domed ink bead lit from the
 *                      upper left, with a soft shadow) and a soft white glow to tint, one
 *                      DOT_CELL cell each.
 *   dots_paper.png     Dots and Boxes: a seamless sheet of warm paper with a faint fibre.
 *
 * Everything is computed from fixed constants and a fixed-seed hash, so the output is the
 * same bytes on every run. Colour is worked in premultiplied sRGB floats and converted to
 * straight-alpha RGBA32 surfaces only when saving; fully transparent pixels take the colour
 * of their nearest visible neighbours so that linear filtering draws no dark fringes.
 */
#define SDL_MAIN_HANDLED
#include <SDL.h>
#include <SDL_image.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PI 3.14159265358979323846

/* The disc sheet. The disc is centred in each cell; its radius at rest is DISC_RADIUS. */
#define DISC_FRAMES      12
#define DISC_CELL        128
#define DISC_RADIUS      50.0
#define DISC_HALF_THICK  4.5  /* half the disc's thickness, pixels */
#define DISC_ROUNDING    2.5  /* radius of the rounded edge, pixels */
#define DISC_DOME        0.30 /* face normals tilt this much at the edge: a domed, glossy face */
#define DISC_LIFT_SCALE  0.05 /* the disc grows by this much at mid-flip, as if lifted */
#define DISC_SUPERSAMPLE 6    /* samples per pixel along each axis */

/* The board tile: seamless, so that it may be stretched or repeated. */
#define BOARD_SIZE 512

/* The marker sheet: hint, last move, cursor. */
#define MARKER_CELL  64
#define MARKER_COUNT 3

/* The checkers sheet: Black man, Black king, White man, White king, the capture glow. */
#define PIECE_CELL   128
#define PIECE_COUNT  5
#define PIECE_RADIUS 44.0 /* the top face */
#define PIECE_THICK  9.0  /* the rim seen below the face */
#define PIECE_SS     4    /* samples per pixel along each axis */

/* An image being drawn: premultiplied sRGB floats, four per pixel, in [0, 1]. */
struct canvas {
	int w, h;
	float *px;
};

struct vec3 {
	double x, y, z;
};

/* Returns a vector from its three components. */
static struct vec3 vec3_make(double x, double y, double z)
{
	struct vec3 v = {x, y, z};
	return v;
}

/* Returns the dot product of a and b. */
static double vec3_dot(struct vec3 a, struct vec3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* Returns v scaled to length 1 (v itself when it has length 0). */
static struct vec3 vec3_normalise(struct vec3 v)
{
	double len = sqrt(vec3_dot(v, v));
	if (len > 0.0) {
		v.x /= len;
		v.y /= len;
		v.z /= len;
	}
	return v;
}

/* Returns x limited to [lo, hi]. */
static double clampd(double x, double lo, double hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* Returns the smooth Hermite step from 0 (x <= e0) to 1 (x >= e1). */
static double smoothstep(double e0, double e1, double x)
{
	double t = clampd((x - e0) / (e1 - e0), 0.0, 1.0);
	return t * t * (3.0 - 2.0 * t);
}

/* Returns the sRGB encoding (0..1) of a linear-light value. */
static double linear_to_srgb(double c)
{
	c = clampd(c, 0.0, 1.0);
	return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

/* Returns a 32-bit hash of (x, y, seed): a fixed integer mixer, the only "randomness" here. */
static unsigned hash3(unsigned x, unsigned y, unsigned seed)
{
	unsigned h = x * 0x8da6b343u ^ y * 0xd8163841u ^ seed * 0xcb1ab31fu;
	h ^= h >> 16;
	h *= 0x7feb352du;
	h ^= h >> 15;
	h *= 0x846ca68bu;
	h ^= h >> 16;
	return h;
}

/* Returns the hash of (x, y, seed) as a double in [0, 1). */
static double hash_unit(unsigned x, unsigned y, unsigned seed)
{
	return (hash3(x, y, seed) >> 8) * (1.0 / 16777216.0);
}

/* Returns a zeroed (fully transparent) canvas; px is NULL when memory ran out. */
static struct canvas canvas_new(int w, int h)
{
	struct canvas c = {w, h, calloc((size_t)w * (size_t)h * 4, sizeof(float))};
	return c;
}

/* Returns nothing; frees the canvas's pixels. */
static void canvas_free(struct canvas *c)
{
	free(c->px);
	c->px = NULL;
}

/* Returns nothing; lays premultiplied colour (r, g, b, a) over pixel (x, y). */
static void canvas_over(struct canvas *c, int x, int y, double r, double g, double b, double a)
{
	float *p = c->px + 4 * ((size_t)y * (size_t)c->w + (size_t)x);
	double k = 1.0 - a;
	p[0] = (float)(r + p[0] * k);
	p[1] = (float)(g + p[1] * k);
	p[2] = (float)(b + p[2] * k);
	p[3] = (float)(a + p[3] * k);
}

/* Returns nothing; lays straight colour (r, g, b) at coverage a over pixel (x, y). */
static void canvas_over_straight(struct canvas *c, int x, int y, double r, double g, double b,
                                 double a)
{
	if (a > 0.0)
		canvas_over(c, x, y, r * a, g * a, b * a, a);
}

/*
 * Returns nothing; gives every fully transparent pixel the average colour of its visible (or
 * already filled) 4-neighbours, ring by ring, without crossing the borders of cell_w x cell_h
 * cells. Alpha is unchanged; the colours only matter when the texture is filtered.
 */
static void bleed_colour(Uint8 *rgba, int w, int h, int cell_w, int cell_h)
{
	size_t n = (size_t)w * (size_t)h;
	unsigned char *known = malloc(n), *next = malloc(n);
	int changed = 1;
	if (!known || !next) {
		free(known);
		free(next);
		return;
	}
	for (size_t i = 0; i < n; i++)
		known[i] = rgba[4 * i + 3] != 0;
	while (changed) {
		changed = 0;
		memcpy(next, known, n);
		for (int y = 0; y < h; y++) {
			for (int x = 0; x < w; x++) {
				static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
				size_t i = (size_t)y * (size_t)w + (size_t)x;
				int sum[3] = {0, 0, 0}, count = 0;
				if (known[i])
					continue;
				for (int k = 0; k < 4; k++) {
					int nx = x + dx[k], ny = y + dy[k];
					size_t j = (size_t)ny * (size_t)w + (size_t)nx;
					if (nx < 0 || ny < 0 || nx >= w || ny >= h ||
					    nx / cell_w != x / cell_w ||
					    ny / cell_h != y / cell_h || !known[j])
						continue;
					for (int ch = 0; ch < 3; ch++)
						sum[ch] += rgba[4 * j + (size_t)ch];
					count++;
				}
				if (count == 0)
					continue;
				for (int ch = 0; ch < 3; ch++)
					rgba[4 * i + (size_t)ch] =
					    (Uint8)((sum[ch] + count / 2) / count);
				next[i] = 1;
				changed = 1;
			}
		}
		memcpy(known, next, n);
	}
	free(known);
	free(next);
}

/*
 * Returns 0 after writing the canvas as dir/name (straight-alpha RGBA PNG), or -1 with a
 * message on stderr. cell_w x cell_h bound the colour bleeding of transparent pixels.
 */
static int canvas_save_png(const struct canvas *c, const char *dir, const char *name, int cell_w,
                           int cell_h)
{
	char path[4096];
	SDL_Surface *s;
	Uint8 *rgba;
	int rc = 0;

	rgba = malloc((size_t)c->w * (size_t)c->h * 4);
	if (!rgba) {
		fprintf(stderr, "make_sprites: out of memory for %s\n", name);
		return -1;
	}
	for (size_t i = 0; i < (size_t)c->w * (size_t)c->h; i++) {
		const float *p = c->px + 4 * i;
		double a = clampd(p[3], 0.0, 1.0);
		Uint8 a8 = (Uint8)lround(a * 255.0);
		for (int ch = 0; ch < 3; ch++) {
			double v = a8 ? clampd(p[ch] / a, 0.0, 1.0) : 0.0;
			rgba[4 * i + (size_t)ch] = (Uint8)lround(v * 255.0);
		}
		rgba[4 * i + 3] = a8;
	}
	bleed_colour(rgba, c->w, c->h, cell_w, cell_h);

	s = SDL_CreateRGBSurfaceWithFormat(0, c->w, c->h, 32, SDL_PIXELFORMAT_RGBA32);
	if (!s) {
		fprintf(stderr, "make_sprites: %s: %s\n", name, SDL_GetError());
		free(rgba);
		return -1;
	}
	for (int y = 0; y < c->h; y++)
		memcpy((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch,
		       rgba + (size_t)y * (size_t)c->w * 4, (size_t)c->w * 4);
	free(rgba);

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if (IMG_SavePNG(s, path) != 0) {
		fprintf(stderr, "make_sprites: cannot write %s: %s\n", path, IMG_GetError());
		rc = -1;
	} else {
		printf("  %s (%dx%d)\n", path, c->w, c->h);
	}
	SDL_FreeSurface(s);
	return rc;
}

/* ---- The disc ------------------------------------------------------------------------- */

/* One frame's pose: the turn about the x axis and the apparent size (the lift). */
struct disc_pose {
	double cos_a, sin_a, scale;
};

/* Returns p (world pixels from the cell centre, z towards the viewer) in the disc's own frame. */
static struct vec3 disc_to_local(const struct disc_pose *pose, struct vec3 p)
{
	struct vec3 l;
	l.x = p.x;
	l.y = p.y * pose->cos_a + p.z * pose->sin_a;
	l.z = -p.y * pose->sin_a + p.z * pose->cos_a;
	return l;
}

/* Returns a direction n from the disc's frame turned into the world's. */
static struct vec3 disc_to_world(const struct disc_pose *pose, struct vec3 n)
{
	struct vec3 w;
	w.x = n.x;
	w.y = n.y * pose->cos_a - n.z * pose->sin_a;
	w.z = n.y * pose->sin_a + n.z * pose->cos_a;
	return w;
}

/* Returns the signed distance from local point p to the rounded disc (negative inside). */
static double disc_distance(struct vec3 p)
{
	double qr = sqrt(p.x * p.x + p.y * p.y) - (DISC_RADIUS - DISC_ROUNDING);
	double qz = fabs(p.z) - (DISC_HALF_THICK - DISC_ROUNDING);
	double out = hypot(qr > 0.0 ? qr : 0.0, qz > 0.0 ? qz : 0.0);
	double in = qr > qz ? qr : qz;
	return out + (in < 0.0 ? in : 0.0) - DISC_ROUNDING;
}

/*
 * Returns 1 and the local hit point when the viewing ray through world (x, y) meets the disc,
 * else 0. The ray is clipped to the disc's bounding cylinder and slab, then sphere-traced.
 */
static int disc_trace(const struct disc_pose *pose, double x, double y, struct vec3 *hit)
{
	const double r = DISC_RADIUS, h = DISC_HALF_THICK;
	struct vec3 o = disc_to_local(pose, vec3_make(x / pose->scale, y / pose->scale, 2.0 * r));
	struct vec3 d = disc_to_local(pose, vec3_make(0.0, 0.0, -1.0));
	double t0 = -1e9, t1 = 1e9, a, b, c;

	if (fabs(d.z) < 1e-12) {
		if (fabs(o.z) > h)
			return 0;
	} else {
		double ta = (-h - o.z) / d.z, tb = (h - o.z) / d.z;
		t0 = ta < tb ? ta : tb;
		t1 = ta < tb ? tb : ta;
	}
	a = d.x * d.x + d.y * d.y;
	b = 2.0 * (o.x * d.x + o.y * d.y);
	c = o.x * o.x + o.y * o.y - r * r;
	if (a < 1e-12) {
		if (c > 0.0)
			return 0;
	} else {
		double disc = b * b - 4.0 * a * c, q, ta, tb;
		if (disc < 0.0)
			return 0;
		q = sqrt(disc);
		ta = (-b - q) / (2.0 * a);
		tb = (-b + q) / (2.0 * a);
		t0 = ta > t0 ? ta : t0;
		t1 = tb < t1 ? tb : t1;
	}
	if (t0 > t1)
		return 0;
	for (int i = 0; i < 96 && t0 <= t1 + 1e-6; i++) {
		struct vec3 p = vec3_make(o.x + d.x * t0, o.y + d.y * t0, o.z + d.z * t0);
		double dist = disc_distance(p);
		if (dist < 1e-4) {
			*hit = p;
			return 1;
		}
		t0 += dist;
	}
	return 0;
}

/*
 * Returns the shaded sRGB colour (in rgb[3]) of the disc at local surface point p: the black
 * half above the seam (z > 0), the white half below, each a glossy plastic with a domed face,
 * a rounded edge, one key light from the upper left and a soft sky reflection.
 */
static void disc_shade(const struct disc_pose *pose, struct vec3 p, double rgb[3])
{
	const double core = DISC_RADIUS - DISC_ROUNDING;
	const double a0 = atan(DISC_DOME);
	double r = sqrt(p.x * p.x + p.y * p.y);
	double ux = r > 1e-9 ? p.x / r : 1.0, uy = r > 1e-9 ? p.y / r : 0.0;
	double qr = r - core, qz = fabs(p.z) - (DISC_HALF_THICK - DISC_ROUNDING);
	double side = p.z >= 0.0 ? 1.0 : -1.0, tilt;
	struct vec3 n, l, hv, refl;
	double ndl, ndh, ndv, fres, sky, spec, seam;
	static const double black[3] = {0.006, 0.0065, 0.0075};
	static const double white[3] = {0.76, 0.74, 0.68};
	const double *albedo = p.z >= 0.0 ? black : white;
	int is_black = p.z >= 0.0;

	if (qr > 0.0 && qz > 0.0) /* the rounded edge: from the face's tilt round to the side */
		tilt = a0 + (PI / 2.0 - a0) * (atan2(qr, qz) / (PI / 2.0));
	else if (qr > qz) /* the straight side band */
		tilt = PI / 2.0;
	else /* the slightly domed face */
		tilt = atan(DISC_DOME * clampd(r / core, 0.0, 1.0));
	n = disc_to_world(pose, vec3_make(ux * sin(tilt), uy * sin(tilt), side * cos(tilt)));
	n = vec3_normalise(n);

	l = vec3_normalise(vec3_make(-0.38, -0.55, 1.0));
	hv = vec3_normalise(vec3_make(l.x, l.y, l.z + 1.0));
	ndl = vec3_dot(n, l);
	ndl = ndl > 0.0 ? ndl : 0.0;
	ndh = vec3_dot(n, hv);
	ndh = ndh > 0.0 ? ndh : 0.0;
	ndv = n.z > 0.0 ? n.z : 0.0;
	/* Reflection of the view ray; the "sky" is bright above and to the left. */
	refl = vec3_make(2.0 * ndv * n.x, 2.0 * ndv * n.y, 2.0 * ndv * n.z - 1.0);
	sky = 0.06 + 0.50 * smoothstep(-0.3, 0.9, -0.75 * refl.y - 0.35 * refl.x);
	fres = 0.04 + 0.96 * pow(1.0 - ndv, 5.0);
	spec = (is_black ? 0.40 : 0.35) * pow(ndh, 360.0) +
	       (is_black ? 0.012 : 0.035) * pow(ndh, 14.0);
	/* A thin dark line where the two halves meet on the rim. */
	seam = 1.0 - 0.55 * (1.0 - smoothstep(0.15, 0.7, fabs(p.z)));

	for (int ch = 0; ch < 3; ch++) {
		double amb = albedo[ch] * (0.40 + 0.20 * ((n.z + 1.0) * 0.5));
		double c = amb + albedo[ch] * 0.62 * ndl;
		c = c * (1.0 - fres) + sky * (fres + (is_black ? 0.004 : 0.01));
		c = (c + spec) * seam;
		rgb[ch] = linear_to_srgb(c);
	}
}

/*
 * Returns nothing; writes into out[] (w x h) the Gaussian blur of src[] (w x h), shifted
 * by (dx, dy) pixels. tmp[] is w x h scratch space.
 */
static void blur_shift(const float *src, float *tmp, float *out, int w, int h, double sigma,
                       double dx, double dy)
{
	int reach = (int)ceil(3.0 * sigma) + 2;
	double wx[64], wy[64], sx = 0.0, sy = 0.0;
	int kx0 = (int)floor(dx) - reach, ky0 = (int)floor(dy) - reach, n = 2 * reach + 2;

	if (n > 64)
		n = 64;
	for (int k = 0; k < n; k++) {
		wx[k] = exp(-((kx0 + k) - dx) * ((kx0 + k) - dx) / (2.0 * sigma * sigma));
		wy[k] = exp(-((ky0 + k) - dy) * ((ky0 + k) - dy) / (2.0 * sigma * sigma));
		sx += wx[k];
		sy += wy[k];
	}
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			double acc = 0.0;
			for (int k = 0; k < n; k++) {
				int sxp = x - (kx0 + k);
				if (sxp >= 0 && sxp < w)
					acc += wx[k] * src[y * w + sxp];
			}
			tmp[y * w + x] = (float)(acc / sx);
		}
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			double acc = 0.0;
			for (int k = 0; k < n; k++) {
				int syp = y - (ky0 + k);
				if (syp >= 0 && syp < h)
					acc += wy[k] * tmp[syp * w + x];
			}
			out[y * w + x] = (float)(acc / sy);
		}
}

/*
 * Returns 0 after drawing flip frame `frame` (0 = black up .. DISC_FRAMES-1 = white up) into
 * the cell at x offset ox of the canvas, or -1 when memory ran out.
 */
static int draw_disc_frame(struct canvas *cv, int ox, int frame)
{
	const int n = DISC_CELL, ss = DISC_SUPERSAMPLE;
	double angle = PI * frame / (DISC_FRAMES - 1);
	double lift = sin(angle);
	struct disc_pose pose = {cos(angle), sin(angle), 1.0 + DISC_LIFT_SCALE * lift};
	float *cov = calloc((size_t)n * n, sizeof(float));
	float *col = calloc((size_t)n * n * 3, sizeof(float));
	float *tmp = calloc((size_t)n * n, sizeof(float));
	float *near_sh = calloc((size_t)n * n, sizeof(float));
	float *far_sh = calloc((size_t)n * n, sizeof(float));
	int rc = -1;

	if (frame == DISC_FRAMES - 1) { /* exact: no rounding error may leave a sliver */
		pose.cos_a = -1.0;
		pose.sin_a = 0.0;
		lift = 0.0;
		pose.scale = 1.0;
	}
	if (!cov || !col || !tmp || !near_sh || !far_sh)
		goto out;

	/* The disc: ss x ss rays per pixel; colour is averaged premultiplied. */
	for (int py = 0; py < n; py++)
		for (int px = 0; px < n; px++) {
			double acc[3] = {0.0, 0.0, 0.0};
			int hits = 0;
			for (int sy = 0; sy < ss; sy++)
				for (int sx = 0; sx < ss; sx++) {
					double x = px + (sx + 0.5) / ss - n / 2.0;
					double y = py + (sy + 0.5) / ss - n / 2.0;
					struct vec3 hit;
					double rgb[3];
					if (!disc_trace(&pose, x, y, &hit))
						continue;
					disc_shade(&pose, hit, rgb);
					for (int ch = 0; ch < 3; ch++)
						acc[ch] += rgb[ch];
					hits++;
				}
			cov[py * n + px] = (float)hits / (float)(ss * ss);
			for (int ch = 0; ch < 3; ch++)
				col[3 * (py * n + px) + ch] = (float)(acc[ch] / (ss * ss));
		}

	/*
	 * Two shadows of the disc's outline: a tight contact shadow that fades as the disc lifts,
	 * and a soft cast shadow that moves down and right, spreads and lightens with the lift.
	 */
	blur_shift(cov, tmp, near_sh, n, n, 1.4, 0.4, 1.2);
	blur_shift(cov, tmp, far_sh, n, n, 2.6 + 2.2 * lift, 1.0 + 2.0 * lift, 2.6 + 4.5 * lift);
	for (int py = 0; py < n; py++)
		for (int px = 0; px < n; px++) {
			int i = py * n + px;
			double a_near = 0.50 * (1.0 - lift) * (1.0 - lift) * near_sh[i];
			double a_far = (0.42 - 0.12 * lift) * far_sh[i];
			double a_sh = 1.0 - (1.0 - a_near) * (1.0 - a_far);
			/* Keep the cell's outer two pixels empty: no bleeding between frames. */
			int edge = px < py ? px : py;
			edge = edge < n - 1 - px ? edge : n - 1 - px;
			edge = edge < n - 1 - py ? edge : n - 1 - py;
			a_sh *= smoothstep(1.0, 5.0, edge);
			canvas_over(cv, ox + px, py, 0.0, 0.0, 0.0, a_sh);
			canvas_over(cv, ox + px, py, col[3 * i], col[3 * i + 1], col[3 * i + 2],
			            cov[i]);
		}
	rc = 0;
out:
	free(cov);
	free(col);
	free(tmp);
	free(near_sh);
	free(far_sh);
	return rc;
}

/* Returns 0 after writing sprites/reversi_discs.png, or -1. */
static int make_discs(const char *dir)
{
	struct canvas cv = canvas_new(DISC_CELL * DISC_FRAMES, DISC_CELL);
	int rc = 0;
	if (!cv.px)
		return -1;
	for (int f = 0; f < DISC_FRAMES && rc == 0; f++)
		rc = draw_disc_frame(&cv, f * DISC_CELL, f);
	if (rc == 0)
		rc = canvas_save_png(&cv, dir, "reversi_discs.png", DISC_CELL, DISC_CELL);
	canvas_free(&cv);
	return rc;
}

/* ---- The board felt ------------------------------------------------------------------- */

/* Returns smooth value noise at (x, y) on a lattice of `period` cells that wraps around. */
static double periodic_noise(double x, double y, int period, unsigned seed)
{
	int ix = (int)floor(x), iy = (int)floor(y);
	double fx = x - ix, fy = y - iy;
	double ux = fx * fx * fx * (fx * (fx * 6.0 - 15.0) + 10.0);
	double uy = fy * fy * fy * (fy * (fy * 6.0 - 15.0) + 10.0);
	unsigned x0 = (unsigned)(((ix % period) + period) % period), x1 = (x0 + 1) % period;
	unsigned y0 = (unsigned)(((iy % period) + period) % period), y1 = (y0 + 1) % period;
	double a = hash_unit(x0, y0, seed), b = hash_unit(x1, y0, seed);
	double c = hash_unit(x0, y1, seed), d = hash_unit(x1, y1, seed);
	return (a + (b - a) * ux) + ((c + (d - c) * ux) - (a + (b - a) * ux)) * uy;
}

/* Returns fractal periodic noise in about [-0.5, 0.5] at pixel (x, y) of the tile. */
static double felt_mottle(double x, double y)
{
	double sum = 0.0, amp = 0.5, norm = 0.0;
	for (int o = 0; o < 5; o++) {
		int period = 4 << o; /* 4, 8 .. 64 lattice cells across the tile */
		double s = (double)period / BOARD_SIZE;
		sum += amp * (periodic_noise(x * s, y * s, period, 11u + (unsigned)o) - 0.5);
		norm += amp;
		amp *= 0.55;
	}
	return sum / norm;
}

/* Returns 0 after writing sprites/reversi_board.png (an opaque, seamless felt tile), or -1. */
static int make_board(const char *dir)
{
	const int n = BOARD_SIZE;
	struct canvas cv = canvas_new(n, n);
	float *grain = malloc((size_t)n * n * sizeof(float));
	int rc;

	if (!cv.px || !grain) {
		canvas_free(&cv);
		free(grain);
		return -1;
	}
	/* Fine grain: per-pixel noise, smoothed a little along a diagonal for a fibrous nap. */
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++) {
			double g = 0.0;
			for (int k = -2; k <= 2; k++) {
				unsigned sx = (unsigned)((x + k + n) % n);
				unsigned sy = (unsigned)((y + k / 2 + n) % n);
				g += (3 - abs(k)) * (hash_unit(sx, sy, 7u) - 0.5);
			}
			g /= 9.0;
			g += 0.45 * (hash_unit((unsigned)x, (unsigned)y, 5u) - 0.5);
			grain[y * n + x] = (float)g;
		}
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++) {
			/* Base felt green in sRGB, varied in brightness and slightly in hue. */
			double m = felt_mottle(x, y), g = grain[y * n + x];
			double hue = periodic_noise(x * 3.0 / n, y * 3.0 / n, 3, 23u) - 0.5;
			double k = 1.0 + 0.16 * m + 0.22 * g;
			double r = (26.0 + 6.0 * hue) / 255.0 * k;
			double gg = (112.0 - 4.0 * hue) / 255.0 * k;
			double b = (62.0 + 4.0 * hue) / 255.0 * k;
			canvas_over(&cv, x, y, clampd(r, 0, 1), clampd(gg, 0, 1), clampd(b, 0, 1),
			            1.0);
		}
	free(grain);
	rc = canvas_save_png(&cv, dir, "reversi_board.png", n, n);
	canvas_free(&cv);
	return rc;
}

/* ---- Dots and Boxes ------------------------------------------------------------------- */

/* The dot sheet (the dot, the glow) and the paper tile. */
#define DOT_CELL   64
#define DOT_RADIUS 13.0
#define DOT_SS     4 /* samples per pixel along each axis */
#define PAPER_SIZE 256

/* Returns nothing; draws the dot into the cell at x = ox: a soft shadow down and to the
 * right, then a domed bead of dark blue-grey ink lit from the upper left with a highlight. */
static void draw_dot(struct canvas *cv, int ox)
{
	const double c = DOT_CELL / 2.0;
	for (int y = 0; y < DOT_CELL; y++)
		for (int x = 0; x < DOT_CELL; x++) {
			/* the shadow: a blurred disc, offset */
			double sd = hypot(x + 0.5 - c - 2.0, y + 0.5 - c - 2.5);
			double sh =
			    0.45 * (1.0 - smoothstep(DOT_RADIUS - 3.0, DOT_RADIUS + 4.0, sd));
			canvas_over_straight(cv, ox + x, y, 0.0, 0.0, 0.0, sh);
			double sum[3] = {0, 0, 0}, cover = 0.0;
			for (int sy = 0; sy < DOT_SS; sy++)
				for (int sx = 0; sx < DOT_SS; sx++) {
					double px = x + (sx + 0.5) / DOT_SS - c;
					double py = y + (sy + 0.5) / DOT_SS - c;
					double r = hypot(px, py) / DOT_RADIUS;
					if (r > 1.0)
						continue;
					/* a dome: the normal tilts outward towards the rim */
					double nz = sqrt(1.0 - 0.75 * r * r);
					struct vec3 n = vec3_normalise(vec3_make(
					    px / DOT_RADIUS * 0.9, py / DOT_RADIUS * 0.9, nz));
					struct vec3 l = vec3_normalise(vec3_make(-0.5, -0.6, 0.65));
					struct vec3 h =
					    vec3_normalise(vec3_make(l.x, l.y, l.z + 1.0));
					double diff = clampd(vec3_dot(n, l), 0.0, 1.0);
					double spec = pow(clampd(vec3_dot(n, h), 0.0, 1.0), 40.0);
					static const double ink[3] = {0.10, 0.12, 0.18};
					for (int ch = 0; ch < 3; ch++)
						sum[ch] += clampd(ink[ch] * (0.45 + 0.9 * diff) +
						                      0.75 * spec,
						                  0.0, 1.0);
					cover += 1.0;
				}
			if (cover > 0.0) {
				double a = cover / (DOT_SS * DOT_SS);
				canvas_over(cv, ox + x, y, sum[0] / (DOT_SS * DOT_SS),
				            sum[1] / (DOT_SS * DOT_SS), sum[2] / (DOT_SS * DOT_SS),
				            a);
			}
		}
}

/* Returns nothing; draws a soft round white glow (opaque at the centre, gone by the cell's
 * edge) into the cell at x = ox, to be tinted with a colour mod. */
static void draw_dot_glow(struct canvas *cv, int ox)
{
	const double c = DOT_CELL / 2.0;
	for (int y = 0; y < DOT_CELL; y++)
		for (int x = 0; x < DOT_CELL; x++) {
			double r = hypot(x + 0.5 - c, y + 0.5 - c) / (c - 2.0);
			double a = r >= 1.0 ? 0.0 : pow(1.0 - r, 1.6);
			canvas_over_straight(cv, ox + x, y, 1.0, 1.0, 1.0, a);
		}
}

/* Returns 0 after writing sprites/dots_dots.png and sprites/dots_paper.png, or -1. */
static int make_dots(const char *dir)
{
	struct canvas cv = canvas_new(DOT_CELL * 2, DOT_CELL);
	int rc;
	if (!cv.px)
		return -1;
	draw_dot(&cv, 0);
	draw_dot_glow(&cv, DOT_CELL);
	rc = canvas_save_png(&cv, dir, "dots_dots.png", DOT_CELL, DOT_CELL);
	canvas_free(&cv);
	if (rc != 0)
		return rc;
	/* The paper: warm white, mottled a little, with fine fibres along x. */
	const int n = PAPER_SIZE;
	cv = canvas_new(n, n);
	if (!cv.px)
		return -1;
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++) {
			double m = 0.0, amp = 0.5, norm = 0.0;
			for (int o = 0; o < 4; o++) {
				int period = 4 << o;
				double s = (double)period / n;
				m +=
				    amp *
				    (periodic_noise(x * s, y * s, period, 41u + (unsigned)o) - 0.5);
				norm += amp;
				amp *= 0.5;
			}
			m /= norm;
			double fibre = periodic_noise(x * 64.0 / n, y * 4.0 / n, 64, 97u) - 0.5;
			double grain = hash_unit((unsigned)x, (unsigned)y, 5u) - 0.5;
			double k = 1.0 + 0.05 * m + 0.025 * fibre + 0.015 * grain;
			canvas_over(&cv, x, y, clampd(0.925 * k, 0, 1), clampd(0.895 * k, 0, 1),
			            clampd(0.820 * k, 0, 1), 1.0);
		}
	rc = canvas_save_png(&cv, dir, "dots_paper.png", n, n);
	canvas_free(&cv);
	return rc;
}

/* ---- Markers -------------------------------------------------------------------------- */

/* Returns the coverage (0..1) of a pixel whose centre is at signed distance d from an edge. */
static double edge_cover(double d)
{
	return clampd(0.5 - d, 0.0, 1.0);
}

/* Returns the signed distance from (x, y) to a rounded square of half size hs, corner rc. */
static double rounded_square_distance(double x, double y, double hs, double rc)
{
	double qx = fabs(x) - (hs - rc), qy = fabs(y) - (hs - rc);
	double out = hypot(qx > 0.0 ? qx : 0.0, qy > 0.0 ? qy : 0.0);
	double in = qx > qy ? qx : qy;
	return out + (in < 0.0 ? in : 0.0) - rc;
}

/*
 * Returns nothing; draws the three markers, each centred in its cell:
 * cell 0 the hint dot (white, translucent; tint it with a colour mod),
 * cell 1 the last-move dot (orange-red with a dark rim and a highlight),
 * cell 2 the cursor frame (white rounded-square outline with a faint dark halo).
 */
static void draw_markers(struct canvas *cv)
{
	const int n = MARKER_CELL;
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++) {
			double px = x + 0.5 - n / 2.0, py = y + 0.5 - n / 2.0;
			double r = hypot(px, py);

			/* Hint dot: radius 8 px, a soft translucent white. */
			double a_hint = 0.46 * edge_cover(r - 8.0);
			canvas_over_straight(cv, x, y, 1.0, 1.0, 1.0, a_hint);

			/* Last move: a faint shadow, a dark rim, an orange-red dot, a highlight. */
			{
				int ix = MARKER_CELL + x;
				double sh =
				    0.35 * (1.0 - smoothstep(5.0, 9.5, hypot(px, py - 0.8)));
				double rim = edge_cover(r - 7.0);
				double dot = edge_cover(r - 5.8);
				double hl =
				    0.55 * (1.0 - smoothstep(0.0, 3.0, hypot(px + 2.0, py + 2.2)));
				canvas_over_straight(cv, ix, y, 0.0, 0.0, 0.0, sh);
				canvas_over_straight(cv, ix, y, 0.32, 0.08, 0.02, rim);
				canvas_over_straight(cv, ix, y, 0.95, 0.36, 0.12, dot);
				canvas_over_straight(cv, ix, y, 1.0, 0.85, 0.62, hl * dot);
			}

			/* Cursor: a 3 px white outline inset 4 px, corner radius 9, dark halo. */
			{
				double d = rounded_square_distance(px, py, n / 2.0 - 5.5, 9.0);
				double stroke = edge_cover(fabs(d) - 1.5);
				double halo = 0.30 * (1.0 - smoothstep(1.5, 4.0, fabs(d)));
				int ix = 2 * MARKER_CELL + x;
				canvas_over_straight(cv, ix, y, 0.0, 0.0, 0.0, halo);
				canvas_over_straight(cv, ix, y, 1.0, 1.0, 1.0, 0.95 * stroke);
			}
		}
}

/* Returns 0 after writing sprites/markers.png, or -1. */
static int make_markers(const char *dir)
{
	struct canvas cv = canvas_new(MARKER_CELL * MARKER_COUNT, MARKER_CELL);
	int rc;
	if (!cv.px)
		return -1;
	draw_markers(&cv);
	rc = canvas_save_png(&cv, dir, "markers.png", MARKER_CELL, MARKER_CELL);
	canvas_free(&cv);
	return rc;
}

/* ---- Checkers pieces ------------------------------------------------------------------ */

/* Returns the coverage (0..1) of the crown at (x, y), in units of the face radius from the
 * face centre: a band with three points, each tipped with a ball. */
static double crown_inside(double x, double y)
{
	const double half = 0.46, band_top = 0.06, band_bottom = 0.30;
	if (fabs(x) <= half && y >= band_top && y <= band_bottom)
		return 1.0;
	for (int k = -1; k <= 1; k++) /* the balls on the points */
		if (hypot(x - 0.40 * k, y + 0.36) <= 0.075)
			return 1.0;
	if (fabs(x) > half || y > band_top)
		return 0.0;
	/* The points: the top edge zigzags from -0.32 at each point down to -0.02 between. */
	const double d = fmin(fabs(x - 0.40), fmin(fabs(x), fabs(x + 0.40)));
	const double top = -0.32 + 0.30 * clampd(d / 0.20, 0.0, 1.0);
	return y >= top ? 1.0 : 0.0;
}

/* Returns nothing; stores in rgb the colour of one piece's surface at (x, y) (pixels from the
 * face centre), `white` choosing the colour; sets *hit when the point is on the piece. The
 * face is lit from the upper left with a soft dome, two grooves ring it, the rim below is a
 * darker band; `crown` adds the king's gold crown on the face. */
static void piece_sample(double x, double y, int white, int crown, double rgb[3], int *hit)
{
	static const double black[3] = {0.085, 0.075, 0.07};
	static const double ivory[3] = {0.93, 0.88, 0.76};
	const double *base = white ? ivory : black;
	const double r = hypot(x, y) / PIECE_RADIUS;
	*hit = 0;
	if (r <= 1.0) { /* the top face */
		*hit = 1;
		double light = 0.80 + 0.25 * clampd((-x - y) / (PIECE_RADIUS * 1.4), -1.0, 1.0);
		light *= 1.0 - 0.10 * r * r;
		/* Two grooves and a bevel at the edge. */
		const double groove =
		    exp(-pow((r - 0.80) / 0.035, 2)) + exp(-pow((r - 0.62) / 0.03, 2));
		light *= 1.0 - 0.35 * groove;
		if (r > 0.93)
			light *= 0.85 + 0.15 * clampd((-x - y) / PIECE_RADIUS, -1.0, 1.0);
		/* On the dark pieces the grooves and the edge catch the light instead. */
		const double sheen = white ? 0.0 : 0.16 * groove + (r > 0.95 ? 0.10 : 0.0);
		/* A glossy highlight at the upper left. */
		const double spec =
		    0.35 * exp(-pow(hypot(x + 0.38 * PIECE_RADIUS, y + 0.42 * PIECE_RADIUS) /
		                        (0.22 * PIECE_RADIUS),
		                    2));
		for (int ch = 0; ch < 3; ch++)
			rgb[ch] =
			    clampd(base[ch] * light + sheen + spec * (white ? 0.6 : 1.0), 0.0, 1.0);
		if (crown) {
			const double cx = x / PIECE_RADIUS, cy = y / PIECE_RADIUS;
			if (crown_inside(cx, cy) > 0.0) {
				const double shine =
				    0.80 + 0.35 * clampd(-cy - 0.3 * cx, -0.5, 0.6);
				rgb[0] = clampd(0.98 * shine, 0.0, 1.0);
				rgb[1] = clampd(0.74 * shine, 0.0, 1.0);
				rgb[2] = clampd(0.18 * shine, 0.0, 1.0);
			}
		}
		return;
	}
	/* The rim: the face's circle swept down by the thickness. */
	for (double t = 0.0; t <= PIECE_THICK; t += 0.5)
		if (hypot(x, y - t) <= PIECE_RADIUS) {
			*hit = 1;
			const double shade = 0.55 + 0.20 * clampd(-x / PIECE_RADIUS, -1.0, 1.0);
			const double ridge = 0.85 + 0.15 * cos(t * 1.4);
			for (int ch = 0; ch < 3; ch++)
				rgb[ch] =
				    clampd(base[ch] * shade * ridge + (white ? 0.0 : 0.05 * ridge),
				           0.0, 1.0);
			return;
		}
}

/* Returns nothing; draws one piece (a man, or a king: two stacked and crowned) into the cell
 * at x offset ox, over a soft shadow. */
static void draw_piece(struct canvas *cv, int ox, int white, int king)
{
	const int n = PIECE_CELL, ss = PIECE_SS;
	const double cx = n / 2.0, cy = n / 2.0 - (king ? 10.0 : 4.0);
	for (int py = 0; py < n; py++)
		for (int px = 0; px < n; px++) {
			/* The shadow: a soft disc below and to the right of the lowest piece. */
			const double sd = hypot(px + 0.5 - cx - 3.0, py + 0.5 - cy - PIECE_THICK -
			                                                 (king ? 12.0 : 0.0) - 4.0);
			const double sh =
			    0.45 * (1.0 - smoothstep(PIECE_RADIUS - 4.0, PIECE_RADIUS + 5.0, sd));
			int edge = px < py ? px : py;
			edge = edge < n - 1 - px ? edge : n - 1 - px;
			edge = edge < n - 1 - py ? edge : n - 1 - py;
			canvas_over(cv, ox + px, py, 0.0, 0.0, 0.0,
			            sh * smoothstep(1.0, 4.0, edge));
			double acc[3] = {0, 0, 0};
			int hits = 0;
			for (int sy = 0; sy < ss; sy++)
				for (int sx = 0; sx < ss; sx++) {
					const double x = px + (sx + 0.5) / ss - cx;
					const double y = py + (sy + 0.5) / ss - cy;
					double rgb[3];
					int hit = 0;
					/* A king's upper piece covers the lower one, 12 px further down. */
					if (king)
						piece_sample(x, y, white, 1, rgb, &hit);
					if (!hit)
						piece_sample(x, y - (king ? 12.0 : 0.0), white, 0,
						             rgb, &hit);
					if (!hit)
						continue;
					for (int ch = 0; ch < 3; ch++)
						acc[ch] += rgb[ch];
					hits++;
				}
			if (hits) {
				const double a = (double)hits / (ss * ss);
				canvas_over(cv, ox + px, py, acc[0] / (ss * ss), acc[1] / (ss * ss),
				            acc[2] / (ss * ss), a);
			}
		}
}

/* Returns nothing; draws the capture glow, a soft white ring (tinted when drawn), into the
 * cell at x offset ox. */
static void draw_glow(struct canvas *cv, int ox)
{
	const int n = PIECE_CELL;
	for (int py = 0; py < n; py++)
		for (int px = 0; px < n; px++) {
			const double r = hypot(px + 0.5 - n / 2.0, py + 0.5 - n / 2.0);
			const double a = 0.95 * exp(-pow((r - 50.0) / 7.5, 2));
			canvas_over_straight(cv, ox + px, py, 1.0, 1.0, 1.0, r < 61.0 ? a : 0.0);
		}
}

/* Returns 0 after writing sprites/checkers_pieces.png, or -1. */
static int make_pieces(const char *dir)
{
	struct canvas cv = canvas_new(PIECE_CELL * PIECE_COUNT, PIECE_CELL);
	int rc;
	if (!cv.px)
		return -1;
	for (int k = 0; k < 4; k++)
		draw_piece(&cv, k * PIECE_CELL, k >= 2, k & 1);
	draw_glow(&cv, 4 * PIECE_CELL);
	rc = canvas_save_png(&cv, dir, "checkers_pieces.png", PIECE_CELL, PIECE_CELL);
	canvas_free(&cv);
	return rc;
}

/* Returns 0 when dir exists or was created, else -1 with a message. */
static int ensure_dir(const char *dir)
{
	if (mkdir(dir, 0755) == 0 || errno == EEXIST)
		return 0;
	fprintf(stderr, "make_sprites: cannot create %s: %s\n", dir, strerror(errno));
	return -1;
}

/* Returns the process exit status: 0 when every sprite was written. */
int main(int argc, char **argv)
{
	char dir[4096];
	int rc = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s ASSETS_DIR\n", argv[0]);
		return 2;
	}
	snprintf(dir, sizeof dir, "%s/sprites", argv[1]);
	if (ensure_dir(argv[1]) != 0 || ensure_dir(dir) != 0)
		return 1;
	if ((IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG) == 0)
		fprintf(stderr, "make_sprites: IMG_Init: %s (trying anyway)\n", IMG_GetError());
	if (make_discs(dir) != 0 || make_board(dir) != 0 || make_markers(dir) != 0 ||
	    make_pieces(dir) != 0)
		rc = 1;
	if (rc == 0 && make_dots(dir) != 0)
		rc = 1;
	IMG_Quit();
	SDL_Quit();
	return rc;
}
