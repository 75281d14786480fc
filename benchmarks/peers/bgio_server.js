// The game of deal.js as a boardgame.io game, served by boardgame.io's own server (Koa, its
// lobby API over HTTP and its socket.io transport, games kept in memory).
"use strict";

const { Server, Origins } = require("boardgame.io/server");
const { INVALID_MOVE } = require("boardgame.io/core");
const { SEATS, deal } = require("./deal");

const LineGame = {
  name: "line",
  minPlayers: SEATS,
  maxPlayers: SEATS,
  setup: (_context, setupData) => {
    const hands = deal((setupData && setupData.seed) || 1);
    return { hands: Object.fromEntries(hands.map((hand, seat) => [String(seat), hand])), line: [] };
  },
  moves: {
    play: {
      // The client waits for the server's state instead of playing the move itself first.
      client: false,
      move: ({ G, playerID }, index) => {
        const hand = G.hands[playerID];
        if (!Number.isInteger(index) || index < 0 || index >= hand.length) return INVALID_MOVE;
        G.line.push(hand[index]);
        hand.splice(index, 1);
      },
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G }) => (Object.values(G.hands).every((hand) => hand.length === 0) ? {} : undefined),
  playerView: ({ G, playerID }) => ({
    hand: playerID != null && G.hands[playerID] ? G.hands[playerID] : [],
    sizes: Object.keys(G.hands)
      .sort()
      .map((seat) => G.hands[seat].length),
    line: G.line,
  }),
};

function main() {
  const port = Number(process.argv[2] || 8010);
  const server = Server({ games: [LineGame], origins: [Origins.LOCALHOST] });
  server.run({ port, callback: () => console.log(`boardgame.io listening on ${port}`) });
}

if (require.main === module) main();

module.exports = { LineGame };
