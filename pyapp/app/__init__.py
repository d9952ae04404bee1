"""The app: the game session and its saves (:mod:`.session`, :mod:`.saves`, :mod:`.opening`,
:mod:`.replay`), the player's intents and what they change (:mod:`.controller` and its parts:
:mod:`.play`, :mod:`.asking`, :mod:`.dialogs`, :mod:`.tabs`, :mod:`.watch`, :mod:`.hints`), the
solver's searches in the page (:mod:`.can_win`), notices (:mod:`.notices`) and the screens
made from it all (:mod:`.screens`).

May import: :mod:`pyapp.ui`, :mod:`pyapp.stats`, :mod:`pyapp.solve`, :mod:`pyapp.games`,
:mod:`pyapp.core`, :mod:`pyapp.i18n`; never the binding (:mod:`pyapp.web`) or ``js``.
"""
