// An Undercover round's result while the table waits after it: that round's board with
// every stone, the hidden country, and each player's points with the reason for them.
// Built from the history, since the view has moved on to the next round.

import { h } from "../dom.js";
import { flag } from "../flags.js";
import { t } from "../i18n.js";
import { seatName } from "../seats.js";
import { boardMap } from "./board.js";
import { countryName } from "./notes.js";
import { lastResult } from "./sheet.js";

// The layout and the stones of round `round`, from the history.
function roundBoard(history, round) {
  let layout = null;
  const stones = {};
  for (const event of history) {
    if (event.event === "round") {
      if (layout) break;
      if (event.round === round) layout = event.layout;
    } else if (layout && event.event === "stone") {
      (stones[event.country] = stones[event.country] || []).push({ seat: event.seat, size: event.size });
    } else if (layout && event.event === "reveal") {
      break;
    }
  }
  return layout ? { layout, stones } : null;
}

function pointsLine(state, ctx, result, stones, seat) {
  const name = seatName(state, seat);
  if (seat === result.undercover) return t("uc.pointsUndercover", { name });
  const mine = stones.filter((stone) => stone.seat === seat);
  if (!mine.length) return t("uc.pointsNone", { name });
  return t("uc.pointsFor", {
    name,
    points: result.points[seat],
    country: countryName(ctx, result.country),
    small: mine.filter((stone) => stone.size === "small").length,
    large: mine.filter((stone) => stone.size === "large").length,
  });
}

export function roundResult(state, ctx) {
  const view = state.view;
  const results = view.results || [];
  const last = results[results.length - 1];
  const line = lastResult(state, ctx);
  if (!last || !state.pause) return line;
  const board = roundBoard(view.history || [], last.round);
  if (!board) return line;
  const known = ctx.memory.countries || {};
  const then = {
    ...state,
    legal: [],
    view: { ...view, layout: board.layout.map((id) => known[id] || { id, colour: "" }), stones: board.stones, hidden: { country: last.country } },
  };
  const none = { kind: null, countries: new Set(), size: null };
  const onHidden = board.stones[last.country] || [];
  return h(
    "section",
    { class: "panel round-moment", id: "round-moment", "data-round": last.round },
    line,
    h("h3", {}, flag({ id: last.country }), " ", t("uc.roundBoard", { n: last.round })),
    h("div", { class: "map-frame round-board" }, boardMap(then, ctx, none)),
    h("h3", {}, t("uc.points")),
    h(
      "ul",
      { class: "round-points", id: "round-points" },
      state.seats.map((seat) => h("li", { "data-seat": seat.seat }, pointsLine(state, ctx, last, onHidden, seat.seat))),
    ),
  );
}
