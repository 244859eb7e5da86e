# Parity — build, test and run.
#
#   make            build build/parity
#   make run        install what is missing, build, start the game
#   make check      install what is missing, build, run every test
#   make bench      run the benchmarks (figures go to docs/BENCHMARKS.md)
#   make check SANITIZE=1   the same tests under ASan + UBSan (in build-sanitize/)
#
# Flags for SDL2, SDL2_image, SDL2_mixer, SDL2_ttf and cmocka come from pkg-config.

CC ?= cc
ARCH ?= native
OPT ?= -O2

ifeq ($(SANITIZE),1)
BUILD ?= build-sanitize
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT = -O1 -g
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

CPPFLAGS += -Isrc -D_POSIX_C_SOURCE=200809L -MMD -MP
CFLAGS += -std=c11 $(OPT) $(ARCH_FLAGS) $(WARN) $(SAN_FLAGS)
LDFLAGS += $(SAN_FLAGS)
LDLIBS += -lm

# Everything but main.c goes into a library the tests link too; app/ is the SDL layer.
LIB_SRC = $(filter-out src/main.c src/app/%,$(wildcard src/*/*.c src/*/*/*.c))
APP_SRC = $(wildcard src/app/*.c)
LIB_OBJ = $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
APP_OBJ = $(APP_SRC:src/%.c=$(BUILD)/obj/%.o)
MAIN_OBJ = $(BUILD)/obj/main.o
LIB = $(BUILD)/libparity.a

TEST_SRC = $(wildcard tests/test_*.c)
TESTS = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
HEADERS = $(wildcard src/*/*.h src/*/*/*.h)

.PHONY: eval-weights mpc-table all run check deps deps-test test test-headers assets bench clean format
all: $(BUILD)/parity

deps:
	@sh tools/install-deps

deps-test:
	@sh tools/install-deps --with-tests

run: deps
	@$(MAKE) --no-print-directory all
	./$(BUILD)/parity

check: deps-test
	@$(MAKE) --no-print-directory test

test: $(BUILD)/parity $(TESTS) test-headers
	@sh tests/run-tests $(BUILD)

# Every public header compiles on its own (DESIGN.md, habit 7).
test-headers:
	@for h in $(HEADERS); do \
		echo "#include \"$${h#src/}\"" | $(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) -MF /dev/null \
			-x c -fsyntax-only - || { echo "header does not compile alone: $$h"; exit 1; }; \
	done; echo "headers: $(words $(HEADERS)) compile alone"

$(BUILD)/parity: $(MAIN_OBJ) $(APP_OBJ) $(LIB)
	$(CC) $(LDFLAGS) -o $@ $^ $(SDL_LIBS) $(LDLIBS)

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

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
$(BUILD)/tests/test_window: tests/test_window.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) $(CMOCKA_CFLAGS) -MF $@.d -o $@ $< $(LIB) $(SDL_LIBS) $(CMOCKA_LIBS) $(LDFLAGS) $(LDLIBS)

$(BUILD)/tests/test_window_%: tests/test_window_%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) $(CMOCKA_CFLAGS) -MF $@.d -o $@ $< $(LIB) $(SDL_LIBS) $(CMOCKA_LIBS) $(LDFLAGS) $(LDLIBS)

$(BUILD)/tests/%: tests/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(CMOCKA_CFLAGS) -MF $@.d -o $@ $< $(LIB) $(CMOCKA_LIBS) $(LDFLAGS) $(LDLIBS)

# The project's own asset generators (tools/*.c, one program each, built with SDL2); their
# output is committed, and `make assets` regenerates it.
TOOL_SRC = $(wildcard tools/*.c)
TOOLS = $(TOOL_SRC:tools/%.c=$(BUILD)/tools/%)

$(BUILD)/tools/%: tools/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) -MF $@.d -o $@ $< $(LIB) $(SDL_LIBS) $(LDFLAGS) $(LDLIBS)

# Sprites and sounds take seconds; the evaluation weights take an hour (see eval-weights).
ASSET_TOOLS = $(filter-out $(BUILD)/tools/train-eval $(BUILD)/tools/calibrate-mpc,$(TOOLS))

assets: $(ASSET_TOOLS)
	@for t in $(ASSET_TOOLS); do echo "$$t"; ./$$t assets || exit 1; done

# Reversi's pattern weights, learnt from Parity's own games (tools/train-eval.c). The
# committed assets/reversi-eval.bin was made by exactly this command.
EVAL_TRAINING = --games 40000 --rounds 3 --seed 1
$(BUILD)/tools/train-eval: CFLAGS += -ffp-contract=off
eval-weights: $(BUILD)/tools/train-eval
	$(BUILD)/tools/train-eval $(EVAL_TRAINING) --out assets/reversi-eval.bin

# The Multi-ProbCut fits of the Reversi search, measured with those weights
# (tools/calibrate-mpc.c); src/games/reversi/mpc.h was written by exactly this command.
MPC_CALIBRATION = --positions 300 --max-depth 12 --seed 1
$(BUILD)/tools/calibrate-mpc: CFLAGS += -ffp-contract=off
mpc-table: $(BUILD)/tools/calibrate-mpc
	$(BUILD)/tools/calibrate-mpc $(MPC_CALIBRATION) --out src/games/reversi/mpc.h

bench: $(BUILD)/parity
	sh bench/perft

clean:
	rm -rf build build-sanitize

format:
	clang-format -i $(wildcard src/*/*.[ch] src/*/*/*.[ch] src/*.c tests/*.c)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- translations (gettext) ----------------------------------------------------------------
# po/parity.pot is made from src/app/*.c by `make pot` (xgettext); po/LANG.po are the
# translations (update them with `make po`: msgmerge). Each is compiled with msgfmt into
# $(BUILD)/locale/<code>/LC_MESSAGES/parity.mo beside the program, where app/i18n.c finds it
# in the build tree; an installed parity reads $(LOCALEDIR) instead.
PREFIX ?= /usr/local
LOCALEDIR ?= $(PREFIX)/share/locale
PO_LANGS = ru zh_CN
LOCALE_MO = $(PO_LANGS:%=$(BUILD)/locale/%/LC_MESSAGES/parity.mo)

$(BUILD)/obj/app/i18n.o: CPPFLAGS += -DPARITY_LOCALEDIR='"$(LOCALEDIR)"'
$(BUILD)/parity: | $(LOCALE_MO)

$(BUILD)/locale/%/LC_MESSAGES/parity.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

.PHONY: pot po install-locale
pot:
	xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=ngettext:1,2 \
		--add-comments=TRANSLATORS: --package-name=parity --msgid-bugs-address='the Parity issue tracker' --add-location=file \
		--sort-by-file -o po/parity.pot $(sort $(wildcard src/app/*.c))

po: pot
	@for l in $(PO_LANGS); do msgmerge --quiet --update --backup=none po/$$l.po po/parity.pot; done

# Installs the catalogues under $(DESTDIR)$(PREFIX)/share/locale; `make install` is to depend
# on this target once it exists.
install-locale: $(LOCALE_MO)
	@for l in $(PO_LANGS); do \
		install -D -m 644 $(BUILD)/locale/$$l/LC_MESSAGES/parity.mo \
			$(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/parity.mo || exit 1; \
	done

# The translations' own test links the front end's language module and SDL_ttf.
$(BUILD)/tests/test_i18n: tests/test_i18n.c $(BUILD)/obj/app/i18n.o $(LIB) | $(LOCALE_MO)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(SDL_CFLAGS) $(CMOCKA_CFLAGS) -MF $@.d -o $@ $< $(BUILD)/obj/app/i18n.o $(LIB) $(SDL_LIBS) $(CMOCKA_LIBS) $(LDFLAGS) $(LDLIBS)
