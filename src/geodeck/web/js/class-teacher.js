// The teacher's page (`/?classroom`): open a class, see who joined, start practice or
// games, the live results sheet, export it as CSV, end the class.

import { assignmentText, sheetTable } from "./class-sheet.js";
import { h, replace, toast } from "./dom.js";
import { GAMES, LEVELS } from "./games.js";
import { t } from "./i18n.js";
import { shownCode } from "./codes.js";
import {
  REFRESH_MS,
  classCsv,
  classSheet,
  endClass,
  keepTeacherClass,
  openClass,
  startGames,
  startPractice,
  teacherClass,
} from "./class-api.js";

const MODES = ["survival", "timed", "region"];
const SIZES = [2, 3, 4, 5, 6];

export function showClassroom(root) {
  let kept = teacherClass();
  let sheet = null;
  let timer = null;
  let closed = false;
  const form = { game: "uppsala", title: "", deck: null, deckName: "", mode: "survival", region: "", size: 4, bot: "casual" };

  function fail(error) {
    toast(t("error.generic", { message: error.message }), "error");
  }

  async function refresh() {
    if (!kept || closed) return;
    try {
      sheet = await classSheet(kept.code, kept.token);
    } catch (error) {
      if (error.code === "class/not_found" || error.code === "class/bad_token") {
        keepTeacherClass(null);
        kept = null;
        sheet = null;
      } else {
        fail(error);
      }
    }
    render();
  }

  function schedule() {
    clearTimeout(timer);
    if (!closed && kept) timer = setTimeout(() => refresh().then(schedule), REFRESH_MS);
  }

  async function submitOpen(event) {
    event.preventDefault();
    const body = { game: form.game };
    if (form.title.trim()) body.title = form.title.trim();
    if (form.deck) body.deck = form.deck;
    try {
      const opened = await openClass(body);
      kept = { code: opened.code, token: opened.token };
      keepTeacherClass(kept);
      await refresh();
      schedule();
    } catch (error) {
      fail(error);
    }
  }

  function readDeck(event) {
    const file = event.target.files[0];
    if (!file) return;
    file.text().then(
      (text) => {
        try {
          form.deck = JSON.parse(text);
          form.deckName = file.name;
        } catch {
          form.deck = null;
          toast(t("class.deckBad"), "error");
        }
        render();
      },
      (error) => fail(error),
    );
  }

  function openPanel() {
    const cross = Object.keys(GAMES).filter((id) => GAMES[id].family === "cross");
    return h(
      "form",
      { class: "panel class-open", id: "class-open", onsubmit: submitOpen },
      h("h2", {}, t("class.open")),
      h("p", {}, t("class.openHint")),
      h(
        "div",
        { class: "field-row" },
        h(
          "label",
          { class: "field" },
          h("span", {}, t("lobby.game")),
          h(
            "select",
            { id: "class-game", onchange: (event) => (form.game = event.target.value) },
            cross.map((id) => h("option", { value: id, selected: form.game === id }, `${GAMES[id].title} (${t(`game.${id}`)})`)),
          ),
        ),
        h(
          "label",
          { class: "field" },
          h("span", {}, t("class.title")),
          h("input", { id: "class-title", type: "text", maxLength: 80, value: form.title, placeholder: t("class.titleHint"), oninput: (event) => (form.title = event.target.value) }),
        ),
        h(
          "label",
          { class: "field" },
          h("span", {}, t("class.deck")),
          h("input", { id: "class-deck", type: "file", accept: ".json,application/json", onchange: readDeck }),
          h("small", {}, form.deckName ? t("class.deckChosen", { name: form.deckName }) : t("class.deckShipped")),
        ),
      ),
      h("button", { type: "submit", class: "primary big", id: "class-create" }, t("class.create")),
    );
  }

  async function act(work, done) {
    try {
      await work();
      toast(done, "info");
      await refresh();
    } catch (error) {
      fail(error);
    }
  }

  function select(id, values, current, label, set) {
    return h("select", { id, onchange: (event) => set(event.target.value) }, values.map((v) => h("option", { value: v, selected: String(current) === String(v) }, label(v))));
  }

  function controls() {
    const practice = h(
      "div",
      { class: "class-control" },
      h("h3", {}, t("class.practice")),
      h(
        "div",
        { class: "field-row" },
        h("label", { class: "field" }, h("span", {}, t("class.mode")), select("class-mode", MODES, form.mode, (m) => t(`class.mode.${m}`), (v) => (form.mode = v))),
        h(
          "label",
          { class: "field" },
          h("span", {}, t("class.region")),
          h("input", { id: "class-region", type: "text", maxLength: 16, value: form.region, placeholder: "SE", oninput: (event) => (form.region = event.target.value) }),
        ),
      ),
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "class-start-practice",
          onclick: () => {
            const body = { mode: form.mode };
            if (form.region.trim()) body.region = form.region.trim();
            act(() => startPractice(kept.code, kept.token, body), t("class.practiceStarted"));
          },
        },
        t("class.startPractice"),
      ),
    );
    const games = h(
      "div",
      { class: "class-control" },
      h("h3", {}, t("class.games")),
      h(
        "div",
        { class: "field-row" },
        h("label", { class: "field" }, h("span", {}, t("class.size")), select("class-size", SIZES, form.size, (n) => t("class.sizeN", { n }), (v) => (form.size = Number(v)))),
        h("label", { class: "field" }, h("span", {}, t("class.bots")), select("class-bot", LEVELS, form.bot, (l) => t(`level.${l}`), (v) => (form.bot = v))),
      ),
      h(
        "button",
        {
          type: "button",
          class: "primary",
          id: "class-start-games",
          onclick: () => act(() => startGames(kept.code, kept.token, { size: form.size, bot: form.bot }), t("class.gamesStarted")),
        },
        t("class.startGames"),
      ),
    );
    return h("section", { class: "panel class-controls" }, practice, games);
  }

  async function exportCsv() {
    try {
      const text = await classCsv(kept.code, kept.token);
      const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
      const link = h("a", { href: url, download: `geodeck-${kept.code}.csv`, style: { display: "none" } });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      fail(error);
    }
  }

  async function end() {
    if (!window.confirm(t("class.endConfirm"))) return;
    try {
      await endClass(kept.code, kept.token);
      keepTeacherClass(null);
      kept = null;
      sheet = null;
      toast(t("class.ended"), "info");
      render();
    } catch (error) {
      fail(error);
    }
  }

  function classView() {
    const about = sheet.class;
    const link = `${location.origin}/?class=${about.code}`;
    return [
      h(
        "section",
        { class: "panel class-head" },
        h("div", { class: "class-title-block" }, h("h2", {}, about.title), h("p", { class: "class-now", id: "class-now" }, assignmentText(sheet.assignment))),
        h(
          "div",
          { class: "class-code-block" },
          h("span", { class: "class-code-label" }, t("class.code")),
          h("strong", { class: "class-code", id: "class-code" }, shownCode(about.code)),
          h("a", { class: "class-link", href: link, target: "_blank", rel: "noopener" }, link),
        ),
      ),
      controls(),
      h(
        "section",
        { class: "panel class-results" },
        h(
          "div",
          { class: "class-results-head" },
          h("h3", {}, t("class.sheet", { n: sheet.pupils.length })),
          h(
            "div",
            { class: "class-actions" },
            h("button", { type: "button", class: "ghost", id: "class-export", onclick: exportCsv }, t("class.export")),
            h("button", { type: "button", class: "ghost danger", id: "class-end", onclick: end }, t("class.end")),
          ),
        ),
        h("p", { class: "class-hint" }, t("class.sheetHint")),
        sheetTable(sheet.pupils),
      ),
    ];
  }

  function render() {
    if (closed) return;
    replace(root, h("div", { class: "classroom" }, kept && sheet ? classView() : openPanel()));
  }

  render();
  if (kept) refresh().then(schedule);
  return {
    refresh: render,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
