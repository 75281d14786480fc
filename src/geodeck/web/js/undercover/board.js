// The Undercover board: a map of Europe with the laid-out countries in their colours and the
// stones on them, and the country cards beside it.

import { h, s } from "../dom.js";
import { flag } from "../flags.js";
import { countryLayer, fit, shapesOf } from "../geo.js";
import { lang, nameOf, number, t } from "../i18n.js";
import { labelSize, placeLabels } from "../labels.js";
import { seatColour } from "../seats.js";
import { countryIn, countryOn } from "./notes.js";

const COLOURS = {
  nordic: "#2f6fb3",
  west: "#c8453b",
  southwest: "#e0a030",
  central: "#4f9a4a",
  balkans: "#8a62b8",
  east: "#7a6248",
};

const BOARD_BOX = [-24, 34, 45, 71];

const MAP_W = 640;

const MAP_H = 560;

const HIT_R = 16;

function colourOf(country) {
  if (typeof country.hex === "string") return country.hex;
  if (typeof country.colour_hex === "string") return country.colour_hex;
  if (COLOURS[country.colour]) return COLOURS[country.colour];
  let hash = 0;
  for (const c of String(country.colour)) hash = (hash * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${hash} 45% 50%)`;
}

function pickCountry(state, ctx, can, id) {
  if (!can.countries.has(id)) return;
  if (can.kind === "hide") {
    ctx.memory.hidePick = id;
    ctx.rerender();
  } else if (can.kind === "stone") {
    const action = state.legal.find((a) => a.act === "stone" && a.country === id && a.size === can.size);
    if (action) ctx.act(action);
  }
}

function stonesOn(view, id) {
  return (view.stones && view.stones[id]) || [];
}

function stoneDots(stones) {
  return stones.map((stone) =>
    h("span", {
      class: ["stone", stone.size === "large" && "large"],
      style: { background: seatColour(stone.seat) },
      title: t(stone.size === "large" ? "uc.large" : "uc.small"),
      "data-seat": stone.seat,
      "data-size": stone.size,
    }),
  );
}

/** What a card's population counts where an area is disputed ("with Transnistria"). */
function territory(country) {
  const note = country[`territory_${lang()}`] || country.territory_en;
  return note ? h("span", { class: "cc-territory" }, note) : null;
}

export function countryCard(state, ctx, can, country) {
  const view = state.view;
  const id = country.id;
  const hidden = view.hidden && view.hidden.country === id;
  const picked = ctx.memory.hidePick === id && can.kind === "hide";
  const open = can.countries.has(id);
  const stones = stonesOn(view, id);
  const rank = (n) => (n ? h("span", { class: "rank" }, t("uc.rank", { n })) : null);
  const body = [
    // The vehicle code rides in the name band, however many lines the name takes.
    h(
      "span",
      { class: "cc-band" },
      flag(country),
      h("span", { class: "cc-name" }, nameOf(country)),
      country.vehicle ? h("span", { class: "vehicle", title: t("uc.vehicle") }, country.vehicle) : null,
    ),
    h(
      "span",
      { class: "cc-body" },
      country.capital
        ? h("span", { class: "cc-row" }, h("span", { class: "cc-key" }, t("uc.capital")), h("span", { class: "cc-val" }, country[`capital_${lang()}`] || country.capital))
        : null,
      country.area !== undefined
        ? h("span", { class: "cc-row" }, h("span", { class: "cc-key" }, t("uc.area")), h("span", { class: "cc-val" }, `${number(country.area, country.area < 10 ? 2 : 0)} km²`, rank(country.area_rank)))
        : null,
      country.population !== undefined
        ? h("span", { class: "cc-row" }, h("span", { class: "cc-key" }, t("uc.population")), h("span", { class: "cc-val" }, number(country.population), country.population_year ? h("span", { class: "cc-year", title: t("uc.populationYear", { year: country.population_year }) }, ` (${country.population_year})`) : null, rank(country.population_rank)), territory(country))
        : null,
    ),
    h("span", { class: "cc-stones" }, stoneDots(stones)),
    hidden ? h("span", { class: "cc-hidden" }, "🕵") : null,
  ];
  const attrs = {
    class: ["country-card", open && "open", hidden && "hidden-here", picked && "picked"],
    style: { "--colour": colourOf(country) },
    "data-country": id,
    "data-open": String(open),
  };
  if (open) {
    return h(
      "button",
      {
        ...attrs,
        type: "button",
        "data-focus": `country:${id}`,
        "aria-label": can.kind === "hide" ? t("uc.hide", { place: countryIn(ctx, id) }) : t("uc.placeOn", { place: countryOn(ctx, id) }),
        onclick: () => pickCountry(state, ctx, can, id),
      },
      body,
    );
  }
  return h("div", attrs, body);
}

export function boardMap(state, ctx, can) {
  const view = state.view;
  const shapes = shapesOf(ctx.memory, "europe");
  const svg = s("svg", { class: "europe-map", viewBox: `0 0 ${MAP_W} ${MAP_H}`, role: "img", "aria-label": t("uc.map") });
  svg.append(s("rect", { class: "sea", x: 0, y: 0, width: MAP_W, height: MAP_H }));
  if (!shapes) return svg;
  const project = fit(BOARD_BOX, MAP_W, MAP_H, 0);
  const laid = new Map(view.layout.map((c) => [c.id, c]));
  const hiddenId = view.hidden ? view.hidden.country : null;
  svg.append(
    countryLayer(shapes, project, (shape) => {
      const card = laid.get(shape.id);
      if (!card) return { class: "land" };
      const open = can.countries.has(shape.id);
      return {
        class: ["land", "laid", open && "open", shape.id === hiddenId && "hidden-here"].filter(Boolean).join(" "),
        style: { fill: colourOf(card) },
      };
    }),
  );
  const marks = s("g", { class: "marks" });
  const labels = s("g", { class: "codes" });
  const spots = markSpots(view, shapes, project);
  for (const spot of spots) {
    const { card, x, y, tiny } = spot;
    const open = can.countries.has(card.id);
    const mark = s("g", { class: ["mark", open && "open", tiny && "tiny", card.id === hiddenId && "hidden-here"].filter(Boolean).join(" "), "data-country": card.id, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
    if (tiny) {
      mark.append(s("circle", { class: "hit", r: HIT_R }), s("circle", { class: "micro", r: 6, fill: colourOf(card) }));
    }
    const stones = stonesOn(view, card.id);
    stones.forEach((stone, i) => {
      const angle = (i / Math.max(6, stones.length)) * Math.PI * 2 - Math.PI / 2;
      const radius = 13;
      mark.append(
        s("circle", {
          class: `map-stone ${stone.size}`,
          cx: (Math.cos(angle) * radius).toFixed(1),
          cy: (Math.sin(angle) * radius + 4).toFixed(1),
          r: stone.size === "large" ? 5.5 : 3.8,
          fill: seatColour(stone.seat),
        }),
      );
    });
    marks.append(mark);
  }
  for (const label of codeLabels(spots)) {
    if (label.moved) labels.append(s("line", { class: "leader", x1: label.x.toFixed(1), y1: label.y.toFixed(1), x2: label.cx.toFixed(1), y2: label.cy.toFixed(1) }));
    labels.append(
      s(
        "text",
        { class: "code", x: label.cx.toFixed(1), y: label.cy.toFixed(1), "text-anchor": "middle", "dominant-baseline": "central", "data-country": label.card.id, style: { fontSize: `${label.size}px` } },
        label.text,
      ),
    );
  }
  svg.append(labels);
  svg.append(marks);
  svg.addEventListener("click", (event) => {
    const target = event.target.closest("[data-country]");
    if (target) pickCountry(state, ctx, can, target.dataset.country);
  });
  return svg;
}

// Where each laid-out country's mark goes: its label point, and whether the country is too
// small to see or tap on the map (a dot marks it, and the list under the map offers it).
function markSpots(view, shapes, project) {
  const spots = [];
  for (const card of view.layout) {
    const shape = shapes.byId.get(card.id);
    if (!shape) continue;
    const [x, y] = project(shape.label);
    spots.push({ card, x, y, tiny: isTiny(shape, project) });
  }
  return spots;
}

// The countries' codes, placed so that none covers another or a micro-state's dot: the
// larger countries put theirs on their label point first, then the micro-states beside
// their dots (joined by a line when pushed further out).
function codeLabels(spots) {
  const size = labelSize(10, 15);
  const dots = spots.filter((spot) => spot.tiny).map(({ x, y }) => ({ x0: x - 7, x1: x + 7, y0: y - 7, y1: y + 7 }));
  const items = [...spots]
    .sort((a, b) => Number(a.tiny) - Number(b.tiny) || a.x - b.x)
    .map((spot) => ({ ...spot, text: spot.card.vehicle || spot.card.id, size, weight: 800, centre: !spot.tiny, gap: 8 }));
  return placeLabels(items, dots, MAP_W, MAP_H);
}

// The micro-states laid out this round, as a list of buttons under the map: on the map they
// are a few pixels wide, too small to tap.
export function microList(state, ctx, can) {
  const shapes = shapesOf(ctx.memory, "europe");
  if (!shapes) return null;
  const project = fit(BOARD_BOX, MAP_W, MAP_H, 0);
  const tiny = markSpots(state.view, shapes, project).filter((spot) => spot.tiny);
  if (!tiny.length) return null;
  return h(
    "div",
    { class: "micro-list", id: "micro-list" },
    h("span", { class: "micro-title" }, t("uc.smallCountries")),
    tiny.map(({ card }) => {
      const open = can.countries.has(card.id);
      const picked = ctx.memory.hidePick === card.id && can.kind === "hide";
      return h(
        "button",
        {
          type: "button",
          class: ["micro-pick", picked && "picked"],
          style: { "--colour": colourOf(card) },
          "data-country": card.id,
          "data-open": String(open),
          disabled: !open,
          "aria-label": can.kind === "hide" ? t("uc.hide", { place: countryIn(ctx, card.id) }) : can.kind === "stone" ? t("uc.placeOn", { place: countryOn(ctx, card.id) }) : nameOf(card),
          onclick: () => pickCountry(state, ctx, can, card.id),
        },
        flag(card),
        h("span", { class: "micro-name" }, nameOf(card)),
      );
    }),
  );
}

function isTiny(shape, project) {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const ring of shape.rings) {
    for (const point of ring) {
      const [x, y] = project(point);
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  return x1 - x0 < 9 && y1 - y0 < 9;
}

// After a render: a country name that does not fit its card's band gets a smaller type.
export function fitNames(root) {
  for (const name of root.querySelectorAll(".cc-name")) {
    let scale = 1;
    name.style.removeProperty("--fit");
    while (scale > 0.6 && name.scrollWidth > name.clientWidth + 1) {
      scale -= 0.08;
      name.style.setProperty("--fit", scale.toFixed(2));
    }
  }
}
