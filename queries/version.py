"""The release of liuyao-kb, as pyproject.toml gives it (the cache keys name it)."""

VERSION = "0.1.0"
