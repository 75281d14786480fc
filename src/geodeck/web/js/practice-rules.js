// Practice rounds and Leitner boxes in the page, by the same rules as geodeck.practice
// (rounds.py, boxes.py, maps.py; docs/practice.md). No DOM: node imports it in the tests
// that hold the two to the same order.

import { Stream, shuffled } from "./shuffle.js";

export const MODES = ["survival", "timed", "region"];
export const BOXES = 5;
export const WEST_EAST = "west-east";
export const NORTH_SOUTH = "north-south";

const SIDES = { [WEST_EAST]: ["west", "east"], [NORTH_SOUTH]: ["south", "north"] };
const COLUMN_SIDES = ["lower", "higher"];

export const sidesOf = (line) => SIDES[line] || COLUMN_SIDES;
export const linesOf = (variant) => (variant === "geo" ? [WEST_EAST, NORTH_SOUTH] : [variant]);
export const interval = (box) => 2 ** (box - 1);

const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const int = (value, fallback = 0) => (Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : fallback);

// One player's memory of one deck: the number of the last session started, and per card
// its box, the session it was last answered in, its right and wrong answers, where it is.
export class Progress {
  constructor(session = 0, cards = {}) {
    this.session = session;
    this.cards = cards;
  }

  static fromJson(data) {
    const raw = data && typeof data.cards === "object" && data.cards ? data.cards : {};
    const cards = {};
    for (const [id, m] of Object.entries(raw)) {
      if (!m || typeof m !== "object") continue;
      cards[id] = {
        box: Math.min(BOXES, Math.max(1, int(m.box, 1))),
        seen: int(m.seen),
        right: int(m.right),
        wrong: int(m.wrong),
        name: String(m.name ?? ""),
        lat: Number(m.lat) || 0,
        lon: Number(m.lon) || 0,
        area: String(m.area ?? ""),
      };
    }
    return new Progress(int(data && data.session), cards);
  }

  toJson() {
    const cards = {};
    for (const id of Object.keys(this.cards).sort(byText)) cards[id] = { ...this.cards[id] };
    return { session: this.session, cards };
  }

  due(id, session = this.session) {
    const memory = this.cards[id];
    return !memory || session - memory.seen >= interval(memory.box);
  }

  start() {
    this.session += 1;
    return this.session;
  }

  // The order to deal `ids` in this session: the due mistakes (box 1), the cards never
  // answered, the other due cards from the lowest box up, the cards not yet due from the
  // lowest box up; within each group as the session's seed shuffles them.
  schedule(ids, seed) {
    const order = shuffled([...new Set(ids)].sort(byText), `geodeck-practice/${seed}/schedule`);
    const group = (id) => {
      const memory = this.cards[id];
      if (!memory) return [1, 0];
      if (!this.due(id)) return [3, memory.box];
      return memory.box === 1 ? [0, 0] : [2, memory.box];
    };
    const keys = new Map(order.map((id) => [id, group(id)]));
    return order.sort((a, b) => keys.get(a)[0] - keys.get(b)[0] || keys.get(a)[1] - keys.get(b)[1]);
  }

  // The answer to `card` in this session: up a box, or back to box 1.
  record(card, right) {
    let memory = this.cards[card.id];
    if (!memory) {
      memory = { box: right ? 2 : 1, seen: this.session, right: 0, wrong: 0 };
      this.cards[card.id] = memory;
    } else {
      memory.box = right ? Math.min(BOXES, memory.box + 1) : 1;
    }
    memory.seen = this.session;
    memory.right += right ? 1 : 0;
    memory.wrong += right ? 0 : 1;
    Object.assign(memory, { name: card.name, lat: card.lat, lon: card.lon, area: card.area });
    return memory;
  }

  weak() {
    return Object.keys(this.cards)
      .filter((id) => this.cards[id].box === 1)
      .sort(byText);
  }
}

// The areas of the cards answered, weakest first: most cards still misplaced, then the
// largest share of wrong answers, then by code (geodeck.practice.maps.weak_areas).
export function weakAreas(progress) {
  const areas = new Map();
  for (const memory of Object.values(progress.cards)) {
    const code = memory.area || "?";
    const stat = areas.get(code) || { area: code, cards: 0, right: 0, wrong: 0, weak: 0 };
    stat.cards += 1;
    stat.right += memory.right;
    stat.wrong += memory.wrong;
    stat.weak += memory.box === 1 ? 1 : 0;
    areas.set(code, stat);
  }
  const stats = [...areas.values()];
  for (const stat of stats) stat.share = stat.right + stat.wrong ? stat.wrong / (stat.right + stat.wrong) : 0;
  return stats.sort((a, b) => b.weak - a.weak || b.share - a.share || byText(a.area, b.area));
}

export function isRight(question, side) {
  const [lesser, greater] = sidesOf(question.line);
  const card = question.card.values[question.line];
  const ref = question.reference.values[question.line];
  if (side === lesser) return card <= ref;
  if (side === greater) return card >= ref;
  throw new RangeError(`the answer is ${lesser} or ${greater}, not ${side}`);
}

export function truth(question) {
  const [lesser, greater] = sidesOf(question.line);
  return question.card.values[question.line] < question.reference.values[question.line] ? lesser : greater;
}

// One practice round (geodeck.practice.rounds.Round): `cards` already narrowed to a
// region, `order` the schedule's (else the seed shuffles them).
export class Round {
  constructor(cards, { mode = "survival", variant = "geo", seed = "practice", order = null } = {}) {
    if (!MODES.includes(mode)) throw new RangeError(`unknown mode ${mode}`);
    this.lines = linesOf(variant);
    const usable = cards.filter((c) => this.lines.every((line) => line in c.values));
    if (usable.length < 2) throw new RangeError("a practice round needs at least two cards");
    this.cards = new Map(usable.map((c) => [c.id, c]));
    const ids = [...this.cards.keys()].sort(byText);
    if (order === null) {
      this.order = shuffled(ids, `geodeck-practice/${seed}/order`);
    } else {
      this.order = order.filter((id) => this.cards.has(id));
      const given = new Set(this.order);
      this.order.push(...ids.filter((id) => !given.has(id)));
    }
    this.mode = mode;
    this.variant = variant;
    this.stream = new Stream(`geodeck-practice/${seed}/lines`);
    this.answers = [];
    this.next = 0;
    this.reference = this.cards.get(this.order[this.order.length - 1]);
    this.stopped = false;
    this.current = null;
  }

  get over() {
    if (this.stopped || this.next >= this.order.length - 1) return true;
    return this.mode === "survival" && this.answers.some((a) => !a.right);
  }

  get score() {
    return this.answers.filter((a) => a.right).length;
  }

  get mistakes() {
    return this.answers.filter((a) => !a.right);
  }

  // The question to answer now (the same until it is answered).
  question() {
    if (this.over) throw new RangeError("the round is over");
    if (!this.current) {
      const line = this.lines[this.stream.below(this.lines.length)];
      this.current = { card: this.cards.get(this.order[this.next]), reference: this.reference, line };
    }
    return this.current;
  }

  answer(side) {
    const question = this.question();
    const answer = { question, side, right: isRight(question, side) };
    this.answers.push(answer);
    this.reference = question.card;
    this.current = null;
    this.next += 1;
    return answer;
  }

  stop() {
    this.stopped = true;
  }
}

// Whether a card lies in an area (a country, Land or region code; any case).
export function inRegion(card, code) {
  const wanted = String(code).trim().toUpperCase();
  return card.areas.some((a) => a.toUpperCase() === wanted);
}
