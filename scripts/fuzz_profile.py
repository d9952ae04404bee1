"""The fuzzing profile, a pytest plugin that scripts/fuzz.py loads (``-p fuzz_profile``, with
scripts/ on the path; it is not a tests/conftest.py, whose name would clash with
e2e/conftest.py when pytest collects both): with ``ORBIT_FUZZ=1`` every Hypothesis property runs
``ORBIT_FUZZ_EXAMPLES`` cases (10,000 unless said), with no deadline and no health
check, whatever its own ``@settings`` say (``scripts/fuzz.py`` runs the chosen
properties so; ``docs/ROBUSTNESS.md`` has its latest result). Without it nothing
changes: CI and ``scripts/test.sh`` run each property at its own, smaller count."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, settings

FUZZ = os.environ.get("ORBIT_FUZZ", "") not in ("", "0")
FUZZ_EXAMPLES = int(os.environ.get("ORBIT_FUZZ_EXAMPLES") or 10_000)

if FUZZ:
    settings.register_profile("fuzz", max_examples=FUZZ_EXAMPLES, deadline=None,
                              suppress_health_check=list(HealthCheck), print_blob=True)
    settings.load_profile("fuzz")
    _apply = settings.__call__

    def _fuzzed(self: settings, test: Any) -> Any:
        """A test's own ``@settings`` (applied at import, or at run time for a property made
        inside a test) keep all they say but the count, the deadline and the health checks."""
        return _apply(settings(self, max_examples=FUZZ_EXAMPLES, deadline=None,
                               suppress_health_check=list(HealthCheck)), test)

    settings.__call__ = _fuzzed  # type: ignore[method-assign]
