// The game of deal.js as a Colyseus room: the state is a @colyseus/schema tree in which each
// seat's hand is a view field, added to that seat's StateView only, so a seat is sent its own
// hand, every seat's hand size and the line. The room sends the state's changes as soon as a
// card is played (no fixed patch interval), as the other servers do.
"use strict";

const { Server, Room } = require("@colyseus/core");
const { WebSocketTransport } = require("@colyseus/ws-transport");
const { schema, MapSchema, ArraySchema, StateView } = require("@colyseus/schema");
const { SEATS, deal } = require("./deal");

const Seat = schema({
  seat: "uint8",
  size: "uint8",
  hand: { type: ["uint8"], view: true },
});

const LineState = schema({
  seats: { map: Seat },
  line: ["uint8"],
  turn: "int8",
  version: "uint32",
  finished: "boolean",
});

class LineRoom extends Room {
  onCreate(options) {
    this.maxClients = SEATS;
    this.hands = deal((options && options.seed) || 1);
    this.setState(new LineState({
        seats: new MapSchema(),
        line: new ArraySchema(),
        turn: -1,
        version: 0,
        finished: false,
      }),
    );
    this.setPatchRate(null);
    this.onMessage("play", (client, index) => this.play(client, index));
  }

  onJoin(client) {
    const seat = this.state.seats.size;
    const entry = new Seat({ seat, size: this.hands[seat].length });
    entry.hand = new ArraySchema(...this.hands[seat]);
    this.state.seats.set(client.sessionId, entry);
    client.view = new StateView();
    client.view.add(entry);
    if (this.state.seats.size === SEATS) this.state.turn = 0;
    this.broadcastPatch();
  }

  play(client, index) {
    const entry = this.state.seats.get(client.sessionId);
    const { state } = this;
    if (!entry || state.finished || entry.seat !== state.turn) return;
    if (!Number.isInteger(index) || index < 0 || index >= entry.hand.length) return;
    const [card] = entry.hand.splice(index, 1);
    entry.size = entry.hand.length;
    state.line.push(card);
    state.version += 1;
    let finished = true;
    state.seats.forEach((other) => {
      if (other.size > 0) finished = false;
    });
    state.finished = finished;
    state.turn = finished ? -1 : (state.turn + 1) % SEATS;
    this.broadcastPatch();
  }
}

function main() {
  const port = Number(process.argv[2] || 8020);
  const gameServer = new Server({ transport: new WebSocketTransport(), greet: false });
  gameServer.define("line", LineRoom);
  gameServer.listen(port).then(() => console.log(`colyseus listening on ${port}`));
}

if (require.main === module) main();

module.exports = { LineRoom };
