/*
 * cli/weights.c — the headless commands' one load of Reversi's evaluation weights.
 */
#include <stdio.h>

#include "cli/cli.h"
#include "games/reversi/pattern.h"
#include "io/datadir.h"

bool cli_load_weights(void)
{
	if (pattern_loaded())
		return true;
	static const char *const probe[] = {"reversi-eval.bin", NULL};
	struct datadir d;
	char path[DATADIR_PATH_MAX + 32], err[GAME_ERR_MAX];
	if (datadir_find_data(NULL, probe, &d) != 0 && !d.exclusive) {
		fprintf(stderr,
			"parity: cannot find the evaluation weights (reversi-eval.bin) beside the "
			"program or in %s; set PARITY_DATA; Hard and Expert use the simpler "
			"evaluation\n",
			datadir_installed_data());
		return false;
	}
	/* Found, or asked for with $PARITY_DATA: that file or none, never another copy. */
	snprintf(path, sizeof path, "%s/reversi-eval.bin", d.dir);
	if (pattern_load(path, err) != 0) {
		fprintf(stderr, "parity: %s; Hard and Expert use the simpler evaluation\n", err);
		return false;
	}
	return true;
}
