// The Practice page (`/?practice=GAME&mode=survival|timed|region[&region=XX]`,
// docs/practice.md): rounds against the server's deck for the game, run here by the
// rules of geodeck.practice, with the player's Leitner boxes kept in localStorage.

import { practiceCards } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { boundsOf, loadShapes, shapesFor } from "./practice-map.js";
import { MODES, Progress, Round, inRegion, linesOf } from "./practice-rules.js";
import { Outbox, announceAnswer, announceEnd } from "./practice-send.js";
import { endPanel, feedbackPanel, questionPanel, regionsText } from "./practice-view.js";
import { keepPracticeProgress, playerName, practiceProgress } from "./store.js";

export const TIMED_SECONDS = 60;

export function practiceName() {
  return playerName().trim() || "player";
}

// What the address asks for: game, mode, region, variant and the timed round's seconds
// (`seconds=N`, 1 to 600; for trying the page out and for tests).
export function practicePlace(params) {
  const seconds = Number.parseInt(params.get("seconds") || "", 10);
  return {
    game: (params.get("practice") || "").trim().toLowerCase(),
    mode: (params.get("mode") || "survival").trim().toLowerCase(),
    region: (params.get("region") || "").trim().toUpperCase() || null,
    variant: (params.get("variant") || "geo").trim().toLowerCase(),
    seconds: Number.isFinite(seconds) ? Math.min(600, Math.max(1, seconds)) : TIMED_SECONDS,
  };
}

export function practiceUrl({ game, mode, region, variant, seconds = TIMED_SECONDS }) {
  const query = new URLSearchParams({ practice: game, mode });
  if (mode === "timed" && seconds !== TIMED_SECONDS) query.set("seconds", String(seconds));
  if (region) query.set("region", region);
  if (variant && variant !== "geo") query.set("variant", variant);
  return `/?${query}`;
}

export function openPractice(root, place, { onLobby, onGo }) {
  const { game, mode, region, variant, seconds } = place;
  const name = practiceName();
  const memory = { deck: null, error: null, round: null, last: null, ended: false, shapes: null, streak: 0 };
  let progress = null;
  let key = null;
  let outbox = null;
  let ticker = null;
  let deadline = null;
  let closed = false;

  function fail(message) {
    memory.error = message;
    render();
  }

  function save() {
    const data = practiceProgress(name);
    data.player = name;
    data.decks[key] = { title: memory.deck.title, ...progress.toJson() };
    keepPracticeProgress(name, data);
  }

  function begin(deck) {
    if (closed) return;
    memory.deck = deck;
    if (!MODES.includes(mode)) return fail(t("practice.badMode", { mode }));
    if (!deck.variants.includes(variant)) return fail(t("practice.badVariant", { variant }));
    if (mode === "region" && !region) return fail(t("practice.needRegion", { regions: regionsText(deck) }));
    let cards = deck.cards;
    if (region) {
      cards = cards.filter((card) => inRegion(card, region));
      if (cards.length < 2) return fail(t("practice.badRegion", { region, regions: regionsText(deck) }));
    }
    const lines = linesOf(variant);
    if (cards.filter((c) => lines.every((line) => line in c.values)).length < 2) return fail(t("practice.tooFew"));
    key = `${game}/${variant}/${deck.deck}`;
    progress = Progress.fromJson(practiceProgress(name).decks[key]);
    const session = progress.start();
    const seed = `${name}/${key}/${session}`;
    const order = progress.schedule(cards.map((c) => c.id), seed);
    memory.round = new Round(cards, { mode, variant, seed, order });
    save();
    outbox = new Outbox(game);
    if (mode === "timed") {
      deadline = Date.now() + seconds * 1000;
      ticker = setInterval(tick, 250);
    }
    loadShapes(shapesFor(boundsOf(deck.cards.map((c) => [c.lon, c.lat])))).then(
      (shapes) => {
        memory.shapes = shapes;
        render();
      },
      () => {},
    );
    render();
  }

  function tick() {
    const clock = root.querySelector("#practice-clock");
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    if (clock) {
      clock.textContent = t("practice.left", { n: left });
      clock.dataset.left = String(left);
    }
    if (Date.now() >= deadline && !memory.ended) {
      memory.round.stop();
      finish();
    }
  }

  function answer(side) {
    const round = memory.round;
    if (memory.ended || round.over) return;
    if (deadline !== null && Date.now() >= deadline) return tick();
    const given = round.answer(side);
    const card = given.question.card;
    progress.record(card, given.right);
    save();
    outbox.add(card.id, given.right);
    memory.streak = given.right ? memory.streak + 1 : 0;
    memory.last = given;
    announceAnswer({ game, mode, card: card.id, right: given.right, streak: memory.streak, area: card.area });
    if (round.over) finish();
    else render();
  }

  function finish() {
    memory.ended = true;
    clearInterval(ticker);
    outbox.flush();
    const round = memory.round;
    announceEnd({ game, mode, score: round.score, mistakes: round.mistakes.map((a) => a.question.card.id) });
    render();
  }

  function onKey(event) {
    if (!memory.round || memory.ended || event.target.closest("input, select, textarea")) return;
    const lesser = event.key === "ArrowLeft" || event.key === "ArrowDown";
    const greater = event.key === "ArrowRight" || event.key === "ArrowUp";
    if (!lesser && !greater) return;
    const question = memory.round.question();
    const sides = question.line === "west-east" ? ["west", "east"] : question.line === "north-south" ? ["south", "north"] : ["lower", "higher"];
    event.preventDefault();
    answer(lesser ? sides[0] : sides[1]);
  }

  function header() {
    const deck = memory.deck;
    const round = memory.round;
    const bits = MODES.includes(mode) ? [h("span", { class: "tag" }, t(`practice.mode.${mode}`))] : [];
    if (region) bits.push(h("span", { class: "tag", id: "practice-region" }, region));
    if (variant !== "geo") bits.push(h("span", { class: "tag" }, t(`variant.${variant}`)));
    return h(
      "div",
      { class: "practice-head" },
      h("h2", {}, t("practice.title", { title: deck ? deck.title : game })),
      h("div", { class: "practice-tags" }, bits),
      round && h("span", { id: "practice-score", "data-score": round.score }, t("practice.score", { n: round.score })),
      mode === "timed" && round && h("span", { id: "practice-clock", "aria-live": "off" }, memory.ended && Date.now() >= deadline ? t("practice.timeUp") : ""),
      h("span", { class: "practice-links" },
        h("a", { href: "/?weak", id: "practice-weak", onclick: (event) => onGo(event, "/?weak") }, t("practice.weak")),
        h("a", { href: "/", onclick: onLobby }, t("practice.lobby"))),
    );
  }

  function render() {
    const body = [];
    if (memory.error) {
      body.push(h("p", { class: "panel practice-error", id: "practice-error" }, memory.error));
    } else if (!memory.round) {
      body.push(h("p", { class: "panel" }, t("practice.loading")));
    } else {
      const again = (event) => onGo(event, practiceUrl(place));
      const main = memory.ended
        ? endPanel(memory.round, { again, againUrl: practiceUrl(place), weak: (event) => onGo(event, "/?weak") })
        : questionPanel(memory.round.question(), answer);
      body.push(h("div", { class: "practice-layout" }, main, memory.last && feedbackPanel(memory.last, memory.shapes)));
    }
    replace(root, h("section", { class: "practice", id: "practice", "data-mode": mode, "data-ended": memory.ended ? "yes" : "no" }, h("div", { class: "panel" }, header()), body));
    if (deadline !== null && !memory.ended) tick();
  }

  document.addEventListener("keydown", onKey);
  render();
  practiceCards(game).then(begin, (error) => fail(t("practice.noDeck", { game, message: error.message })));
  return {
    refresh: render,
    close() {
      closed = true;
      clearInterval(ticker);
      document.removeEventListener("keydown", onKey);
      if (outbox) outbox.close();
    },
  };
}
