// The clock as a player sees it: whose move it is and how long it has, counting down
// through the move's own time and then the seat's bank (docs/protocol.md, The clock).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./seats.js";

// When (Unix ms) a seat's move time ends and its bank begins, from the state's clock.
export function bankFrom(clock, seat) {
  const deadline = clock.deadlines[String(seat)];
  const bank = Number((clock.banks && clock.banks[String(seat)]) || 0);
  return deadline - bank * 1000;
}

// The line over the table: this seat's own countdown when its move is awaited, else the
// seat (or seats) on the clock.
export function clockLine(state) {
  const clock = state.clock;
  if (!clock || state.status !== "playing") return null;
  const seats = Object.keys(clock.deadlines).map(Number);
  if (!seats.length) return null;
  const mine = state.you !== null && seats.includes(state.you);
  const seat = mine ? state.you : seats[0];
  return h(
    "p",
    { class: ["clock-line", mine && "mine"], id: "clock-line", "data-seat": seat },
    h("span", {
      class: "clock",
      "data-deadline": clock.deadlines[String(seat)],
      "data-bank-from": bankFrom(clock, seat),
      "data-label": mine ? "you" : "seat",
      "data-name": mine ? "" : seats.map((i) => seatName(state, i)).join(", "),
    }),
  );
}

// Every countdown on the page, once a second.
export function tick(root) {
  const now = Date.now();
  for (const el of root.querySelectorAll("[data-deadline]")) {
    const deadline = Number(el.dataset.deadline);
    const bankFrom = Number(el.dataset.bankFrom || deadline);
    const inBank = now >= bankFrom && bankFrom < deadline;
    const left = Math.max(0, Math.ceil(((inBank ? deadline : bankFrom) - now) / 1000));
    const time = inBank ? t("clock.bank", { n: left }) : t("clock.left", { n: left });
    const label = el.dataset.label;
    el.textContent = label === "you" ? `⏱ ${t("clock.you", { time })}` : label === "seat" ? `⏱ ${t("clock.seat", { name: el.dataset.name, time })}` : `⏱ ${time}`;
    el.classList.toggle("urgent", Math.ceil((deadline - now) / 1000) <= 10);
    el.classList.toggle("in-bank", inBank);
  }
  for (const el of root.querySelectorAll("[data-until]")) {
    const left = Math.max(0, Math.ceil((Number(el.dataset.until) - now) / 1000));
    el.textContent = t("moment.left", { n: left });
  }
}
