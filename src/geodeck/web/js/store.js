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

// Every table this browser holds a seat at: [{ code, seat, token }].
export function heldSeats() {
  const held = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(`${PREFIX}seat.`)) continue;
      const code = key.slice(PREFIX.length + 5);
      const entry = seatFor(code);
      if (entry) held.push({ code, seat: entry.seat, token: entry.token });
    }
  } catch {
    // storage may be off
  }
  return held;
}

// Forget a table: its seat, its first deal, its muted seats.
export function forgetTable(code) {
  for (const key of [`seat.${code}`, `deal.${code}`, `muted.${code}`]) write(key, null);
}

// The seats whose chat lines this browser hides at a table.
export function mutedSeats(code) {
  const value = read(`muted.${code}`);
  return Array.isArray(value) ? value.filter((seat) => typeof seat === "number" || seat === "spectators") : [];
}

export function keepMuted(code, seats) {
  write(`muted.${code}`, seats.length ? seats : null);
}
