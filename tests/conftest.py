"""Settings for the whole suite: the Hypothesis profile, and no skipped test in CI."""

from __future__ import annotations

import os
import signal
from collections.abc import Generator

import pytest
from hypothesis import HealthCheck, settings

from tests.support import HYPOTHESIS_PROFILE

settings.register_profile(
    "ci",
    # Every example count as the test asks, and the same examples every run: a property
    # test in CI fails for a change, never for a draw.
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    # A quarter of the examples (scaled by tests.support.examples), new ones each run, and
    # the failures found before tried first (the local .hypothesis database).
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(HYPOTHESIS_PROFILE)


def pytest_report_header() -> str:
    return f"hypothesis profile: {HYPOTHESIS_PROFILE} (GEODECK_HYPOTHESIS=ci or dev)"


NO_SKIPS = os.environ.get("GEODECK_NO_SKIPS") == "1"
"""Set by .ci/run, which installs everything the suite uses: there a test skipped for
something missing (Chromium, tmux, nginx, PostgreSQL, an extra) fails instead."""


def _refuse_skip(report: pytest.TestReport | pytest.CollectReport) -> None:
    if NO_SKIPS and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[-1] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = (
            f"skipped where nothing may be missing (GEODECK_NO_SKIPS=1): {reason}\n"
            ".ci/run must install and start what this test needs"
        )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report: pytest.TestReport = yield
    _refuse_skip(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    report: pytest.CollectReport = yield
    _refuse_skip(report)
    return report


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C reaches the commands the tests start. A suite started in the background by a
    shell without job control (``check &`` in a script) inherits SIGINT ignored, and every
    command it starts would too (an ignored signal stays ignored across ``exec``): the tests
    that press Ctrl-C, and ``serve --workers`` stopping its workers, would then fail."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
