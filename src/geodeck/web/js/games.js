// What the lobby offers: the games and bot levels as the server lists them (/api/games,
// filled in once at start-up), and the page's own choices of clock and seat colour.

import { gameList } from "./api.js";

export const GAMES = {};

export const LEVELS = [];

// Per rating family, each bot level's fixed displayed rating (docs/ratings.md).
export const BOT_RATINGS = {};

export async function loadGames() {
  const offered = await gameList();
  for (const game of offered.games) GAMES[game.id] = game;
  LEVELS.splice(0, LEVELS.length, ...offered.levels);
  Object.assign(BOT_RATINGS, offered.bot_ratings || {});
}

export const CLOCKS = [null, 30, 60, 120, 300];

// How long a table waits at most after a verdict, a scoring or a round's result (the
// server allows 0 to 120 s), and the time banks a clock may have.
export const PAUSES = [0, 10, 20, 40, 90];

export const DEFAULT_PAUSE = 20;

export const BANKS = [0, 60, 180, 600];

export const SEAT_COLOURS = ["#d9412b", "#f0b923", "#2b2b2b", "#2f9a57", "#2f6fd0", "#f4f1ea"];
