"""The websocket stacks alone: what one action's messages cost a server with no game.

Each server here does the fan echo of ``benchmarks/server_load.py``: a message from one
of a group's three connections goes out to all three, the shape of an action (one frame
in, one out per seat) with no rules, views, storage or ratings behind it. The clients
are ``server_load.py``'s, in this process; rounds alternate between the stacks so that the
machine's other work falls on all alike. Per round and stack it prints messages/s and the
server's CPU per message (utime + stime of its process over the window), the floor under
any server's CPU per action built on that stack:

- ``geodeck``: uvicorn and Starlette with the ``websockets`` sans-I/O protocol, as
  ``geodeck serve`` runs them (``server_load.py``'s server and its ``/bench/fan``);
- ``table``: the same server, on the path a table's websocket takes (``/ws/{code}``):
  a raw ASGI endpoint (``table_socket``) on uvicorn, no Starlette (``/bench/tablefan``);
- ``websockets``: the ``websockets`` library's own asyncio server (``websockets.asyncio.
  server.serve``), a task per connection like geodeck's;
- ``sansio``: the same ``websockets`` sans-I/O protocol on a bare asyncio protocol, with
  no ASGI between the socket and the fan-out;
- ``picows``: the picows server (Cython), where it is installed (``pip install picows``;
  no part of geodeck needs it);
- ``node``: Node's ``ws``, the library Colyseus's WebSocket transport is built on
  (``fan_ws.js``, from the peers' ``node_modules``: ``benchmarks/peers/setup``).

    .venv/bin/python benchmarks/peers/stacks.py [--groups 100] [--rounds 2] [--duration 10]

It asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import server_load  # noqa: E402

STACKS = ("geodeck", "table", "websockets", "sansio", "picows", "node")
PATHS = {"table": server_load.TABLE_FAN}


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--groups", type=int, default=100, help="groups of three connections")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per stack")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds measured")
    parser.add_argument("--stacks", default=",".join(STACKS), help="default: %(default)s")
    parser.add_argument("--node", default="node", help="the Node executable")
    parser.add_argument("--serve", choices=sorted(SERVERS), help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.stacks = [name.strip() for name in args.stacks.split(",") if name.strip()]
    if not args.stacks or any(name not in STACKS for name in args.stacks):
        parser.error(f"--stacks: choose among {', '.join(STACKS)}")
    if "picows" in args.stacks and importlib.util.find_spec("picows") is None:
        print("picows is not installed (pip install picows): left out", file=sys.stderr)
        args.stacks.remove("picows")
    return args


def serve_sansio(port: int) -> None:
    from websockets.frames import Frame, Opcode
    from websockets.http11 import Request
    from websockets.server import ServerProtocol

    groups: dict[str, list[Fan]] = {}

    class Fan(asyncio.Protocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.transport: Any = transport
            self.ws = ServerProtocol()
            self.group = ""

        def data_received(self, data: bytes) -> None:
            self.ws.receive_data(data)
            for event in self.ws.events_received():
                if isinstance(event, Request):
                    self.ws.send_response(self.ws.accept(event))
                    self.group = event.path.rsplit("/", 1)[-1]
                    groups.setdefault(self.group, []).append(self)
                elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                    for member in groups[self.group]:
                        member.ws.send_text(event.data)
                        member.flush()
            self.flush()

        def flush(self) -> None:
            for data in self.ws.data_to_send():
                if data:
                    self.transport.write(data)
                else:
                    self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            if self in groups.get(self.group, []):
                groups[self.group].remove(self)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(Fan, "127.0.0.1", port, backlog=4096)
        await server.serve_forever()

    run_loop(main())


def serve_websockets(port: int) -> None:
    from websockets.asyncio.server import ServerConnection, serve
    from websockets.exceptions import ConnectionClosed

    groups: dict[str, list[ServerConnection]] = {}

    async def fan(connection: ServerConnection) -> None:
        path = connection.request.path if connection.request else ""
        members = groups.setdefault(path.rsplit("/", 1)[-1], [])
        members.append(connection)
        try:
            async for message in connection:
                for member in members:
                    with contextlib.suppress(ConnectionClosed):
                        await member.send(message)
        except ConnectionClosed:
            pass
        finally:
            members.remove(connection)

    async def main() -> None:
        async with serve(fan, "127.0.0.1", port, compression=None, backlog=4096) as server:
            await server.serve_forever()

    run_loop(main())


def serve_picows(port: int) -> None:
    from picows import WSListener, WSMsgType, WSUpgradeRequest, ws_create_server

    groups: dict[str, list[Any]] = {}

    class Fan(WSListener):  # type: ignore[misc, unused-ignore]
        def __init__(self, group: str) -> None:
            self.group = group

        def on_ws_connected(self, transport: Any) -> None:
            groups.setdefault(self.group, []).append(transport)

        def on_ws_frame(self, transport: Any, frame: Any) -> None:
            if frame.msg_type == WSMsgType.TEXT:
                data = frame.get_payload_as_bytes()
                for member in groups[self.group]:
                    member.send(WSMsgType.TEXT, data)
            elif frame.msg_type == WSMsgType.CLOSE:
                transport.send_close(frame.get_close_code())
                transport.disconnect()

        def on_ws_disconnected(self, transport: Any) -> None:
            groups[self.group].remove(transport)

    def listener(request: WSUpgradeRequest) -> Fan:
        return Fan(request.path.decode().rsplit("/", 1)[-1])

    async def main() -> None:
        server = await ws_create_server(listener, "127.0.0.1", port)
        await server.serve_forever()

    run_loop(main())


SERVERS = {"websockets": serve_websockets, "sansio": serve_sansio, "picows": serve_picows}
"""The stacks this script serves itself (``--serve``)."""


def run_loop(main: Any) -> None:
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
    else:
        uvloop.run(main)


def start(name: str, port: int, node: str, folder: Path) -> subprocess.Popen[bytes]:
    if name in ("geodeck", "table"):
        database = f"sqlite:///{folder / 'fan.db'}"
        code = (
            f"import sys; sys.path.insert(0, {str(HERE.parent)!r}); import server_load; "
            f"server_load.serve({port}, {database!r}, False, 'auto', False, 60.0)"
        )
        return subprocess.Popen([sys.executable, "-c", code])
    if name == "node":
        return subprocess.Popen([node, str(HERE / "fan_ws.js"), str(port)], cwd=HERE)
    return subprocess.Popen([sys.executable, __file__, "--serve", name, "--port", str(port)])


async def wait_for(port: int, seconds: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if loop.time() > deadline:
                raise
            await asyncio.sleep(0.1)
        else:
            writer.close()
            return


async def one_round(name: str, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    port = server_load.free_port()
    server = start(name, port, args.node, folder)
    try:
        await wait_for(port)
        meter = server_load.Meter(server.pid)
        url = f"http://127.0.0.1:{port}"
        path = PATHS.get(name, "/bench/fan/")
        return await server_load.fan(url, args.groups, 3, args.duration, meter, path)
    finally:
        server.terminate()
        server.wait(10)


def per_message(figures: dict[str, Any]) -> float:
    rate = figures["actions_per_s"]
    return 1e6 * figures["server_cpu"] / rate if rate else float("nan")


def main() -> None:
    args = parse_args()
    if args.serve:
        SERVERS[args.serve](args.port)
        return
    costs: dict[str, list[float]] = {name: [] for name in args.stacks}
    with tempfile.TemporaryDirectory() as folder:
        for number in range(1, args.rounds + 1):
            for name in args.stacks:
                figures = asyncio.run(one_round(name, args, Path(folder)))
                costs[name].append(per_message(figures))
                print(
                    f"round {number} {name:10} {figures['actions_per_s']:7.0f} messages/s, "
                    f"server CPU {figures['server_cpu']:.0%}, {costs[name][-1]:.0f} us/message, "
                    f"client {figures['client_cpu']:.0%}, other processes "
                    f"{figures['other_cpu']:.0%}",
                    flush=True,
                )
    print("\nserver CPU per message (one in, three out), median of the rounds:")
    for name, values in costs.items():
        print(f"  {name:10} {statistics.median(values):6.0f} us")


if __name__ == "__main__":
    main()
