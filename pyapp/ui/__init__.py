"""The page as values, with no DOM: the view's types (:mod:`.view`), where cards lie
(:mod:`.layout`, :mod:`.dock`), how they are painted as HTML (:mod:`.paint`, :mod:`.markup`,
:mod:`.chrome`), keyboard focus and keys (:mod:`.focus`, :mod:`.keys`), the pointer's hit-testing
(:mod:`.pointer`), what the hand holds (:mod:`.hand`), the words said to screen readers
(:mod:`.speech`) and the sounds played (:mod:`.sounds`).

May import: :mod:`pyapp.stats`, :mod:`pyapp.solve`, :mod:`pyapp.games`, :mod:`pyapp.core`,
:mod:`pyapp.i18n`; never :mod:`pyapp.app` or the binding.
"""
