// A cross larger than its frame. First the cards take a smaller size (a CSS zoom on the
// board), down to the size a phone's cards have, where names stay readable; the gaps keep
// their 44 px. Then the board pans inside a frame that fits the window, and at each edge
// beyond which some of a line lies a button says so ("4 more cards east ▸", "+4 ▸" on a
// phone) and pans the board that way. While the players guess the whole cross is scaled
// into the frame instead (fitBoard), so that they can count the cards.

import { h } from "../dom.js";
import { t } from "../i18n.js";

// The smallest card the zoom may make, in CSS px wide: a phone's card.
const SMALLEST_CARD = 84;
// The frame ends on the window's first screen when that leaves it this many px at least;
// else it never gets less of the window's height than LEAST_HEIGHT, however tall what is
// above it.
const LEAST_FRAME = 120;
const LEAST_HEIGHT = 0.5;

// Each edge of the frame: the side of the line beyond it on a cross and on a column.
const EDGES = {
  left: { geo: "west", column: null, arrow: "◂", before: true },
  right: { geo: "east", column: null, arrow: "▸", before: false },
  top: { geo: "north", column: "above", arrow: "▴", before: true },
  bottom: { geo: "south", column: "below", arrow: "▾", before: true },
};

// The buttons at the frame's edges, hidden until something lies beyond.
export function beyondButtons(frame) {
  return Object.keys(EDGES).map((edge) =>
    h(
      "button",
      {
        type: "button",
        class: ["beyond", `beyond-${edge}`],
        "data-edge": edge,
        hidden: true,
        onclick: () => pan(frame, edge),
      },
      h("span", { class: "beyond-long" }),
      h("span", { class: "beyond-short", "aria-hidden": "true" }),
    ),
  );
}

function pan(frame, edge) {
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const across = edge === "left" || edge === "right";
  const size = 0.8 * (across ? frame.clientWidth : frame.clientHeight);
  const sign = edge === "left" || edge === "top" ? -1 : 1;
  frame.scrollBy({ left: across ? sign * size : 0, top: across ? 0 : sign * size, behavior: still ? "auto" : "smooth" });
}

// The height the frame may take: what the window has below the frame's top (the page
// scrolled to its start), so that its bottom edge is on the first screen; only when that
// is less than LEAST_FRAME px, half the window.
export function frameRoom(frame) {
  const top = frame.getBoundingClientRect().top + window.scrollY;
  const room = window.innerHeight - top - 12;
  if (room >= LEAST_FRAME) return Math.floor(room);
  return Math.floor(Math.max(room, window.innerHeight * LEAST_HEIGHT));
}

function padding(el) {
  const style = getComputedStyle(el);
  return {
    x: parseFloat(style.paddingLeft) + parseFloat(style.paddingRight),
    y: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
  };
}

// After a render, while the players place or respond: the frame takes the window's room,
// and the board the largest zoom at which it fits, but no smaller than a phone's cards.
export function zoomBoard(root) {
  const frame = root.querySelector(".board-scroll:not(.fit)");
  const board = frame && frame.querySelector(".board");
  if (!board) return;
  board.style.zoom = "";
  board.style.removeProperty("--zoom");
  frame.style.maxHeight = `${frameRoom(frame)}px`;
  const pad = padding(frame);
  const card = board.querySelector(".card");
  const floor = card ? Math.min(1, SMALLEST_CARD / card.offsetWidth) : 1;
  // (a pixel's rounding is no reason to zoom)
  const fit = Math.min(1, (frame.clientWidth - pad.x + 2) / board.offsetWidth, (frame.clientHeight - pad.y + 2) / board.offsetHeight);
  const zoom = Math.floor(Math.max(floor, fit) * 1000) / 1000;
  if (zoom >= 1) return;
  board.style.zoom = String(zoom);
  board.style.setProperty("--zoom", String(zoom));
}

// What of the board's line lies beyond each edge of the frame: the cards (whole or in
// part), and whether a gap or the line's end label does.
function beyond(frame, board) {
  const seen = frame.getBoundingClientRect();
  const view = {
    left: seen.left + frame.clientLeft,
    top: seen.top + frame.clientTop,
    right: seen.left + frame.clientLeft + frame.clientWidth,
    bottom: seen.top + frame.clientTop + frame.clientHeight,
  };
  const out = {};
  for (const edge of Object.keys(EDGES)) {
    const across = edge === "left" || edge === "right";
    const axis = across ? "we" : "ns";
    const past = (r) => (edge === "left" || edge === "top" ? r[edge] < view[edge] - 1 : r[edge] > view[edge] + 1);
    const cards = [...board.querySelectorAll(`.card[data-axis="${axis}"], .card[data-axis="start"]`)].filter((el) => past(el.getBoundingClientRect()));
    const rest = [...board.querySelectorAll(`[data-axis="${axis}"]:not(.card)`)].some((el) => past(el.getBoundingClientRect()));
    out[edge] = { cards: cards.length, any: cards.length > 0 || rest };
  }
  return { out, view };
}

// After a render and on every scroll: show, count and place the buttons at the edges.
export function markBeyond(root) {
  const frame = root.querySelector(".board-scroll");
  const board = frame && frame.querySelector(".board");
  if (!board) return;
  const wrap = frame.parentElement;
  const kind = board.classList.contains("column-board") ? "column" : "geo";
  const start = board.querySelector(".card.start") || board.querySelector(".card");
  const { out, view } = beyond(frame, board);
  const at = wrap.getBoundingClientRect();
  const middle = start ? start.getBoundingClientRect() : null;
  const placed = [];
  const obstacles = [...board.querySelectorAll(".card, .slot.open")].map((el) => el.getBoundingClientRect());
  for (const button of wrap.querySelectorAll(":scope > .beyond")) {
    const edge = button.dataset.edge;
    const info = EDGES[edge];
    const side = info[kind];
    const found = out[edge];
    const show = Boolean(side && found.any && !frame.classList.contains("fit"));
    button.hidden = !show;
    if (!show) continue;
    const n = found.cards;
    const words = n ? t(`board.beyond.${side}`, { n }) : t(`board.onward.${side}`);
    const [long, short] = button.children;
    long.textContent = info.before ? `${info.arrow} ${words}` : `${words} ${info.arrow}`;
    short.textContent = info.before ? `${info.arrow} +${n}` : `+${n} ${info.arrow}`;
    button.setAttribute("aria-label", words);
    button.title = words;
    button.dataset.count = String(n);
    button.dataset.side = side;
    place(button, edge, view, at, middle, placed, obstacles);
  }
}

// Beside the line, at the frame's edge: the first of a few places (above or below the
// west–east line at the left or right edge, beside the north–south one at the top or
// bottom edge, then along the edge) that covers no card, no gap where the card may go
// and no button placed before it (in a crowded frame, at least no such button); always
// inside the frame.
function place(button, edge, view, at, middle, placed, obstacles) {
  const across = edge === "left" || edge === "right";
  const w = button.offsetWidth;
  const hgt = button.offsetHeight;
  const line = middle || { top: view.top, bottom: view.bottom, left: view.left, right: view.right };
  const inside = (x, y) => ({
    x: Math.max(view.left + 4, Math.min(x, view.right - w - 4)),
    y: Math.max(view.top + 4, Math.min(y, view.bottom - hgt - 4)),
  });
  const spots = [];
  if (across) {
    const xs = [edge === "left" ? view.left + 4 : view.right - w - 4, edge === "left" ? line.right + 8 : line.left - 8 - w];
    const ys = [line.top - hgt - 6, line.bottom + 6, view.top + 4, view.bottom - hgt - 4, (view.top + view.bottom - hgt) / 2];
    for (const x of xs) for (const y of ys) spots.push(inside(x, y));
  } else {
    const y = edge === "top" ? view.top + 4 : view.bottom - hgt - 4;
    for (const x of [line.right + 8, line.left - 8 - w, view.left + 4, view.right - w - 4, (view.left + view.right - w) / 2]) spots.push(inside(x, y));
  }
  const free = (boxes) => ({ x, y }) => !boxes.some((o) => x < o.right && o.left < x + w && y < o.bottom && o.top < y + hgt);
  // a crowded frame: at least clear of the other buttons
  const spot = spots.find(free([...obstacles, ...placed])) || spots.find(free(placed)) || spots[0];
  button.style.left = `${spot.x - at.left}px`;
  button.style.top = `${spot.y - at.top}px`;
  placed.push({ left: spot.x, top: spot.y, right: spot.x + w, bottom: spot.y + hgt });
}
