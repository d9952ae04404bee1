"""Share links and replays (RULES.md 0.4): ``#g=gyre&v=1&o=jokers&s=42&m=C8S0.P5``.

>>> link = Link.parse("#g=gyre&v=1&o=jokers,easy&s=99&m=C8S0.P5")
>>> link
Link(game='gyre', options='jokers,easy', seed=99, moves=('C8S0', 'P5'), resigned=False)
>>> link.fragment()
'#g=gyre&v=1&o=jokers,easy&s=99&m=C8S0.P5'
>>> Link.parse("g=gravity&v=1&o=&s=42&m=c3d3.q").resigned
True
>>> Link.parse("#g=gyre&s=42")
Link(game='gyre', options='', seed=42, moves=(), resigned=False)

A link may carry its moves packed (``k=``, :mod:`pyapp.core.compact`) instead: they are read
where the link becomes a game (:meth:`pyapp.app.session.Session.from_link`).

>>> short = Link.parse("#g=gyre&v=1&o=&s=42&k=6.XQ.q"); short.packed, short.resigned, short.fragment()
('6.XQ', True, '#g=gyre&v=1&o=&s=42&k=6.XQ.q')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import ParseError
from ..i18n import _
from .rng import parse_seed

SPEC_VERSION = 1
_TOKEN = re.compile(r"[A-Za-z0-9@\-]+\Z")
_OPTIONS = re.compile(r"[A-Za-z0-9=,\-]*\Z")
_PACKED = re.compile(r"\d{1,6}\.[A-Za-z0-9_-]{0,4000}\Z")


@dataclass(frozen=True)
class Link:
    game: str
    options: str
    seed: int
    moves: tuple[str, ...] = field(default=())
    resigned: bool = False
    #: The moves packed (``k=``), not yet read; "" when the moves are in :attr:`moves`.
    packed: str = field(default="", repr=False)

    @classmethod
    def parse(cls, text: str) -> Link:
        """Parse a link, a URL ending in one, or a bare fragment."""
        text = text.strip()
        if "#" in text:
            text = text.split("#", 1)[1]
        params: dict[str, str] = {}
        for part in text.split("&"):
            if not part:
                continue
            key, eq, value = part.partition("=")
            if not eq:
                # Translators: why a link cannot be opened ("That link could not be opened: ..."). In these
                # messages the link's parts (g=, s=, m=, k=, v=, q) and the quoted texts stay as they are.
                raise ParseError(_("link part {part} has no '='").format(part=repr(part[:16])))
            if key in params:
                # Translators: {key} is a letter of the link (g, s, m...).
                raise ParseError(_("link has {key}= twice").format(key=key))
            params[key] = value
        for key in ("g", "s"):
            if key not in params:
                raise ParseError(_("link has no {key}=").format(key=key))
        # A link typed by hand may leave out the version and the options.
        params.setdefault("v", str(SPEC_VERSION))
        unknown = sorted(set(params) - {"g", "v", "o", "s", "m", "k"})
        if unknown:
            raise ParseError(_("link has unknown part {key}=").format(key=unknown[0]))
        if params["v"] != str(SPEC_VERSION):
            raise ParseError(_("link is for rules version {version}; this build plays v={spec}").format(
                version=repr(params["v"][:8]), spec=SPEC_VERSION))
        options = params.get("o", "")
        if not _OPTIONS.match(options):
            raise ParseError(_("link options {options} have characters that are not allowed").format(
                options=repr(options[:24])))
        seed = parse_seed(params["s"])
        moves: list[str] = []
        resigned = False
        raw = params.get("m", "")
        if raw:
            toks = raw.split(".")
            for i, tok in enumerate(toks):
                if not _TOKEN.match(tok):
                    raise ParseError(_("move {n} of the link, {move}, is malformed").format(n=i + 1, move=repr(tok[:16])))
                if tok == "q":
                    if i != len(toks) - 1:
                        # Translators: q is the link's mark of a game given up: it stays q.
                        raise ParseError(_("q (resign) may only end a link"))
                    resigned = True
                else:
                    moves.append(tok)
        packed = params.get("k", "")
        if packed:
            if raw:
                raise ParseError(_("link has both m= and k= (its moves written twice)"))
            packed, resigned = packed.removesuffix(".q"), packed.endswith(".q")
            if not _PACKED.match(packed):
                raise ParseError(_("link's packed moves {packed} are not a count and a number").format(
                    packed=repr(packed[:16])))
        return cls(params["g"], options, seed, tuple(moves), resigned, packed)

    def fragment(self) -> str:
        text = f"#g={self.game}&v={SPEC_VERSION}&o={self.options}&s={self.seed}"
        if self.packed:
            return text + "&k=" + self.packed + (".q" if self.resigned else "")
        toks = list(self.moves) + (["q"] if self.resigned else [])
        if toks:
            text += "&m=" + ".".join(toks)
        return text
