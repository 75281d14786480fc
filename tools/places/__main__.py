import sys

from tools.places.build import main

sys.exit(main())
