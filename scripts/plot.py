"""Run grundy-plot (grundytables/plot.py) from a checkout: python scripts/plot.py --help."""

import sys

from grundytables.plot import main

if __name__ == "__main__":
    sys.exit(main())
