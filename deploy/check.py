"""``deploy/check``: the deployment files, run on loopback as a host would run them.

It starts a PostgreSQL cluster and a Redis of its own, two geodeck processes from
``deploy/systemd/geodeck@.service`` with ``deploy/geodeck.toml``, and nginx with the site
``deploy/nginx/geodeck.conf`` (a self-signed certificate); plays a game through nginx
(HTTPS, websockets), kills the table's home process (``kill -9``) and plays the game to its
end at the other; scrapes each process's metrics; backs PostgreSQL up and restores it
(docs/hosting.md's recipe) and plays every stored table on at a process on the restored
database; and runs ``systemd-analyze verify`` on the units. Only the paths and ports the
files name are replaced (everything listens on 127.0.0.1), and games go quickly (``pause``
and ``bot_delay`` 0). Each step says what it did and
how long it took; any failure stops it with a non-zero status.

Run it from the checkout: ``deploy/check`` (it uses ``.venv``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from tests.server.live import Player, play_out  # noqa: E402
from tests.server.stored_tables import make, play_on  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from geodeck.server.home import slot_of  # noqa: E402

DEPLOY = ROOT / "deploy"
GEODECK = str(Path(sys.executable).with_name("geodeck"))
PG_BIN = Path("/usr/lib/postgresql")
STARTED = time.monotonic()
TLS = ssl.create_default_context()
TLS.check_hostname = False
TLS.verify_mode = ssl.CERT_NONE


def say(text: str) -> None:
    print(f"[{time.monotonic() - STARTED:6.1f} s] {text}", flush=True)


def free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_base(first: int, count: int) -> int:
    """A base B (from ``first``) such that ports B*10 to B*10+count-1 are free: the units
    write a port as the base followed by the slot (``800%i``)."""
    for base in range(first, first + 500):
        if all(free(base * 10 + i) for i in range(count)):
            return base
    raise RuntimeError("no free ports")


def free_port(start: int) -> int:
    return free_base(start // 10, 1) * 10


class Check:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.processes: list[subprocess.Popen[bytes]] = []
        self.pg_data: Path | None = None
        self.pg_port = 0

    # -- the services ---------------------------------------------------------------------

    def run(self, *command: str, user: str | None = None) -> None:
        prefix = ["runuser", "-u", user, "--"] if user and os.geteuid() == 0 else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, cwd="/")

    def start(self, name: str, command: list[str]) -> subprocess.Popen[bytes]:
        log = (self.folder / f"{name}.log").open("ab")
        process = subprocess.Popen(command, stdout=log, stderr=log, cwd=self.folder)
        self.processes.append(process)
        return process

    def postgres(self) -> str:
        versions = sorted(PG_BIN.glob("*/bin/initdb"))
        if not versions:
            raise RuntimeError("PostgreSQL's server is not installed (apt-get install postgresql)")
        bin_ = versions[-1].parent
        data = self.folder / "pg"
        data.mkdir()
        owner = "postgres" if os.geteuid() == 0 else None
        if owner:
            shutil.chown(self.folder, owner)
            shutil.chown(data, owner)
        self.run(str(bin_ / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", user=owner)
        self.pg_port = free_port(15432)
        self.run(
            str(bin_ / "pg_ctl"), "-D", str(data), "-l", str(self.folder / "postgres.log"), "-w",
            "-o", f"-p {self.pg_port} -k {self.folder} -c listen_addresses=127.0.0.1",
            "start", user=owner,
        )  # fmt: skip
        self.pg_data, self.pg_bin, self.pg_owner = data, bin_, owner
        for sql in ("CREATE ROLE geodeck LOGIN", "CREATE DATABASE geodeck OWNER geodeck"):
            self.psql(sql)
        return f"postgresql://geodeck@127.0.0.1:{self.pg_port}/geodeck"

    def psql(self, sql: str, database: str = "postgres") -> None:
        self.run("psql", *self.pg_connect(), "-q", "-d", database, "-c", sql)

    def pg_connect(self, user: str = "postgres") -> list[str]:
        return ["-h", "127.0.0.1", "-p", str(self.pg_port), "-U", user]

    def redis(self) -> str:
        port = free_port(16379)
        self.start(
            "redis",
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while not _answers(port):
            if time.monotonic() > deadline:
                raise RuntimeError("Redis did not start")
            time.sleep(0.05)
        return f"redis://127.0.0.1:{port}/0"

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        if self.pg_data is not None:
            with contextlib.suppress(subprocess.CalledProcessError):
                self.run(
                    str(self.pg_bin / "pg_ctl"), "-D", str(self.pg_data), "-m", "fast", "stop",
                    user=self.pg_owner,
                )  # fmt: skip

    # -- geodeck and nginx, from the deploy files ----------------------------------------

    def config(self, database_url: str, redis_url: str, name: str) -> Path:
        """deploy/geodeck.toml with this check's database and Redis."""
        text = (DEPLOY / "geodeck.toml").read_text("utf-8")
        text = re.sub(r'(?m)^database_url = ".*"$', f'database_url = "{database_url}"', text)
        text = re.sub(r'(?m)^redis_url = ".*"$', f'redis_url = "{redis_url}"', text)
        text += "\n# deploy/check: quick games (no waiting after a moment, bots at once)\n"
        text += "pause = 0.0\nbot_delay = 0.0\n"
        path = self.folder / name
        path.write_text(text, "utf-8")
        return path

    def worker(self, slot: int, config: Path, port_base: int, metrics_base: int) -> Any:
        """geodeck@SLOT as the unit starts it (ExecStart, with this check's paths and ports)."""
        unit = (DEPLOY / "systemd" / "geodeck@.service").read_text("utf-8")
        line = re.search(r"(?m)^ExecStart=(.+)$", unit)
        assert line is not None
        command = (
            line[1]
            .replace("/opt/geodeck/bin/geodeck", GEODECK)
            .replace("/etc/geodeck/geodeck.toml", str(config))
            .replace("800%i", f"{port_base}%i")
            .replace("918%i", f"{metrics_base}%i")
            .replace("%i", str(slot))
        )
        process = self.start(f"geodeck{slot}-{port_base}", command.split())
        url = f"http://127.0.0.1:{port_base}{slot}"
        wait_for(f"{url}/api/health/ready", process)
        return process, url

    def nginx(self, ports: list[int]) -> str:
        """nginx with deploy/nginx/geodeck.conf, its upstreams the given ports; its URL."""
        site = (DEPLOY / "nginx" / "geodeck.conf").read_text("utf-8")
        site = re.sub(r"(?m)^ +server 127\.0\.0\.1:\d+;\n", "", site)
        servers = "".join(f"    server 127.0.0.1:{p};\n" for p in ports)
        site = site.replace("    # SERVERS\n", "    # SERVERS\n" + servers)
        http, https = free_port(18080), free_port(18443)
        site = re.sub(r"(?m)^    listen \[::\].*\n", "", site)
        site = site.replace("listen 80;", f"listen 127.0.0.1:{http};")
        site = site.replace("listen 443 ssl http2;", f"listen 127.0.0.1:{https} ssl http2;")
        cert, key = self.folder / "cert.pem", self.folder / "key.pem"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=geodeck.example.org", "-keyout", str(key), "-out", str(cert)],
            check=True, capture_output=True,
        )  # fmt: skip
        site = re.sub(r"ssl_certificate .*;", f"ssl_certificate {cert};", site)
        site = re.sub(r"ssl_certificate_key .*;", f"ssl_certificate_key {key};", site)
        (self.folder / "site.conf").write_text(site, "utf-8")
        user = "user root;\n" if os.geteuid() == 0 else ""
        temp = "".join(
            f"    {kind}_temp_path {self.folder}/{kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        here = self.folder
        (here / "nginx.conf").write_text(
            f"{user}daemon off;\npid {here}/nginx.pid;\nerror_log {here}/nginx-error.log;\n"
            f"events {{}}\nhttp {{\n    access_log {here}/nginx-access.log;\n{temp}"
            f"    include {here}/site.conf;\n}}\n",
            "utf-8",
        )
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        process = self.start(
            "nginx", [nginx, "-p", str(self.folder), "-c", str(self.folder / "nginx.conf")]
        )
        base = f"https://127.0.0.1:{https}"
        wait_for(f"{base}/api/health", process)
        redirect = httpx.get(f"http://127.0.0.1:{http}/api/health", timeout=5)
        assert redirect.status_code == 301, redirect.status_code
        return base


def _answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1) as sock:
        sock.sendall(b"PING\r\n")
        return sock.recv(16).startswith(b"+PONG")
    return False


def wait_for(url: str, process: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args!r} exited with {process.returncode}")
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(url, timeout=1, verify=False).status_code == 200:
                return
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer")
        time.sleep(0.05)


class TlsPlayer(Player):
    """A test client over wss, which takes the check's self-signed certificate."""

    async def open(self) -> TlsPlayer:
        self._ws = await connect(self.url, max_size=None, open_timeout=10, ssl=TLS)
        self._reader = asyncio.create_task(self._read())
        Player.opened.append(self)
        return self


async def seated(ws: str, tokens: dict[str, str]) -> list[Player]:
    """Each seat's connection (through nginx), once every hello is answered with a state;
    tried again while the table has no home yet (its home died: 1013, server/busy)."""
    deadline = time.monotonic() + 20
    while True:
        players: list[Player] = []
        try:
            for seat, token in sorted(tokens.items()):
                opened = await TlsPlayer(ws, f"seat {seat}").open()
                players.append(opened)
                said = await opened.hello(token)
                if said["type"] != "state":
                    raise ConnectionError(said)
            return players
        except Exception as err:
            for player in players:
                await player.close()
            if time.monotonic() > deadline:
                raise RuntimeError(f"no seat at {ws}: {err}") from err
            await asyncio.sleep(0.2)


def scrape(url: str) -> dict[str, float]:
    found: dict[str, float] = {}
    for line in httpx.get(url, timeout=5).text.splitlines():
        if line.startswith("geodeck_") and " " in line:
            name, value = line.rsplit(" ", 1)
            found[name] = float(value)
    return found


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="geodeck-deploy-check-"))
    check = Check(folder)
    try:
        database = check.postgres()
        redis = check.redis()
        say(f"PostgreSQL on 127.0.0.1:{check.pg_port}, Redis at {redis}")
        config = check.config(database, redis, "geodeck.toml")
        ports, metrics = free_base(1000, 2), free_base(1100, 2)
        workers = [check.worker(slot, config, ports, metrics) for slot in range(2)]
        say(f"geodeck@0 and geodeck@1 on {workers[0][1]} and {workers[1][1]}")
        base = check.nginx([ports * 10 + i for i in range(2)])
        say(f"nginx at {base} (TLS, a self-signed certificate; port 80 redirects)")
        played = play_through(base, workers, check, config, ports, metrics)
        say(played)
        for slot in range(2):
            seen = scrape(f"http://127.0.0.1:{metrics}{slot}/metrics")
            shown = {
                k: v
                for k, v in seen.items()
                if re.match(
                    r"geodeck_(actions_total|tables_in_memory|action_seconds_count|refusals_total|connections)",
                    k,
                )
            }
            say(f"metrics of geodeck@{slot}: {shown}")
        public = httpx.get(f"{base}/metrics", verify=False, timeout=5).status_code
        assert public == 404, public
        say("/metrics through nginx: 404")
        backup_and_restore(check, workers[0][1], redis)
        verify_units(folder)
        say(f"deploy/check passed in {time.monotonic() - STARTED:.1f} s")
        return 0
    except Exception as err:
        say(f"deploy/check FAILED: {type(err).__name__}: {err}")
        for log in sorted(folder.glob("*.log")):
            tail = log.read_text("utf-8", "replace").splitlines()[-15:]
            print(f"--- {log.name}\n" + "\n".join(tail), file=sys.stderr)
        return 1
    finally:
        check.stop()
        if os.environ.get("GEODECK_KEEP") != "1":
            shutil.rmtree(folder, ignore_errors=True)


def play_through(
    base: str, workers: list[Any], check: Check, config: Path, ports: int, metrics: int
) -> str:
    seats = [{"name": "Ann"}, {"name": "Ben"}]
    with httpx.Client(base_url=base, verify=False, timeout=10) as http:
        created = http.post(
            "/api/tables", json={"game": "uppsala", "seats": seats, "claim": [0, 1]}
        )
        assert created.status_code == 201, created.text
    code, tokens = created.json()["table"]["code"], created.json()["tokens"]
    ws = base.replace("https", "wss", 1) + f"/ws/{code}"
    rng = random.Random(7)
    home = slot_of(code, 2)

    async def before() -> int:
        players = await seated(ws, tokens)
        last = await play_out(players, rng, until=6)
        for p in players:
            await p.close()
        return int(last["version"])

    version = asyncio.run(before())
    process = workers[home][0]
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    say(f"table {code}: {version} moves through nginx; killed its home geodeck@{home} (kill -9)")

    async def after() -> dict[str, Any]:
        players = await seated(ws, tokens)
        state = players[0].state
        assert state is not None
        assert state["version"] == version  # nothing that was played was lost
        last = await play_out(players, rng, limit=5000)
        for p in players:
            await p.close()
        return last

    last = asyncio.run(after())
    assert last["status"] == "finished", last["status"]
    workers[home] = check.worker(home, config, ports, metrics)  # systemd's Restart=always
    return (
        f"table {code}: went on at geodeck@{1 - home} from move {version} and finished at move "
        f"{last['version']}; geodeck@{home} started again"
    )


def backup_and_restore(check: Check, url: str, redis: str) -> None:
    made = make(url)
    dump = check.folder / "geodeck.dump"
    started = time.monotonic()
    subprocess.run(
        [
            "pg_dump",
            *check.pg_connect("geodeck"),
            "-Fc",
            "-n",
            "geodeck",
            "-f",
            str(dump),
            "geodeck",
        ],
        check=True,
    )
    took = time.monotonic() - started
    say(f"pg_dump while serving: {dump.stat().st_size:,} bytes in {took:.2f} s")
    started = time.monotonic()
    subprocess.run(
        ["createdb", *check.pg_connect(), "-O", "geodeck", "geodeck_restored"], check=True
    )
    subprocess.run(
        [
            "pg_restore",
            *check.pg_connect(),
            "--no-owner",
            "--role=geodeck",
            "-d",
            "geodeck_restored",
            str(dump),
        ],
        check=True,
    )
    say(f"pg_restore into geodeck_restored in {time.monotonic() - started:.2f} s")
    restored = f"postgresql://geodeck@127.0.0.1:{check.pg_port}/geodeck_restored"
    config = check.config(restored, redis, "restored.toml")
    process, other = check.worker(0, config, free_base(1200, 1), free_base(1300, 1))
    play_on(other, made)
    tables = len(made["tables"])
    say(f"a process on the restored database played on every stored table ({tables} and a class)")
    process.terminate()


def verify_units(folder: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        say("systemd-analyze is not installed: the units were not verified")
        return
    units = folder / "units"
    units.mkdir()
    for unit in (DEPLOY / "systemd").iterdir():
        text = unit.read_text("utf-8").replace("/opt/geodeck/bin/geodeck", GEODECK)
        (units / unit.name).write_text(text, "utf-8")
    done = subprocess.run(
        [analyze, "verify", str(units / "geodeck@0.service"), str(units / "geodeck.target")],
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0 or done.stderr.strip():
        raise RuntimeError(f"systemd-analyze verify: {done.stderr.strip()}")
    say("systemd-analyze verify: geodeck@.service and geodeck.target pass")


if __name__ == "__main__":
    sys.exit(main())
