"""The core: what every game and every screen stands on, with no game in it.

Cards and their text (:mod:`.cards`), our PRNG and shuffle (:mod:`.rng`), the game protocol
(:mod:`.game`), the table a game is drawn as (:mod:`.table`), share links and their compact
move logs (:mod:`.links`, :mod:`.compact`), the daily deal's seed (:mod:`.daily`), the clock
(:mod:`.clock`), storage (:mod:`.storage`) and settings (:mod:`.settings`), errors
(:mod:`.errors`), and the search every solver runs on (:mod:`.search`: depth-first with a
transposition table; a game's problem is handed in, the registry is never imported).

May import: :mod:`pyapp.i18n` and the standard library only.
"""
