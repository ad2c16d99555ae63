"""``python -m queries.repl``."""
import sys

from . import main

sys.exit(main())
