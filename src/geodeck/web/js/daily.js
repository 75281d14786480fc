// The Daily page (`/?daily=GAME[&date=YYYY-MM-DD][&moves=...]`, docs/daily.md): the
// day's ten cards placed solo on both lines, once a day; then the result as a grid of
// emoji to share, with a link that replays it, and the day's scores at the server: how
// many scored each of 0 to 10, and where the player's own score lies among them.
//
// The deal comes with the cards' coordinates (the challenge is solo, and the server
// replays the moves for the board), but a card's coordinates are shown only once it lies
// on the table, as in the terminal.

import { dailyBoard, dailyDeal, dailyResult } from "./api.js";
import { h, replace, toast } from "./dom.js";
import { nameOf, number, t } from "./i18n.js";
import { dailyPlayed, keepDaily, nickname, player } from "./player.js";

const LINES = ["west-east", "north-south"];
const SHORT = { "west-east": "w", "north-south": "n" };
const RIGHT = "🟩";
const WRONG = "🟥";

function today() {
  return new Date().toISOString().slice(0, 10);
}

// Whole signed arc-minutes, the minutes cut as a card prints them (RULES.md A3).
function minutes(degrees) {
  const total = Math.floor(Math.abs(degrees) * 60 + 1e-9);
  return degrees < 0 ? -total : total;
}

function printed(degrees, plus, minus) {
  const total = Math.abs(minutes(degrees));
  return `${Math.floor(total / 60)}° ${String(total % 60).padStart(2, "0")}′ ${degrees < 0 ? minus : plus}`;
}

const valueOf = (card, line) => minutes(line === "west-east" ? card.lon : card.lat);

// The moves in a link: `w0.n1.w2`, one per card.
export function encodeMoves(moves) {
  return moves.map(([line, gap]) => `${SHORT[line]}${gap}`).join(".");
}

export function decodeMoves(text) {
  const moves = [];
  for (const part of (text || "").split(".")) {
    const found = /^([wn])(\d{1,2})$/.exec(part);
    if (!found) return null;
    moves.push([found[1] === "w" ? "west-east" : "north-south", Number(found[2])]);
  }
  return moves;
}

// One player's challenge, as geodeck.practice.daily.Solo plays it.
class Solo {
  constructor(deal) {
    this.deal = deal;
    this.lines = { "west-east": [deal.start], "north-south": [deal.start] };
    this.placings = [];
  }

  get over() {
    return this.placings.length >= this.deal.cards.length;
  }

  get current() {
    return this.deal.cards[this.placings.length];
  }

  get score() {
    return this.placings.filter((p) => p.right).length;
  }

  place(line, gap) {
    const card = this.current;
    const cards = this.lines[line];
    if (!card || !cards || gap < 0 || gap > cards.length) return null;
    const value = valueOf(card, line);
    const before = gap > 0 ? cards[gap - 1] : null;
    const after = gap < cards.length ? cards[gap] : null;
    const right = (!before || valueOf(before, line) <= value) && (!after || value <= valueOf(after, line));
    if (right) cards.splice(gap, 0, card);
    const placing = { card, line, gap, right };
    this.placings.push(placing);
    return placing;
  }

  moves() {
    return this.placings.map((p) => [p.line, p.gap]);
  }

  grid() {
    const marks = this.placings.map((p) => (p.right ? RIGHT : WRONG));
    const rows = [];
    for (let i = 0; i < marks.length; i += 5) rows.push(marks.slice(i, i + 5).join(""));
    return rows.join("\n");
  }
}

export function openDaily(root, { game, date, moves, onLobby }) {
  const day = /^\d{4}-\d\d-\d\d$/.test(date || "") ? date : today();
  const shared = moves ? decodeMoves(moves) : null;
  let deal = null;
  let solo = null;
  let last = null;
  let failed = null;
  let board = null;
  let sent = null;
  let closed = false;

  function link(played) {
    const query = `?daily=${encodeURIComponent(game)}&date=${day}&moves=${encodeMoves(played)}`;
    return `${location.origin}/${query}`;
  }

  function shareText() {
    return `${t("daily.shareHead", { game: deal.title, date: day, score: solo.score, of: deal.cards.length })}\n${solo.grid()}\n${link(solo.moves())}`;
  }

  async function send() {
    const kept = dailyPlayed(game, day) || {};
    if (kept.sent) return;
    let closedDay = false;
    try {
      sent = await dailyResult(game, day, { nickname: nickname() || t("daily.anonymous"), key: player().key, moves: solo.moves() });
    } catch (error) {
      // a day whose results are no longer taken (or not yet) is not sent again
      closedDay = error.code === "daily/closed";
      if (!closedDay && error.code !== "daily/already_played") {
        toast(t("error.generic", { message: error.message }), "error");
        return;
      }
    }
    keepDaily(game, day, { moves: solo.moves(), sent: true, closed: closedDay });
  }

  async function loadBoard() {
    try {
      board = await dailyBoard(game, day);
    } catch {
      board = { scores: [], players: 0 };
    }
    if (!closed) render();
  }

  function place(line, gap) {
    if (!solo || solo.over) return;
    last = solo.place(line, gap);
    if (!shared) keepDaily(game, day, { moves: solo.moves(), sent: false });
    if (solo.over && !shared) send().then(loadBoard);
    render();
  }

  function cardRow(card, line) {
    const where = line === "west-east" ? printed(card.lon, "E", "W") : printed(card.lat, "N", "S");
    return h("span", { class: ["daily-card", card.id === deal.start.id && "start"] }, h("strong", {}, nameOf(card)), h("small", {}, where));
  }

  function lineView(line) {
    const cards = solo.lines[line];
    const items = [];
    cards.forEach((card, gap) => {
      items.push(gapButton(line, gap));
      items.push(h("li", { class: "daily-placed", "data-card": card.id }, cardRow(card, line)));
    });
    items.push(gapButton(line, cards.length));
    return h(
      "section",
      { class: "daily-line", "data-line": line },
      h("h3", {}, t(`daily.line.${line}`)),
      h("ol", { class: "daily-gaps" }, items),
    );
  }

  function gapButton(line, gap) {
    const open = !solo.over;
    return h(
      "li",
      { class: "daily-gap" },
      h(
        "button",
        {
          type: "button",
          class: "gap-button",
          disabled: !open,
          "data-gap": `${SHORT[line]}${gap}`,
          "aria-label": t("daily.placeAt", { line: t(`daily.line.${line}`), gap }),
          onclick: () => place(line, gap),
        },
        String(gap),
      ),
    );
  }

  function verdict() {
    if (!last) return null;
    const where = last.line === "west-east" ? printed(last.card.lon, "E", "W") : printed(last.card.lat, "N", "S");
    const said = t(last.right ? "daily.right" : "daily.wrong", { name: nameOf(last.card), where });
    return h("p", { class: ["daily-verdict", last.right ? "good" : "bad"], id: "daily-verdict", role: "status" }, said);
  }

  function playing() {
    const card = solo.current;
    return h(
      "div",
      { class: "daily-question panel" },
      h("p", { class: "daily-progress" }, t("daily.progress", { n: solo.placings.length + 1, of: deal.cards.length, right: solo.score })),
      h("p", { class: "daily-ask", id: "daily-ask" }, `${t("daily.next")} `, h("strong", { id: "daily-current" }, nameOf(card))),
      h("p", { class: "muted small" }, t("daily.how")),
      verdict(),
    );
  }

  function result() {
    const text = shareText();
    const area = h("textarea", { id: "daily-share", readOnly: true, rows: 5, "aria-label": t("daily.share") }, text);
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        area.select();
        document.execCommand("copy");
      }
      toast(t("daily.copied"));
    };
    return h(
      "div",
      { class: "daily-result panel", id: "daily-result" },
      shared ? h("p", { class: "tag" }, t("daily.replayOf")) : null,
      h("h3", {}, t("daily.score", { score: solo.score, of: deal.cards.length })),
      h("pre", { class: "daily-grid", id: "daily-grid" }, solo.grid()),
      verdict(),
      area,
      h(
        "div",
        { class: "daily-actions" },
        h("button", { type: "button", class: "primary", id: "daily-copy", onclick: copy }, t("daily.copy")),
        h("a", { class: "button ghost", id: "daily-link", href: link(solo.moves()) }, t("daily.link")),
        shared && !dailyPlayed(game, day) ? h("a", { class: "button ghost", href: `/?daily=${game}&date=${day}` }, t("daily.playIt")) : null,
      ),
      h("h3", {}, t("daily.board")),
      board === null ? h("p", { class: "muted" }, t("daily.loading")) : scores(),
      h("p", { class: "muted small daily-verify" }, t("daily.verify", { hash: deal.hash.slice(0, 12) }), h("code", {}, deal.key)),
    );
  }

  // Where the score shown lies among the day's: how many did better, as well, and less
  // (the player's own result, once counted, is not among "as well").
  function standing(counts) {
    const mine = solo.score;
    const kept = shared ? null : dailyPlayed(game, day);
    if (kept && kept.closed) return h("p", { class: "daily-place", id: "daily-place" }, t("daily.notCounted"));
    const sum = (list) => list.reduce((a, b) => a + b, 0);
    const counted = kept && kept.sent && (counts[mine] || 0) > 0 ? 1 : 0;
    const said = {
      score: mine,
      of: deal.cards.length,
      better: number(sum(counts.slice(mine + 1))),
      same: number((counts[mine] || 0) - counted),
      less: number(sum(counts.slice(0, mine))),
    };
    return h("p", { class: "daily-place", id: "daily-place" }, t(shared ? "daily.placeReplay" : "daily.place", said));
  }

  function scores() {
    const of = deal.cards.length;
    const counts = Array.from({ length: of + 1 }, (_, i) => (board.scores && board.scores[i]) || 0);
    const most = Math.max(1, ...counts);
    const bars = [];
    for (let score = of; score >= 0; score -= 1) {
      const count = counts[score];
      bars.push(
        h(
          "li",
          { class: ["daily-bar", score === solo.score && "mine"], "data-score": score, "aria-label": t("daily.bar", { score, of, n: count }) },
          h("span", { class: "daily-bar-score" }, `${score}/${of}`),
          h("span", { class: "daily-bar-track" }, h("span", { class: "daily-bar-fill", style: { width: `${(100 * count) / most}%` } })),
          h("span", { class: "daily-bar-count" }, number(count)),
        ),
      );
    }
    const when = (stamp) => String(stamp || "").slice(0, 16).replace("T", " ");
    return h(
      "div",
      { class: "daily-board", id: "daily-board" },
      h("p", { class: "muted small" }, board.players ? t("daily.players", { n: board.players }) : t("daily.boardEmpty")),
      h("ol", { class: "daily-bars" }, bars),
      standing(counts),
      board.opens ? h("p", { class: "muted small", id: "daily-window" }, t("daily.window", { opens: when(board.opens), closes: when(board.closes) })) : null,
    );
  }

  function render() {
    if (closed) return;
    const head = h(
      "div",
      { class: "daily-head" },
      h("a", { href: "/", class: "ghost small", onclick: (event) => onLobby(event) }, `← ${t("daily.back")}`),
      h("h2", {}, deal ? t("daily.title", { game: deal.title, date: day }) : t("daily.entry")),
    );
    if (failed) {
      replace(root, h("div", { class: "daily" }, head, h("p", { class: "panel", id: "daily-failed" }, t("error.generic", { message: failed }))));
      return;
    }
    if (!deal) {
      replace(root, h("div", { class: "daily" }, head, h("p", { class: "panel" }, t("daily.loading"))));
      return;
    }
    const lines = h("div", { class: "daily-lines" }, LINES.map(lineView));
    replace(root, h("div", { class: ["daily", solo.over && "over"], id: "daily" }, head, solo.over ? result() : playing(), lines));
  }

  function start(found) {
    deal = found;
    solo = new Solo(deal);
    const kept = dailyPlayed(game, day);
    const earlier = shared || (kept && kept.moves) || [];
    for (const [line, gap] of earlier) {
      if (solo.over || !solo.place(line, gap)) break;
    }
    last = solo.placings.length ? solo.placings[solo.placings.length - 1] : null;
    if (solo.over) {
      if (!shared && kept && !kept.sent) send().then(loadBoard);
      else loadBoard();
    }
    render();
  }

  dailyDeal(game, day).then(start, (error) => {
    failed = error.message;
    render();
  });
  render();
  return {
    refresh: render,
    close: () => {
      closed = true;
    },
  };
}
