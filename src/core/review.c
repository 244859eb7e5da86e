/*
 * core/review.c — a game judged move by move (core/review.h).
 */
#include "core/review.h"

#include <stdlib.h>
#include <string.h>

int review_value(const struct game_module *m, int score)
{
	const struct game_review_info *info = m->review;
	if (search_proven(score)) {
		if (!info->margin)
			return score > 0 ? info->cap : -info->cap;
		const int v = search_margin(score) * info->unit;
		return v > info->cap ? info->cap : v < -info->cap ? -info->cap : v;
	}
	return score > info->cap ? info->cap : score < -info->cap ? -info->cap : score;
}

enum review_class review_classify(const struct game_module *m, int loss)
{
	const struct game_review_info *info = m->review;
	return loss >= info->blunder      ? REVIEW_BLUNDER
	       : loss >= info->mistake    ? REVIEW_MISTAKE
	       : loss >= info->inaccuracy ? REVIEW_INACCURACY
	                                  : REVIEW_GOOD;
}

const char *review_class_name(enum review_class c)
{
	static const char *const names[REVIEW_CLASSES] = {
	    N_("good"), N_("forced"), N_("inaccuracy"), N_("mistake"), N_("blunder"),
	};
	return c >= 0 && c < REVIEW_CLASSES ? names[c] : "?";
}

int review_init(struct review *r, const struct match *m, const struct level *lv, int tt_bits)
{
	memset(r, 0, sizeof *r);
	r->rules = m->rules;
	r->module = game_module_of(m->rules);
	if (!lv)
		lv = level_find(m->rules, r->module->review->level);
	if (match_init_moves(&r->match, m->rules, &m->options, match_pos_at(m, 0), m->moves,
	                     m->count) != GAME_OK)
		return GAME_ERR_SPACE;
	r->count = m->count;
	r->pos = calloc((size_t)r->count + 1, sizeof *r->pos);
	r->search = search_new(m->rules, tt_bits);
	if (!r->pos || !r->search) {
		review_free(r);
		return GAME_ERR_SPACE;
	}
	level_limits(lv, 1, &r->limits);
	r->limits.noise = 0;
	/* A review wants values, not only outcomes: where the level would only tell a win from
	 * a loss, or would go on estimating, it goes to the end. */
	int exact = r->limits.exact;
	if (r->limits.wld > exact)
		exact = r->limits.wld;
	if (r->module->review->exact > exact)
		exact = r->module->review->exact;
	r->limits.exact = exact;
	r->limits.wld = 0;
	r->pass = 1;
	r->quick = r->limits;
	r->quick.nodes = r->limits.nodes / 32 > 2000 ? r->limits.nodes / 32 : 2000;
	r->quick.exact = exact < 12 ? exact : 12;
	r->quick.probcut = 0;
	return GAME_OK;
}

void review_quick_first(struct review *r)
{
	if (r->next == 0 && !r->started)
		r->pass = 0;
}

void review_free(struct review *r)
{
	if (r->match.positions)
		match_free(&r->match);
	search_free(r->search);
	free(r->pos);
	memset(r, 0, sizeof *r);
}

/* Starts the search of position r->next. */
static void start_position(struct review *r)
{
	struct search_limits limits = r->pass == 0 ? r->quick : r->limits;
	const void *pos = match_pos_at(&r->match, r->next);
	if (r->module->repeatable) {
		/* Only positions since the last irreversible move can come again. */
		const int quiet = r->module->repeatable(pos);
		const int back = quiet < r->next ? quiet : r->next;
		limits.history = &r->match.hashes[r->next - back];
		limits.history_count = back;
	}
	search_start(r->search, pos, &limits);
	r->started = true;
}

/* Records the finished search of position r->next and moves on. */
static void finish_position(struct review *r)
{
	const struct search_result *s = search_result(r->search);
	struct review_position *p = &r->pos[r->next];
	const void *pos = match_pos_at(&r->match, r->next);
	p->side = r->rules->to_move(pos);
	p->over = !s->has_move;
	p->score = s->score;
	p->value = review_value(r->module, s->score);
	p->exact = s->exact || search_proven(s->score);
	p->depth = s->depth;
	p->nodes = s->nodes;
	r->nodes += s->nodes;
	if (s->has_move) {
		p->best = s->move;
		p->pv_length = s->pv_length < REVIEW_PV_MAX ? s->pv_length : REVIEW_PV_MAX;
		memcpy(p->pv, s->pv, (size_t)p->pv_length * sizeof p->pv[0]);
	}
	p->done = true;
	p->final = r->pass == 1;
	r->started = false;
	if (++r->next > r->count && r->pass == 0) {
		r->pass = 1; /* the quick look is over: now at the level */
		r->next = 0;
	}
}

bool review_step(struct review *r, uint64_t budget)
{
	uint64_t spent = 0;
	while (r->pass == 0 || r->next <= r->count) {
		if (!r->started)
			start_position(r);
		const uint64_t before = search_result(r->search)->nodes;
		const uint64_t left = budget ? budget - spent : 0;
		const bool finished = search_step(r->search, left);
		const uint64_t after = search_result(r->search)->nodes;
		spent += after > before ? after - before : 0;
		if (!finished)
			return false;
		finish_position(r);
		if (budget && spent >= budget)
			return r->pass == 1 && r->next > r->count;
		spent++; /* a finished game costs no node: count it, so that a step ends */
	}
	return true;
}

int review_done(const struct review *r)
{
	return r->pass == 1 ? r->next : 0;
}

void review_move(const struct review *r, int i, struct review_move *out)
{
	memset(out, 0, sizeof *out);
	if (i < 0 || i >= r->count)
		return;
	const struct review_position *before = &r->pos[i], *after = &r->pos[i + 1];
	const void *pos = match_pos_at(&r->match, i);
	out->side = r->rules->to_move(pos);
	if (!before->done || !after->done)
		return;
	out->known = true;
	const int sign = after->side == out->side ? 1 : -1;
	out->best_value = before->value;
	out->value = sign * after->value;
	out->exact = before->exact && after->exact;
	out->best_played = !before->over && game_move_equal(&before->best, &r->match.moves[i]);
	struct game_move moves[GAME_MOVES_MAX];
	if (r->rules->generate(pos, moves) == 1) {
		out->cls = REVIEW_FORCED;
		out->best_played = true;
		out->value = out->best_value; /* the only move: it loses nothing */
		return;
	}
	if (out->best_played) {
		out->value = out->best_value;
	} else {
		const int loss = out->best_value - out->value;
		out->loss = loss > 0 ? loss : 0;
	}
	out->cls = review_classify(r->module, out->loss);
}

void review_summary(const struct review *r, int side, struct review_summary *out)
{
	memset(out, 0, sizeof *out);
	long long total = 0;
	for (int i = 0; i < r->count; i++) {
		struct review_move m;
		review_move(r, i, &m);
		if (!m.known || m.side != side || m.cls == REVIEW_FORCED)
			continue;
		out->moves++;
		total += m.loss;
		out->count[m.cls]++;
	}
	out->mean_loss = out->moves ? (double)total / out->moves : 0.0;
}
