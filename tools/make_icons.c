/*
 * make_icons.c — Parity's application icon, drawn by the project itself.
 *
 * Usage: make_icons ASSETS_DIR   (run by `make assets` as `./build/tools/make_icons assets`)
 *
 * The icon is a rounded green Reversi board cut into four squares, holding the four discs of
 * the opening position (white on the a1-h8 diagonal, black on the other). It is described
 * once, as a short list of shapes on a 256×256 canvas, and that one list is written two ways
 * into ASSETS_DIR/icons/:
 *
 *   parity.svg        the scalable icon: each shape as an SVG element, written as text here;
 *   parity_N.png      N = 16, 24, 32, 48, 64, 128, 256: the same shapes rasterised by the
 *                     small renderer below (8×8 samples per pixel, painted in order with
 *                     "over" compositing, the gradients evaluated per sample exactly as the
 *                     SVG defines them), saved through SDL2_image.
 *
 * `make install` copies them into the hicolor icon theme. The output is the same bytes on
 * every run.
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

#define CANVAS      256.0 /* the shapes' coordinate space, and the SVG's viewBox */
#define SUPERSAMPLE 8     /* samples per pixel along each axis */

/* How a shape is filled: one colour, or a two-stop gradient (SVG's pad spread). */
enum paint_kind { PAINT_FLAT, PAINT_LINEAR, PAINT_RADIAL };

struct paint {
	enum paint_kind kind;
	unsigned from, to; /* 0xRRGGBB: the colour (flat), or the colours at t = 0 and t = 1 */
	double opacity;
	double x0, y0; /* linear: the start point; radial: the centre (and focus) */
	double x1, y1; /* linear: the end point */
	double radius; /* radial: where t reaches 1 */
};

enum shape_kind { SHAPE_ROUNDED_RECT, SHAPE_CIRCLE };

struct shape {
	enum shape_kind kind;
	double x, y, w, h,
	    r; /* rounded rectangle: corner, size, corner radius; circle: centre, r */
	struct paint paint;
};

/* Disc centres: the middle of the board's four squares. */
#define D1   75.0
#define D2   181.0
#define DISC 43.0 /* disc radius */
#define RING 46.0 /* the dark ring round each disc, so that it reads at 16 pixels */

#define SHADOW(cx, cy)                                                                             \
	{                                                                                          \
		SHAPE_CIRCLE, (cx) + 3, (cy) + 6, 0, 0, RING,                                      \
		{                                                                                  \
			PAINT_FLAT, 0x000000, 0, 0.35, 0, 0, 0, 0, 0                               \
		}                                                                                  \
	}
#define RINGED(cx, cy)                                                                             \
	{                                                                                          \
		SHAPE_CIRCLE, cx, cy, 0, 0, RING,                                                  \
		{                                                                                  \
			PAINT_FLAT, 0x0b2616, 0, 0.6, 0, 0, 0, 0, 0                                \
		}                                                                                  \
	}
#define BLACK_DISC(cx, cy)                                                                         \
	{                                                                                          \
		SHAPE_CIRCLE, cx, cy, 0, 0, DISC,                                                  \
		{                                                                                  \
			PAINT_RADIAL, 0x6e6e6e, 0x0a0a0a, 1, (cx)-15, (cy)-17, 0, 0, 66            \
		}                                                                                  \
	}
#define WHITE_DISC(cx, cy)                                                                         \
	{                                                                                          \
		SHAPE_CIRCLE, cx, cy, 0, 0, DISC,                                                  \
		{                                                                                  \
			PAINT_RADIAL, 0xffffff, 0xb4b9b6, 1, (cx)-15, (cy)-17, 0, 0, 66            \
		}                                                                                  \
	}

/* The icon, painted first to last. */
static const struct shape icon[] = {
    /* The board's dark rim, then the felt, lighter at the top. */
    {SHAPE_ROUNDED_RECT, 8, 8, 240, 240, 46, {PAINT_FLAT, 0x113a23, 0, 1, 0, 0, 0, 0, 0}},
    {SHAPE_ROUNDED_RECT,
     18,
     18,
     220,
     220,
     37,
     {PAINT_LINEAR, 0x45a86b, 0x1f6e43, 1, 0, 18, 0, 238, 0}},
    /* The lines between the four squares. */
    {SHAPE_ROUNDED_RECT, 125, 18, 6, 220, 0, {PAINT_FLAT, 0x14472b, 0, 1, 0, 0, 0, 0, 0}},
    {SHAPE_ROUNDED_RECT, 18, 125, 220, 6, 0, {PAINT_FLAT, 0x14472b, 0, 1, 0, 0, 0, 0, 0}},
    /* The opening position. */
    SHADOW(D1, D1),
    SHADOW(D2, D1),
    SHADOW(D1, D2),
    SHADOW(D2, D2),
    RINGED(D1, D1),
    RINGED(D2, D1),
    RINGED(D1, D2),
    RINGED(D2, D2),
    WHITE_DISC(D1, D1),
    BLACK_DISC(D2, D1),
    BLACK_DISC(D1, D2),
    WHITE_DISC(D2, D2),
};
#define SHAPE_COUNT (sizeof icon / sizeof icon[0])

static const int png_sizes[] = {16, 24, 32, 48, 64, 128, 256};

static double clampd(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Returns whether the point (u, v) lies inside shape s. */
static int shape_contains(const struct shape *s, double u, double v)
{
	if (s->kind == SHAPE_CIRCLE)
		return (u - s->x) * (u - s->x) + (v - s->y) * (v - s->y) <= s->r * s->r;
	const double hw = s->w / 2, hh = s->h / 2;
	const double ax = fabs(u - (s->x + hw)), ay = fabs(v - (s->y + hh));
	if (ax > hw || ay > hh)
		return 0;
	const double dx = fmax(ax - (hw - s->r), 0), dy = fmax(ay - (hh - s->r), 0);
	return dx * dx + dy * dy <= s->r * s->r;
}

/* Returns channel `shift` (16 red, 8 green, 0 blue) of 0xRRGGBB as 0..1. */
static double channel(unsigned rgb, int shift)
{
	return (double)((rgb >> shift) & 0xff) / 255.0;
}

/* Writes the straight (not premultiplied) colour of paint p at (u, v) into rgb. */
static void paint_at(const struct paint *p, double u, double v, double rgb[3])
{
	double t = 0;
	if (p->kind == PAINT_LINEAR) {
		const double dx = p->x1 - p->x0, dy = p->y1 - p->y0;
		t = ((u - p->x0) * dx + (v - p->y0) * dy) / (dx * dx + dy * dy);
	} else if (p->kind == PAINT_RADIAL) {
		t = hypot(u - p->x0, v - p->y0) / p->radius;
	}
	t = clampd(t, 0, 1);
	for (int c = 0; c < 3; c++) {
		const int shift = 16 - 8 * c;
		rgb[c] = p->kind == PAINT_FLAT
		             ? channel(p->from, shift)
		             : channel(p->from, shift) * (1 - t) + channel(p->to, shift) * t;
	}
}

/* Returns 0 after writing the icon rasterised at size×size pixels to path, -1 on failure. */
static int write_png(const char *path, int size)
{
	SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_RGBA32);
	if (!s) {
		fprintf(stderr, "make_icons: %s: %s\n", path, SDL_GetError());
		return -1;
	}
	const double scale = CANVAS / size;
	for (int y = 0; y < size; y++) {
		Uint8 *row = (Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
		for (int x = 0; x < size; x++) {
			double sum[4] = {0, 0, 0, 0}; /* premultiplied */
			for (int sy = 0; sy < SUPERSAMPLE; sy++)
				for (int sx = 0; sx < SUPERSAMPLE; sx++) {
					const double u = (x + (sx + 0.5) / SUPERSAMPLE) * scale;
					const double v = (y + (sy + 0.5) / SUPERSAMPLE) * scale;
					double px[4] = {0, 0, 0, 0};
					for (size_t i = 0; i < SHAPE_COUNT; i++) {
						if (!shape_contains(&icon[i], u, v))
							continue;
						double rgb[3];
						const double a = icon[i].paint.opacity;
						paint_at(&icon[i].paint, u, v, rgb);
						for (int c = 0; c < 3; c++)
							px[c] = rgb[c] * a + px[c] * (1 - a);
						px[3] = a + px[3] * (1 - a);
					}
					for (int c = 0; c < 4; c++)
						sum[c] += px[c];
				}
			const double n = SUPERSAMPLE * SUPERSAMPLE, alpha = sum[3] / n;
			for (int c = 0; c < 3; c++)
				row[4 * x + c] =
				    alpha > 0
				        ? (Uint8)lround(clampd(sum[c] / n / alpha, 0, 1) * 255)
				        : 0;
			row[4 * x + 3] = (Uint8)lround(alpha * 255);
		}
	}
	int rc = 0;
	if (IMG_SavePNG(s, path) != 0) {
		fprintf(stderr, "make_icons: cannot write %s: %s\n", path, IMG_GetError());
		rc = -1;
	} else {
		printf("  %s (%dx%d)\n", path, size, size);
	}
	SDL_FreeSurface(s);
	return rc;
}

/* Writes paint p of shape number i as SVG fill attributes (its gradient is in <defs>). */
static void svg_fill(FILE *f, const struct paint *p, size_t i)
{
	if (p->kind == PAINT_FLAT)
		fprintf(f, " fill=\"#%06x\"", p->from);
	else
		fprintf(f, " fill=\"url(#g%zu)\"", i);
	if (p->opacity < 1)
		fprintf(f, " fill-opacity=\"%g\"", p->opacity);
}

/* Returns 0 after writing the icon as SVG to path, -1 on failure. */
static int write_svg(const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "make_icons: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f,
	        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	        "<!-- Parity's icon, written by tools/make_icons.c (make assets). -->\n"
	        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
	        "viewBox=\"0 0 %g %g\">\n  <title>Parity</title>\n  <defs>\n",
	        CANVAS, CANVAS, CANVAS, CANVAS);
	for (size_t i = 0; i < SHAPE_COUNT; i++) {
		const struct paint *p = &icon[i].paint;
		if (p->kind == PAINT_LINEAR)
			fprintf(f,
			        "    <linearGradient id=\"g%zu\" gradientUnits=\"userSpaceOnUse\" "
			        "x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\">\n",
			        i, p->x0, p->y0, p->x1, p->y1);
		else if (p->kind == PAINT_RADIAL)
			fprintf(f,
			        "    <radialGradient id=\"g%zu\" gradientUnits=\"userSpaceOnUse\" "
			        "cx=\"%g\" cy=\"%g\" r=\"%g\">\n",
			        i, p->x0, p->y0, p->radius);
		else
			continue;
		fprintf(f,
		        "      <stop offset=\"0\" stop-color=\"#%06x\"/>\n"
		        "      <stop offset=\"1\" stop-color=\"#%06x\"/>\n    </%s>\n",
		        p->from, p->to,
		        p->kind == PAINT_LINEAR ? "linearGradient" : "radialGradient");
	}
	fprintf(f, "  </defs>\n");
	for (size_t i = 0; i < SHAPE_COUNT; i++) {
		const struct shape *s = &icon[i];
		if (s->kind == SHAPE_CIRCLE)
			fprintf(f, "  <circle cx=\"%g\" cy=\"%g\" r=\"%g\"", s->x, s->y, s->r);
		else if (s->r > 0)
			fprintf(f, "  <rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"%g\"",
			        s->x, s->y, s->w, s->h, s->r);
		else
			fprintf(f, "  <rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\"", s->x,
			        s->y, s->w, s->h);
		svg_fill(f, &s->paint, i);
		fprintf(f, "/>\n");
	}
	fprintf(f, "</svg>\n");
	if (fclose(f) != 0) {
		fprintf(stderr, "make_icons: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	printf("  %s\n", path);
	return 0;
}

/* Returns 0 if dir exists or was created. */
static int ensure_dir(const char *dir)
{
	if (mkdir(dir, 0777) == 0 || errno == EEXIST)
		return 0;
	fprintf(stderr, "make_icons: cannot create %s: %s\n", dir, strerror(errno));
	return -1;
}

/* Returns the process exit status: 0 when every icon was written. */
int main(int argc, char **argv)
{
	char dir[4000], path[4096];
	int rc = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s ASSETS_DIR\n", argv[0]);
		return 2;
	}
	snprintf(dir, sizeof dir, "%.3900s/icons", argv[1]);
	if (ensure_dir(argv[1]) != 0 || ensure_dir(dir) != 0)
		return 1;
	if ((IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG) == 0)
		fprintf(stderr, "make_icons: IMG_Init: %s (trying anyway)\n", IMG_GetError());
	snprintf(path, sizeof path, "%s/parity.svg", dir);
	if (write_svg(path) != 0)
		rc = 1;
	for (size_t i = 0; i < sizeof png_sizes / sizeof png_sizes[0] && rc == 0; i++) {
		snprintf(path, sizeof path, "%s/parity_%d.png", dir, png_sizes[i]);
		if (write_png(path, png_sizes[i]) != 0)
			rc = 1;
	}
	IMG_Quit();
	SDL_Quit();
	return rc;
}
