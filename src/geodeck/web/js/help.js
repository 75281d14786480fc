// The rules of the game in play, in the page's language (../help/LANG.json), in a dialog
// that marks the section the current prompt or moment asks about (../help/index.json).

import { h, replace } from "./dom.js";
import { GAMES } from "./games.js";
import { lang, list, onLangChange, t } from "./i18n.js";

const TEXTS = {};
let index = null;
// How tables, codes, bots and seats work, for the lobby (../help/lobby.json, by language).
let lobbyTexts = null;
let loading = null;
// What the open dialog shows: a function giving { game, variant, state }.
let source = null;
let dialog = null;

function load() {
  if (!loading) {
    const url = (name) => new URL(`../help/${name}.json`, import.meta.url);
    const get = async (name) => {
      const response = await fetch(url(name));
      if (!response.ok) throw new Error(`${url(name)}: ${response.status}`);
      return response.json();
    };
    loading = Promise.all(["index", "lobby", "en", "de", "it"].map(get)).then(([found, lobby, ...texts]) => {
      index = found;
      lobbyTexts = lobby;
      ["en", "de", "it"].forEach((code, i) => (TEXTS[code] = texts[i]));
    });
    loading.catch(() => (loading = null));
  }
  return loading;
}

function familyOfGame(game) {
  return GAMES[game] ? GAMES[game].family : "cross";
}

// The section the table asks about now: the moment it waits after, else the move it awaits.
export function currentSection(family, state) {
  const entry = index && index[family];
  if (!entry || !state || state.status !== "playing") return null;
  if (state.pause) {
    const history = (state.view && state.view.history) || [];
    for (let i = history.length - 1; i >= 0; i--) {
      const section = entry.moments[history[i].event];
      if (section) return section;
    }
  }
  const kind = state.expects && state.expects.kind;
  return (kind && entry.prompts[kind]) || null;
}

// The mark on that section: "now" where the table waits for this page's seat (or for
// everyone's Continue), else whose move it is ("now: Ann"), so that a spectator or a
// player between turns is not told the move is theirs.
function nowMark(state) {
  const awaited = (state && state.expects && state.expects.seats) || [];
  if (!state || state.pause || (state.you !== null && awaited.includes(state.you)) || !awaited.length) return t("help.now");
  return t("help.nowOf", { names: list(awaited.map((seat) => state.seats[seat].name)) });
}

function paragraphs(section, variant) {
  const extra = variant === "geo" ? section.geo : section.column;
  return [...section.body, ...(extra || [])];
}

// The lobby's help (no game): the sections of ../help/lobby.json.
function lobbyContent() {
  const text = lobbyTexts[lang()] || lobbyTexts.en;
  return [
    h(
      "header",
      { class: "help-head" },
      h("h2", { id: "help-title" }, text.title),
      h("button", { type: "button", class: "ghost small", id: "help-close", onclick: closeHelp }, t("help.close")),
    ),
    ...text.sections.map((section) =>
      h(
        "section",
        { class: "help-section", id: `help-${section.id}`, "data-section": section.id, "aria-labelledby": `help-h-${section.id}` },
        h("h3", { id: `help-h-${section.id}` }, section.title),
        section.body.map((said) => h("p", {}, said)),
      ),
    ),
  ];
}

function content(game, variant, state) {
  if (!game) return lobbyContent();
  const family = familyOfGame(game);
  const text = (TEXTS[lang()] || TEXTS.en)[family];
  const current = currentSection(family, state);
  const title = GAMES[game] ? GAMES[game].title : game;
  return [
    h(
      "header",
      { class: "help-head" },
      h("h2", { id: "help-title" }, text.title, " · ", title),
      h("button", { type: "button", class: "ghost small", id: "help-close", onclick: closeHelp }, t("help.close")),
    ),
    h("p", { class: "help-edition muted" }, text.editions[game] || "", variant ? ` (${t(`variant.${variant}`)})` : ""),
    ...text.sections.map((section) =>
      h(
        "section",
        {
          class: ["help-section", section.id === current && "current"],
          id: `help-${section.id}`,
          "data-section": section.id,
          "aria-current": section.id === current ? "step" : null,
          "aria-labelledby": `help-h-${section.id}`,
        },
        h("h3", { id: `help-h-${section.id}` }, section.title, section.id === current ? h("span", { class: "help-now" }, nowMark(state)) : null),
        paragraphs(section, variant).map((said) => h("p", {}, said)),
      ),
    ),
  ];
}

function draw(scroll) {
  if (!dialog || !source) return;
  const { game, variant, state } = source();
  const before = dialog.querySelector(".help-section.current");
  // Drawn again for a new state: what had the focus keeps it, and the reader's place stays.
  const focused = dialog.contains(document.activeElement) ? document.activeElement.id : "";
  const top = dialog.scrollTop;
  replace(dialog, ...content(game, variant, state));
  dialog.scrollTop = top;
  const again = focused && document.getElementById(focused);
  if (again) again.focus({ preventScroll: true });
  dialog.dataset.game = game || "";
  const now = dialog.querySelector(".help-section.current");
  dialog.dataset.current = now ? now.dataset.section : "";
  if (now && (scroll || !before || before.dataset.section !== now.dataset.section)) {
    now.scrollIntoView({ block: "start" });
  }
}

export async function openHelp(from) {
  source = from;
  try {
    await load();
  } catch (error) {
    return;
  }
  if (!dialog) {
    dialog = h("dialog", { id: "help", class: "help-dialog", "aria-labelledby": "help-title" });
    dialog.addEventListener("close", () => {
      source = null;
      const opener = document.getElementById("help-open");
      if (opener) opener.focus();
    });
    document.body.append(dialog);
  }
  if (!dialog.open) dialog.showModal();
  draw(true);
  const close = dialog.querySelector("#help-close");
  if (close) close.focus({ preventScroll: true });
}

export function closeHelp() {
  if (dialog && dialog.open) dialog.close();
}

// A new state while the dialog is open: mark the section it asks about now.
export function refreshHelp() {
  if (dialog && dialog.open) draw(false);
}

// The "Rules" button of a table's bar; `from` gives { game, variant, state } (no game: the
// lobby's help, with `label` and `title` of its own).
export function helpButton(from, { label = "help.button", title = "help.open" } = {}) {
  return h(
    "button",
    {
      type: "button",
      class: "ghost small help-open",
      id: "help-open",
      "aria-haspopup": "dialog",
      "aria-controls": "help",
      title: t(title),
      onclick: () => openHelp(from),
    },
    h("span", { "aria-hidden": "true" }, "? "),
    t(label),
  );
}

onLangChange(() => {
  if (dialog && dialog.open) draw(false);
});
