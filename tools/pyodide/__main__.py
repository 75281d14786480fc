"""``python -m tools.pyodide OUT.zip``: the engine zip for the page's Pyodide."""

import sys

from tools.pyodide import main

raise SystemExit(main(sys.argv[1:]))
