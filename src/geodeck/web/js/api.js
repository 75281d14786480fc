// The server's HTTP endpoints and the game websocket (docs/protocol.md).

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export async function call(method, path, body, headers = {}) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(error.code || "http/error", error.message || response.statusText, response.status);
  }
  return data;
}

export const gameList = () => call("GET", "/api/games");
export const createTable = (body) => call("POST", "/api/tables", body);
export const joinTable = (code, body) => call("POST", `/api/tables/${encodeURIComponent(code)}/join`, body);
export const tableInfo = (code) => call("GET", `/api/tables/${encodeURIComponent(code)}`);
export const recordUrl = (code) => `/api/tables/${encodeURIComponent(code)}/record`;
export const playerMe = (key) => call("GET", "/api/players/me", undefined, { "X-Geodeck-Player": key });
export const dailyDeal = (game, date) => call("GET", `/api/daily/${encodeURIComponent(game)}/${encodeURIComponent(date)}`);
export const dailyResult = (game, date, body) => call("POST", `/api/daily/${encodeURIComponent(game)}/${encodeURIComponent(date)}`, body);
export const dailyBoard = (game, date) => call("GET", `/api/daily/${encodeURIComponent(game)}/${encodeURIComponent(date)}/board`);
export const practiceCards = (game) => call("GET", `/api/practice/${encodeURIComponent(game)}/cards`);
export const practiceAnswersUrl = "/api/practice/answers";
export const sendPracticeAnswers = (body) => call("POST", practiceAnswersUrl, body);
export const tableStats = (code) => call("GET", `/api/tables/${encodeURIComponent(code)}/stats`);
// A seat's token goes in the body, never in an address (docs/protocol.md, Seat links).
export const rematchTable = (code, token) => call("POST", `/api/tables/${encodeURIComponent(code)}/rematch`, { token });
export const seatLink = (code, token) => call("POST", `/api/tables/${encodeURIComponent(code)}/seat-link`, { token });
export const openTables = () => call("GET", "/api/tables?open=1");
export const myTables = (seats) => call("POST", "/api/tables/mine", { seats });

const CLOSE_NOT_FOUND = 4404;
const CLOSE_TOO_MANY_MISSES = 4429;
// The seat was opened on another device (seat/moved): this page no longer plays it.
const CLOSE_SEAT_MOVED = 4409;

// One websocket to a table, reconnecting after a drop. `handlers.message` gets every
// server message; `handlers.status` gets "connecting", "open", "closed" or "gone".
export class Connection {
  constructor(code, hello, handlers) {
    this.code = code;
    this.hello = hello;
    this.handlers = handlers;
    this.version = null;
    this.socket = null;
    this.retry = 0;
    this.retryAfter = 0;
    this.stopped = false;
    this.pinger = null;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.socket = socket;
    this.handlers.status("connecting");
    socket.addEventListener("open", () => {
      this.retry = 0;
      socket.send(JSON.stringify({ type: "hello", ...this.hello }));
      // A seat link moves the seat once; a reconnect later takes nothing from anyone.
      if (this.hello.move) this.hello = { ...this.hello, move: undefined };
      this.handlers.status("open");
      this.pinger = setInterval(() => this.raw({ type: "ping" }), 25000);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "state") this.version = message.version;
      if (message.type === "error" && message.retry_after) this.retryAfter = message.retry_after;
      this.handlers.message(message);
    });
    socket.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      if (this.socket !== socket) return;
      if (this.stopped || event.code === CLOSE_NOT_FOUND) {
        this.handlers.status("gone");
        return;
      }
      if (event.code === CLOSE_SEAT_MOVED) {
        this.stopped = true;
        this.handlers.status("moved");
        return;
      }
      this.handlers.status("closed");
      let wait = Math.min(10000, 500 * 2 ** this.retry);
      // Too many wrong codes or tokens from this address: the server says when to come back.
      if (event.code === CLOSE_TOO_MANY_MISSES) wait = Math.max(wait, 1000 * this.retryAfter);
      this.retry += 1;
      setTimeout(() => {
        if (!this.stopped) this.open();
      }, wait);
    });
  }

  raw(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  act(action) {
    return this.raw({ type: "act", version: this.version, action });
  }

  // The player has seen the moment the table waits after (docs/protocol.md, Moments).
  continueAfter(version) {
    return this.raw({ type: "continue", version });
  }

  // A line of the table's chat: { text } or { emote } (docs/protocol.md, Chat).
  chat(line) {
    return this.raw({ type: "chat", ...line });
  }

  close() {
    this.stopped = true;
    clearInterval(this.pinger);
    if (this.socket) this.socket.close();
  }
}
