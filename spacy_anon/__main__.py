import sys

from spacy_anon.cli import main

sys.exit(main())
