# The page's Python entry point: PyScript runs this after unpacking app.zip.
from pyapp.browser import main

main()
