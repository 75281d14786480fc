// The game both peer servers play: three seats, each dealt HAND cards that only it sees;
// on its turn a seat plays one card of its hand onto the shared line, and the game ends when
// every hand is empty. Each seat is sent its own hand, the others' hand sizes and the line.
"use strict";

const SEATS = 3;
const HAND = 40;

// A seeded shuffle of the deck (cards 0 .. SEATS * HAND - 1) split into SEATS hands.
function deal(seed) {
  let s = (seed >>> 0) || 1;
  const next = () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
  const deck = Array.from({ length: SEATS * HAND }, (_, i) => i);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return Array.from({ length: SEATS }, (_, seat) => deck.slice(seat * HAND, (seat + 1) * HAND));
}

module.exports = { SEATS, HAND, deal };
