// The cross family's table: the cross (or column) of cards, the turn's prompt, chips, history.

import { h, s } from "./dom.js";
import { nameOf, t } from "./i18n.js";
import { historyPanel } from "./log.js";
import { scoringsPanel, valueText } from "./scoring.js";
import { seatBadge, seatName } from "./seats.js";

const KIND_MARK = { place: "◉", sight: "★", landmark: "★", attraction: "★", mountain: "▲" };

// -- cards --------------------------------------------------------------------------------

function printedParts(card, line) {
  const text = card.printed || "";
  const [lat, lon] = text.split(", ");
  if (!lon) return text;
  const mark = (part, on) => h("span", { class: "coord" }, on ? h("b", {}, part) : part);
  return [mark(`${lat},`, line === "north-south"), " ", mark(lon, line === "west-east")];
}

function cardFace(view, id, { flipped = false, extra = [], line = null } = {}) {
  const card = view.cards[id] || { id, name: id, kind: "place" };
  const seen = card.printed && !flipped;
  const classes = ["card", `kind-${card.kind}`, flipped && "flipped", ...extra];
  const title = seen ? t("cross.seen", { printed: view.variant === "geo" ? card.printed : valueText(card, view.variant) }) : null;
  const body = flipped
    ? h(
        "span",
        { class: "card-back" },
        h("span", { class: "card-name" }, nameOf(card)),
        view.variant === "geo"
          ? h("span", { class: "printed" }, printedParts(card, line))
          : h("span", { class: "printed" }, valueText(card, view.variant)),
      )
    : h(
        "span",
        { class: "card-front" },
        h("span", { class: "card-kind", title: t(`kind.${card.kind}`) }, KIND_MARK[card.kind] || "◉"),
        h("span", { class: "card-name" }, nameOf(card)),
        seen ? h("span", { class: "card-seen", "aria-hidden": "true" }, "◐") : null,
      );
  return h("div", { class: classes, "data-card": id, title }, body);
}

function compass() {
  return s(
    "svg",
    { class: "compass", viewBox: "0 0 100 100", preserveAspectRatio: "none", "aria-hidden": "true" },
    s("path", { class: "rose", d: "M50 0 L57 43 L100 50 L57 57 L50 100 L43 57 L0 50 L43 43 Z" }),
    s("path", { class: "rose", d: "M22 22 L53 47 L78 22 L53 53 L78 78 L47 53 L22 78 L47 47 Z" }),
    s("path", { class: "rose rose-north", d: "M50 0 L57 43 L43 43 Z" }),
  );
}

// -- where a card lies ------------------------------------------------------------------

const SIDES = {
  "west-east": ["west", "east"],
  "north-south": ["south", "north"],
  column: ["below", "above"],
};

// "west of Reims", "above Limburg": the words for a place beyond one end of a line.
function beyond(line, before, name) {
  return t(`where.${SIDES[line][before ? 0 : 1]}`, { a: name });
}

// Words for a gap (`gap` true: between ids[at-1] and ids[at]) or a card at `at`.
function whereText(view, line, at, gap) {
  const ids = view.lines[line];
  const lower = ids[at - 1];
  const upper = gap ? ids[at] : ids[at + 1];
  const name = (id) => nameOf(view.cards[id] || { name: id });
  if (lower !== undefined && upper !== undefined) return t("where.between", { a: name(lower), b: name(upper) });
  if (lower !== undefined) return beyond(line, false, name(lower));
  return beyond(line, true, name(upper));
}

// -- the board ------------------------------------------------------------------------------

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

function boardPanel(state, ctx) {
  const view = state.view;
  const open = new Set(state.legal.filter((a) => a.act === "place").map((a) => `${a.line}:${a.at}`));
  const lines = view.lines;
  const empty = Object.values(lines).every((ids) => ids.length === 0);
  if (empty) return null;
  const board = "column" in lines ? columnBoard(view, open, ctx) : geoBoard(view, open, ctx);
  if (open.size) board.classList.add("placing");
  const scroll = h("div", { class: "board-scroll", tabindex: -1, onkeydown: (event) => onBoardKey(event, view, open, ctx) }, board);
  const fresh = ctx.memory.boardStart !== view.start;
  if (fresh) {
    ctx.memory.boardStart = view.start;
    scroll.dataset.fresh = "1";
    ctx.afterRender = () => {
      const start = ctx.root.querySelector(".card.start");
      const area = ctx.root.querySelector(".board-scroll");
      if (start && area) {
        const a = area.getBoundingClientRect();
        const c = start.getBoundingClientRect();
        area.scrollLeft += c.left + c.width / 2 - (a.left + a.width / 2);
        area.scrollTop += c.top + c.height / 2 - (a.top + a.height / 2);
      }
    };
  }
  return h("section", { class: "board-wrap", id: "board" }, scroll);
}

// -- the turn's prompt -----------------------------------------------------------------

function lastChallenge(view) {
  const history = view.history;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const event = history[i];
    if (event.event === "place" || event.event === "scoring") return null;
    if (event.event === "judge") {
      let challenger = null;
      let placer = null;
      let line = null;
      for (let j = i - 1; j >= 0; j -= 1) {
        if (history[j].event === "challenge" && challenger === null) challenger = history[j].seat;
        if (history[j].event === "place") {
          placer = history[j].seat;
          line = history[j].line;
          break;
        }
      }
      return { ...event, challenger, placer, line };
    }
  }
  return null;
}

function verdictPanel(state) {
  const view = state.view;
  const result = lastChallenge(view);
  if (!result) return null;
  const flip = (id) => cardFace(view, id, { flipped: true, line: result.line, extra: [id === result.card ? "challenged" : "reference"] });
  return h(
    "section",
    { class: ["panel", "verdict", result.right ? "right" : "wrong"], id: "verdict", "data-right": String(result.right) },
    h("h3", {}, t("verdict.title", { name: seatName(state, result.challenger), card: nameOf(view.cards[result.against]) })),
    h("div", { class: "verdict-cards" }, flip(result.card), h("span", { class: "versus" }, "⇄"), flip(result.against)),
    h(
      "p",
      { class: "verdict-text" },
      h("span", { class: "verdict-mark" }, result.right ? "✓ " : "✗ "),
      result.right
        ? t("verdict.right", { card: nameOf(view.cards[result.card]), placer: seatName(state, result.placer) })
        : t("verdict.wrong", { card: nameOf(view.cards[result.card]), challenger: seatName(state, result.challenger) }),
    ),
  );
}

function placePrompt(state, ctx) {
  const view = state.view;
  if (!view.current) return null;
  const mine = state.legal.some((a) => a.act === "place");
  const drawer = view.turn;
  return h(
    "section",
    { class: ["panel", "prompt", mine && "your-turn"], id: "prompt", "data-phase": "place" },
    h(
      "div",
      { class: "drawn" },
      h("div", { class: "drawn-label" }, mine ? t("cross.yourCard") : t("cross.drawn", { name: seatName(state, drawer) })),
      h("div", { class: "drawn-card", id: "drawn-card" }, cardFace(view, view.current, { extra: ["big"] })),
    ),
    h("p", { class: "prompt-text" }, mine ? t("cross.placeHint") : t("cross.waitPlace", { name: seatName(state, drawer) })),
  );
}

function respondPrompt(state, ctx) {
  const view = state.view;
  const placed = view.placed;
  if (!placed) return null;
  const card = nameOf(view.cards[placed.card]);
  const where = whereText(view, placed.line, placed.at, false);
  const mine = state.legal.some((a) => a.act === "accept" || a.act === "challenge");
  const ids = view.lines[placed.line];
  const arrows = { "west-east": ["←", "→"], "north-south": ["↓", "↑"], column: ["↓", "↑"] }[placed.line];
  const buttons = mine
    ? [
        ...state.legal
          .filter((a) => a.act === "challenge")
          .map((a) => {
            const before = ids.indexOf(a.against) < placed.at;
            return h(
              "button",
              {
                type: "button",
                class: "challenge",
                "data-act": "challenge",
                "data-against": a.against,
                "data-side": before ? "before" : "after",
                onclick: () => ctx.act(a),
                onmouseenter: () => mark(ctx, a.against, true),
                onmouseleave: () => mark(ctx, a.against, false),
                onfocus: () => mark(ctx, a.against, true),
                onblur: () => mark(ctx, a.against, false),
              },
              before ? `${arrows[0]} ` : null,
              t("respond.challenge", { card: nameOf(view.cards[a.against]) }),
              before ? null : ` ${arrows[1]}`,
            );
          })
          .sort((a, b) => (a.dataset.side === "before" ? -1 : 1) - (b.dataset.side === "before" ? -1 : 1)),
        h(
          "button",
          {
            type: "button",
            class: "accept primary",
            "data-act": "accept",
            onclick: () => ctx.act(state.legal.find((a) => a.act === "accept")),
          },
          "✓ ",
          t("respond.accept"),
        ),
      ]
    : [];
  const waiting = state.expects.seats.map((i) => seatName(state, i));
  return h(
    "section",
    { class: ["panel", "prompt", mine && "your-turn"], id: "prompt", "data-phase": "respond" },
    h("p", { class: "prompt-title" }, t("respond.title", { name: seatName(state, placed.by), card, where })),
    mine
      ? [h("p", { class: "prompt-text" }, t("respond.question")), h("div", { class: "choices" }, buttons)]
      : h("p", { class: "prompt-text" }, t("respond.wait", { name: waiting.join(", ") })),
  );
}

function mark(ctx, id, on) {
  const el = ctx.root.querySelector(`.board [data-card="${CSS.escape(id)}"]`);
  if (el) el.classList.toggle("target", on);
}

function guessPrompt(state, ctx) {
  const view = state.view;
  const guessing = view.guessing;
  if (!guessing) return null;
  const mine = state.legal.some((a) => a.act === "guess");
  const total = state.seats.length;
  const title = guessing.final ? t("guess.final") : t("guess.interim");
  let form = null;
  if (mine) {
    const memory = ctx.memory;
    const input = h("input", {
      type: "number",
      id: "guess-input",
      min: 0,
      max: guessing.most,
      step: 1,
      inputMode: "numeric",
      value: memory.guess ?? "",
      "data-focus": "guess",
      "aria-label": t("guess.range", { most: guessing.most }),
      oninput: (event) => {
        memory.guess = event.target.value;
      },
    });
    form = h(
      "form",
      {
        class: "guess-form",
        onsubmit: (event) => {
          event.preventDefault();
          const wrong = Number(input.value);
          const action = state.legal.find((a) => a.act === "guess" && a.wrong === wrong);
          if (!action) {
            input.setCustomValidity(t("guess.range", { most: guessing.most }));
            input.reportValidity();
            return;
          }
          memory.guess = "";
          ctx.act(action);
        },
      },
      input,
      h("span", { class: "muted" }, t("guess.range", { most: guessing.most })),
      h("button", { type: "submit", class: "primary", id: "guess-send" }, t("guess.send")),
    );
  }
  return h(
    "section",
    { class: ["panel", "prompt", "guess", mine && "your-turn"], id: "prompt", "data-phase": "guess" },
    h("h3", {}, title),
    mine ? h("p", { class: "prompt-text" }, t("guess.prompt")) : null,
    form,
    guessing.mine !== null && guessing.mine !== undefined ? h("p", { class: "mine", id: "my-guess" }, "🔒 ", t("guess.mine", { n: guessing.mine })) : null,
    h(
      "p",
      { class: "guess-progress" },
      t("guess.progress", { done: guessing.done.length, total }),
      " ",
      state.seats.map((seat) =>
        h("span", { class: ["guessed", guessing.done.includes(seat.seat) && "done"], title: seat.name }, guessing.done.includes(seat.seat) ? "●" : "○"),
      ),
    ),
  );
}

// -- players ---------------------------------------------------------------------------

function playersPanel(state) {
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

// -- the whole table -------------------------------------------------------------------

export function renderCross(root, state, ctx) {
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
        verdictPanel(state),
        prompt,
        fresh ? scorings : null,
        boardPanel(state, ctx),
        fresh ? null : scorings,
      ),
      h("aside", { class: "cross-side" }, playersPanel(state), historyPanel(state, ctx.memory)),
    ),
  );
}
