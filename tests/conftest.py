"""Hypothesis for every test here: no deadline. A property's examples are judged by what
they assert, never by how long one took (under a loaded machine a 200 ms deadline failed a
one-line property in a full run); speed lives in bench/."""

from hypothesis import settings

settings.register_profile("orbit", deadline=None)
settings.load_profile("orbit")
