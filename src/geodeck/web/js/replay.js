// A finished table's replay (`/?table=CODE&step=N&seat=S`): the table at each step as one
// seat or the spectator saw it, drawn by the family's own view with no prompts; forward,
// back, jumps to each challenge, scoring or round's reveal, autoplay and a link to the step.

import * as cross from "./cross/index.js";
import { describe as crossSays } from "./cross/history.js";
import { h, replace, toast, whenResized } from "./dom.js";
import { GAMES } from "./games.js";
import { t } from "./i18n.js";
import { loadReplay } from "./replay-steps.js";
import * as undercover from "./undercover/index.js";
import { describe as undercoverSays } from "./undercover/history.js";

const FAMILIES = { cross: [cross, crossSays], undercover: [undercover, undercoverSays] };
const JUMPS = { cross: ["challenge", "scoring"], undercover: ["round", "reveal"] };
const AUTOPLAY_MS = 1200;

function familyOf(game) {
  const known = GAMES[game];
  return known && known.family in FAMILIES ? known.family : "cross";
}

// The step and seat a replay's address names (`step=N&seat=S`; no seat: the spectator).
export function replayPlace(params) {
  const number = (text) => (/^\d{1,6}$/.test(text || "") ? Number(text) : null);
  return { step: number(params.get("step")) ?? 0, seat: number(params.get("seat")) };
}

// `source(seat)`, when given, makes the steps instead of the server (a local record file;
// `code` is then null and the page has no link to a step).
export function openReplay(root, code, { step, seat, onLobby, onTable, source = null }) {
  const ctx = { code, root, state: null, memory: {}, pending: true, replay: true, act: () => {}, continueMoment: () => {} };
  let replay = null;
  let at = Number.isInteger(step) ? step : 0;
  let who = Number.isInteger(seat) ? seat : null;
  let timer = null;
  let closed = false;
  ctx.rerender = () => render();

  function link(full = true) {
    if (!code) return null;
    const seatPart = who === null ? "" : `&seat=${who}`;
    const path = `/?table=${encodeURIComponent(code)}&step=${at}${seatPart}`;
    return full ? `${location.origin}${path}` : path;
  }

  async function load() {
    replace(root, h("p", { class: "panel", id: "replay-loading" }, source ? t("replay.engine") : t("replay.loading")));
    try {
      replay = await (source ? source(who) : loadReplay(code, who));
    } catch (error) {
      if (closed) return;
      const busy = error.code === "replay/not_finished";
      replace(
        root,
        h(
          "div",
          { class: "panel", id: "replay-refused", "data-code": error.code || "" },
          h("p", {}, busy ? t("replay.notFinished") : t("error.generic", { message: error.message })),
          code ? h("a", { class: "button", href: `/?table=${code}`, onclick: (event) => onTable(event, code) }, t("replay.toTable")) : null,
          h("a", { class: "button ghost", href: "/", onclick: (event) => onLobby(event) }, t("table.lobby")),
        ),
      );
      return;
    }
    if (closed) return;
    ctx.memory = {};
    go(Math.min(Math.max(0, at), replay.steps.length - 1));
  }

  function go(index) {
    if (!replay) return;
    at = Math.min(Math.max(0, index), replay.steps.length - 1);
    if (at === replay.steps.length - 1) stop();
    if (code) history.replaceState({}, "", link(false));
    const current = replay.steps[at];
    const last = at === replay.steps.length - 1;
    ctx.state = {
      type: "state",
      code,
      version: current.version,
      status: last ? "finished" : "playing",
      view: current.view,
      seats: replay.seats.map((s) => ({ ...s, connected: true })),
      you: who,
      legal: [],
      expects: current.expects || { seats: [], kind: null },
      clock: null,
      pause: null,
      spectators: 0,
      timeouts: [],
      deal: null,
    };
    FAMILIES[familyOf(current.view.game)][0].update(ctx.state, ctx);
    render();
  }

  // The step (if any) of `kind` before or after this one.
  function nextOf(kind, ahead) {
    const steps = replay.steps;
    if (ahead) {
      for (let i = at + 1; i < steps.length; i += 1) if (steps[i].kind === kind) return i;
    } else {
      for (let i = at - 1; i >= 0; i -= 1) if (steps[i].kind === kind) return i;
    }
    return null;
  }

  function jump(kind, ahead) {
    const i = nextOf(kind, ahead);
    return i === null ? null : go(i);
  }

  function play() {
    if (timer) {
      stop();
      render();
      return null;
    }
    if (at >= replay.steps.length - 1) go(0);
    timer = setInterval(() => go(at + 1), AUTOPLAY_MS);
    render();
    return null;
  }

  function stop() {
    if (!timer) return;
    clearInterval(timer);
    timer = null;
  }

  function perspective() {
    return h(
      "label",
      { class: "field replay-seat" },
      h("span", {}, t("replay.as")),
      h(
        "select",
        {
          id: "replay-seat",
          onchange: (event) => {
            stop();
            who = event.target.value === "" ? null : Number(event.target.value);
            load();
          },
        },
        h("option", { value: "", selected: who === null }, t("replay.spectator")),
        replay.seats.map((s) => h("option", { value: String(s.seat), selected: who === s.seat }, s.name)),
      ),
    );
  }

  function said(family, current) {
    const before = at > 0 ? replay.steps[at - 1].view.history.length : 0;
    const events = current.view.history.slice(before);
    const describe = FAMILIES[family][1];
    const lines = events.map((event, i) => describe(event, ctx.state, ctx, before + i)).filter(Boolean);
    if (current.kind === "deal") lines.unshift(t("replay.deal"));
    if (current.kind === "end") lines.push(t("ev.end"));
    return h("ul", { class: "replay-said", id: "replay-said" }, lines.slice(-4).map((line) => h("li", {}, line)));
  }

  function controls(family) {
    const total = replay.steps.length;
    const current = replay.steps[at];
    // A media player's habit: ▶ plays, and the steps say in words which way they go.
    const button = (id, label, title, onclick, disabled = false, look = "ghost") =>
      h("button", { type: "button", class: [look, "small"], id, title, "aria-label": title, onclick, disabled }, label);
    const jumps = JUMPS[family].map((kind) => {
      const name = t(`replay.kind.${kind}`);
      return h(
        "span",
        { class: "replay-jump" },
        button(`replay-prev-${kind}`, `◂ ${name}`, t("replay.prev", { kind: name }), () => jump(kind, false), nextOf(kind, false) === null),
        button(`replay-next-${kind}`, `${name} ▸`, t("replay.next", { kind: name }), () => jump(kind, true), nextOf(kind, true) === null),
      );
    });
    return h(
      "section",
      { class: "panel replay-bar", id: "replay", "data-step": at, "data-total": total, "data-kind": current.kind, "data-seat": who === null ? "" : who },
      h("h2", {}, "🎞 ", t("replay.title")),
      h(
        "div",
        { class: "replay-row" },
        button("replay-first", "⏮", t("replay.first"), () => go(0), at === 0),
        button("replay-back", `‹ ${t("replay.backShort")}`, t("replay.back"), () => go(at - 1), at === 0),
        button("replay-play", timer ? `⏸ ${t("replay.pauseShort")}` : `▶ ${t("replay.playShort")}`, timer ? t("replay.pause") : t("replay.play"), play, false, "primary"),
        button("replay-forward", `${t("replay.forwardShort")} ›`, t("replay.forward"), () => go(at + 1), at === total - 1),
        button("replay-last", "⏭", t("replay.last"), () => go(total - 1), at === total - 1),
        h("span", { class: "replay-count", id: "replay-count" }, t("replay.step", { n: at, total: total - 1 })),
      ),
      h("input", { type: "range", id: "replay-range", min: 0, max: total - 1, value: at, "aria-label": t("replay.slider"), oninput: (event) => go(Number(event.target.value)) }),
      h("div", { class: "replay-row" }, h("span", { class: "replay-jumps-label" }, t("replay.jumps")), jumps, perspective()),
      said(family, current),
      code ? shareRow() : null,
    );
  }

  function shareRow() {
    const button = (id, label, title, onclick) => h("button", { type: "button", class: "ghost small", id, title, "aria-label": title, onclick }, label);
    return h(
        "p",
        { class: "actions" },
        button("replay-link", "🔗", t("replay.copy"), async () => {
          try {
            await navigator.clipboard.writeText(link());
            toast(t("table.copied"));
          } catch {
            toast(link());
          }
        }),
        h("a", { class: "share-link", id: "replay-share", href: link(false) }, t("replay.link")),
        h("a", { class: "button ghost small", href: `/?table=${code}`, onclick: (event) => onTable(event, code) }, t("replay.toTable")),
      );
  }

  function render() {
    if (!replay || !ctx.state) return;
    const family = familyOf(ctx.state.view.game);
    const game = h("div", { class: "game" });
    const body = h("div", { class: ["table-screen", "replaying", `family-${family}`] }, controls(family), game);
    FAMILIES[family][0].render(game, ctx.state, ctx);
    const scroll = root.querySelector(".board-scroll");
    const kept = scroll ? [scroll.scrollLeft, scroll.scrollTop] : null;
    replace(root, body);
    const board = root.querySelector(".board-scroll");
    if (board && kept) [board.scrollLeft, board.scrollTop] = kept;
    FAMILIES[family][0].afterRender(root, ctx);
  }

  function onKey(event) {
    if (!replay || event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") go(at + 1);
    else if (event.key === "ArrowLeft") go(at - 1);
  }

  document.addEventListener("keydown", onKey);
  const shown = () => (replay && ctx.state ? FAMILIES[familyOf(ctx.state.view.game)][0] : null);
  const stopResize = whenResized(() => shown()?.afterRender(root, ctx));
  const stopScroll = whenResized(() => shown()?.afterScroll?.(root), "scroll");
  load();
  return {
    refresh: () => render(),
    close: () => {
      closed = true;
      stop();
      stopResize();
      stopScroll();
      document.removeEventListener("keydown", onKey);
    },
  };
}
