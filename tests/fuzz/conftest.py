"""The fuzz suite: hypothesis draws a ``random.Random`` and ``inputs`` makes the input from it.
``LIUYAO_FUZZ_EXAMPLES`` sets how many examples each test draws (default: a size that fits in
CI, well under a minute for the whole folder); ``bench/fuzz.py`` makes 100,000 inputs."""
import os

import pytest
from hypothesis import HealthCheck, Phase, settings

from . import inputs

EXAMPLES = int(os.environ.get("LIUYAO_FUZZ_EXAMPLES", "0")) or None


def drawn(examples):
    """The settings of a fuzz test: ``examples`` drawn (or LIUYAO_FUZZ_EXAMPLES), no deadline,
    no database, and no shrinking (a drawn random stream shrinks slowly and to little)."""
    return settings(max_examples=EXAMPLES or examples, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck), phases=[Phase.explicit, Phase.generate])


@pytest.fixture(scope="session")
def words(tmp_path_factory):
    return inputs.make_words(tmp_path_factory.mktemp("fuzz"))
