// Start-up: the lobby, or the table named in the address (`/?table=CODE`).

import { openDaily } from "./daily.js";
import { listenForPractice, showPupil } from "./class-pupil.js";
import { showClassroom } from "./class-teacher.js";
import { normalCode } from "./codes.js";
import { h, replace } from "./dom.js";
import { loadGames } from "./games.js";
import { LANGUAGES, lang, loadStrings, onLangChange, setLang, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { openPractice, practicePlace } from "./practice.js";
import { openReplay, replayPlace } from "./replay.js";
import { openFileReplay } from "./replay-file.js";
import { takeSeatLink } from "./seatlink.js";
import { openTable } from "./table.js";
import { openWeak } from "./weak.js";

const root = document.getElementById("app");
let current = null;

function header() {
  const picker = h(
    "select",
    {
      id: "lang",
      "aria-label": t("app.language"),
      onchange: (event) => setLang(event.target.value),
    },
    Object.entries(LANGUAGES).map(([code, label]) => h("option", { value: code, selected: code === lang() }, label)),
  );
  return h(
    "header",
    { class: "topbar" },
    h(
      "a",
      { class: "brand", href: "/", onclick: (event) => goLobby(event) },
      h("span", { class: "brand-mark", "aria-hidden": "true" }, "✦"),
      h("span", { class: "brand-name" }, "geodeck"),
      h("span", { class: "brand-tag" }, t("app.tagline")),
    ),
    h("div", { id: "table-bar", class: "table-bar" }),
    h("a", { class: "ghost small", id: "replay-file-link", href: "/?replay", title: t("replay.file") }, "🎞 ", h("span", { class: "replay-file-text" }, t("replay.file"))),
    picker,
  );
}

function goLobby(event) {
  if (event) event.preventDefault();
  history.pushState({}, "", "/");
  route();
}

export function goTable(code, extra = "") {
  history.pushState({}, "", `/?table=${encodeURIComponent(code)}${extra}`);
  route();
}

// Practice and its weak areas (docs/practice.md) are pages of their own.
function goPage(event, url) {
  if (event) event.preventDefault();
  history.pushState({}, "", url);
  route();
}

function route() {
  if (current && current.close) current.close();
  current = null;
  document.documentElement.lang = lang();
  const main = h("main", { id: "screen" });
  replace(root, header(), main);
  const params = new URLSearchParams(location.search);
  const code = normalCode(params.get("table"));
  const classCode = normalCode(params.get("class"));
  if (!code && params.has("practice")) {
    current = openPractice(main, practicePlace(params), { onLobby: goLobby, onGo: goPage });
  } else if (!code && params.has("weak")) {
    current = openWeak(main, (params.get("weak") || "").trim().toLowerCase(), { onLobby: goLobby });
  } else if (!code && params.get("daily")) {
    current = openDaily(main, { game: params.get("daily"), date: params.get("date"), moves: params.get("moves"), onLobby: goLobby });
  } else if (!code && params.has("classroom")) {
    current = showClassroom(main);
  } else if (!code && classCode) {
    current = showPupil(main, classCode);
  } else if (!code && params.has("replay")) {
    current = openFileReplay(main, { onLobby: goLobby, onTable: (event, c) => (event.preventDefault(), goTable(c)) });
  } else if (code && params.has("step")) {
    current = openReplay(main, code, { ...replayPlace(params), onLobby: goLobby, onTable: (event, c) => (event.preventDefault(), goTable(c)) });
  } else if (code) {
    // A seat link (`#seat=N&key=TOKEN`) moves the seat to this page.
    const move = takeSeatLink(code);
    current = openTable(main, code, { watch: params.has("watch") && !move, onLobby: goLobby, move });
  } else {
    current = showLobby(main, { onTable: goTable, onPractice: goPage });
  }
}

onLangChange(() => {
  const bar = document.querySelector(".topbar");
  if (bar) bar.replaceWith(header());
  if (current && current.refresh) current.refresh();
});

window.addEventListener("popstate", route);
listenForPractice();
Promise.all([loadStrings(), loadGames()]).then(route, (error) => {
  const said = t("error.load", { message: error.message });
  const message = h("p", { class: "panel" }, said === "error.load" ? error.message : said);
  replace(root, header(), h("main", { id: "screen" }, message));
});
