// The cross (west–east row and north–south column through the start card) or the single
// column, with the gaps where the drawn card may go, and the arrow keys between them.

import { h, s, touchScreen } from "../dom.js";
import { nameOf, t } from "../i18n.js";
import { cardFace, whereText } from "./cards.js";
import { beyondButtons, frameRoom, markBeyond } from "./pan.js";

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

// The gap the player has tapped on a touch screen, while it is still a legal gap.
function pickedSlot(state, ctx) {
  const pick = ctx.memory.slotPick;
  if (!pick) return null;
  const legal = state.legal.some((a) => a.act === "place" && a.line === pick.line && a.at === pick.at);
  return legal && state.view.current === pick.card ? pick : null;
}

// The axis a line lies along on the board: "we" across, "ns" up and down.
function axisOf(line) {
  return line === "west-east" ? "we" : "ns";
}

// The end of the board a gap lies at ("w", "e", "n", "s"), or null between two cards.
function endOf(view, line, at) {
  const last = at === view.lines[line].length;
  if (at !== 0 && !last) return null;
  if (line === "west-east") return last ? "e" : "w";
  return last ? "n" : "s";
}

function slotEl(view, line, at, open, ctx, vertical, picked) {
  const key = `${line}:${at}`;
  const placeable = open.has(key);
  const chosen = placeable && picked && picked.line === line && picked.at === at;
  const classes = ["slot", vertical ? "slot-v" : "slot-h", placeable && "open", chosen && "picked"];
  const end = endOf(view, line, at);
  if (!placeable) return h("div", { class: classes, "data-line": line, "data-at": at, "data-axis": axisOf(line), "data-end": end });
  const card = view.cards[view.current];
  const where = whereText(view, line, at, true);
  return h(
    "button",
    {
      type: "button",
      class: classes,
      "data-line": line,
      "data-at": at,
      "data-axis": axisOf(line),
      "data-end": end,
      "data-legal": "true",
      "data-focus": slotKey(line, at),
      "aria-pressed": touchScreen() ? String(Boolean(chosen)) : null,
      title: where,
      "aria-label": t("cross.placeHere", { card: nameOf(card), where }),
      onfocus: () => {
        ctx.memory.sel = { line, at };
      },
      // Under a mouse the ghost shows once the pointer moves in the gap, not when the board
      // is drawn again under a pointer at rest (the page just opened, a new state came):
      // the gap under it then may not be the one the player pointed at.
      onpointermove: (event) => {
        if (event.pointerType === "mouse") event.currentTarget.classList.add("pointed");
      },
      onpointerleave: (event) => event.currentTarget.classList.remove("pointed"),
      // A touch first shows the card in the gap; the confirm button then places it.
      onclick: () => {
        if (touchScreen()) {
          ctx.memory.slotPick = { line, at, card: view.current };
          ctx.rerender();
        } else {
          ctx.act({ act: "place", line, at });
        }
      },
    },
    h("span", { class: "slot-mark", "aria-hidden": "true" }, "+"),
    h("span", { class: ["slot-ghost", `kind-${card.kind}`], "aria-hidden": "true" }, h("span", { class: "card-name" }, nameOf(card))),
  );
}

// The bar that places the tapped card, or lets the player pick another gap.
function confirmBar(view, picked, ctx) {
  const card = view.cards[view.current];
  return h(
    "div",
    { class: "place-confirm-bar", id: "place-confirm-bar", role: "group" },
    h("span", { class: "place-confirm-text" }, t("cross.placeHere", { card: nameOf(card), where: whereText(view, picked.line, picked.at, true) })),
    h(
      "span",
      { class: "place-confirm-buttons" },
      h(
        "button",
        {
          type: "button",
          class: "big",
          id: "place-cancel",
          onclick: () => {
            ctx.memory.slotPick = null;
            ctx.rerender();
          },
        },
        t("cross.cancel"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "primary big",
          id: "place-confirm",
          onclick: () => {
            ctx.memory.slotPick = null;
            ctx.act({ act: "place", line: picked.line, at: picked.at });
          },
        },
        t("cross.confirmPlace"),
      ),
    ),
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

function placedCard(view, id, axis) {
  const el = cardFace(view, id, { extra: cardClasses(view, id) });
  el.dataset.axis = id === view.start ? "start" : axis;
  if (id === view.start) {
    const holder = h("div", { class: "start-holder" }, compass(), el);
    return holder;
  }
  return el;
}

function geoBoard(view, open, ctx, picked) {
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
  we.forEach((id, i) => board.append(at(placedCard(view, id, "we"), startRow, col(i))));
  ns.forEach((id, i) => {
    if (id !== view.start) board.append(at(placedCard(view, id, "ns"), row(i), startCol));
  });
  for (let j = 0; j <= we.length; j += 1) board.append(at(slotEl(view, "west-east", j, open, ctx, true, picked), startRow, 2 * j + 2));
  for (let j = 0; j <= ns.length; j += 1) board.append(at(slotEl(view, "north-south", j, open, ctx, false, picked), 2 * (ns.length - j) + 2, startCol));
  const lastCol = 2 * we.length + 3;
  const lastRow = 2 * ns.length + 3;
  board.append(
    at(h("div", { class: "end-label end-w", "data-axis": "we" }, t("end.west")), startRow, 1),
    at(h("div", { class: "end-label end-e", "data-axis": "we" }, t("end.east")), startRow, lastCol),
    at(h("div", { class: "end-label end-n", "data-axis": "ns" }, t("end.north")), 1, startCol),
    at(h("div", { class: "end-label end-s", "data-axis": "ns" }, t("end.south")), lastRow, startCol),
  );
  return board;
}

function columnBoard(view, open, ctx, picked) {
  const ids = view.lines.column;
  const board = h("div", { class: "board column-board" });
  board.style.gridTemplateColumns = "var(--card-w)";
  board.style.gridTemplateRows = tracks(ids.length, "var(--slot)", "var(--card-h)");
  const row = (i) => 2 * (ids.length - 1 - i) + 3;
  ids.forEach((id, i) => board.append(at(placedCard(view, id, "ns"), row(i), 1)));
  for (let j = 0; j <= ids.length; j += 1) board.append(at(slotEl(view, "column", j, open, ctx, false, picked), 2 * (ids.length - j) + 2, 1));
  const what = t(`variant.${view.variant}`);
  board.append(
    at(h("div", { class: "end-label end-n", "data-axis": "ns" }, `▲ ${t("cross.larger")}`), 1, 1),
    at(h("div", { class: "end-label end-s", "data-axis": "ns", title: what }, `▼ ${t("cross.smaller")}`), 2 * ids.length + 3, 1),
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
  const picked = pickedSlot(state, ctx);
  const board = "column" in lines ? columnBoard(view, open, ctx, picked) : geoBoard(view, open, ctx, picked);
  if (open.size) board.classList.add("placing");
  if (picked) board.classList.add("has-pick");
  // While the players guess, the whole cross is shown at once (fitBoard scales it).
  const fit = view.phase === "guess";
  const inner = fit ? h("div", { class: "board-fit" }, board) : board;
  const scroll = h(
    "div",
    { class: ["board-scroll", fit && "fit"], tabindex: -1, onkeydown: (event) => onBoardKey(event, view, open, ctx), onscroll: (event) => markBeyond(event.currentTarget.parentElement) },
    inner,
  );
  return h("section", { class: "board-wrap", id: "board" }, scroll, beyondButtons(scroll), picked ? confirmBar(view, picked, ctx) : null);
}

// After a render: a board marked to fit is scaled down (a transform, so the cards keep the
// layout and type they have at full size) until all of it shows in its frame, and the
// frame in the window below what is above it; the frame takes the scaled size, so nothing
// scrolls inside it.
export function fitBoard(root) {
  const sizer = root.querySelector(".board-fit");
  const board = sizer && sizer.querySelector(".board");
  if (!board) return;
  const area = sizer.parentElement;
  for (const el of [sizer, board]) el.style.width = el.style.height = el.style.transform = "";
  const style = getComputedStyle(area);
  const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const width = area.clientWidth - padX;
  const height = frameRoom(area) - padY;
  const w = board.offsetWidth;
  const hgt = board.offsetHeight;
  const scale = Math.min(1, width / w, height / hgt);
  if (scale >= 1) return;
  const k = Math.floor(scale * 1000) / 1000;
  board.style.width = `${w}px`;
  board.style.transformOrigin = "0 0";
  board.style.transform = `scale(${k})`;
  sizer.style.width = `${Math.ceil(w * k)}px`;
  sizer.style.height = `${Math.ceil(hgt * k)}px`;
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
