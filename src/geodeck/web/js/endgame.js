// The end-of-game statistics under the outcome (docs/stats.md): the ranking with each
// player's figures, chips by cause, and the hardest cards or countries. They are fetched
// once per table from GET /api/tables/{code}/stats and kept in ctx.memory.

import { tableStats } from "./api.js";
import { h } from "./dom.js";
import { lang, nameOf, t } from "./i18n.js";
import { ratingBlock } from "./ratings.js";
import { countryName } from "./undercover/notes.js";

const CAUSES = ["challenging", "challenged", "guesses", "exchanges"];

// The statistics block for a finished table, or a line saying they are on their way.
export function endgame(state, ctx) {
  const memory = ctx.memory;
  if (!memory.stats) {
    memory.stats = { loading: true };
    tableStats(ctx.code).then(
      (data) => {
        memory.stats = { data };
        ctx.rerender();
      },
      (error) => {
        memory.stats = { error: error.message };
        ctx.rerender();
      },
    );
  }
  const { data, error } = memory.stats;
  const body = h("section", { class: "endgame", id: "endgame", "aria-live": "polite" }, h("h3", {}, t("stats.title")));
  if (error) body.append(h("p", { class: "endgame-failed" }, t("stats.failed", { message: error })));
  else if (!data) body.append(h("p", { class: "endgame-loading" }, t("stats.loading")));
  else if (data.family === "undercover") body.append(...undercover(data, ctx));
  else body.append(...cross(data, state));
  const rated = ratingBlock(state, ctx);
  if (rated) body.append(rated);
  return body;
}

const of = (a, b) => t("stats.of", { a, b });

// A table whose cell `named` (the player) heads its row. Each cell carries its column's
// label: a phone shows every row as a card of labelled figures (geodeck.css), so that no
// table is wider than the page; the roles keep it a table for screen readers then.
function sheet(id, headers, rows, named = 1) {
  const cell = (text, i) =>
    i === named
      ? h("th", { scope: "row", role: "rowheader", "data-label": headers[i] }, text)
      : h("td", { role: "cell", "data-label": headers[i] }, text);
  return h(
    "div",
    { class: "endgame-scroll" },
    h(
      "table",
      { class: "endgame-table", id, role: "table" },
      h("thead", { role: "rowgroup" }, h("tr", { role: "row" }, headers.map((label) => h("th", { scope: "col", role: "columnheader" }, label)))),
      h("tbody", { role: "rowgroup" }, rows.map(([seat, winner, cells]) => h("tr", { role: "row", "data-seat": seat, class: winner ? "winner" : "" }, cells.map(cell)))),
    ),
  );
}

// The ranking's rows, each seat's figures after its place, name and score.
function ranked(data, figures) {
  return data.ranking.map((entry) => [entry.seat, entry.winner, [String(entry.place), entry.name, String(entry.score), ...figures(data.players[entry.seat])]]);
}

const HEAD = () => [t("stats.place"), t("stats.player"), t("stats.score")];

function cross(data, state) {
  const names = data.players.map((p) => p.name);
  const play = sheet(
    "endgame-players",
    [...HEAD(), t("stats.cardsRight"), t("stats.challengesWon"), t("stats.cardsLost"), t("stats.exactGuesses")],
    ranked(data, (p) => [of(p.placed_right, p.placed), of(p.challenges_won, p.challenges_made), of(p.challenged_lost, p.challenged), of(p.exact_guesses, p.guesses.length)]),
  );
  const chips = sheet(
    "endgame-chips",
    [t("stats.player"), ...CAUSES.map((cause) => t(`stats.cause.${cause}`))],
    data.ranking.map((entry) => {
      const p = data.players[entry.seat];
      return [entry.seat, entry.winner, [p.name, ...CAUSES.map((cause) => signed(p.chips_won[cause], p.chips_lost[cause]))]];
    }),
    0,
  );
  const cards = state.view.cards || {};
  const hardest = data.hardest.length
    ? h(
        "ol",
        { class: "endgame-hardest", id: "endgame-hardest" },
        data.hardest.map((card) =>
          h(
            "li",
            { "data-card": card.card },
            h("strong", {}, cards[card.card] ? nameOf(cards[card.card]) : card.name),
            " — ",
            card.caught === "challenge" ? t("stats.caught", { placer: names[card.placed_by], by: names[card.by] }) : t("stats.setAside", { placer: names[card.placed_by] }),
          ),
        ),
      )
    : h("p", { class: "endgame-hardest", id: "endgame-hardest" }, t("stats.noneWrong"));
  return [play, h("h4", {}, t("stats.chips")), chips, h("h4", {}, t("stats.hardestCards")), hardest];
}

function signed(won, lost) {
  const parts = [won ? `+${won}` : "", lost ? `−${lost}` : ""].filter(Boolean);
  return parts.length ? parts.join(" ") : "0";
}

// A hidden country's name in the page's language: from its card where this page has seen
// it, else as the Undercover pages name it (countryName); the statistics name it in English.
function countryLabel(ctx, r) {
  const known = (ctx.memory.countries || {})[r.country];
  if (known) return nameOf(known);
  return lang() === "en" ? r.name : countryName(ctx, r.country);
}

function undercover(data, ctx) {
  const names = data.players.map((p) => p.name);
  const play = sheet(
    "endgame-players",
    [...HEAD(), t("stats.stonesRight"), t("stats.perRound"), t("stats.discovered"), t("stats.toDiscovery")],
    ranked(data, (p) => [
      of(p.stones_right, p.stones),
      p.rounds.map((r) => `${r.right}/${r.stones}`).join(" · ") || "–",
      of(p.discovered, p.undercover),
      p.questions_to_discovery.join(", ") || "–",
    ]),
  );
  const hardest = h(
    "ol",
    { class: "endgame-hardest", id: "endgame-hardest" },
    data.hardest.map((r) =>
      h(
        "li",
        { "data-country": r.country },
        h("strong", {}, countryLabel(ctx, r)),
        " — ",
        t(r.discovered ? "stats.found" : "stats.notFound", { round: r.round, name: names[r.undercover], count: r.asked, right: r.stones_right, stones: r.stones }),
      ),
    ),
  );
  return [play, h("h4", {}, t("stats.hardestCountries")), hardest];
}
