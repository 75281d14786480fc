// Plays the game of deal.js on a peer server (boardgame.io or Colyseus) the way
// benchmarks/server_load.py's saturation run plays geodeck: TABLES tables of three seats, each
// seat a client of the server's own SDK; once every seat has the state of the last card, the
// seat whose turn it is plays a card of its hand at once. A finished table is replaced by a
// fresh one from a reserve that is refilled in the background, so the load stays the same.
// After a warm-up it measures for SECONDS: cards played, the time from a play to the moment
// the table's last seat has the new state, and the server's CPU (utime + stime of --pid in
// /proc) over the window. Prints one line of JSON.
"use strict";

const fs = require("fs");
const { performance } = require("perf_hooks");
const { SEATS } = require("./deal");

const TICK = 100; // clock ticks per second of /proc/PID/stat on Linux

function parseArgs(argv) {
  const options = { server: "", url: "", pid: 0, tables: 50, seconds: 20, warmup: 5, reserve: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    if (!(key in options) || i + 1 >= argv.length) throw new Error(`bad argument ${argv[i]}`);
    options[key] = typeof options[key] === "number" ? Number(argv[i + 1]) : argv[i + 1];
  }
  if (!["bgio", "colyseus"].includes(options.server)) throw new Error("--server bgio|colyseus");
  return options;
}

function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop().trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}

// Busy CPU seconds of the whole machine so far, over all cores.
function machineBusy() {
  const numbers = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0].split(/\s+/).slice(1, 9);
  const ticks = numbers.map(Number);
  return (ticks.reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) / TICK;
}

function rssKib(pid) {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) : 0;
}

function percentile(values, share) {
  if (!values.length) return NaN;
  const ordered = [...values].sort((a, b) => a - b);
  return ordered[Math.min(ordered.length - 1, Math.floor(share * ordered.length))];
}

class Meter {
  constructor(pid) {
    this.pid = pid;
    this.on = false;
    this.actions = 0;
    this.latencies = [];
  }
  start() {
    this.actions = 0;
    this.latencies = [];
    this.on = true;
    this.started = [performance.now(), cpuSeconds(this.pid), process.cpuUsage(), machineBusy()];
  }
  stop() {
    this.on = false;
    this.seconds = (performance.now() - this.started[0]) / 1000;
    this.serverCpu = (cpuSeconds(this.pid) - this.started[1]) / this.seconds;
    const client = process.cpuUsage(this.started[2]);
    this.clientCpu = (client.user + client.system) / 1e6 / this.seconds;
    const machine = (machineBusy() - this.started[3]) / this.seconds;
    this.otherCpu = Math.max(0, machine - this.serverCpu - this.clientCpu);
  }
}

// One table: what each seat last heard, and whose move it is once all heard the same.
class Table {
  constructor(meter, onFinish) {
    this.meter = meter;
    this.onFinish = onFinish;
    this.seen = new Array(SEATS).fill(null);
    this.seats = [];
    this.active = false;
    this.finished = false;
    this.busy = false;
    this.target = -1;
    this.waiting = 0;
    this.sentAt = 0;
    this.measured = false;
  }

  // A seat's client has a new state: {version, turn, hand, finished}.
  update(seat, seen) {
    const before = this.seen[seat];
    this.seen[seat] = seen;
    if (this.busy && seen.version >= this.target && (!before || before.version < this.target)) {
      this.waiting -= 1;
      if (this.waiting === 0) {
        if (this.measured) this.meter.latencies.push(performance.now() - this.sentAt);
        this.busy = false;
      }
    }
    if (!this.busy) this.maybeAct();
  }

  maybeAct() {
    if (!this.active || this.busy || this.finished) return;
    const first = this.seen[0];
    if (!first || this.seen.some((s) => !s || s.version !== first.version)) return;
    if (first.finished) {
      this.finished = true;
      this.onFinish(this);
      return;
    }
    const mover = first.turn;
    if (mover < 0 || mover >= SEATS || this.seen[mover].hand === 0) return;
    this.busy = true;
    this.target = first.version + 1;
    this.waiting = SEATS;
    this.sentAt = performance.now();
    this.measured = this.meter.on;
    if (this.measured) this.meter.actions += 1;
    this.seats[mover].play(Math.floor(Math.random() * this.seen[mover].hand));
  }

  ready() {
    return this.seen.every((s) => s && s.turn >= 0);
  }
}

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

// boardgame.io: a match made and joined through the lobby API, a Client per seat over the
// socket.io transport.
async function bgioSeats(url, seed, table) {
  const { Client } = require("boardgame.io/client");
  const { SocketIO } = require("boardgame.io/multiplayer");
  const { LineGame } = require("./bgio_server");
  const { matchID } = await post(`${url}/games/line/create`, {
    numPlayers: SEATS,
    setupData: { seed },
  });
  for (let seat = 0; seat < SEATS; seat++) {
    const playerID = String(seat);
    const joined = await post(`${url}/games/line/${matchID}/join`, {
      playerID,
      playerName: `seat ${seat}`,
    });
    const client = Client({
      game: LineGame,
      numPlayers: SEATS,
      multiplayer: SocketIO({ server: url }),
      matchID,
      playerID,
      credentials: joined.playerCredentials,
      debug: false,
    });
    client.subscribe((state) => {
      if (!state || !state.G || !state.G.line) return;
      table.update(seat, {
        version: state.G.line.length,
        turn: Number(state.ctx.currentPlayer),
        hand: state.G.hand.length,
        finished: Boolean(state.ctx.gameover),
      });
    });
    client.start();
    table.seats.push({ play: (index) => client.moves.play(index), close: () => client.stop() });
  }
}

// Colyseus: the first seat creates the room, the others join it by its id.
let colyseusClient = null;
async function colyseusSeats(url, seed, table) {
  const { Client } = require("colyseus.js");
  colyseusClient = colyseusClient || new Client(url.replace("http://", "ws://"));
  let roomId = null;
  for (let seat = 0; seat < SEATS; seat++) {
    const room = roomId
      ? await colyseusClient.joinById(roomId)
      : await colyseusClient.create("line", { seed });
    roomId = room.roomId;
    room.onStateChange((state) => {
      const mine = state.seats && state.seats.get(room.sessionId);
      if (!mine) return;
      table.update(mine.seat, {
        version: state.version,
        turn: state.turn,
        hand: mine.hand ? mine.hand.length : 0,
        finished: state.finished,
      });
    });
    table.seats.push({ play: (index) => room.send("play", index), close: () => room.leave() });
  }
}

class Fleet {
  constructor(options, meter) {
    this.options = options;
    this.meter = meter;
    this.made = 0;
    this.all = [];
  }

  async make(count, onFinish) {
    const seats = this.options.server === "bgio" ? bgioSeats : colyseusSeats;
    const tables = [];
    const limit = 16;
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next += 1;
        const table = new Table(this.meter, onFinish);
        this.made += 1;
        await seats(this.options.url, this.made, table);
        tables.push(table);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
    const deadline = Date.now() + 60000;
    while (!tables.every((t) => t.ready())) {
      if (Date.now() > deadline) throw new Error("the tables' first states did not arrive");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.all.push(...tables);
    return tables;
  }
}

async function run(options) {
  const meter = new Meter(options.pid);
  const fleet = new Fleet(options, meter);
  const size = options.tables * options.reserve;
  const reserve = [];
  let live = 0;
  let liveMin = options.tables;
  let finished = 0;
  let short = 0;
  let refilling = false;

  const activate = () => {
    while (live < options.tables && reserve.length) {
      const fresh = reserve.shift();
      fresh.active = true;
      live += 1;
      fresh.maybeAct();
    }
  };
  const refill = async () => {
    if (refilling) return;
    refilling = true;
    while (reserve.length < size || live < options.tables) {
      reserve.push(...(await fleet.make(Math.max(1, size - reserve.length), replace)));
      activate();
    }
    refilling = false;
  };
  function replace(table) {
    finished += 1;
    live -= 1;
    table.active = false;
    for (const seat of table.seats) seat.close();
    if (!reserve.length && meter.on) short += 1;
    activate();
    if (meter.on) liveMin = Math.min(liveMin, live);
    refill();
  }

  // The server's memory per table: its RSS growth over the reserve, made after the first
  // tables have paid for whatever the server sets up on first use (or over the first tables).
  let before = rssKib(options.pid);
  const tables = await fleet.make(options.tables, replace);
  let kibPerTable = (rssKib(options.pid) - before) / options.tables;
  if (size) {
    before = rssKib(options.pid);
    reserve.push(...(await fleet.make(size, replace)));
    kibPerTable = (rssKib(options.pid) - before) / size;
  }
  for (const table of tables) {
    table.active = true;
    live += 1;
    table.maybeAct();
  }
  await new Promise((resolve) => setTimeout(resolve, options.warmup * 1000));
  meter.start();
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  meter.stop();
  const result = {
    server: options.server,
    tables: options.tables,
    actions: meter.actions,
    seconds: meter.seconds,
    actions_per_s: meter.actions / meter.seconds,
    server_cpu: meter.serverCpu,
    client_cpu: meter.clientCpu,
    other_cpu: meter.otherCpu,
    p50_ms: percentile(meter.latencies, 0.5),
    p99_ms: percentile(meter.latencies, 0.99),
    kib_per_table: kibPerTable,
    finished,
    short,
    live_min: liveMin,
    tables_made: fleet.made,
  };
  for (const table of fleet.all) {
    table.active = false;
    if (!table.finished) for (const seat of table.seats) seat.close();
  }
  return result;
}

module.exports = { parseArgs, Table, run };

if (require.main === module) {
  run(parseArgs(process.argv.slice(2))).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      setTimeout(() => process.exit(0), 500);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
