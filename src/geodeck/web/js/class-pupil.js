// The pupil's page (`/?class=CODE`): join with a first name, then the teacher's current
// assignment (practice, or a seat at a table) and the pupil's own results. While a
// browser is in a class, the Practice page's answers are posted to it.

import { h, replace, toast } from "./dom.js";
import { t } from "./i18n.js";
import { keepName, keepSeat } from "./store.js";
import { CLASS_CODE, REFRESH_MS, joinClass, keepPupilClass, postAnswers, pupilClass, pupilMe } from "./class-api.js";
import { shownCode } from "./codes.js";

const BATCH = 200;
const queue = [];
let flushing = null;
let flushTimer = null;

async function flush() {
  clearTimeout(flushTimer);
  const kept = pupilClass();
  if (!kept || !queue.length || flushing) return;
  const batch = queue.splice(0, BATCH);
  flushing = postAnswers(kept.code, kept.token, batch).then(
    () => null,
    (error) => {
      if (error.code === "class/not_found" || error.code === "class/bad_token") keepPupilClass(null);
      else if (error.status !== 400) queue.unshift(...batch);
    },
  );
  await flushing;
  flushing = null;
  if (queue.length) flushTimer = setTimeout(flush, 1000);
}

function take(item) {
  if (!pupilClass()) return;
  queue.push(item);
  clearTimeout(flushTimer);
  flushTimer = setTimeout(flush, item.type === "end" ? 0 : 400);
}

// The Practice page tells of each answer and each round's end with document events.
export function listenForPractice() {
  document.addEventListener("geodeck:practice-answer", (event) => {
    const d = event.detail || {};
    if (typeof d.card !== "string" || typeof d.right !== "boolean") return;
    const card = d.card.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 64);
    if (!card) return;
    const item = { type: "answer", card, right: d.right };
    if (typeof d.game === "string") item.game = d.game.slice(0, 32);
    if (typeof d.mode === "string") item.mode = d.mode.slice(0, 16);
    if (Number.isInteger(d.streak) && d.streak >= 0) item.streak = d.streak;
    if (typeof d.area === "string" && /^[A-Za-z0-9-]{1,16}$/.test(d.area)) item.area = d.area;
    take(item);
  });
  document.addEventListener("geodeck:practice-end", (event) => {
    const d = event.detail || {};
    const item = { type: "end" };
    if (typeof d.game === "string") item.game = d.game.slice(0, 32);
    if (typeof d.mode === "string") item.mode = d.mode.slice(0, 16);
    if (Number.isInteger(d.score) && d.score >= 0) item.score = d.score;
    if (Number.isInteger(d.mistakes) && d.mistakes >= 0) item.mistakes = d.mistakes;
    take(item);
  });
  window.addEventListener("pagehide", () => flush());
}

export function practiceLink(assignment) {
  const params = new URLSearchParams({ practice: assignment.game, mode: assignment.mode });
  if (assignment.region) params.set("region", assignment.region);
  if (assignment.variant) params.set("variant", assignment.variant);
  return `/?${params}`;
}

export function showPupil(root, code) {
  let kept = pupilClass();
  if (kept && kept.code !== code) kept = null;
  let me = null;
  let gone = false;
  let timer = null;
  let closed = false;
  let name = "";

  async function refresh() {
    if (!kept || closed) return;
    try {
      me = await pupilMe(kept.code, kept.token);
    } catch (error) {
      if (error.code === "class/not_found" || error.code === "class/bad_token") {
        keepPupilClass(null);
        kept = null;
        gone = true;
      } else {
        toast(t("error.generic", { message: error.message }), "error");
      }
    }
    render();
  }

  function schedule() {
    clearTimeout(timer);
    if (!closed && kept) timer = setTimeout(() => refresh().then(schedule), REFRESH_MS);
  }

  async function submit(event) {
    event.preventDefault();
    try {
      const joined = await joinClass(code, name);
      kept = { code: joined.class.code, token: joined.token, name: joined.name, game: joined.class.game };
      keepPupilClass(kept);
      keepName(joined.name);
      await refresh();
      schedule();
    } catch (error) {
      const known = ["class/bad_name", "class/name_taken", "class/not_found", "class/full"];
      toast(known.includes(error.code) ? t(`class.error.${error.code.split("/")[1]}`) : t("error.generic", { message: error.message }), "error");
    }
  }

  // A class that ended while this page was in it cannot be joined again: the page says
  // so and where a new class's code goes, and offers no join form.
  function endedPanel() {
    return h(
      "section",
      { class: "panel class-join class-ended", id: "class-ended" },
      h("h2", {}, t("class.endedTitle", { code: shownCode(code) })),
      h("p", { class: "class-gone" }, t("class.gone")),
      h("p", {}, t("class.goneNext", { box: t("lobby.join") })),
      h("a", { class: "button primary big", id: "class-lobby", href: "/" }, t("class.toLobby")),
    );
  }

  function joinPanel() {
    if (!CLASS_CODE.test(code)) return h("section", { class: "panel" }, h("p", {}, t("class.badCode")));
    if (gone) return endedPanel();
    return h(
      "form",
      { class: "panel class-join", id: "class-join", onsubmit: submit },
      h("h2", {}, t("class.joinTitle", { code: shownCode(code) })),
      h(
        "label",
        { class: "field" },
        h("span", {}, t("class.firstName")),
        h("input", { id: "class-name", type: "text", maxLength: 24, autocomplete: "given-name", value: name, oninput: (event) => (name = event.target.value) }),
      ),
      h("p", { class: "class-hint" }, t("class.firstNameHint")),
      h("button", { type: "submit", class: "primary big", id: "class-join-button" }, t("class.join")),
    );
  }

  function assignmentPanel(assignment) {
    if (!assignment) return h("p", { class: "class-wait", id: "class-assignment" }, t("class.wait"));
    if (assignment.kind === "practice") {
      const mode = t(`class.mode.${assignment.mode}`);
      return h(
        "div",
        { id: "class-assignment", class: "class-assignment" },
        h("p", {}, assignment.region ? t("class.nowPracticeRegion", { mode, region: assignment.region }) : t("class.nowPractice", { mode })),
        h("a", { class: "button primary big", id: "class-go", href: practiceLink(assignment) }, t("class.goPractice")),
      );
    }
    const seat = assignment.seat;
    if (!seat) return h("p", { class: "class-wait", id: "class-assignment" }, t("class.noSeat"));
    keepSeat(seat.table, seat.seat, seat.token);
    return h(
      "div",
      { id: "class-assignment", class: "class-assignment" },
      h("p", {}, t("class.yourTable", { code: shownCode(seat.table) })),
      h("a", { class: "button primary big", id: "class-go", href: `/?table=${encodeURIComponent(seat.table)}` }, t("class.goTable")),
    );
  }

  function results(row) {
    const items = [
      ["answers", `${row.right} / ${row.answers}`],
      ["streak", String(row.best_streak)],
      ["games", t("class.gamesWon", { n: row.games, won: row.won })],
      ["placements", `${row.placements_right} / ${row.placed}`],
      ["challenges", `${row.challenges_won} / ${row.challenges_made}`],
      ["weak", row.weak_areas.join(", ") || "–"],
    ];
    return h(
      "dl",
      { class: "class-mine", id: "class-mine" },
      items.map(([key, value]) => [h("dt", {}, t(`class.col.${key}`)), h("dd", { "data-col": key }, value)]),
    );
  }

  function pupilView() {
    return h(
      "section",
      { class: "panel class-pupil" },
      h("h2", {}, t("class.hello", { name: me.pupil.name })),
      h("p", { class: "class-of" }, t("class.inClass", { title: me.class.title, code: shownCode(me.class.code) })),
      assignmentPanel(me.assignment),
      h("h3", {}, t("class.yourResults")),
      results(me.results),
    );
  }

  function render() {
    if (closed) return;
    replace(root, h("div", { class: "classroom pupil" }, kept && me ? pupilView() : joinPanel()));
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
