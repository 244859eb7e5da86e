/*
 * core/game.h — the rules interface every game implements.
 *
 * One `struct game_rules` table per game (Reversi, Checkers, Dots and Boxes), in the
 * spirit of the `const struct game` of Simon Tatham's puzzle collection. Everything above
 * core/ — the match, the search, the front end, the command line — talks to a game only
 * through this table. A position is an opaque block of `pos_size` bytes owned by the
 * caller (see game_pos_new); a move is a small fixed-size value whose payload is private
 * to the game that generated it.
 */
#ifndef PARITY_CORE_GAME_H
#define PARITY_CORE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Marks text that people read for translation where it is written (xgettext --keyword=N_);
 * the front end translates it where it shows it. */
#ifndef N_
#define N_(text) (text)
#endif

enum {
	GAME_MOVES_MAX = 256,     /* more than any game's legal moves in one position */
	GAME_TEXT_MAX = 512,      /* long enough for any move or position text */
	GAME_ERR_MAX = 160,       /* error message buffers */
	GAME_POS_MAX_BYTES = 256, /* no game's pos_size is larger (for copies on the stack) */
};

/* Error codes returned by the parsing and set-up functions (0 means success). */
enum game_error {
	GAME_OK = 0,
	GAME_ERR_SYNTAX = -1,    /* the text is not in the expected notation */
	GAME_ERR_ILLEGAL = -2,   /* well-formed, but not a legal move or position */
	GAME_ERR_AMBIGUOUS = -3, /* the text names more than one legal move */
	GAME_ERR_OPTIONS = -4,   /* unsupported options (board size, variant) */
	GAME_ERR_SPACE = -5,     /* the output buffer is too small */
};

enum { GAME_OPTION_SLOTS = 6 }; /* no game has more option values than this */

/* What a game is set up with: its options' values by slot, as the game's module lists them
 * (core/module.h). Zero means "the option's default" in every slot, so a zeroed block is the
 * standard game. */
struct game_options {
	int value[GAME_OPTION_SLOTS];
	uint32_t seed; /* for set-ups drawn at random (Reversi's black hole) */
};

/*
 * A move. `code` is a small key for ordering tables (a square, an edge, from*32+to);
 * two different moves of one position may share it only in checkers (same ends, other
 * path). Everything else is private to the game; generators fill every byte so that two
 * moves compare equal with game_move_equal exactly when they are the same move.
 */
struct game_move {
	uint64_t data[3];
	uint32_t code;
	uint32_t extra;
};

/* What a game's own search returns for a node (struct game_deep). */
enum game_deep_status {
	GAME_DEEP_NO = 0,    /* not taken: the shared search expands the node itself */
	GAME_DEEP_SCORE = 1, /* a heuristic score, `depth` plies deep */
	GAME_DEEP_EXACT = 2, /* the game's proven value under perfect play */
};

/*
 * A game's own fast search for the bottom of the tree (optional). The shared search
 * (core/search.h) walks the top of the tree a node at a time so that it can stop anywhere;
 * near the leaves, where most nodes are, a game may offer dedicated code (bitboards,
 * recursion, an exact solver) and take whole subtrees at once. A subtree taken costs one step
 * of the shared search, so the game keeps each one small (thousands of nodes, not millions).
 */
struct game_deep {
	/* Returns a new context for the searches of one search object (tables, counters), sized
	 * to the board of `pos`, the first position searched (every later one is on the same
	 * board), or NULL when out of memory. */
	void *(*create)(const void *pos);
	/* Frees a context made by create (NULL is fine). */
	void (*destroy)(void *ctx);
	/* Forgets everything learnt so far: a new search of `root` starts (the same search must
	 * visit the same nodes whatever came before it). */
	void (*reset)(void *ctx, const void *root);
	/* Decides whether to take `pos`, `depth` plies from the shared search's horizon, and if
	 * it does searches it in the fail-soft window (alpha, beta), scores from its side to
	 * move. GAME_DEEP_SCORE: *score is in evaluation units; GAME_DEEP_EXACT: *score is
	 * search_win_score(final margin, 0) (core/search.h), counted from this node.
	 * Adds the positions visited to *nodes: when it takes the node, those below it only, for
	 * the shared search has counted the node itself. The same call must give the same answer:
	 * the search is deterministic only if this is. */
	int (*search)(void *ctx, const void *pos, int depth, int alpha, int beta, int *score,
	              uint64_t *nodes);
	/* Optional (NULL: the shared search orders by killers and history): fills keys[i],
	 * 0 <= key < GAME_DEEP_KEY_MAX, higher first, for the n moves of `pos` at a node `depth`
	 * plies from the horizon (a game may search a little below each move to rank it), adding
	 * the positions visited to *nodes. The move from the transposition table still goes
	 * first. Deterministic, as search. */
	void (*order)(void *ctx, const void *pos, const struct game_move *moves, int n, int depth,
	              int *keys, uint64_t *nodes);
	/* Optional forward pruning (Multi-ProbCut): tries to show by a shallow search that the
	 * score of `pos`, searched `depth` plies deep, is very probably outside (alpha, beta):
	 * beyond it by `confidence` tenths of a standard deviation of the shallow search's error.
	 * Returns true with the bound (alpha or beta) in *score when it does, false otherwise.
	 * Adds the positions visited to *nodes. Deterministic, as search. */
	bool (*probcut)(void *ctx, const void *pos, int depth, int alpha, int beta, int confidence,
	                int *score, uint64_t *nodes);
	/* Optional: the game's own resumable solver for a whole root, used for the iteration
	 * that goes to the end (search_limits.exact and .wld). solve_start returns false when
	 * the game does not take `pos`; else it sets up a solve of `pos` for its exact value
	 * (`wld`: only a win, a draw or a loss, in the window (-1, +1) around the draw), where
	 * `guess` (a search score) says where the value probably lies and the move
	 * coded `first` (GAME_NO_CODE: none) is tried first. solve_step advances it by about
	 * `budget` nodes (0: to the end), adding those visited to *nodes, and returns whether it
	 * has finished; the nodes, the move and the score must not depend on the budgets.
	 * solve_result gives the score (search_win_score(margin, 0), fail-soft as the search's)
	 * and fills codes[0..max) with its line, the move first; returns the line's length. */
	bool (*solve_start)(void *ctx, const void *pos, bool wld, int guess, uint32_t first);
	bool (*solve_step)(void *ctx, uint64_t budget, uint64_t *nodes);
	int (*solve_result)(void *ctx, int *score, uint32_t *codes, int max);
};

#define GAME_NO_CODE UINT32_MAX /* game_deep.solve_start: no move to try first */

enum { GAME_DEEP_KEY_MAX = 1 << 27 };

/* The table of one game. Every function is pure apart from writing its out-arguments. */
struct game_rules {
	const char *name;         /* command-line name: "reversi", "checkers", "dots" */
	const char *title;        /* for people: "Reversi" */
	const char *side_name[2]; /* the first and second player: "Black", "White" */
	size_t pos_size;          /* bytes in one position */
	int repetition_draw;      /* a position seen this many times is a draw (0: never) */
	bool finished_is_leaf;    /* perft: a game that ends sooner counts as one leaf (the
				      published Reversi counts) rather than none (checkers) */

	/* Sets up the start position for `opt`; returns GAME_OK or GAME_ERR_OPTIONS. */
	int (*start)(void *pos, const struct game_options *opt);
	/* Returns who moves now: 0 the first player, 1 the second. */
	int (*to_move)(const void *pos);
	/* Fills `moves` (room for GAME_MOVES_MAX) with the legal moves and returns how many.
	 * A forced pass is one move; 0 means the game is over. */
	int (*generate)(const void *pos, struct game_move *moves);
	/* Plays a legal move in place; undo restores the position before it exactly. */
	void (*play)(void *pos, const struct game_move *move);
	void (*undo)(void *pos, const struct game_move *move);
	/* Returns the final score from the first player's side (> 0: the first player won).
	 * Meaningful once generate() returns 0. */
	int (*result)(const void *pos);
	/* Returns a 64-bit hash of the position (equal positions, equal hashes). */
	uint64_t (*hash)(const void *pos);
	/* Optional (NULL: the search plays each move on a copy and hashes that): writes to
	 * hashes[i] the hash of the position after moves[i], as hash() gives it, for the n moves
	 * that generate() gave for pos. */
	void (*hash_children)(const void *pos, const struct game_move *moves, int n,
	                      uint64_t *hashes);
	/* Writes the move's text form (e.g. "d3", "pass", "11x18x25", "17").
	 * Returns its length, or GAME_ERR_SPACE. */
	int (*move_to_text)(const void *pos, const struct game_move *move, char *buf, size_t n);
	/* Finds the legal move that `text` names. Returns GAME_OK, or an error code with a
	 * message in `err` (GAME_ERR_MAX bytes, may be NULL). */
	int (*move_parse)(const void *pos, const char *text, struct game_move *move, char *err);
	/* Writes / reads the position's text form (FEN-like). pos_parse refuses positions that
	 * no game reaches (a checkers man on its crowning row) and, when `opt` is given, those
	 * that do not fit the options (a Dots board of another size); NULL takes any size. */
	int (*pos_to_text)(const void *pos, char *buf, size_t n);
	int (*pos_parse)(void *pos, const char *text, const struct game_options *opt, char *err);
	/* Returns the static evaluation of a position that is not over, for the side to move
	 * (> 0: good for it), in the game's own units (Reversi: 1/100 disc). */
	int (*evaluate)(const void *pos);
	/* Counts the leaves `depth` moves deep as fast as the game knows how (the same count as
	 * game_perft_generic). */
	uint64_t (*perft)(const void *pos, int depth);
	/* Returns the most moves, passes aside, before the game ends (Reversi: empty squares;
	 * Dots: undrawn edges), or -1 when the game cannot say (NULL: never known). The search
	 * uses it to go to the end once few enough are left (search_limits.exact). */
	int (*moves_left)(const void *pos);
	/* The game's own search for the bottom of the tree (NULL: none). */
	const struct game_deep *deep;
	/* Optional opening book (NULL: none). Returns whether `pos` is in the book with moves to
	 * offer; then *move is the book's choice and *score its book score for the side to move
	 * (evaluation units): the best move when spread is 0, else a random one within `spread`
	 * of the best, weighted toward the best, drawn from `seed` (the same seed, the same
	 * move). */
	bool (*book)(const void *pos, int spread, uint32_t seed, struct game_move *move,
	             int *score);
};

/* Returns the game whose name is `name` (a game of the registry, core/module.h), or NULL. */
const struct game_rules *game_find(const char *name);

/* Returns a zeroed block for one position of `rules` (free it with free), or NULL. */
void *game_pos_new(const struct game_rules *rules);

/* Returns whether two moves are the same move. */
static inline bool game_move_equal(const struct game_move *a, const struct game_move *b)
{
	return memcmp(a, b, sizeof *a) == 0;
}

/* Counts the leaves `depth` moves deep through the interface alone (no game shortcut):
 * the slow, obviously correct count that the fast perft of each game is checked against.
 * A game that ends sooner counts as one leaf or none, as `finished_is_leaf` says. */
uint64_t game_perft_generic(const struct game_rules *rules, void *pos, int depth);

/*
 * Debug checks. A build with -DPARITY_CHECK (`make check SANITIZE=1`, and the test program
 * test_checked, which links a checked copy of the rules) checks a position's invariants
 * after every play and undo of each game (as Edax's board_check does): GAME_CHECK(game, cond)
 * names the game, the condition, the file and the line on stderr and aborts when cond is
 * false. In every other build it is nothing: library code never prints or exits otherwise.
 */
#ifdef PARITY_CHECK
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void game_check_failed(const char *game, const char *what, const char *file, int line);
#define GAME_CHECK(game, cond)                                                                     \
	((cond) ? (void)0 : game_check_failed((game), #cond, __FILE__, __LINE__))
#else
#define GAME_CHECK(game, cond) ((void)0)
#endif

/* Returns whether this build checks the invariants (PARITY_CHECK). */
bool game_checks_enabled(void);

/*
 * The one reader of numbers in text (command-line options, script and protocol fields): a
 * whole decimal integer from lo to hi, with nothing before or after it (no blank, no junk,
 * no overflow). Returns whether `text` is one, storing it in *out.
 */
bool game_parse_long(const char *text, long lo, long hi, long *out);

/* The same for a real number ("1.5", "2e3"): finite (no nan, no inf), from lo to hi. */
bool game_parse_real(const char *text, double lo, double hi, double *out);

/* Copies a message into an error buffer that may be NULL. Returns `code`. */
int game_fail(char *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
