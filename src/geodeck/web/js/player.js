// The player key and nickname this browser keeps for its ratings and daily results
// (docs/ratings.md): 16 random bytes as 32 hex digits, made once; the server keeps only
// their SHA-256.

import { playerName } from "./store.js";

const KEY = "geodeck.player";

function read() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY));
    if (value && typeof value.key === "string" && /^[0-9a-f]{32}$/.test(value.key)) return value;
  } catch {
    // unreadable: a new key is made below
  }
  return null;
}

function write(value) {
  try {
    localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // storage may be off (private windows): the key lasts until a reload
  }
}

let kept = null;

export function player() {
  if (kept) return kept;
  kept = read();
  if (!kept) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    kept = { key: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""), nickname: "" };
    write(kept);
  }
  return kept;
}

// The nickname shown with the ratings: the one chosen, else the name last played under.
export function nickname() {
  return (player().nickname || playerName() || "").trim().slice(0, 40);
}

export function keepNickname(name) {
  kept = { ...player(), nickname: name.trim().slice(0, 40) };
  write(kept);
}

// The `player` field of a create or join request, or undefined without a nickname.
export function playerField(fallback = "") {
  const name = nickname() || fallback.trim().slice(0, 40);
  return name ? { key: player().key, nickname: name } : undefined;
}

// A day's daily challenge as this browser played it: {moves, sent}.
export function dailyPlayed(game, date) {
  try {
    const value = JSON.parse(localStorage.getItem(`geodeck.daily.${game}.${date}`));
    return value && Array.isArray(value.moves) ? value : null;
  } catch {
    return null;
  }
}

export function keepDaily(game, date, value) {
  try {
    localStorage.setItem(`geodeck.daily.${game}.${date}`, JSON.stringify(value));
  } catch {
    // storage off: the day can be played again after a reload, the server keeps one result
  }
}
