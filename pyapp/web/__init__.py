"""The web binding: the one layer that touches the page. It draws the app's view, turns DOM
events into intents and carries out effects (:mod:`.browser`; the sounds: :mod:`.audio`), keeps
the address bar (:mod:`.address`), and readies the interpreter (:mod:`.warmup`, :mod:`.rehearsal`).

Only :mod:`.browser` and the parts it runs (:mod:`.solver_worker`, :mod:`.audio`) import ``js``,
``pyodide`` and ``pyscript``. Nothing imports this package.
"""
