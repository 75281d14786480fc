// Telling a player it is their move when they look elsewhere: "Your turn" in the tab's
// title, a short beep (off unless turned on) and a desktop notification (asked for only
// when the player clicks for it).

import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { keepSignal, signalOn } from "./store.js";
import { shownCode } from "./codes.js";

const BASE_TITLE = document.title;

// Whether the state waits for this seat: a move to make, or a moment to continue after.
export function yourTurn(state) {
  if (!state || state.you === null || state.status !== "playing") return false;
  if (state.pause) return state.pause.waiting.includes(state.you);
  return state.legal.length > 0;
}

let audio = null;

function beep() {
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  } catch {
    // no sound where the browser has no WebAudio
  }
}

function notify(code) {
  if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
  try {
    new Notification(t("signal.yourTurn"), { body: t("signal.body", { code: shownCode(code) }), tag: `geodeck-${code}` });
  } catch {
    // some browsers allow notifications only from a service worker
  }
}

// Called for each new state: the title always, the beep and the notification only when the
// turn has just come to this seat.
export function signal(state, ctx) {
  const mine = yourTurn(state);
  document.title = mine ? `▶ ${t("signal.yourTurn")} · ${BASE_TITLE}` : BASE_TITLE;
  if (mine && !ctx.memory.signalled) {
    if (signalOn("sound")) beep();
    if (signalOn("notify")) notify(ctx.code);
  }
  ctx.memory.signalled = mine;
}

export function resetTitle() {
  document.title = BASE_TITLE;
}

// The two toggles in the table's bar.
export function signalToggles(rerender) {
  const sound = signalOn("sound");
  const notifying = signalOn("notify") && "Notification" in window && Notification.permission === "granted";
  return h(
    "span",
    { class: "signals" },
    h(
      "button",
      {
        type: "button",
        class: ["ghost", "small", "toggle", sound && "on"],
        id: "signal-sound",
        "aria-pressed": String(sound),
        title: t("signal.soundTitle"),
        onclick: () => {
          keepSignal("sound", !sound);
          if (!sound) beep();
          rerender();
        },
      },
      sound ? "🔔 " : "🔕 ",
      t("signal.sound"),
    ),
    "Notification" in window
      ? h(
          "button",
          {
            type: "button",
            class: ["ghost", "small", "toggle", notifying && "on"],
            id: "signal-notify",
            "aria-pressed": String(notifying),
            title: t("signal.notifyTitle"),
            onclick: async () => {
              if (notifying) {
                keepSignal("notify", false);
              } else {
                const answer = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
                keepSignal("notify", answer === "granted");
                if (answer !== "granted") toast(t("signal.notifyDenied"), "error");
              }
              rerender();
            },
          },
          "💬 ",
          t("signal.notify"),
        )
      : null,
  );
}
