"""The ``liuyao`` command run in this process, for the regressions."""
import pytest

from queries.cli import main


@pytest.fixture
def liuyao(capsys):
    """Run ``liuyao ARGS…`` in this process: (exit status, stdout, stderr)."""
    def run(*argv):
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err
    return run
