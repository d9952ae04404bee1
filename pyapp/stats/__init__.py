"""The player's statistics: the record of every game (:mod:`.record`), its summary
(:mod:`.summary`), the keeper that stores it safely across tabs (:mod:`.keeper`) and its
tables as HTML (:mod:`.markup`).

May import: :mod:`pyapp.games` (a game's title and scoring), :mod:`pyapp.core`, :mod:`pyapp.i18n`.
"""
