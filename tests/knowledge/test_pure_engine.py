"""The same agreement checks on pyDatalog's pure-Python engine (its compiled parts left out), in a
process of its own: tests/knowledge/test_agreement_pydatalog_1.py on the first four
casts, and the engine tests."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


@pytest.mark.skipif(os.environ.get("LIUYAO_EXPECT_ENGINE") == "pure", reason="already the pure run")
def test_the_same_checks_pass_on_the_pure_python_engine(tmp_path):
    import pyDatalog
    source = Path(pyDatalog.__file__).parent
    pure = tmp_path / "pyDatalog"
    shutil.copytree(source, pure, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(root)]),
           "LIUYAO_EXPECT_ENGINE": "pure"}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-o", "addopts=", "-p", "no:cacheprovider",
                          "--no-header", str(Path(__file__).with_name("test_agreement_pydatalog_1.py")),
                          "tests/knowledge/test_kb.py", "tests/engine/test_kb.py", "tests/engine/test_forward.py",
                          "tests/engine/test_backend.py"],
                         cwd=root, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
