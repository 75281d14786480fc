// What the browser keeps between visits: seat tokens per table, the player's name, the language.

const PREFIX = "geodeck.";

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + key));
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // storage may be off (private windows); the game still works until a reload
  }
}

export function seatFor(code) {
  const entry = read(`seat.${code}`);
  return entry && typeof entry.token === "string" ? entry : null;
}

export function keepSeat(code, seat, token) {
  write(`seat.${code}`, { seat, token });
}

export function forgetSeat(code) {
  write(`seat.${code}`, null);
}

export function playerName() {
  return read("name") || "";
}

export function keepName(name) {
  write("name", name);
}

export function language() {
  return read("lang");
}

export function keepLanguage(lang) {
  write("lang", lang);
}

// The deal commitment as this browser first saw it for a table: the one to check at the end.
export function firstDeal(code) {
  const value = read(`deal.${code}`);
  return typeof value === "string" ? value : null;
}

export function keepFirstDeal(code, commitment) {
  write(`deal.${code}`, commitment);
}

// The turn signals this browser was asked for (the sound, desktop notifications): off
// unless the player turned them on.
export function signalOn(name) {
  return read(`signal.${name}`) === true;
}

export function keepSignal(name, on) {
  write(`signal.${name}`, on ? true : null);
}

// One player's practice progress (docs/practice.md): `{decks: {GAME/VARIANT/HASH: {title,
// session, cards}}}` under `geodeck.practice.NAME`, the nickname in lower case.
export function practiceProgress(name) {
  const data = read(`practice.${name.trim().toLowerCase()}`);
  return data && typeof data === "object" && data.decks && typeof data.decks === "object" ? data : { decks: {} };
}

export function keepPracticeProgress(name, data) {
  write(`practice.${name.trim().toLowerCase()}`, data);
}
