/*
 * app/renderer.c — which of SDL's renderers draws the window.
 *
 * Where the only OpenGL is Mesa's software rasteriser (llvmpipe, softpipe: Xvfb, a VNC
 * server, a machine without a GPU), SDL's own software renderer draws the same frames for
 * less: it blits into the window's shared-memory image without loading libLLVM (55 MB of
 * resident memory) and without llvmpipe's threads, and it keeps what was drawn between
 * frames, so that a frame that changes one clock redraws only that clock
 * (app_redraw_part_at). PARITY_RENDERER=software or gpu forces either; SDL_RENDER_DRIVER,
 * when set, is SDL's own choice and wins.
 */
#include "app/app.h"

#include <SDL_syswm.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>

/* Returns whether the machine has a device node a hardware OpenGL driver would open. */
static bool has_gpu_node(void)
{
#ifdef __linux__
	DIR *dir = opendir("/dev/dri");
	if (dir) {
		const struct dirent *e;
		bool found = false;
		while (!found && (e = readdir(dir)))
			found = strncmp(e->d_name, "card", 4) == 0 ||
			        strncmp(e->d_name, "renderD", 7) == 0;
		closedir(dir);
		if (found)
			return true;
	}
	FILE *f = fopen("/dev/nvidiactl", "r");
	if (f)
		fclose(f);
	return f != NULL;
#else
	return true;
#endif
}

/* Returns whether the window is on an X server that offers direct rendering (DRI3 or DRI2):
 * without them (Xvfb, Xvnc), GLX renders with Mesa's software rasteriser. True when the
 * window is not on X or the server cannot be asked. */
static bool x_server_renders(SDL_Window *window)
{
#if defined(SDL_VIDEO_DRIVER_X11)
	SDL_SysWMinfo info;
	SDL_VERSION(&info.version);
	if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11)
		return true;
	/* libX11 is already loaded by SDL: this finds it, and Parity does not link it. */
	void *lib = SDL_LoadObject("libX11.so.6");
	if (!lib)
		return true;
	typedef int (*query_fn)(Display *, const char *, int *, int *, int *);
	query_fn query = (query_fn)SDL_LoadFunction(lib, "XQueryExtension");
	bool dri = true;
	if (query) {
		int op, event, error;
		dri = query(info.info.x11.display, "DRI3", &op, &event, &error) ||
		      query(info.info.x11.display, "DRI2", &op, &event, &error);
	}
	SDL_UnloadObject(lib);
	return dri;
#else
	(void)window;
	return true;
#endif
}

bool app_software_renderer(SDL_Window *window)
{
	const char *forced = SDL_getenv("PARITY_RENDERER");
	if (forced && strcmp(forced, "software") == 0)
		return true;
	if (forced && strcmp(forced, "gpu") == 0)
		return false;
	if (SDL_getenv("SDL_RENDER_DRIVER")) /* SDL's own choice */
		return false;
	const char *soft = SDL_getenv("LIBGL_ALWAYS_SOFTWARE");
	if (soft && *soft && strcmp(soft, "0") != 0)
		return true;
	return !has_gpu_node() || !x_server_renders(window);
}
