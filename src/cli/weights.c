/*
 * cli/weights.c — the headless commands' one load of a game's data file (Reversi's
 * evaluation weights), through its module's load.
 */
#include <stdio.h>

#include "cli/cli.h"
#include "core/module.h"
#include "io/datadir.h"

bool cli_load_data(const struct game_rules *rules)
{
	const struct game_module *m = game_module_of(rules);
	if (!m || !m->load)
		return true;
	static bool tried[16];
	const int g = game_module_index(m);
	if (g >= 0 && g < 16 && tried[g])
		return true;
	if (g >= 0 && g < 16)
		tried[g] = true;
	const char *const probe[] = {m->data_file, NULL};
	struct datadir d;
	if (datadir_find_data(NULL, probe, &d) != 0 && !d.exclusive) {
		fprintf(stderr,
		        "parity: cannot find %s beside the program or in %s; set PARITY_DATA; the "
		        "engine uses its simpler evaluation\n",
		        m->data_file, datadir_installed_data());
		return false;
	}
	/* Found, or asked for with $PARITY_DATA: that file or none, never another copy. */
	return game_module_load(m, d.dir);
}
