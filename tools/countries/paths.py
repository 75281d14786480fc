"""Where the pipeline reads and writes."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CURATED = HERE / "curated"
POLITICS = HERE / "politics.toml"
NODE_MODULES = HERE / "node_modules"
PACKAGE_JSON = HERE / "package.json"

DATA = ROOT / "src" / "geodeck" / "decks" / "data"
COUNTRIES_FILE = DATA / "undercover.json"
QUESTIONS_FILE = DATA / "questions.json"
FLAGS = DATA / "flags"
