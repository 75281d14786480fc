"""The pinned npm packages of a pipeline folder: which versions are there, ``npm ci`` if not.

A folder (``tools/countries``, ``tools/geometry``) holds a ``package.json`` that pins each
package to one version and a ``package-lock.json``; ``npm ci`` installs exactly those into
the folder's ``node_modules``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path


class NpmError(RuntimeError):
    """npm is missing or its install failed: the message says what to do."""


def pins(folder: Path) -> dict[str, str]:
    """The packages of ``folder/package.json`` and their pinned versions."""
    manifest = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    return {str(name): str(version) for name, version in manifest["dependencies"].items()}


def installed(folder: Path) -> dict[str, str] | None:
    """The versions in ``folder/node_modules``, or None when any differs from the pins."""
    out: dict[str, str] = {}
    for name, pinned in pins(folder).items():
        manifest = folder / "node_modules" / name / "package.json"
        if not manifest.is_file():
            return None
        found = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        if found != pinned:
            return None
        out[name] = pinned
    return out


def install(folder: Path, say: Callable[[str], None] = lambda _: None) -> dict[str, str]:
    """``npm ci`` in ``folder`` (from its package-lock.json), then the installed versions."""
    npm = shutil.which("npm")
    if npm is None:
        raise NpmError(f"npm is not on PATH: install Node.js and npm, then rerun ({folder.name})")
    say(f"npm ci in {folder}")
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise NpmError(f"npm ci failed in {folder}: {done.stderr.strip()}")
    versions = installed(folder)
    if versions is None:
        raise NpmError(f"{folder / 'node_modules'} does not match package.json after npm ci")
    return versions


def ensure(folder: Path, say: Callable[[str], None] = lambda _: None) -> dict[str, str]:
    """The pinned versions, running ``npm ci`` first when node_modules lacks or differs."""
    return installed(folder) or install(folder, say)
