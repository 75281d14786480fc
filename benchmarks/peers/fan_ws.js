// The websocket stack of Node alone, with no game behind it: `ws`, the library Colyseus's
// WebSocketTransport is built on. A message from a connection to /bench/fan/GROUP goes out to
// every connection of GROUP (benchmarks/peers/stacks.py).
"use strict";
const { WebSocketServer } = require("ws");

const port = Number(process.argv[2]);
const groups = new Map();
const server = new WebSocketServer({ host: "127.0.0.1", port, perMessageDeflate: false, backlog: 4096 });
server.on("connection", (socket, request) => {
  const group = request.url.split("/").pop();
  if (!groups.has(group)) groups.set(group, []);
  const members = groups.get(group);
  members.push(socket);
  socket.on("message", (data, isBinary) => {
    for (const member of members) member.send(data, { binary: isBinary });
  });
  socket.on("close", () => members.splice(members.indexOf(socket), 1));
});
