/*
 * io/atomic.c — whole-file reads and temp-then-rename writes (see atomic.h).
 */
#include "io/atomic.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/game.h"

/* Returns a new string: `path` followed by `suffix` (free it), or NULL when out of memory. */
static char *path_with(const char *path, const char *suffix)
{
	const size_t a = strlen(path), b = strlen(suffix);
	char *s = malloc(a + b + 1);
	if (s) {
		memcpy(s, path, a);
		memcpy(s + a, suffix, b + 1);
	}
	return s;
}

/* Returns a new string naming the directory that holds `path` (free it), or NULL. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return path_with(".", "");
	while (slash > path && slash[-1] == '/') /* "a//b" lies in "a" */
		slash--;
	const size_t len = slash == path ? 1 : (size_t)(slash - path); /* "/b" lies in "/" */
	char *dir = malloc(len + 1);
	if (dir) {
		memcpy(dir, path, len);
		dir[len] = '\0';
	}
	return dir;
}

/* Returns 0 after writing all n bytes to fd, or -1 with errno set. */
static int write_all(int fd, const unsigned char *p, size_t n)
{
	while (n > 0) {
		const ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Returns 0 after flushing the directory `dir` to disk, or -1 with errno set. File systems
 * that cannot flush a directory, or a directory we may not open, count as done. */
static int sync_dir(const char *dir)
{
	const int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	int rc = fsync(fd);
	if (rc < 0 && (errno == EINVAL || errno == EROFS || errno == EBADF))
		rc = 0;
	const int saved = errno;
	close(fd);
	errno = saved;
	return rc;
}

/* Returns 0 after writing the n bytes to the new file `tmp` and flushing it to disk, or -1
 * with errno set and *step saying what failed; on failure `tmp` is gone again. */
static int write_temp(const char *tmp, const void *data, size_t n, const char **step)
{
	*step = "cannot create";
	/* O_NONBLOCK: a FIFO left under the temporary name fails (ENXIO) instead of waiting. */
	const int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0644);
	if (fd < 0)
		return -1; /* nothing was created, so nothing to remove */
	int rc = 0;
	if (write_all(fd, data, n) < 0) {
		*step = "cannot write";
		rc = -1;
	} else if (fsync(fd) < 0) {
		*step = "cannot flush";
		rc = -1;
	}
	int saved = errno;
	if (close(fd) < 0 && rc == 0) {
		*step = "cannot close";
		rc = -1;
		saved = errno;
	}
	if (rc < 0)
		unlink(tmp);
	errno = saved;
	return rc;
}

/* Returns what a file of this mode is when it is not a regular file ("a directory", "a
 * FIFO", "a device"...), or NULL for a regular file. */
static const char *kind_name(mode_t mode)
{
	return S_ISREG(mode)                    ? NULL
	       : S_ISDIR(mode)                  ? "a directory"
	       : S_ISFIFO(mode)                 ? "a FIFO"
	       : S_ISCHR(mode) || S_ISBLK(mode) ? "a device"
	       : S_ISSOCK(mode)                 ? "a socket"
	                                        : "something else";
}

/* Returns kind_name of what is at `path` (a symbolic link followed); NULL when nothing. */
static const char *not_regular(const char *path)
{
	struct stat st;
	return stat(path, &st) < 0 ? NULL : kind_name(st.st_mode);
}

int atomic_write(const char *path, const void *data, size_t n, char *err)
{
	if (!*path)
		return game_fail(err, IO_ERR_SYSTEM, "cannot write a file without a name");
	const char *what = not_regular(path);
	if (what) /* rename would put a regular file in its place: a device node, a FIFO... */
		return game_fail(err, IO_ERR_SYSTEM,
		                 "cannot write %s: it is %s, and only a regular file is replaced",
		                 path, what);
	/* The temporary name is the writer's own (its process id), so that two programs
	 * writing one file never write into one temporary file. */
	char suffix[40];
	snprintf(suffix, sizeof suffix, ".tmp.%ld", (long)getpid());
	char *tmp = path_with(path, suffix);
	char *dir = dir_of(path);
	int rc = 0;
	const char *step;
	if (!tmp || !dir) {
		rc = game_fail(err, IO_ERR_SYSTEM, "cannot write %s: %s", path, strerror(ENOMEM));
	} else if (write_temp(tmp, data, n, &step) < 0) {
		rc = game_fail(err, IO_ERR_SYSTEM, "%s %s: %s", step, path, strerror(errno));
	} else if (rename(tmp, path) < 0) {
		const int saved = errno;
		unlink(tmp);
		rc = game_fail(err, IO_ERR_SYSTEM, "cannot replace %s: %s", path, strerror(saved));
	} else if (sync_dir(dir) < 0) {
		rc = game_fail(err, IO_ERR_SYSTEM, "wrote %s, but cannot flush its directory: %s",
		               path, strerror(errno));
	}
	free(tmp);
	free(dir);
	return rc;
}

/* Opens `path` for reading, a regular file only (O_NONBLOCK: a FIFO is refused, not waited
 * on); returns the descriptor with its status in *st, or -1 with the error made in *rc. */
static int open_regular(const char *path, struct stat *st, int *rc, char *err)
{
	const int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		*rc = errno == ENOENT ? game_fail(err, IO_ERR_NO_FILE, "%s does not exist", path)
		                      : game_fail(err, IO_ERR_SYSTEM, "cannot open %s: %s", path,
		                                  strerror(errno));
		return -1;
	}
	if (fstat(fd, st) < 0) {
		const int saved = errno;
		close(fd);
		*rc = game_fail(err, IO_ERR_SYSTEM, "cannot read %s: %s", path, strerror(saved));
		return -1;
	}
	if (kind_name(st->st_mode)) {
		close(fd);
		*rc = game_fail(err, IO_ERR_SYSTEM, "cannot read %s: it is %s, not a regular file",
		                path, kind_name(st->st_mode));
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

FILE *atomic_open_text(const char *path, char *err)
{
	struct stat st;
	int rc = 0;
	const int fd = open_regular(path, &st, &rc, err);
	if (fd < 0)
		return NULL;
	FILE *f = fdopen(fd, "r");
	if (!f) {
		game_fail(err, IO_ERR_SYSTEM, "cannot read %s: %s", path, strerror(errno));
		close(fd);
	}
	return f;
}

int atomic_remove_stale(const char *path)
{
	char *dir = dir_of(path);
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const size_t blen = strlen(base);
	DIR *d = dir ? opendir(dir) : NULL;
	int removed = 0;
	const struct dirent *e;
	while (d && (e = readdir(d)) != NULL) {
		const char *name = e->d_name;
		if (strncmp(name, base, blen) != 0 || strncmp(name + blen, ".tmp.", 5) != 0)
			continue;
		const char *digits = name + blen + 5;
		long pid = 0;
		size_t k = 0;
		for (; digits[k] >= '0' && digits[k] <= '9' && k < 10; k++)
			pid = pid * 10 + (digits[k] - '0');
		if (k == 0 || digits[k] || pid <= 0 || pid == (long)getpid())
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue; /* its writer may still be at work */
		char *stale = malloc(strlen(dir) + strlen(name) + 2);
		if (!stale)
			break;
		sprintf(stale, "%s/%s", dir, name);
		if (unlink(stale) == 0)
			removed++;
		free(stale);
	}
	if (d)
		closedir(d);
	free(dir);
	return removed;
}

int atomic_read(const char *path, char **data, size_t *n, size_t max, char *err)
{
	*data = NULL;
	if (n)
		*n = 0;
	if (max > SIZE_MAX / 2)
		max = SIZE_MAX / 2; /* so that max + 2 cannot wrap */
	struct stat st;
	int orc = 0;
	const int fd = open_regular(path, &st, &orc, err);
	if (fd < 0)
		return orc;
	if ((unsigned long long)st.st_size > max) {
		close(fd);
		return game_fail(err, IO_ERR_TOO_BIG, "%s is too large (%lld bytes; at most %zu)",
		                 path, (long long)st.st_size, max);
	}
	/* The size is only a hint (the file may change): read until the end. */
	size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
	if (cap > max + 1)
		cap = max + 1;
	size_t len = 0;
	char *buf = malloc(cap);
	int rc = 0;
	while (buf) {
		if (len + 1 == cap) {
			if (len > max) {
				rc = game_fail(err, IO_ERR_TOO_BIG,
				               "%s is too large (at most %zu bytes)", path, max);
				break;
			}
			const size_t more = cap * 2 > max + 2 ? max + 2 : cap * 2;
			char *grown = realloc(buf, more);
			if (!grown) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = grown;
			cap = more;
		}
		const ssize_t r = read(fd, buf + len, cap - 1 - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			rc = game_fail(err, IO_ERR_SYSTEM, "cannot read %s: %s", path,
			               strerror(errno));
			break;
		}
		if (r == 0)
			break;
		len += (size_t)r;
		if (len > max) {
			rc = game_fail(err, IO_ERR_TOO_BIG, "%s is too large (at most %zu bytes)",
			               path, max);
			break;
		}
	}
	close(fd);
	if (!buf)
		return game_fail(err, IO_ERR_SYSTEM, "cannot read %s: %s", path, strerror(ENOMEM));
	if (rc != 0) {
		free(buf);
		return rc;
	}
	buf[len] = '\0';
	*data = buf;
	if (n)
		*n = len;
	return 0;
}

int atomic_make_dirs(const char *path, char *err)
{
	if (!*path)
		return game_fail(err, IO_ERR_SYSTEM, "cannot make a directory without a name");
	char *dir = path_with(path, "");
	if (!dir)
		return game_fail(err, IO_ERR_SYSTEM, "cannot make %s: %s", path, strerror(ENOMEM));
	int rc = 0;
	/* Each prefix ending before a '/', then the whole path. */
	for (char *p = dir + 1;; p++) {
		const char c = *p;
		if (c != '/' && c != '\0')
			continue;
		*p = '\0';
		if (mkdir(dir, 0700) < 0) {
			/* Something there already is fine when it is a directory. */
			struct stat st;
			int why = errno;
			if (why == EEXIST)
				why = stat(dir, &st) < 0    ? errno
				      : S_ISDIR(st.st_mode) ? 0
				                            : ENOTDIR;
			if (why) {
				rc = game_fail(err, IO_ERR_SYSTEM, "cannot make %s: %s", dir,
				               strerror(why));
				break;
			}
		}
		*p = c;
		if (c == '\0')
			break;
	}
	free(dir);
	return rc;
}
