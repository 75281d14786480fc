// Undercover in Europa's table: the board (a map of Europe and the country cards), the
// round's questions, the hider's answers, the seekers' stones, the commitment and the score
// sheet. `update` keeps what a new state changes in the table's memory; `render` only reads it.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { historyPanel } from "../log.js";
import { boardMap, countryCard, fitNames, microList } from "./board.js";
import { describe } from "./history.js";
import { choices, note } from "./notes.js";
import { promptPanel } from "./prompt.js";
import { roundResult } from "./result.js";
import { questionsPanel, roundBar, scoreSheet } from "./sheet.js";

export function update(state, ctx) {
  note(state, ctx);
}

export function afterRender(root) {
  fitNames(root);
}

export function render(root, state, ctx) {
  const view = state.view;
  const can = choices(state, ctx);
  const title = h("h1", { class: "game-heading" }, view.title, h("small", {}, t(`variant.${view.variant}`)));
  const cards = h("div", { class: ["country-cards", `n${view.layout.length}`], id: "countries" }, view.layout.map((c) => countryCard(state, ctx, can, c)));
  root.append(
    h(
      "div",
      { class: ["uc-layout", can.kind && `can-${can.kind}`] },
      h("div", { class: "uc-head" }, title, roundBar(state, ctx)),
      roundResult(state, ctx),
      promptPanel(state, ctx, can),
      h("section", { class: "uc-board", id: "board" }, h("div", { class: "map-frame" }, boardMap(state, ctx, can), microList(state, ctx, can)), cards),
      h("div", { class: "uc-bottom" }, questionsPanel(state), scoreSheet(state, ctx), historyPanel(state, ctx, describe)),
    ),
  );
}
