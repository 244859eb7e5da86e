# Parity — build, test and run.
#
#   make            build build/parity
#   make run        install what is missing, build, start the game
#   make check      install what is missing, build, run every test
#   make bench      run the benchmarks (figures go to docs/BENCHMARKS.md)
#   make egdb       checkers endgame databases up to 6 pieces (make builds up to 4)
#   make checkers-eval  learn checkers' evaluation weights (assets/checkers-eval.bin)
#   make checkers-book  build checkers' opening book (assets/checkers-book.bin)
#   make check SANITIZE=1   the same tests under ASan + UBSan (in build-sanitize/), with the
#                           rules' invariants checked after every play and undo (PARITY_CHECK)
#   make portable   build the portable configuration (ARCH=, as packaged) in build-portable/
#   make format-check   report the files clang-format (.clang-format) would change
#   make install    install under PREFIX (default /usr/local); DESTDIR stages it elsewhere
#   make uninstall  remove what `make install` put there
#   make deb        build a Debian package into build/ (a release step; packaging/README.md)
#
# Flags for SDL2, SDL2_image, SDL2_mixer, SDL2_ttf and cmocka come from pkg-config.

CC ?= cc
ARCH ?= native
OPT ?= -O2

ifeq ($(SANITIZE),1)
BUILD ?= build-sanitize
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT = -O1 -g
# ... and every play and undo checks the position's invariants (core/game.h, GAME_CHECK).
CHECK_FLAGS = -DPARITY_CHECK
else
BUILD ?= build
SAN_FLAGS =
endif

WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifneq ($(CI),)
WARN += -Werror
endif
ifneq ($(ARCH),)
ARCH_FLAGS = -march=$(ARCH)
endif

SDL_PKGS = sdl2 SDL2_image SDL2_mixer SDL2_ttf
# Recursive (=) so that pkg-config runs only when a recipe needs it, after install-deps.
SDL_CFLAGS = $(shell pkg-config --cflags $(SDL_PKGS))
SDL_LIBS = $(shell pkg-config --libs $(SDL_PKGS))
CMOCKA_CFLAGS = $(shell pkg-config --cflags cmocka)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka)

CPPFLAGS += -Isrc -D_POSIX_C_SOURCE=200809L -MMD -MP $(CHECK_FLAGS)
CFLAGS += -std=c11 $(OPT) $(ARCH_FLAGS) $(WARN) $(SAN_FLAGS)
LDFLAGS += $(SAN_FLAGS)
LDLIBS += -lm

# Everything but main.c goes into a library the tests link too; app/ is the SDL layer, in a
# library of its own so that a view no registry names is left out of the program. The
# registries (games/registry.c, app/view_registry.c) are built twice: for the program, and
# with PARITY_TEST_GAMES for the test build (build/parity-test and the unit tests), which
# also has the games that registry.def marks TEST_GAME.
REGISTRY_SRC = src/games/registry.c src/app/view_registry.c
LIB_SRC = $(filter-out src/main.c src/app/% $(REGISTRY_SRC),$(wildcard src/*/*.c src/*/*/*.c))
APP_SRC = $(filter-out $(REGISTRY_SRC),$(wildcard src/app/*.c))
LIB_OBJ = $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
# The engine library proper (core/, games/, io/) is also built with -Wconversion: every
# narrowing there is written out as a cast, so a new one is a warning (an error under CI).
STRICT_OBJ = $(filter $(BUILD)/obj/core/% $(BUILD)/obj/games/% $(BUILD)/obj/io/%,$(LIB_OBJ))
$(STRICT_OBJ): WARN += -Wconversion
APP_OBJ = $(APP_SRC:src/%.c=$(BUILD)/obj/%.o)
MAIN_OBJ = $(BUILD)/obj/main.o
LIB = $(BUILD)/libparity.a
APP_LIB = $(BUILD)/libparity-app.a
GAMES_OBJ = $(BUILD)/obj/games/registry.o
GAMES_TEST_OBJ = $(BUILD)/obj/games/registry-test.o
VIEWS_OBJ = $(BUILD)/obj/app/view_registry.o
VIEWS_TEST_OBJ = $(BUILD)/obj/app/view_registry-test.o

TEST_SRC = $(wildcard tests/test_*.c)
TESTS = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
HEADERS = $(wildcard src/*/*.h src/*/*/*.h)
# Checkers' endgame databases (below, after the tools): up to 4 pieces always, 5 on demand.
EGDB_SMALL = assets/checkers-egdb.bin
EGDB_BIG = assets/checkers-egdb-5.bin
EGDB_SIX = assets/checkers-egdb-6.bin

.PHONY: eval-weights mpc-table checkers-mpc-table opening-book egdb checkers-eval checkers-book all run check deps deps-test test test-headers assets bench clean format format-check fuzz fuzz-build fuzz-clean valgrind
all: $(BUILD)/parity $(EGDB_SMALL)

deps:
	@sh tools/install-deps

deps-test:
	@sh tools/install-deps --with-tests

run: deps
	@$(MAKE) --no-print-directory all
	./$(BUILD)/parity

# Besides the tests of $(BUILD), make check runs those of the portable build (below), unless
# under SANITIZE=1. tests/run-tests counts skips; with CI set, a skip not declared in
# tests/expected-skips fails the run.
ifeq ($(SANITIZE),1)
check: deps-test
	@$(MAKE) --no-print-directory format-check
	@$(MAKE) --no-print-directory test
else
check: deps-test
	@$(MAKE) --no-print-directory format-check
	@$(MAKE) --no-print-directory portable
	@$(MAKE) --no-print-directory test RUN_ALSO="--also $(PORTABLE_BUILD) $(PORTABLE_RUN)"
endif

test: $(BUILD)/parity $(BUILD)/parity-test $(TESTS) test-headers $(EGDB_SMALL)
	@CI='$(CI)' sh tests/run-tests $(BUILD) $(RUN_ALSO)

# The portable build: ARCH= (no -march, the architecture's baseline: on x86-64 no POPCNT, BMI2
# or AVX2, so the plain-C paths of games/reversi/board8.h, endgame.c and pattern.c), which is
# what the Debian package ships (packaging/debian/rules). `make portable` builds the program
# and the unit tests but the window ones in $(PORTABLE_BUILD); make check runs those tests
# and tests/cli.sh (perft counts and the other headless commands) on it.
PORTABLE_BUILD = build-portable
PORTABLE_TESTS = $(filter-out test_window%,$(TEST_SRC:tests/%.c=%))
PORTABLE_RUN = $(PORTABLE_TESTS) cli.sh
.PHONY: portable
portable:
	@$(MAKE) --no-print-directory BUILD=$(PORTABLE_BUILD) ARCH= SANITIZE= \
		$(PORTABLE_BUILD)/parity $(PORTABLE_BUILD)/parity-test $(PORTABLE_TESTS:%=$(PORTABLE_BUILD)/tests/%)

# Every public header compiles on its own (DESIGN.md, habit 7).
test-headers:
	@for h in $(HEADERS); do \
		echo "#include \"$${h#src/}\"" | $(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) -MF /dev/null \
			-x c -fsyntax-only - || { echo "header does not compile alone: $$h"; exit 1; }; \
	done; echo "headers: $(words $(HEADERS)) compile alone"

$(BUILD)/parity: $(MAIN_OBJ) $(VIEWS_OBJ) $(GAMES_OBJ) $(APP_LIB) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $^ $(SDL_LIBS) $(LDLIBS)

# The program with the test-only games too (the window tests of the registry use it).
$(BUILD)/parity-test: $(MAIN_OBJ) $(VIEWS_TEST_OBJ) $(GAMES_TEST_OBJ) $(APP_LIB) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $^ $(SDL_LIBS) $(LDLIBS)

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(APP_LIB): $(APP_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(GAMES_OBJ): src/games/registry.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(GAMES_TEST_OBJ): src/games/registry.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DPARITY_TEST_GAMES $(CFLAGS) -c -o $@ $<

$(VIEWS_OBJ): src/app/view_registry.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) -c -o $@ $<

$(VIEWS_TEST_OBJ): src/app/view_registry.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DPARITY_TEST_GAMES $(CFLAGS) $(SDL_CFLAGS) -c -o $@ $<

$(BUILD)/obj/app/%.o: src/app/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) -c -o $@ $<

$(MAIN_OBJ): src/main.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) -c -o $@ $<

$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# The window tests look at screenshots, so they read PNGs with SDL2_image (test_window and
# each game's test_window_GAME).
$(BUILD)/tests/test_window: tests/test_window.c $(GAMES_TEST_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) $(CMOCKA_CFLAGS) -MF $@.d -o $@ $< $(GAMES_TEST_OBJ) $(LIB) $(SDL_LIBS) $(CMOCKA_LIBS) $(LDFLAGS) $(LDLIBS)

$(BUILD)/tests/test_window_%: tests/test_window_%.c $(GAMES_TEST_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) $(CMOCKA_CFLAGS) -MF $@.d -o $@ $< $(GAMES_TEST_OBJ) $(LIB) $(SDL_LIBS) $(CMOCKA_LIBS) $(LDFLAGS) $(LDLIBS)

# test_checked runs the perft counts through a copy of the rules built with PARITY_CHECK
# (core/game.h): every play and undo checks the position's invariants, in every build.
CHECK_SRC = src/core/game.c $(wildcard src/games/*/*.c)
CHECK_OBJ = $(CHECK_SRC:src/%.c=$(BUILD)/obj-check/%.o)
$(BUILD)/obj-check/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DPARITY_CHECK $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/test_checked: tests/test_checked.c $(CHECK_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -DPARITY_CHECK $(CFLAGS) $(CMOCKA_CFLAGS) -MF $@.d -o $@ $< $(CHECK_OBJ) $(GAMES_TEST_OBJ) $(LIB) $(CMOCKA_LIBS) $(LDFLAGS) $(LDLIBS)

$(BUILD)/tests/%: tests/%.c $(GAMES_TEST_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(CMOCKA_CFLAGS) -MF $@.d -o $@ $< $(GAMES_TEST_OBJ) $(LIB) $(CMOCKA_LIBS) $(LDFLAGS) $(LDLIBS)

# The project's own asset generators (tools/*.c, one program each, built with SDL2); their
# output is committed, and `make assets` regenerates it.
TOOL_SRC = $(wildcard tools/*.c)
TOOLS = $(TOOL_SRC:tools/%.c=$(BUILD)/tools/%)

$(BUILD)/tools/%: tools/%.c $(GAMES_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) -MF $@.d -o $@ $< $(GAMES_OBJ) $(LIB) $(SDL_LIBS) $(LDFLAGS) $(LDLIBS)

# The benchmarks' C programs (bench/*.c; bench/checkers-ab and bench/dots-endgame build them
# the same way). make check builds them and the tools above, which it does not run, so that
# everything in the tree still compiles, warnings as errors in CI.
BENCH_SRC = $(wildcard bench/*.c)
BENCH_PROGS = $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
# Named here, after both lists: make expands a rule's prerequisites where it reads the rule.
# (tests/checkers-book.sh runs tools/checkers-book.)
test: $(TOOLS) $(BENCH_PROGS)

$(BUILD)/bench/%: bench/%.c $(GAMES_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MF $@.d -o $@ $< $(GAMES_OBJ) $(LIB) $(LDFLAGS) $(LDLIBS) -lpthread

# Sprites and sounds take seconds; the evaluation weights take an hour (see eval-weights).
ASSET_TOOLS = $(filter-out $(BUILD)/tools/train-eval $(BUILD)/tools/calibrate-mpc $(BUILD)/tools/build-book \
	$(BUILD)/tools/checkers-egdb $(BUILD)/tools/train-checkers-eval $(BUILD)/tools/checkers-book,$(TOOLS))

assets: $(ASSET_TOOLS)
	@for t in $(ASSET_TOOLS); do echo "$$t"; ./$$t assets || exit 1; done

# Checkers' endgame databases, built by retrograde analysis (tools/checkers-egdb.c): every
# position of up to 4 pieces, always (about 3 s, 3.6 MB), and with `make egdb` up to 5 and the
# 6-piece tables in a block file the engine maps (docs/BENCHMARKS.md). None is committed; the
# engine reads them from the data directory.
EGDB_SRC = tools/checkers-egdb.c src/games/checkers/egdb.c src/games/checkers/egdb.h \
	src/games/checkers/checkers.c
$(EGDB_SMALL): $(EGDB_SRC) | $(BUILD)/tools/checkers-egdb
	$(BUILD)/tools/checkers-egdb --pieces 4 --out $@
egdb: $(BUILD)/tools/checkers-egdb
	$(BUILD)/tools/checkers-egdb --pieces 5 --out $(EGDB_BIG) --blocks $(EGDB_SIX)

# Checkers' trained evaluation, learnt from Parity's own games (tools/train-checkers-eval.c,
# which needs the endgame databases above). assets/checkers-eval.bin was made by exactly this:
# a fourth round of games played from the weights of commit CHECKERS_EVAL_BASE ("PCEVAL3"),
# opening with the ballot and 0-2 random moves, all phases fitted at once with the blend
# ("PCEVAL4"). Those weights were the third round's: 16 000 games from the weights of 6279778
# ("PCEVAL2"), with --games 9000 --games2 16000 --depth2 8 --mix 50 --seed 1 --workers 2; and
# 6279778's were made by that commit's tool from nothing with --games 3000 --depth 6
# --games2 6000 --depth2 8 --mix 50 --seed 1. Each round's games are numbered after the
# earlier rounds'; each gets a search of its own, so the number of workers does not change
# the file.
CHECKERS_EVAL_BASE = 0e8d35d
CHECKERS_EVAL_TRAINING = --games 25000 --games2 16000 --depth2 8 --mix 50 --seed 1 --workers 2 \
	--randoms 0,2 --blend
$(BUILD)/tools/train-checkers-eval: CFLAGS += -ffp-contract=off
checkers-eval: $(BUILD)/tools/train-checkers-eval $(EGDB_SMALL)
	git show $(CHECKERS_EVAL_BASE):assets/checkers-eval.bin > $(BUILD)/checkers-eval-base.bin
	$(BUILD)/tools/train-checkers-eval --init $(BUILD)/checkers-eval-base.bin \
		$(CHECKERS_EVAL_TRAINING) --out assets/checkers-eval.bin

# Checkers' opening book, built by Parity's own searches from the start and the ballot
# openings (tools/checkers-book.c, with the weights and databases above): every search is
# Expert's own at 40 M nodes (80 M for the leaves), so that the book plays as Expert would;
# then the deep stage searches every move again at 320 M nodes on the side the book scores
# 0.30 of a man or more down after a ballot, 60 positions best first. The committed
# assets/checkers-book.bin was made by this command, spread over sessions with --state FILE
# (bench/checkers-book-deep.state is its last state), which gives the same file: about 2.5 CPU
# hours for the first stage (an estimate: no single run timed it) and 3.1 for the deep stage
# and the leaves (docs/BENCHMARKS.md). --workers shares the searches among processes and does
# not change the file.
CHECKERS_BOOK_BUILD = --expansions 240 --plies 12 --window 15 --path-window 30 --nodes 40000000 \
	--leaf-nodes 80000000 --workers 2 --deep-nodes 320000000 --deep-expansions 60 --deep-below 30
checkers-book: $(BUILD)/tools/checkers-book $(EGDB_SMALL)
	$(BUILD)/tools/checkers-book $(CHECKERS_BOOK_BUILD) --out assets/checkers-book.bin

# Reversi's pattern weights, learnt from Parity's own games (tools/train-eval.c): one round
# of 155 000 games played by the weights of commit REVERSI_EVAL_BASE (themselves learnt from
# nothing by `--games 40000 --rounds 3 --seed 1`, docs/ENGINE.md). The committed
# assets/reversi-eval.bin was made by exactly this command; any EVAL_WORKERS gives the same bytes.
REVERSI_EVAL_BASE = 63ca109
EVAL_TRAINING = --games 155000 --rounds 1 --depth 4 --seed 1
EVAL_WORKERS ?= 2
$(BUILD)/tools/train-eval: CFLAGS += -ffp-contract=off
eval-weights: $(BUILD)/tools/train-eval
	git show $(REVERSI_EVAL_BASE):assets/reversi-eval.bin > $(BUILD)/reversi-eval-base.bin
	$(BUILD)/tools/train-eval --init $(BUILD)/reversi-eval-base.bin $(EVAL_TRAINING) \
		--workers $(EVAL_WORKERS) --out assets/reversi-eval.bin

# The Multi-ProbCut fits of the Reversi search, measured with those weights
# (tools/calibrate-mpc.c); src/games/reversi/mpc.h was written by exactly this command.
MPC_CALIBRATION = --positions 300 --max-depth 12 --end-positions 200 --end-max 24 --seed 1
$(BUILD)/tools/calibrate-mpc: CFLAGS += -ffp-contract=off
mpc-table: $(BUILD)/tools/calibrate-mpc
	$(BUILD)/tools/calibrate-mpc $(MPC_CALIBRATION) --out src/games/reversi/mpc.h

# The ProbCut fits of the checkers search, measured with its weights and databases
# (tools/calibrate-mpc.c --game checkers); src/games/checkers/mpc.h was written by exactly this.
CHECKERS_MPC_CALIBRATION = --game checkers --positions 300 --max-depth 14 --seed 1
checkers-mpc-table: $(BUILD)/tools/calibrate-mpc $(EGDB_SMALL)
	$(BUILD)/tools/calibrate-mpc $(CHECKERS_MPC_CALIBRATION) --out src/games/checkers/mpc.h

# Reversi's opening book, built by Parity's own searches (tools/build-book.c); the committed
# assets/reversi-book.bin was made by exactly this command (its time is in docs/ENGINE.md).
BOOK_BUILD = --nodes 3000 --plies 20 --window 3 --path-window 6 --depth 10 --leaf-depth 12
opening-book: $(BUILD)/tools/build-book
	$(BUILD)/tools/build-book $(BOOK_BUILD) --out assets/reversi-book.bin

# ---- Install -------------------------------------------------------------------------------
# `make install` puts the game, its data, the desktop entry, the AppStream metadata, the icons
# and the manual page under PREFIX; every directory can be overridden (the Debian package uses
# BINDIR=/usr/games DATADIR=/usr/share/games/parity). DATADIR is compiled into the program
# (see DATADIR_OBJ); DESTDIR never is: it only stages the files, for packaging.
#
# For installs and packages, build for a portable CPU: `make ARCH= install` (ARCH defaults to
# native, which suits only the machine that built it); `make deb` does so itself.
#
# INSTALL_EXTRA names more targets `make install` runs after the rest, and UNINSTALL_EXTRA
# their undoing: `install-locale` puts the translations' .mo files under $(LOCALEDIR) (that
# is, $(PREFIX)/share/locale/LANG/LC_MESSAGES/parity.mo), staged under $(DESTDIR) like
# everything else.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATAROOTDIR ?= $(PREFIX)/share
DATADIR ?= $(DATAROOTDIR)/parity
MANDIR ?= $(DATAROOTDIR)/man
APPLICATIONSDIR ?= $(DATAROOTDIR)/applications
METAINFODIR ?= $(DATAROOTDIR)/metainfo
ICONDIR ?= $(DATAROOTDIR)/icons/hicolor
LOCALEDIR ?= $(DATAROOTDIR)/locale
INSTALL ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 755
INSTALL_DATA ?= $(INSTALL) -m 644
INSTALL_EXTRA ?= install-locale
UNINSTALL_EXTRA ?= uninstall-locale

APP_ID = io.github.parity_arcade.Parity
ICON_SIZES = 16 24 32 48 64 128 256
# The data the game reads, relative to assets/ (and to DATADIR once installed).
DATA_FILES = reversi-eval.bin reversi-book.bin checkers-eval.bin checkers-book.bin checkers-egdb.bin fonts/DejaVuSans.ttf fonts/DejaVuSans-Bold.ttf fonts/LICENSE \
	$(patsubst assets/%,%,$(wildcard assets/sprites/*.png assets/sounds/*.wav))
# The 5- and 6-piece checkers databases are installed too when `make egdb` has built them
# (they are not part of the source; uninstall removes them whether or not they were).
OPTIONAL_DATA = $(notdir $(EGDB_BIG) $(EGDB_SIX))

# Once installed the program finds its data in DATADIR and its catalogues in LOCALEDIR: the one
# resolver, io/datadir.c, compiles them in for the assets, the evaluation weights (the window
# and the headless commands alike) and the catalogues. $(BUILD)/datadir is rewritten only when
# they change, so that it is rebuilt then.
# When BINDIR sits right under PREFIX (bin, games), they also compile in where DATADIR and
# LOCALEDIR lie from the program's own directory (../share/parity), tried before the absolute
# paths: a tree staged with DESTDIR, or moved as a whole, then runs from where it lies.
DATADIR_OBJ = $(BUILD)/obj/io/datadir.o
ifeq ($(patsubst %/,%,$(dir $(BINDIR))),$(PREFIX))
DATADIR_REL = $(patsubst $(PREFIX)/%,../%,$(filter $(PREFIX)/%,$(DATADIR)))
LOCALEDIR_REL = $(patsubst $(PREFIX)/%,../%,$(filter $(PREFIX)/%,$(LOCALEDIR)))
endif
$(DATADIR_OBJ): CPPFLAGS += -DPARITY_DATADIR='"$(DATADIR)"' -DPARITY_DATADIR_REL='"$(DATADIR_REL)"' \
	-DPARITY_LOCALEDIR='"$(LOCALEDIR)"' -DPARITY_LOCALEDIR_REL='"$(LOCALEDIR_REL)"'
$(DATADIR_OBJ): $(BUILD)/datadir
$(BUILD)/datadir: FORCE
	@mkdir -p $(@D)
	@echo '$(DATADIR) $(LOCALEDIR) $(DATADIR_REL) $(LOCALEDIR_REL)' | cmp -s - $@ || \
		echo '$(DATADIR) $(LOCALEDIR) $(DATADIR_REL) $(LOCALEDIR_REL)' >$@

.PHONY: install uninstall validate deb FORCE
FORCE:

install: $(BUILD)/parity $(EGDB_SMALL)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man6 $(DESTDIR)$(APPLICATIONSDIR) \
		$(DESTDIR)$(METAINFODIR) $(DESTDIR)$(ICONDIR)/scalable/apps \
		$(addprefix $(DESTDIR)$(DATADIR)/,fonts sounds sprites) \
		$(foreach n,$(ICON_SIZES),$(DESTDIR)$(ICONDIR)/$(n)x$(n)/apps)
	$(INSTALL_PROGRAM) $(BUILD)/parity $(DESTDIR)$(BINDIR)/parity
	@set -e; for f in $(DATA_FILES); do \
		echo "$(INSTALL_DATA) assets/$$f $(DESTDIR)$(DATADIR)/$$f"; \
		$(INSTALL_DATA) assets/$$f $(DESTDIR)$(DATADIR)/$$f; \
	done
	@set -e; for f in $(OPTIONAL_DATA); do \
		if [ -f assets/$$f ]; then \
			echo "$(INSTALL_DATA) assets/$$f $(DESTDIR)$(DATADIR)/$$f"; \
			$(INSTALL_DATA) assets/$$f $(DESTDIR)$(DATADIR)/$$f; \
		fi; \
	done
	sed 's|@DATADIR@|$(DATADIR)|g' packaging/parity.6 >$(BUILD)/parity.6
	$(INSTALL_DATA) $(BUILD)/parity.6 $(DESTDIR)$(MANDIR)/man6/parity.6
	$(INSTALL_DATA) packaging/$(APP_ID).desktop $(DESTDIR)$(APPLICATIONSDIR)/$(APP_ID).desktop
	$(INSTALL_DATA) packaging/$(APP_ID).metainfo.xml $(DESTDIR)$(METAINFODIR)/$(APP_ID).metainfo.xml
	$(INSTALL_DATA) assets/icons/parity.svg $(DESTDIR)$(ICONDIR)/scalable/apps/$(APP_ID).svg
	@set -e; for n in $(ICON_SIZES); do \
		echo "$(INSTALL_DATA) assets/icons/parity_$$n.png $(DESTDIR)$(ICONDIR)/$${n}x$$n/apps/$(APP_ID).png"; \
		$(INSTALL_DATA) assets/icons/parity_$$n.png $(DESTDIR)$(ICONDIR)/$${n}x$$n/apps/$(APP_ID).png; \
	done
	@for t in $(INSTALL_EXTRA); do $(MAKE) --no-print-directory $$t || exit 1; done

# Removes exactly the files `make install` wrote, and DATADIR's directories, which are
# Parity's own; shared directories (bin, man6, the icon theme's) stay.
uninstall:
	@for t in $(UNINSTALL_EXTRA); do $(MAKE) --no-print-directory $$t || exit 1; done
	rm -f $(DESTDIR)$(BINDIR)/parity $(DESTDIR)$(MANDIR)/man6/parity.6 \
		$(DESTDIR)$(APPLICATIONSDIR)/$(APP_ID).desktop \
		$(DESTDIR)$(METAINFODIR)/$(APP_ID).metainfo.xml \
		$(DESTDIR)$(ICONDIR)/scalable/apps/$(APP_ID).svg \
		$(foreach n,$(ICON_SIZES),$(DESTDIR)$(ICONDIR)/$(n)x$(n)/apps/$(APP_ID).png) \
		$(addprefix $(DESTDIR)$(DATADIR)/,$(DATA_FILES) $(OPTIONAL_DATA))
	rmdir $(addprefix $(DESTDIR)$(DATADIR)/,fonts sounds sprites) $(DESTDIR)$(DATADIR) 2>/dev/null || true

# The desktop entry and the AppStream metadata pass the freedesktop validators (make check
# runs this; the tools come from `sh tools/install-deps --with-tests`).
validate:
	desktop-file-validate packaging/$(APP_ID).desktop
	appstreamcli validate --no-net --pedantic packaging/$(APP_ID).metainfo.xml

# The Debian package (packaging/debian/), built from a clean export of the last commit (HEAD)
# in a scratch directory, with packaging/debian/ moved to debian/ there; the .deb and
# lintian's report (lintian.txt) land in $(BUILD)/. A release step, not part of the tests.
DEB_WORK = $(BUILD)/deb-work
deb:
	@sh tools/install-deps --with-deb
	rm -rf $(DEB_WORK) && mkdir -p $(DEB_WORK)/parity
	@git diff --quiet HEAD || echo "make deb: uncommitted changes are not in the package (it builds HEAD)"
	git archive --format=tar HEAD | tar -x -C $(DEB_WORK)/parity
	cp -R $(DEB_WORK)/parity/packaging/debian $(DEB_WORK)/parity/debian
	cd $(DEB_WORK)/parity && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CI -u SANITIZE -u BUILD dpkg-buildpackage -us -uc -b
	cp $(DEB_WORK)/parity_*.deb $(DEB_WORK)/parity-data_*.deb $(BUILD)/
	lintian --info $(DEB_WORK)/parity_*.changes | tee $(BUILD)/lintian.txt
	@ls $(BUILD)/parity_*.deb $(BUILD)/parity-data_*.deb

bench: $(BUILD)/parity
	sh bench/perft

clean:
	rm -rf build build-sanitize $(PORTABLE_BUILD)

# The C sources (the program's, the tests', the tools' and the benchmarks') under the style of
# .clang-format: `make format` rewrites them, `make format-check` names the files it would
# change and fails if there is any (clang-format comes with `sh tools/install-deps
# --with-tests`; the tree was laid out with Debian's clang-format 14). make check runs
# format-check first.
CLANG_FORMAT ?= clang-format
FORMAT_SRC = $(sort $(wildcard src/*.[ch] src/*/*.[ch] src/*/*/*.[ch] tests/*.[ch] tests/fuzz/*.[ch] \
	tools/*.[ch] bench/*.[ch] bench/*/*.[ch]))

format:
	$(CLANG_FORMAT) -i $(FORMAT_SRC)

format-check:
	@command -v $(CLANG_FORMAT) >/dev/null 2>&1 || \
		{ echo "format-check: no $(CLANG_FORMAT) (sh tools/install-deps --with-tests)"; exit 1; }
	@bad=0; for f in $(FORMAT_SRC); do \
		$(CLANG_FORMAT) --dry-run -Werror "$$f" >/dev/null 2>&1 || { echo "$$f"; bad=$$((bad + 1)); }; \
	done; \
	echo "format-check: $$bad of $(words $(FORMAT_SRC)) files differ from .clang-format's layout (make format)"; \
	[ $$bad -eq 0 ]

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- translations (gettext) ----------------------------------------------------------------
# po/parity.pot is made from src/app/*.c by `make pot` (xgettext); po/LANG.po are the
# translations (update them with `make po`: msgmerge). Each is compiled with msgfmt into
# $(BUILD)/locale/<code>/LC_MESSAGES/parity.mo beside the program, where app/i18n.c finds it
# in the build tree (io/datadir.c); an installed parity reads $(LOCALEDIR) instead.
# (LOCALEDIR is set with the install directories above.)
PO_LANGS = ru zh_CN
LOCALE_MO = $(PO_LANGS:%=$(BUILD)/locale/%/LC_MESSAGES/parity.mo)

$(BUILD)/parity: | $(LOCALE_MO)

$(BUILD)/locale/%/LC_MESSAGES/parity.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

# The games' own text (names, levels, options, help) is in their modules.
GAME_TEXT_SRC = $(wildcard src/games/*/*.c)

.PHONY: pot po install-locale uninstall-locale
pot:
	xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=ngettext:1,2 \
		--add-comments=TRANSLATORS: --package-name=parity --msgid-bugs-address='the Parity issue tracker' --add-location=file \
		--keyword=NP_:1,2 --sort-by-file -o po/parity.pot $(sort $(wildcard src/app/*.c) $(GAME_TEXT_SRC))

po: pot
	@for l in $(PO_LANGS); do msgmerge --quiet --update --backup=none po/$$l.po po/parity.pot; done

# Installs the catalogues under $(DESTDIR)$(LOCALEDIR) (`make install` runs it through
# INSTALL_EXTRA), and removes them (`make uninstall`, through UNINSTALL_EXTRA).
install-locale: $(LOCALE_MO)
	@for l in $(PO_LANGS); do \
		echo "$(INSTALL_DATA) -D $(BUILD)/locale/$$l/LC_MESSAGES/parity.mo $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/parity.mo"; \
		$(INSTALL_DATA) -D $(BUILD)/locale/$$l/LC_MESSAGES/parity.mo \
			$(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/parity.mo || exit 1; \
	done

uninstall-locale:
	rm -f $(PO_LANGS:%=$(DESTDIR)$(LOCALEDIR)/%/LC_MESSAGES/parity.mo)

# The translations' own test links the front end's language module and SDL_ttf.
$(BUILD)/tests/test_i18n: tests/test_i18n.c $(BUILD)/obj/app/i18n.o $(GAMES_TEST_OBJ) $(LIB) | $(LOCALE_MO)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) $(CMOCKA_CFLAGS) -MF $@.d -o $@ $< $(BUILD)/obj/app/i18n.o $(GAMES_TEST_OBJ) $(LIB) $(SDL_LIBS) $(CMOCKA_LIBS) $(LDFLAGS) $(LDLIBS)
# ---- Fuzzing (tests/fuzz, docs/RELIABILITY.md) -------------------------------------------
#
#   make fuzz-build          build every harness with clang and libFuzzer in build-fuzz/
#   make fuzz                build them and run each in turn for FUZZ_RUNS inputs
#   make fuzz FUZZ=pdn FUZZ_RUNS=1000000    one harness, fewer runs
#   make valgrind            the headless commands under valgrind (no errors, no leaks)
#   make fuzz-clean          remove build-fuzz/ and build-valgrind/ (make clean does too)
#
# They need clang with libFuzzer and valgrind: sh tools/install-deps --with-fuzz.
# Each tests/fuzz/fuzz_NAME.c is one parser's harness; it starts from the committed seeds in
# tests/fuzz/corpus/NAME (copied to build-fuzz/corpus/NAME, where new inputs go: the
# committed corpus never grows by itself), the inputs in tests/fuzz/regressions/NAME and the
# dictionary tests/fuzz/dict/NAME.dict when there is one. A crash, leak or undefined
# behaviour stops the run and leaves the input in build-fuzz/crash-NAME-*.
# `make test` also builds each harness with a plain main (tests/fuzz/replay.c) as
# $(BUILD)/tests/test_fuzz_NAME, which replays the corpus and the regressions.
FUZZ_CC ?= clang
FUZZ_BUILD ?= build-fuzz
FUZZ_RUNS ?= 10000000
FUZZ_NAMES = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ ?= $(FUZZ_NAMES)
# The longest input tried: longer ones only slow the run down (PDN ran at a quarter of the
# speed with libFuzzer's default of 4096). One-line formats get 600 bytes, the rest 1024.
FUZZ_MAX_LEN = 1024
FUZZ_SHORT = reversi_pos checkers_fen dots_pos dots_file transcript
# Harnesses whose code under test writes notes on stderr (the NBoard engine's): libFuzzer
# closes it for them (-close_fd_mask=2), so that its log stays readable.
FUZZ_QUIET = nboard
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS = -std=c11 -O1 -g $(ARCH_FLAGS) $(WARN) $(FUZZ_SAN)
FUZZ_LIB = $(FUZZ_BUILD)/libparity.a
FUZZ_LIB_OBJ = $(LIB_SRC:src/%.c=$(FUZZ_BUILD)/obj/%.o) $(FUZZ_BUILD)/obj/games/registry.o
FUZZ_BINS = $(FUZZ_NAMES:%=$(FUZZ_BUILD)/fuzz_%)
FUZZ_REPLAYS = $(FUZZ_NAMES:%=$(BUILD)/tests/test_fuzz_%)

fuzz-build: $(FUZZ_BINS)

fuzz: fuzz-build
	@for n in $(FUZZ); do \
		rm -rf $(FUZZ_BUILD)/corpus/$$n && mkdir -p $(FUZZ_BUILD)/corpus/$$n && \
		cp tests/fuzz/corpus/$$n/* $(FUZZ_BUILD)/corpus/$$n/ || exit 1; \
		dict=; [ -f tests/fuzz/dict/$$n.dict ] && dict=-dict=tests/fuzz/dict/$$n.dict; \
		regress=; [ -d tests/fuzz/regressions/$$n ] && regress=tests/fuzz/regressions/$$n; \
		len=$(FUZZ_MAX_LEN); case " $(FUZZ_SHORT) " in *" $$n "*) len=600;; esac; \
		quiet=; case " $(FUZZ_QUIET) " in *" $$n "*) quiet=-close_fd_mask=2;; esac; \
		echo "fuzz $$n: $(FUZZ_RUNS) runs (log in $(FUZZ_BUILD)/fuzz_$$n.log)"; \
		nice -n 10 $(FUZZ_BUILD)/fuzz_$$n -runs=$(FUZZ_RUNS) -max_len=$$len $$dict $$quiet \
			-print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/crash-$$n- \
			$(FUZZ_BUILD)/corpus/$$n $$regress >$(FUZZ_BUILD)/fuzz_$$n.log 2>&1 || \
			{ tail -40 $(FUZZ_BUILD)/fuzz_$$n.log; exit 1; }; \
		grep -E '^Done|stat::number_of_executed_units|stat::peak_rss' $(FUZZ_BUILD)/fuzz_$$n.log; \
	done

$(FUZZ_BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_LIB): $(FUZZ_LIB_OBJ)
	$(AR) rcs $@ $^

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_LIB)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer -MF $@.d -o $@ $< $(FUZZ_LIB) $(LDLIBS)

# The script reader is in src/app, since it needs SDL's key and gamepad button names (which
# work without SDL_Init): its harness links app/script_parse.c and SDL2 besides the library.
SDL2_LIBS = $(shell pkg-config --libs sdl2)
FUZZ_SCRIPT_OBJ = $(FUZZ_BUILD)/obj/app/script_parse.o
$(FUZZ_SCRIPT_OBJ): src/app/script_parse.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) $(SDL_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/fuzz_script: tests/fuzz/fuzz_script.c tests/fuzz/fuzz.h $(FUZZ_SCRIPT_OBJ) $(FUZZ_LIB)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) $(SDL_CFLAGS) -fsanitize=fuzzer -MF $@.d -o $@ $< $(FUZZ_SCRIPT_OBJ) $(FUZZ_LIB) $(SDL2_LIBS) $(LDLIBS)

$(BUILD)/tests/test_fuzz_script: tests/fuzz/fuzz_script.c $(BUILD)/fuzz/replay.o $(BUILD)/obj/app/script_parse.o $(GAMES_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) -MF $@.d -o $@ $< $(BUILD)/fuzz/replay.o $(BUILD)/obj/app/script_parse.o $(GAMES_OBJ) $(LIB) $(SDL2_LIBS) $(LDFLAGS) $(LDLIBS)

# The same harnesses as plain programs that replay the committed inputs (a `make test` step).
$(BUILD)/fuzz/replay.o: tests/fuzz/replay.c tests/fuzz/fuzz.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MF $@.d -c -o $@ $<

$(BUILD)/tests/test_fuzz_%: tests/fuzz/fuzz_%.c $(BUILD)/fuzz/replay.o $(GAMES_OBJ) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MF $@.d -o $@ $< $(BUILD)/fuzz/replay.o $(GAMES_OBJ) $(LIB) $(LDFLAGS) $(LDLIBS)

test: $(FUZZ_REPLAYS)

-include $(shell find $(FUZZ_BUILD) -name '*.d' 2>/dev/null)

# The headless commands under valgrind (tests/fuzz/valgrind.sh): no memory error, no leak.
VALGRIND_BUILD ?= build-valgrind
valgrind:
	@$(MAKE) --no-print-directory BUILD=$(VALGRIND_BUILD) ARCH= OPT="-O1 -g" SANITIZE= \
		$(VALGRIND_BUILD)/parity
	sh tests/fuzz/valgrind.sh $(VALGRIND_BUILD)/parity

fuzz-clean:
	rm -rf $(FUZZ_BUILD) $(VALGRIND_BUILD)

clean: fuzz-clean
