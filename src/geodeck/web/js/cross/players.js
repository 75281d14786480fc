// The players' chips, exchanged cards and scores, the supply and the piles.

import { h } from "../dom.js";
import { nameOf, t } from "../i18n.js";
import { seatBadge } from "../seats.js";

export function playersPanel(state) {
  const view = state.view;
  return h(
    "section",
    { class: "panel players", id: "players" },
    h(
      "table",
      { class: "chips" },
      h("thead", {}, h("tr", {}, h("th", {}, t("cross.players")), h("th", {}, t("cross.chips")), h("th", {}, t("cross.exchanged")), h("th", {}, t("cross.score")))),
      h(
        "tbody",
        {},
        view.seats.map((seat) =>
          h(
            "tr",
            { class: [view.turn === seat.seat && "turn", state.you === seat.seat && "me"], "data-seat": seat.seat },
            h("td", {}, seatBadge(state, seat.seat)),
            h("td", { class: "num" }, h("span", { class: "chip-icon", "aria-hidden": "true" }), String(seat.chips)),
            h("td", { class: "num", title: seat.exchanged.map((id) => nameOf(view.cards[id])).join(", ") }, String(seat.exchanged.length)),
            h("td", { class: "num score" }, String(seat.score)),
          ),
        ),
      ),
      h("tfoot", {}, h("tr", {}, h("td", {}, t("cross.supply")), h("td", { class: "num", colspan: 3 }, h("span", { class: "chip-icon", "aria-hidden": "true" }), `${view.supply} / ${view.box}`))),
    ),
    h(
      "p",
      { class: "pile-info" },
      h("span", {}, t("cross.drawLeft", { n: view.draw_left })),
      view.phase !== "finished" ? h("span", {}, t("cross.untilScoring", { n: view.until_scoring })) : null,
    ),
  );
}
