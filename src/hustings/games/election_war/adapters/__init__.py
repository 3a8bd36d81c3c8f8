"""Adapters of 選舉之戰 for the interfaces, imported lazily through ``GameSpec.adapters``."""
