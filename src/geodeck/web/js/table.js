// A table: claim a seat or watch, keep the websocket, and hand each state to its game's view.

import { ApiError, Connection, joinTable, recordUrl, tableInfo } from "./api.js";
import { tableChat } from "./chat.js";
import { clockLine, tick } from "./clock.js";
import * as cross from "./cross/index.js";
import { checkDeal, dealLine, noteDeal, sealChip } from "./deal.js";
import { h, replace, toast, whenResized } from "./dom.js";
import { endgame } from "./endgame.js";
import { GAMES, SEAT_COLOURS } from "./games.js";
import { closeHelp, helpButton, refreshHelp } from "./help.js";
import { list, t } from "./i18n.js";
import { momentBar } from "./moments.js";
import { playerField } from "./player.js";
import { gatheringPanel, notHere, noteRematch, rematchPanel, statusWord } from "./rematch.js";
import { closeSeatLink, movedNotice, seatLinkButton } from "./seatlink.js";
import { resetTitle, signal, signalToggles } from "./signals.js";
import { forgetSeat, keepName, keepSeat, playerName, seatFor } from "./store.js";
import * as undercover from "./undercover/index.js";
import { shownCode } from "./codes.js";

// Each family's view: `update(state, ctx)` for a new state, `render(root, state, ctx)`,
// and `afterRender(root, ctx)` once the page shows it.
const FAMILIES = { cross, undercover };

// The family of a table's game, as the server's game list says.
function familyOf(state) {
  const game = GAMES[state.view.game];
  return game && game.family in FAMILIES ? game.family : "cross";
}

export function openTable(root, code, { watch, onLobby, move }) {
  const ctx = {
    code,
    root,
    state: null,
    link: `${location.origin}/?table=${code}`,
    conn: null,
    // No connection until a seat is taken or the page watches: the join screen shows none.
    status: "idle",
    memory: {},
    // Closed when the page opens something else (a rematch, the lobby): what this table
    // still hears (its socket closing, a check of its deal) paints nothing any more.
    closed: false,
    // One action at a time: until the server answers (a new state or a refusal), a second
    // click sends nothing, so a double click never earns a false refusal.
    pending: false,
    act: (action) => {
      if (ctx.pending) return;
      if (!ctx.conn || !ctx.conn.act(action)) {
        toast(t("conn.closed"), "error");
        return;
      }
      ctx.pending = true;
    },
    // Continue after a moment; a second press (or one after the wait ended) changes nothing.
    continueMoment: (version) => {
      if (ctx.memory.continued === version) return;
      if (!ctx.conn || !ctx.conn.continueAfter(version)) {
        toast(t("conn.closed"), "error");
        return;
      }
      ctx.memory.continued = version;
      render();
    },
  };
  let clockTimer = null;
  ctx.rerender = () => render();
  // The table's chat, beside the table so that it keeps what is typed across renders.
  const chat = tableChat(code, { send: (line) => Boolean(ctx.conn && ctx.conn.chat(line)) });
  root.after(chat.node);

  function connect(hello) {
    if (ctx.conn) ctx.conn.close();
    ctx.history = null;
    ctx.conn = new Connection(code, hello, {
      message: onMessage,
      status: (status) => {
        // After the seat moved, the closing socket says nothing more.
        ctx.status = ctx.moved ? "moved" : status;
        if (status !== "open") ctx.pending = false;
        bar();
        if (status === "moved") seatMoved();
        else if (status === "gone" && !ctx.moved) notFound();
      },
    });
  }

  function onMessage(message) {
    if (message.type === "chat" || message.type === "chat_log") {
      chat.receive(message);
      return;
    }
    if (message.type === "state" || message.type === "error") ctx.pending = false;
    if (message.type === "state") {
      ctx.state = withHistory(message);
      ctx.game = ctx.state.view.game;
      ctx.variant = ctx.state.view.variant;
      FAMILIES[familyOf(ctx.state)].update(ctx.state, ctx);
      signal(ctx.state, ctx);
      ctx.dealShown = noteDeal(code, message) || ctx.dealShown;
      if (message.status === "finished" && ctx.dealShown && !ctx.dealChecking) startDealCheck();
      render();
    } else if (message.type === "rematch") {
      noteRematch(ctx, message.code);
      if (ctx.state) render();
    } else if (message.type === "seats" && ctx.state) {
      ctx.state = { ...ctx.state, seats: message.seats, spectators: message.spectators ?? ctx.state.spectators };
      render();
    } else if (message.type === "error") {
      if (message.code === "auth/bad_token") {
        forgetSeat(code);
        ctx.conn.close();
        ctx.conn = null;
        showJoin();
        return;
      }
      if (message.code === "table/not_found") return;
      if (message.code === "seat/moved") {
        seatMoved();
        return;
      }
      // A late Continue, or a move sent while the table waited, changes nothing: no alarm.
      if (["continue/not_paused", "continue/stale", "act/paused"].includes(message.code)) return;
      if (message.code.startsWith("chat/")) {
        toast(t(`chat.error.${message.code.slice(5)}`), "error");
        return;
      }
      if (message.code !== "act/stale") toast(t("error.generic", { message: message.message }), "error");
    }
  }

  // A view may carry only the history from `history_from` on; keep the whole of it here.
  function withHistory(message) {
    const view = message.view;
    const from = Number(view.history_from || 0);
    const known = ctx.history || [];
    if (from > 0 && from <= known.length) {
      ctx.history = known.slice(0, from).concat(view.history);
      return { ...message, view: { ...view, history: ctx.history, history_from: 0 } };
    }
    ctx.history = view.history;
    return message;
  }

  function startDealCheck() {
    ctx.dealChecking = true;
    checkDeal(code, recordUrl(code))
      .catch(() => ({ result: "unavailable", shown: ctx.dealShown }))
      .then((check) => {
        ctx.dealCheck = check;
        render();
      });
  }

  function bar() {
    const holder = document.getElementById("table-bar");
    if (!holder || ctx.closed) return;
    const state = ctx.state;
    const status = state ? state.status : null;
    replace(
      holder,
      h("span", { class: "bar-code" }, `${t("table.code")} `, h("strong", { id: "table-code" }, shownCode(code))),
      h(
        "button",
        {
          type: "button",
          class: "ghost small",
          onclick: async () => {
            try {
              await navigator.clipboard.writeText(ctx.link);
              toast(t("table.copied"));
            } catch {
              toast(ctx.link);
            }
          },
        },
        t("table.copy"),
      ),
      ctx.status === "idle"
        ? null
        : h(
            "span",
            { class: ["conn", `conn-${ctx.status}`], title: t(`conn.${ctx.status}`), id: "conn-state", "data-status": ctx.status },
            h("span", { class: "dot", "aria-hidden": "true" }),
            h("span", { class: "conn-text" }, status && ctx.status === "open" ? statusWord(state) : t(`conn.${ctx.status}`)),
          ),
      state && state.spectators
        ? h("span", { class: "spectators", id: "spectators", "data-count": state.spectators, title: t("table.spectators", { n: state.spectators }) }, "👁 ", t("table.spectators", { n: state.spectators }))
        : null,
      sealChip(ctx.dealShown),
      state && state.you !== null ? signalToggles(render) : null,
      state && state.you !== null && !ctx.moved ? seatLinkButton(code) : null,
      ctx.game ? helpButton(() => ({ game: ctx.game, variant: ctx.variant, state: ctx.state })) : null,
    );
  }

  function render() {
    if (ctx.closed) return;
    bar();
    const state = ctx.state;
    if (!state) return;
    chat.update(state);
    const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focus : null;
    const name = familyOf(state);
    const family = FAMILIES[name];
    const body = h("div", { class: ["table-screen", `family-${name}`] });
    if (state.you === null) body.append(h("p", { class: "watching", id: "watching" }, "👁 ", t("table.watching")));
    if (state.status === "finished") body.append(finished(state));
    const game = h("div", { class: "game" });
    if (state.status === "waiting") {
      // Nobody moves before every seat is taken (or a rematch's players have come): the
      // waiting screen, not the game's prompts.
      body.append(state.gathering ? gatheringPanel(state) : waiting(state));
    } else {
      body.append(...[notHere(state), momentBar(state, ctx), clockLine(state), game].filter(Boolean));
      family.render(game, state, ctx);
    }
    const scroll = root.querySelector(".board-scroll");
    const kept = scroll ? [scroll.scrollLeft, scroll.scrollTop] : null;
    replace(root, body);
    const board = root.querySelector(".board-scroll");
    if (board && kept) [board.scrollLeft, board.scrollTop] = kept;
    if (focusKey) {
      const again = root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
    if (state.status !== "waiting") family.afterRender(root, ctx);
    refreshHelp();
    tickClock();
  }

  function tickClock() {
    tick(root);
  }

  function waiting(state) {
    const taken = state.seats.filter((seat) => seat.claimed).length;
    return h(
      "div",
      { class: "panel waiting", id: "waiting", "data-free": state.seats.length - taken },
      h("h2", {}, t("waiting.title")),
      h("p", { class: "waiting-count" }, t("waiting.seats", { taken, total: state.seats.length }), " ", t("waiting.start")),
      h("p", {}, t("table.share")),
      h("p", {}, h("a", { class: "share-link", href: ctx.link }, ctx.link)),
      h(
        "ul",
        { class: "claims" },
        state.seats.map((seat) =>
          h(
            "li",
            { class: seat.claimed ? "claimed" : "free", "data-seat": seat.seat },
            seat.name,
            seat.bot ? ` (${t("seat.bot", { level: t(`level.${seat.bot}`) })})` : null,
            " — ",
            seat.claimed ? t("join.taken") : t("join.free"),
          ),
        ),
      ),
    );
  }

  function finished(state) {
    const outcome = state.view.outcome;
    if (!outcome) return null;
    const names = outcome.winners.map((i) => state.seats[i].name);
    return h(
      "div",
      { class: "panel outcome", id: "outcome" },
      h("h2", {}, "🏆 ", t("outcome.title")),
      h("p", { class: "winners" }, names.length > 1 ? t("outcome.winners", { names: list(names) }) : t("outcome.winner", { names: names[0] })),
      h(
        "ol",
        { class: "final-scores" },
        outcome.scores
          .map((score, i) => ({ score, i }))
          .sort((a, b) => b.score - a.score || a.i - b.i)
          .map(({ score, i }) => h("li", { class: outcome.winners.includes(i) ? "winner" : "" }, h("span", {}, state.seats[i].name), h("strong", {}, String(score)))),
      ),
      rematchPanel(state, ctx),
      ctx.dealShown ? dealLine(ctx.dealCheck) : null,
      endgame(state, ctx),
      h(
        "p",
        { class: "actions" },
        h("a", { class: "button", href: recordUrl(code), download: `geodeck-${code}.json` }, t("outcome.record")),
        h("a", { class: "button ghost", id: "replay-open", href: `/?table=${code}&step=0${state.you === null ? "" : `&seat=${state.you}`}` }, "🎞 ", t("replay.open")),
        h("a", { class: "button ghost", href: "/", onclick: (event) => onLobby(event) }, t("outcome.again")),
      ),
    );
  }

  async function showJoin() {
    if (ctx.closed) return;
    bar();
    let info;
    try {
      info = await tableInfo(code);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notFound();
      else toast(t("error.generic", { message: error.message }), "error");
      return;
    }
    ctx.game = info.game;
    ctx.variant = info.variant;
    bar();
    if (info.status === "finished") {
      connect({ spectator: true });
      return;
    }
    const nameInput = h("input", {
      type: "text",
      id: "join-name",
      maxLength: 40,
      value: playerName(),
      placeholder: t("lobby.yourName"),
      "aria-label": t("lobby.yourName"),
    });
    const free = info.seats.filter((seat) => !seat.claimed);
    let joining = false;
    async function take(seat) {
      if (joining) return;
      joining = true;
      for (const button of root.querySelectorAll("[data-join-seat]")) button.disabled = true;
      const name = nameInput.value.trim();
      const body = { seat };
      if (name && info.status === "waiting") body.name = name;
      // Rated under the nickname, else the name typed, else the seat's own name.
      const player = playerField(name || info.seats.find((s) => s.seat === seat).name);
      if (player) body.player = player;
      try {
        const joined = await joinTable(code, body);
        if (name) keepName(name);
        keepSeat(code, joined.seat, joined.token);
        connect({ token: joined.token });
      } catch (error) {
        toast(t("error.generic", { message: error.message }), "error");
        showJoin();
      }
    }
    const title = GAMES[info.game] ? GAMES[info.game].title : info.game;
    replace(
      root,
      h(
        "div",
        { class: "panel join-table", id: "join" },
        h("h2", {}, t("join.title", { code: shownCode(code) })),
        h("p", { class: "join-game" }, title, " · ", t(`variant.${info.variant}`)),
        free.length && info.status === "waiting" ? h("label", { class: "field" }, h("span", {}, t("lobby.yourName")), nameInput) : null,
        h(
          "ul",
          { class: "join-seats" },
          info.seats.map((seat) =>
            h(
              "li",
              { class: seat.claimed ? "taken" : "free" },
              h("span", { class: "stone", style: { background: SEAT_COLOURS[seat.seat % SEAT_COLOURS.length] } }),
              h("span", { class: "join-seat-name" }, seat.name),
              seat.bot ? h("span", { class: "tag" }, t("seat.bot", { level: t(`level.${seat.bot}`) })) : null,
              seat.claimed
                ? h("span", { class: "muted" }, t("join.taken"))
                : h("button", { type: "button", class: "primary", "data-join-seat": seat.seat, onclick: () => take(seat.seat) }, t("join.take")),
            ),
          ),
        ),
        free.length ? null : h("p", {}, t("join.full")),
        h("button", { type: "button", class: "ghost", id: "watch", onclick: () => connect({ spectator: true }) }, "👁 ", t("join.watch")),
      ),
    );
  }

  // Another device opened this seat with its link: this page plays it no more.
  function seatMoved() {
    if (ctx.moved) return;
    ctx.moved = true;
    ctx.status = "moved";
    forgetSeat(code);
    closeSeatLink();
    const old = ctx.conn;
    ctx.conn = null;
    ctx.state = null;
    if (old) {
      // nothing this socket says from now on is about this page
      old.handlers = { message: () => {}, status: () => {} };
      old.close();
    }
    showMoved();
  }

  function showMoved() {
    if (ctx.closed) return;
    bar();
    replace(
      root,
      movedNotice(code, {
        onWatch: () => {
          ctx.moved = false;
          connect({ spectator: true });
        },
        onLobby: (event) => onLobby(event),
      }),
    );
  }

  function notFound() {
    replace(
      root,
      h(
        "div",
        { class: "panel", id: "not-found" },
        h("p", {}, t("table.notFound", { code: shownCode(code) })),
        h("a", { class: "button", href: "/", onclick: (event) => onLobby(event) }, t("table.lobby")),
      ),
    );
  }

  const seat = seatFor(code);
  if (seat && !watch) connect(move ? { token: seat.token, move: true } : { token: seat.token });
  else if (watch) connect({ spectator: true });
  else showJoin();
  clockTimer = setInterval(tickClock, 1000);
  // A new size of window fits the board again (the zoom, the frame, the buttons at its edges).
  const shown = () => (ctx.state && ctx.state.status !== "waiting" && !ctx.moved ? FAMILIES[familyOf(ctx.state)] : null);
  const stopResize = whenResized(() => shown()?.afterRender(root, ctx));
  const stopScroll = whenResized(() => shown()?.afterScroll?.(root), "scroll");

  return {
    refresh: () => (ctx.moved ? showMoved() : ctx.state ? render() : ctx.conn ? bar() : showJoin()),
    close: () => {
      ctx.closed = true;
      clearInterval(clockTimer);
      stopResize();
      stopScroll();
      closeHelp();
      closeSeatLink();
      resetTitle();
      chat.close();
      if (ctx.conn) ctx.conn.close();
    },
  };
}
