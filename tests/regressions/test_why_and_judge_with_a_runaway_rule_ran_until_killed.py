"""``why`` and ``judge`` with a runaway rule about the cast ran until killed, as ``ask`` did.

They stop at the time limit with one line naming the predicate being computed: ``tally`` on a
quiet machine, or one of the judgment's own predicates when a loaded machine spends the limit
before it reaches the runaway."""
import re

from .programs import TALLY

CAST = ["787889", "--month", "戌", "--day", "乙巳"]
STOPPED = re.compile(r"liuyao: computing \w+ took longer than the limit of 3 s, so it was stopped .*\n")


def test_why_stops_at_its_limit(folder, liuyao):
    path = folder({"kb/tally.dl": TALLY})
    code, _, err = liuyao("why", "tally(C, 100)", *CAST, "--kb", path, "--timeout", "3")
    assert code == 2 and STOPPED.fullmatch(err)


def test_judge_stops_at_its_limit(folder, liuyao):
    path = folder({"kb/tally.dl": TALLY, "kb/use.dl": "use_god_strong(C) <= tally(C, 100)\n"})
    code, _, err = liuyao("judge", *CAST, "--topic", "wealth", "--kb", path, "--timeout", "3")
    assert code == 2 and STOPPED.fullmatch(err)
