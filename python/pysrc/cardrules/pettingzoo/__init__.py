"""PettingZoo AEC environments: ``schwimmen_v0``, ``trump21_v0``, ``shithead_v0``."""
