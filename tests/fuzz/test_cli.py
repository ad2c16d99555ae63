"""``liuyao`` on command lines drawn at random: every one ends in an answer or a one-line user
error (exit 0, 1 or 2), never an internal error or a traceback."""
from hypothesis import given, strategies as st

from . import inputs
from .conftest import drawn


@drawn(200)
@given(st.randoms(use_true_random=False))
def test_no_command_line_ends_in_an_internal_error(words, rng):
    args = inputs.argv(rng, words)
    code, out, err = inputs.run_cli(args)
    assert not inputs.faults(code, out, err), (args, code, err)


def test_the_folders_of_the_fuzz_are_what_they_say(words):
    good, broken, runaway = words.folders[:3]
    assert inputs.run_cli(["ask", "near(X, Y)", "--kb", good])[0] == 0
    assert inputs.run_cli(["check", broken])[0] == 1
    code, _, err = inputs.run_cli(["ask", "count_up(X)", "--kb", runaway, "--timeout", "0.2"])
    assert code == 2 and "computing count_up" in err
