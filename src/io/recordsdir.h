/*
 * io/recordsdir.h — where the game records a player saves go: a folder the player looks in,
 * not the hidden data directory.
 *
 * The folder is "Parity" in the XDG documents directory, found as xdg-user-dir(1) finds it:
 * XDG_DOCUMENTS_DIR in $XDG_CONFIG_HOME/user-dirs.dirs (~/.config/user-dirs.dirs), with
 * "$HOME" expanded; else $XDG_DOCUMENTS_DIR from the environment; else ~/Documents. A
 * documents directory that is $HOME itself (xdg-user-dirs' way of saying "none") counts as
 * none. When that folder cannot be made, the caller's fallback (the data directory) is used.
 */
#ifndef PARITY_IO_RECORDSDIR_H
#define PARITY_IO_RECORDSDIR_H

#include <stddef.h>

enum { RECORDS_PATH_MAX = 1024 }; /* bytes in the folder's name, the NUL included */

/*
 * Writes into out (n bytes) the documents directory of the user, without "Parity" (see
 * above), and returns 0; returns IO_ERR_NO_FILE with out "" when there is none ($HOME unset).
 * Reads user-dirs.dirs; makes nothing.
 */
int records_documents_dir(char *out, size_t n);

/*
 * Finds the folder for saved records and makes it (with its parents) when missing: the
 * documents directory's "Parity/" when it can be made, else `fallback` (may be NULL: none),
 * made too. Writes it into out (n bytes, no slash at the end) and returns 0, or returns
 * IO_ERR_SYSTEM with a message in err (GAME_ERR_MAX bytes, may be NULL) when neither can be
 * made (out then holds the first candidate, for the message).
 */
int records_dir(char *out, size_t n, const char *fallback, char *err);

#endif
