// "My weak areas" (`/?weak`, like `geodeck practice --stats`): for every deck the player
// practised in this browser, the sessions, the cards answered and still misplaced, a map
// with the countries shaded by the share of wrong answers, and the areas weakest first.

import { h, replace } from "./dom.js";
import { lang, number, t } from "./i18n.js";
import { boundsOf, loadShapes, shapesFor, weakMap } from "./practice-map.js";
import { practiceName } from "./practice.js";
import { Progress, weakAreas } from "./practice-rules.js";
import { practiceProgress } from "./store.js";

function areaName(code) {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([lang()], { type: "region" }).of(code) || code;
  } catch {
    return code;
  }
}

// The share of wrong answers per country (an area's first part: DE-BY is in DE).
function countryShares(progress) {
  const counts = {};
  for (const memory of Object.values(progress.cards)) {
    const country = (memory.area || "").split("-")[0];
    if (!country) continue;
    const c = (counts[country] = counts[country] || { right: 0, wrong: 0 });
    c.right += memory.right;
    c.wrong += memory.wrong;
  }
  const shares = {};
  for (const [code, c] of Object.entries(counts)) shares[code] = c.right + c.wrong ? c.wrong / (c.right + c.wrong) : 0;
  return shares;
}

function deckPanel(key, entry, shapes) {
  const progress = Progress.fromJson(entry);
  const cards = Object.values(progress.cards);
  const [game, variant] = key.split("/");
  const stats = weakAreas(progress);
  const table = h(
    "table",
    { class: "weak-table" },
    h("thead", {}, h("tr", {}, ["weak.area", "weak.cards", "weak.right", "weak.wrong", "weak.still"].map((k) => h("th", {}, t(k))))),
    h(
      "tbody",
      {},
      stats.map((stat) =>
        h(
          "tr",
          { "data-area": stat.area, "data-weak": stat.weak },
          h("td", {}, areaName(stat.area), stat.area.length > 2 ? "" : h("small", {}, ` ${stat.area}`)),
          h("td", {}, number(stat.cards)),
          h("td", {}, number(stat.right)),
          h("td", {}, number(stat.wrong)),
          h("td", {}, number(stat.weak)),
        ),
      ),
    ),
  );
  return h(
    "section",
    { class: "panel weak-deck", "data-key": key, "data-game": game },
    h("h3", {}, `${entry.title || game}`, variant !== "geo" ? ` · ${t(`variant.${variant}`)}` : ""),
    h(
      "p",
      { class: "weak-summary" },
      t("weak.summary", { sessions: progress.session, cards: cards.length, weak: progress.weak().length }),
    ),
    h(
      "div",
      { class: "weak-body" },
      h("div", { class: "weak-map" }, weakMap(cards, countryShares(progress), shapes, t("weak.mapLabel")),
        h("p", { class: "weak-legend" },
          ["weak", "learnt", "sure"].map((kind) =>
            h("span", { class: "weak-key" }, h("span", { class: `weak-dot-key ${kind}` }), t(`weak.key${kind[0].toUpperCase()}${kind.slice(1)}`))))),
      h("div", { class: "weak-list" }, table),
    ),
  );
}

export function openWeak(root, only, { onLobby }) {
  const name = practiceName();
  const shapes = {};

  function render() {
    const decks = practiceProgress(name).decks;
    const keys = Object.keys(decks)
      .filter((k) => !only || k.split("/")[0] === only)
      .sort();
    const panels = keys.map((key) => {
      const cards = Object.values(Progress.fromJson(decks[key]).cards);
      const points = cards.map((m) => [m.lon, m.lat]);
      const file = points.length ? shapesFor(boundsOf(points)) : "europe";
      if (!(file in shapes)) {
        shapes[file] = null;
        loadShapes(file).then((loaded) => {
          shapes[file] = loaded;
          render();
        }, () => {});
      }
      return deckPanel(key, decks[key], shapes[file]);
    });
    replace(
      root,
      h(
        "section",
        { class: "weak", id: "weak" },
        h("div", { class: "panel practice-head" }, h("h2", {}, t("weak.title", { name })), h("span", { class: "practice-links" }, h("a", { href: "/", onclick: onLobby }, t("practice.lobby")))),
        panels.length ? panels : h("p", { class: "panel", id: "weak-none" }, t("weak.none")),
      ),
    );
  }

  render();
  return { refresh: render };
}
