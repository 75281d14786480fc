// The cross family's table: the cross (or column) of cards, the turn's prompt, chips,
// the scorings and the history. `update` keeps what a new state changes in the table's
// memory; `render` only reads it.

import { h } from "../dom.js";
import { wantShapes } from "../geo.js";
import { t } from "../i18n.js";
import { historyPanel } from "../log.js";
import { boardPanel, centreOnStart, fitBoard } from "./board.js";
import { fitCards, kindLegend } from "./cards.js";
import { markBeyond, zoomBoard } from "./pan.js";
import { describe } from "./history.js";
import { playersPanel } from "./players.js";
import { guessPrompt, lastVerdict, placePrompt, respondPrompt, verdictPanel } from "./prompts.js";
import { mapFiles, scoringsOf, scoringsPanel } from "./scoring.js";

export function update(state, ctx) {
  const view = state.view;
  const memory = ctx.memory;
  if (memory.boardStart !== view.start) {
    memory.boardStart = view.start;
    memory.centreBoard = true;
  }
  const count = scoringsOf(view).length;
  if (memory.seenScorings !== count) {
    memory.seenScorings = count;
    memory.scoringShown = count;
  }
  const verdict = lastVerdict(view);
  if (verdict !== null && memory.verdictIndex !== verdict) {
    memory.verdictIndex = verdict;
    memory.verdictAt = Date.now();
  }
  for (const file of mapFiles(view)) wantShapes(memory, file, ctx.rerender);
}

// Beside the board on a wide screen (where the side column sticks): the column ends above
// the Chat button, or the window's bottom, wherever the page is scrolled to.
export function afterScroll(root) {
  const side = root.querySelector(".cross-side");
  if (!side) return;
  const style = getComputedStyle(side);
  if (style.position !== "sticky") {
    side.style.maxHeight = "";
    return;
  }
  const toggle = document.querySelector(".chat-toggle");
  const chat = toggle && toggle.offsetParent !== null ? toggle.getBoundingClientRect() : null;
  const bottom = chat && chat.top > window.innerHeight / 2 ? chat.top - 8 : window.innerHeight - 12;
  const top = Math.max(side.getBoundingClientRect().top, parseFloat(style.top) || 0);
  side.style.maxHeight = `${Math.max(200, Math.floor(bottom - top))}px`;
}

export function afterRender(root, ctx) {
  zoomBoard(root);
  fitCards(root);
  fitBoard(root);
  centreOnStart(root, ctx.memory);
  markBeyond(root);
  afterScroll(root);
}

export function render(root, state, ctx) {
  const view = state.view;
  const prompt =
    view.phase === "place" ? placePrompt(state, ctx) : view.phase === "respond" ? respondPrompt(state, ctx) : view.phase === "guess" ? guessPrompt(state, ctx) : null;
  const scorings = scoringsPanel(state, ctx);
  const fresh = scorings && scorings.dataset.fresh === "1";
  const title = h("h1", { class: "game-heading" }, view.title, h("small", {}, t(`variant.${view.variant}`)));
  root.append(
    h(
      "div",
      { class: "cross-layout" },
      h(
        "div",
        { class: "cross-main" },
        title,
        verdictPanel(state, ctx),
        prompt,
        fresh ? scorings : null,
        boardPanel(state, ctx),
        fresh ? null : scorings,
      ),
      h("aside", { class: "cross-side" }, playersPanel(state), kindLegend(view), historyPanel(state, ctx, describe)),
    ),
  );
}
