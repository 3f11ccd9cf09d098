"""Shared set-up for the engine tests.

The helpers live in ``helpers_engine.py`` (a uniquely named module, so that test modules can
import them without clashing with other folders' conftest modules).
"""
