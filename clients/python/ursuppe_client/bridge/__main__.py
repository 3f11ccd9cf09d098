import sys

from ursuppe_client.bridge import main

sys.exit(main())
