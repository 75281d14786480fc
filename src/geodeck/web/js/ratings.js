// Ratings in the page (docs/ratings.md): the player's nickname and rating per family in
// the lobby, each bot level's fixed rating beside the level picker with the level nearest
// the player's marked, and each seat's rating before and after at the end of a game.

import { playerMe, tableInfo } from "./api.js";
import { h } from "./dom.js";
import { BOT_RATINGS, GAMES } from "./games.js";
import { t } from "./i18n.js";
import { keepNickname, nickname, player } from "./player.js";

const FAMILIES = ["cross", "undercover"];
const DAILY_GAMES = ["uppsala", "buxtehude", "italia", "world"];

let me = null;
let asked = false;

// The player's ratings as the server last said ({family: {rating, games}}); asked once.
function known(onChange) {
  if (!asked) {
    asked = true;
    playerMe(player().key).then(
      (found) => {
        me = found;
        onChange();
      },
      () => {
        me = { nickname: nickname(), ratings: {} };
      },
    );
  }
  return me ? me.ratings : {};
}

export function myRating(family) {
  const found = me && me.ratings[family];
  return found ? found.rating : 0;
}

// The bot level whose rating is nearest the player's.
export function yourLevel(family) {
  const levels = BOT_RATINGS[family] || {};
  let best = null;
  for (const [level, rating] of Object.entries(levels)) {
    if (best === null || Math.abs(rating - myRating(family)) < Math.abs(levels[best] - myRating(family))) best = level;
  }
  return best;
}

// A bot level's name in the picker: its rating, and "your level" on the nearest one.
export function levelLabel(level, game) {
  const family = GAMES[game] ? GAMES[game].family : "cross";
  const rating = (BOT_RATINGS[family] || {})[level];
  const base = `${t("lobby.bot")}: ${t(`level.${level}`)}`;
  if (rating === undefined) return base;
  const mark = yourLevel(family) === level ? ` · ${t("rating.yourLevel")}` : "";
  return `${base} (${rating})${mark}`;
}

// Under the seats: the player's rating and the bot level nearest it; before a first rated
// game, no rating of 0 but a level to start with, as the ratings panel says "not rated yet".
export function levelHint(game) {
  const family = GAMES[game] ? GAMES[game].family : "cross";
  const level = yourLevel(family);
  if (!level) return null;
  const rated = Boolean(me && me.ratings[family]);
  const params = { mine: myRating(family), level: t(`level.${level}`), rating: BOT_RATINGS[family][level] };
  const said = t(rated ? "rating.levelHint" : "rating.levelHintNew", params);
  return h("p", { class: "muted small level-hint", id: "level-hint" }, said);
}

// A family's games, and "provisional" until the server lists the player on its board.
function shownGames(found) {
  const games = t("rating.games", { n: found.games });
  return found.established === false ? `${games} · ${t("rating.provisional")}` : games;
}

// The lobby's panel: nickname, ratings per family, the daily challenges.
export function playerPanel(onChange) {
  const ratings = known(onChange);
  const input = h("input", {
    type: "text",
    id: "nickname",
    maxLength: 40,
    value: nickname(),
    placeholder: t("rating.nicknameHint"),
    "aria-label": t("rating.nickname"),
    oninput: (event) => keepNickname(event.target.value),
    onchange: (event) => keepNickname(event.target.value),
  });
  const rows = FAMILIES.map((family) => {
    const found = ratings[family];
    return h(
      "li",
      { "data-family": family },
      h("span", {}, t(`rating.family.${family}`)),
      h("strong", {}, found ? String(found.rating) : "–"),
      h("small", {}, found ? shownGames(found) : t("rating.none")),
    );
  });
  return h(
    "section",
    { class: "panel me", id: "me" },
    h("h2", {}, t("rating.title")),
    h("label", { class: "field" }, h("span", {}, t("rating.nickname")), input),
    h("ul", { class: "my-ratings" }, rows),
    h("p", { class: "muted small" }, t("rating.explain")),
    h("h3", {}, t("daily.entry")),
    h(
      "div",
      { class: "daily-links" },
      DAILY_GAMES.filter((id) => GAMES[id]).map((id) => h("a", { class: "button ghost", href: `/?daily=${id}`, "data-daily": id }, GAMES[id].title)),
    ),
  );
}

// At the end of a game: each seat's rating before and after, once the server has rated it.
export function ratingChanges(code, memory, rerender) {
  if (memory.ratings === undefined) {
    memory.ratings = null;
    let tries = 0;
    const ask = () =>
      tableInfo(code).then(
        (info) => {
          if (info.ratings) {
            memory.ratings = info.ratings;
            rerender();
          } else if (++tries < 10) setTimeout(ask, 500);
        },
        () => {},
      );
    ask();
  }
  const changes = memory.ratings;
  if (!changes || !changes.some((c) => c)) return null;
  return changes;
}

export function changeText(change) {
  if (!change) return "";
  const diff = change.after - change.before;
  return `${change.before} → ${change.after} (${diff >= 0 ? "+" : ""}${diff})`;
}

// The block under the statistics: each rated seat's name and rating before → after.
export function ratingBlock(state, ctx) {
  const changes = ratingChanges(ctx.code, ctx.memory, ctx.rerender);
  if (!changes) return null;
  const seats = state.seats || [];
  return h(
    "div",
    { class: "endgame-ratings", id: "endgame-ratings" },
    h("h4", {}, t("rating.change")),
    h(
      "ul",
      {},
      changes.map((change, seat) =>
        change ? h("li", { "data-seat": seat }, h("span", {}, seats[seat] ? seats[seat].name : String(seat + 1)), " ", h("strong", {}, changeText(change))) : null,
      ),
    ),
  );
}
