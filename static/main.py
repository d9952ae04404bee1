# The page's Python entry point: PyScript runs this after unpacking app.zip. The
# player's language (chosen by static/theme.js, its catalogue already on its way) is
# put in use before the first screen is drawn.
from pyapp.web.browser import main
from pyapp.web.outside import words

await words()  # noqa: F704 - PyScript runs this file with top-level await
main()
