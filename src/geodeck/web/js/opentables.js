// The lobby's lists: the public tables waiting for players (GET /api/tables?open=1) and the
// tables this browser holds a seat at (POST /api/tables/mine), in play and finished.

import { myTables, openTables } from "./api.js";
import { h, replace } from "./dom.js";
import { GAMES } from "./games.js";
import { LANGUAGES, t } from "./i18n.js";
import { forgetTable, heldSeats } from "./store.js";
import { shownCode } from "./codes.js";

const EVERY = 15000;

function title(game) {
  return GAMES[game] ? GAMES[game].title : game;
}

function variantName(variant) {
  return t(`variant.${variant}`);
}

export function tablesSection({ onTable }) {
  const node = h("section", { class: "panel tables-lists", id: "tables-lists" });
  let open = null;
  let mine = null;
  let failed = false;
  let timer = null;
  let stopped = false;

  async function load() {
    const held = heldSeats();
    try {
      const [listed, sitting] = await Promise.all([
        openTables(),
        held.length ? myTables(held.slice(0, 50).map(({ code, token }) => ({ code, token }))) : { tables: [] },
      ]);
      open = listed.tables;
      mine = sitting.tables.slice().sort((a, b) => b.updated - a.updated);
      failed = false;
    } catch {
      failed = true;
    }
    if (!stopped) render();
  }

  function openRow(table, held) {
    const yours = held.has(table.code);
    return h(
      "li",
      { class: "open-table", "data-code": table.code },
      h(
        "span",
        { class: "open-what" },
        h("strong", {}, title(table.game)),
        " · ",
        variantName(table.variant),
      ),
      h(
        "span",
        { class: "open-facts" },
        h("span", { class: "tag", title: t("tables.language") }, LANGUAGES[table.language] || table.language),
        h("span", { class: "open-free" }, t("tables.free", { n: table.free, total: table.seats })),
        table.chat === "off" ? h("span", { class: "muted", title: t("tables.noChat") }, "🔇") : null,
      ),
      h(
        "button",
        { type: "button", class: yours ? "ghost small" : "primary small", "data-open": table.code, onclick: () => onTable(table.code) },
        yours ? t("tables.open") : t("tables.join"),
      ),
    );
  }

  function mineRow(table) {
    return h(
      "li",
      { class: ["my-table", `status-${table.status}`], "data-mine": table.code },
      h("span", { class: "open-what" }, h("strong", {}, title(table.game)), " · ", variantName(table.variant)),
      h("span", { class: "open-facts" }, h("code", {}, shownCode(table.code)), " ", h("span", { class: "tag" }, t(`status.${table.status}`))),
      h("span", { class: "my-actions" },
        h("button", { type: "button", class: "ghost small", "data-go": table.code, onclick: () => onTable(table.code) }, t("tables.open")),
        h(
          "button",
          {
            type: "button",
            class: "icon-button",
            title: t("tables.forget"),
            "aria-label": t("tables.forget"),
            "data-forget": table.code,
            onclick: () => {
              forgetTable(table.code);
              mine = mine.filter((other) => other.code !== table.code);
              render();
            },
          },
          "×",
        ),
      ),
    );
  }

  function render() {
    const held = new Set(heldSeats().map((seat) => seat.code));
    const parts = [
      h(
        "div",
        { class: "tables-head" },
        h("h2", {}, t("tables.openTitle")),
        h("button", { type: "button", class: "ghost small", id: "tables-refresh", onclick: () => load() }, "↻ ", t("tables.refresh")),
      ),
    ];
    if (failed) parts.push(h("p", { class: "muted" }, t("tables.failed")));
    else if (open === null) parts.push(h("p", { class: "muted" }, t("tables.loading")));
    else if (!open.length) parts.push(h("p", { class: "muted", id: "no-open-tables" }, t("tables.none")));
    else parts.push(h("ul", { class: "open-tables", id: "open-tables" }, open.map((table) => openRow(table, held))));
    if (mine && mine.length) {
      const playing = mine.filter((table) => table.status !== "finished");
      const done = mine.filter((table) => table.status === "finished");
      parts.push(h("h2", {}, t("tables.mine")));
      if (playing.length) parts.push(h("h3", {}, t("tables.inPlay")), h("ul", { class: "my-tables", id: "my-playing" }, playing.map(mineRow)));
      if (done.length) parts.push(h("h3", {}, t("tables.finished")), h("ul", { class: "my-tables", id: "my-finished" }, done.map(mineRow)));
    }
    replace(node, ...parts);
  }

  render();
  load();
  timer = setInterval(() => {
    if (!document.hidden) load();
  }, EVERY);

  return {
    node,
    refresh: render,
    close: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
