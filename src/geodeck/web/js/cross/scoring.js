// The interim scorings: guesses against the answer, and a map with the scored cards at
// their true positions, the ones set aside marked.

import { h, s } from "../dom.js";
import { EUROPE_BOX, boxAround, countryLayer, fit, inside, shapesOf } from "../geo.js";
import { nameOf, t } from "../i18n.js";
import { seatName } from "../seats.js";
import { valueText } from "./cards.js";

const WIDTH = 640;

const HEIGHT = 460;

// Every scoring in the history: the cards on the table, the start card, the answer.
export function scoringsOf(view) {
  const history = view.history;
  const placed = new Set();
  const out = [];
  let lastReveal = null;
  for (let i = 0; i < history.length; i += 1) {
    const event = history[i];
    if (event.event === "place") placed.add(event.card);
    if (event.event === "reveal") lastReveal = event;
    if (event.event === "check" && lastReveal) {
      const cards = lastReveal.cards;
      const start = cards.find((id) => !placed.has(id)) || null;
      let final = false;
      for (let j = i - 1; j >= 0; j -= 1) {
        if (history[j].event === "scoring") {
          final = history[j].final;
          break;
        }
      }
      const recent = !history.slice(i + 1).some((e) => e.event === "place");
      out.push({ index: out.length + 1, cards, start, aside: new Set(event.set_aside), wrong: event.wrong, guesses: event.guesses, final, recent });
    }
  }
  return out;
}

function guessesTable(state, scoring) {
  const best = Math.min(...scoring.guesses.map((g) => Math.abs(g - scoring.wrong)));
  const exact = best === 0;
  return h(
    "table",
    { class: "guesses" },
    h("caption", {}, t("scoring.guesses")),
    h(
      "tbody",
      {},
      scoring.guesses.map((guess, seat) => {
        const wins = Math.abs(guess - scoring.wrong) === best;
        return h(
          "tr",
          { class: wins ? "wins" : "" },
          h("td", {}, seatName(state, seat)),
          h("td", { class: "num" }, String(guess)),
          h("td", { class: "muted" }, wins ? (exact ? `✓ ${t("scoring.exact")} +2` : `≈ ${t("scoring.close")} +1`) : ""),
        );
      }),
    ),
  );
}

// Labels beside their dots without covering each other: each tries the right of its dot,
// then the left, above and below, and keeps the first place that is free and on the map;
// wrong cards and the start card choose first. A label with no free place is left out
// (the dot's tooltip still names the card).
const CHAR = 7;

const LINE = 11;

function placeLabels(marks) {
  const order = { wrong: 0, start: 1, right: 2 };
  const taken = marks.map((m) => ({ x0: m.x - 6, x1: m.x + 6, y0: m.y - 6, y1: m.y + 6 }));
  const placed = [];
  const free = (b) => b.x0 >= 0 && b.x1 <= WIDTH && b.y0 >= 0 && b.y1 <= HEIGHT && !taken.some((o) => b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1);
  for (const m of [...marks].sort((a, b) => order[a.kind] - order[b.kind])) {
    const w = m.text.length * CHAR;
    const options = [
      { x: m.x + 8, y: m.y + 4, anchor: "start", box: { x0: m.x + 7, x1: m.x + 9 + w, y0: m.y - 6, y1: m.y + 6 } },
      { x: m.x - 8, y: m.y + 4, anchor: "end", box: { x0: m.x - 9 - w, x1: m.x - 7, y0: m.y - 6, y1: m.y + 6 } },
      { x: m.x, y: m.y - 9, anchor: "middle", box: { x0: m.x - w / 2, x1: m.x + w / 2, y0: m.y - 9 - LINE, y1: m.y - 7 } },
      { x: m.x, y: m.y + 17, anchor: "middle", box: { x0: m.x - w / 2, x1: m.x + w / 2, y0: m.y + 7, y1: m.y + 19 } },
    ];
    const chosen = options.find((o) => free(o.box));
    if (!chosen) continue;
    taken.push(chosen.box);
    placed.push({ ...chosen, kind: m.kind, text: m.text });
  }
  return placed;
}

// The box and the shapes file a scoring's map shows: Europe's when every card lies in it.
function mapArea(view, scoring) {
  const cards = scoring.cards.map((id) => view.cards[id]).filter((card) => card && typeof card.lat === "number");
  if (!cards.length) return null;
  const box = boxAround(cards.map((card) => [card.lon, card.lat]));
  return { cards, box, file: inside(box, EUROPE_BOX) ? "europe" : "world" };
}

// The shapes files the scorings' maps need.
export function mapFiles(view) {
  return [...new Set(scoringsOf(view).map((scoring) => mapArea(view, scoring)).filter(Boolean).map((area) => area.file))];
}

function mapFor(view, scoring, memory) {
  const svg = s("svg", { class: "scoring-map", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": t("scoring.show", { n: scoring.index }) });
  const area = mapArea(view, scoring);
  if (!area) return svg;
  const shapes = shapesOf(memory, area.file);
  if (shapes === false) svg.append(s("text", { x: 20, y: 30 }, "—"));
  if (!shapes) return svg;
  const project = fit(area.box, WIDTH, HEIGHT, 0.02);
  svg.append(s("rect", { class: "sea", x: 0, y: 0, width: WIDTH, height: HEIGHT }));
  svg.append(countryLayer(shapes, project, () => ({ class: "land" })));
  const dots = s("g", { class: "dots" });
  const labels = s("g", { class: "labels" });
  const marks = [];
  for (const card of area.cards) {
    const [x, y] = project([card.lon, card.lat]);
    const wrong = scoring.aside.has(card.id);
    const start = card.id === scoring.start;
    const kind = start ? "start" : wrong ? "wrong" : "right";
    const dot = s("g", { class: `dot dot-${kind}`, "data-card": card.id, "data-wrong": String(wrong), transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
    if (start) dot.append(s("path", { d: "M0,-9 L2.5,-2.5 L9,0 L2.5,2.5 L0,9 L-2.5,2.5 L-9,0 L-2.5,-2.5Z" }));
    else dot.append(s("circle", { r: 5.5 }));
    if (wrong) dot.append(s("path", { class: "cross-mark", d: "M-3,-3L3,3M3,-3L-3,3" }));
    dot.append(s("title", {}, `${nameOf(card)} — ${card.printed || ""}`));
    dots.append(dot);
    const value = view.variant === "geo" ? "" : valueText(card, view.variant);
    marks.push({ x, y, kind, text: value ? `${nameOf(card)} ${value}` : nameOf(card) });
  }
  for (const label of placeLabels(marks)) {
    labels.append(s("text", { x: label.x.toFixed(1), y: label.y.toFixed(1), "text-anchor": label.anchor, class: `label label-${label.kind}` }, label.text));
  }
  svg.append(dots, labels);
  return svg;
}

export function scoringsPanel(state, ctx) {
  const view = state.view;
  const scorings = scoringsOf(view);
  if (!scorings.length) return null;
  const memory = ctx.memory;
  const latest = scorings[scorings.length - 1];
  const shown = scorings.find((sc) => sc.index === memory.scoringShown) || latest;
  const tabs = h(
    "div",
    { class: "tabs", role: "tablist" },
    scorings.map((sc) =>
      h(
        "button",
        {
          type: "button",
          role: "tab",
          class: ["tab", sc === shown && "active"],
          "aria-selected": String(sc === shown),
          onclick: () => {
            memory.scoringShown = sc.index;
            ctx.rerender();
          },
        },
        sc.final ? `${sc.index} · ${t("scoring.final")}` : String(sc.index),
      ),
    ),
  );
  const panel = h(
    "section",
    { class: "panel scorings", id: "scorings", "data-count": scorings.length },
    h("div", { class: "scoring-head" }, h("h3", {}, t("scoring.title", { n: shown.index })), tabs),
    h(
      "div",
      { class: "scoring-body" },
      h("div", { class: "map-frame" }, mapFor(view, shown, memory)),
      h(
        "div",
        { class: "scoring-facts" },
        h("p", { class: "answer", id: "scoring-answer" }, t("scoring.answer", { n: shown.wrong })),
        guessesTable(state, shown),
        h(
          "ul",
          { class: "legend" },
          h("li", {}, h("span", { class: "key key-right" }), t("scoring.legendRight")),
          h("li", {}, h("span", { class: "key key-wrong" }), t("scoring.legendWrong")),
          h("li", {}, h("span", { class: "key key-start" }), t("scoring.legendStart")),
        ),
      ),
    ),
  );
  if (latest.recent && shown === latest) panel.dataset.fresh = "1";
  return panel;
}
