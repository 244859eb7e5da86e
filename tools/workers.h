/*
 * tools/workers.h — the worker processes of the training tools (train-eval,
 * train-checkers-eval). A worker is a forked process that writes what it made into a
 * temporary file of its own and ends; the parent waits for it and reads the file back, so
 * the parent's results never depend on the order in which the workers finish.
 *
 *     pid_t pid;
 *     FILE *part = worker_start("tool", &pid);
 *     if (pid == 0) { ...work, fwrite to part...; worker_end(part, ok); }
 *     ...
 *     if (!worker_join(pid, part)) { ...the worker failed... }
 *     ...fread from part...; fclose(part);
 */
#ifndef PARITY_TOOLS_WORKERS_H
#define PARITY_TOOLS_WORKERS_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* Starts a worker: returns the file it writes into; *pid is the worker's pid in the parent
 * and 0 in the worker. On failure says so under the tool's name and exits. */
static inline FILE *worker_start(const char *tool, pid_t *pid)
{
	FILE *part = tmpfile();
	if (!part) {
		fprintf(stderr, "%s: cannot make a temporary file\n", tool);
		exit(1);
	}
	fflush(NULL);
	*pid = fork();
	if (*pid < 0) {
		fprintf(stderr, "%s: cannot start a worker\n", tool);
		exit(1);
	}
	return part;
}

/* In the worker: flushes its file and ends the process, successfully when ok and the flush
 * succeeded. */
static inline _Noreturn void worker_end(FILE *part, bool ok)
{
	_exit(ok && fflush(part) == 0 ? 0 : 1);
}

/* In the parent: waits for the worker and rewinds its file for reading; false when the
 * worker did not end successfully. */
static inline bool worker_join(pid_t pid, FILE *part)
{
	int status = 0;
	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	       fseek(part, 0, SEEK_SET) == 0;
}

#endif
