"""Test doubles and the suite's pytest plugin; the real parts the suites start are in
``harness/``."""
