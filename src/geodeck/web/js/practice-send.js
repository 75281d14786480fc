// What a practice round tells others: each answer to the server in small batches with
// this browser's player key (for card difficulty, docs/protocol.md `POST
// /api/practice/answers`), and each answer and round's end to the page (the
// `geodeck:practice-*` events, docs/browser.md).

import { practiceAnswersUrl, sendPracticeAnswers } from "./api.js";
import { player } from "./player.js";

export const BATCH = 5;
const MAX_BATCH = 50;

export class Outbox {
  constructor(game) {
    this.game = game;
    this.waiting = [];
    this.hidden = () => {
      if (document.visibilityState === "hidden") this.beacon();
    };
    this.leave = () => this.beacon();
    document.addEventListener("visibilitychange", this.hidden);
    window.addEventListener("pagehide", this.leave);
  }

  add(card, right) {
    this.waiting.push({ card, right });
    if (this.waiting.length >= BATCH) this.flush();
  }

  // The next batch as the server takes it.
  body() {
    return { game: this.game, key: player().key, answers: this.waiting.splice(0, MAX_BATCH) };
  }

  // Send what waits; a batch that fails is dropped (practice goes on without the server).
  flush() {
    while (this.waiting.length) {
      sendPracticeAnswers(this.body()).catch(() => {});
    }
  }

  // The page is hidden or left: a beacon outlives it where a fetch may not.
  beacon() {
    while (this.waiting.length) {
      const body = JSON.stringify(this.body());
      const sent = navigator.sendBeacon && navigator.sendBeacon(practiceAnswersUrl, new Blob([body], { type: "application/json" }));
      if (!sent) sendPracticeAnswers(JSON.parse(body)).catch(() => {});
    }
  }

  close() {
    this.beacon();
    document.removeEventListener("visibilitychange", this.hidden);
    window.removeEventListener("pagehide", this.leave);
  }
}

export function announceAnswer(detail) {
  document.dispatchEvent(new CustomEvent("geodeck:practice-answer", { detail }));
}

export function announceEnd(detail) {
  document.dispatchEvent(new CustomEvent("geodeck:practice-end", { detail }));
}
