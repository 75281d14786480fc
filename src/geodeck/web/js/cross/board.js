// The cross (west–east row and north–south column through the start card) or the single
// column, with the gaps where the drawn card may go, and the arrow keys between them.

import { h, s } from "../dom.js";
import { nameOf, t } from "../i18n.js";
import { cardFace, whereText } from "./cards.js";

function compass() {
  return s(
    "svg",
    { class: "compass", viewBox: "0 0 100 100", preserveAspectRatio: "none", "aria-hidden": "true" },
    s("path", { class: "rose", d: "M50 0 L57 43 L100 50 L57 57 L50 100 L43 57 L0 50 L43 43 Z" }),
    s("path", { class: "rose", d: "M22 22 L53 47 L78 22 L53 53 L78 78 L47 53 L22 78 L47 47 Z" }),
    s("path", { class: "rose rose-north", d: "M50 0 L57 43 L43 43 Z" }),
  );
}

function slotKey(line, at) {
  return `slot:${line}:${at}`;
}

function slotEl(view, line, at, open, ctx, vertical) {
  const key = `${line}:${at}`;
  const placeable = open.has(key);
  const classes = ["slot", vertical ? "slot-v" : "slot-h", placeable && "open"];
  if (!placeable) return h("div", { class: classes, "data-line": line, "data-at": at });
  const card = view.cards[view.current];
  const where = whereText(view, line, at, true);
  return h(
    "button",
    {
      type: "button",
      class: classes,
      "data-line": line,
      "data-at": at,
      "data-legal": "true",
      "data-focus": slotKey(line, at),
      title: where,
      "aria-label": t("cross.placeHere", { card: nameOf(card), where }),
      onfocus: () => {
        ctx.memory.sel = { line, at };
      },
      onclick: () => ctx.act({ act: "place", line, at }),
    },
    h("span", { class: "slot-plus", "aria-hidden": "true" }, "+"),
  );
}

function at(el, row, col) {
  el.style.gridRow = String(row);
  el.style.gridColumn = String(col);
  return el;
}

function tracks(count, slot, card) {
  const out = ["var(--label)"];
  for (let i = 0; i < count; i += 1) out.push(slot, card);
  out.push(slot, "var(--label)");
  return out.join(" ");
}

function cardClasses(view, id) {
  const extra = [];
  if (id === view.start) extra.push("start");
  const placed = view.placed;
  if (placed && placed.card === id) extra.push("pending");
  if (placed && placed.neighbours.includes(id)) extra.push("neighbour");
  return extra;
}

function placedCard(view, id) {
  const el = cardFace(view, id, { extra: cardClasses(view, id) });
  if (id === view.start) {
    const holder = h("div", { class: "start-holder" }, compass(), el);
    return holder;
  }
  return el;
}

function geoBoard(view, open, ctx) {
  const we = view.lines["west-east"];
  const ns = view.lines["north-south"];
  const s0 = we.indexOf(view.start);
  const t0 = ns.indexOf(view.start);
  const board = h("div", { class: "board cross-board", role: "group", "aria-label": t("line.west-east") });
  board.style.gridTemplateColumns = tracks(we.length, "var(--slot)", "var(--card-w)");
  board.style.gridTemplateRows = tracks(ns.length, "var(--slot)", "var(--card-h)");
  const row = (i) => 2 * (ns.length - 1 - i) + 3;
  const col = (i) => 2 * i + 3;
  const startRow = row(t0);
  const startCol = col(s0);
  we.forEach((id, i) => board.append(at(placedCard(view, id), startRow, col(i))));
  ns.forEach((id, i) => {
    if (id !== view.start) board.append(at(placedCard(view, id), row(i), startCol));
  });
  for (let j = 0; j <= we.length; j += 1) board.append(at(slotEl(view, "west-east", j, open, ctx, true), startRow, 2 * j + 2));
  for (let j = 0; j <= ns.length; j += 1) board.append(at(slotEl(view, "north-south", j, open, ctx, false), 2 * (ns.length - j) + 2, startCol));
  const lastCol = 2 * we.length + 3;
  const lastRow = 2 * ns.length + 3;
  board.append(
    at(h("div", { class: "end-label end-w" }, t("end.west")), startRow, 1),
    at(h("div", { class: "end-label end-e" }, t("end.east")), startRow, lastCol),
    at(h("div", { class: "end-label end-n" }, t("end.north")), 1, startCol),
    at(h("div", { class: "end-label end-s" }, t("end.south")), lastRow, startCol),
  );
  return board;
}

function columnBoard(view, open, ctx) {
  const ids = view.lines.column;
  const board = h("div", { class: "board column-board" });
  board.style.gridTemplateColumns = "var(--card-w)";
  board.style.gridTemplateRows = tracks(ids.length, "var(--slot)", "var(--card-h)");
  const row = (i) => 2 * (ids.length - 1 - i) + 3;
  ids.forEach((id, i) => board.append(at(placedCard(view, id), row(i), 1)));
  for (let j = 0; j <= ids.length; j += 1) board.append(at(slotEl(view, "column", j, open, ctx, false), 2 * (ids.length - j) + 2, 1));
  const what = t(`variant.${view.variant}`);
  board.append(
    at(h("div", { class: "end-label end-n" }, `▲ ${t("cross.larger")}`), 1, 1),
    at(h("div", { class: "end-label end-s", title: what }, `▼ ${t("cross.smaller")}`), 2 * ids.length + 3, 1),
  );
  return board;
}

// Arrow keys move between open gaps: along a line, and across at the start card.
function onBoardKey(event, view, open, ctx) {
  const keys = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };
  const dir = keys[event.key];
  if (!dir || open.size === 0) return;
  event.preventDefault();
  const lines = view.lines;
  let sel = ctx.memory.sel && open.has(`${ctx.memory.sel.line}:${ctx.memory.sel.at}`) ? ctx.memory.sel : null;
  let next;
  if (!sel) {
    const first = "column" in lines ? "column" : dir === "up" || dir === "down" ? "north-south" : "west-east";
    const centre = lines[first].indexOf(view.start);
    next = { line: first, at: dir === "left" || dir === "down" ? centre : centre + 1 };
  } else if (sel.line === "column") {
    const step = dir === "up" || dir === "right" ? 1 : -1;
    next = { line: "column", at: sel.at + step };
  } else {
    const along = sel.line === "west-east" ? ["left", "right"] : ["down", "up"];
    if (along.includes(dir)) {
      next = { line: sel.line, at: sel.at + (dir === along[1] ? 1 : -1) };
    } else {
      const other = sel.line === "west-east" ? "north-south" : "west-east";
      const centre = lines[other].indexOf(view.start);
      next = { line: other, at: dir === "left" || dir === "down" ? centre : centre + 1 };
    }
  }
  if (!open.has(`${next.line}:${next.at}`)) return;
  ctx.memory.sel = next;
  const button = ctx.root.querySelector(`[data-focus="${slotKey(next.line, next.at)}"]`);
  if (button) {
    button.focus();
    button.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}

export function boardPanel(state, ctx) {
  const view = state.view;
  const open = new Set(state.legal.filter((a) => a.act === "place").map((a) => `${a.line}:${a.at}`));
  const lines = view.lines;
  const empty = Object.values(lines).every((ids) => ids.length === 0);
  if (empty) return null;
  const board = "column" in lines ? columnBoard(view, open, ctx) : geoBoard(view, open, ctx);
  if (open.size) board.classList.add("placing");
  const scroll = h("div", { class: "board-scroll", tabindex: -1, onkeydown: (event) => onBoardKey(event, view, open, ctx) }, board);
  return h("section", { class: "board-wrap", id: "board" }, scroll);
}

// After a render: a new start card is brought to the middle of the board's view.
export function centreOnStart(root, memory) {
  if (!memory.centreBoard) return;
  const start = root.querySelector(".card.start");
  const area = root.querySelector(".board-scroll");
  if (!start || !area) return;
  memory.centreBoard = false;
  const a = area.getBoundingClientRect();
  const c = start.getBoundingClientRect();
  area.scrollLeft += c.left + c.width / 2 - (a.left + a.width / 2);
  area.scrollTop += c.top + c.height / 2 - (a.top + a.height / 2);
}
