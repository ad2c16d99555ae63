"""``why`` and ``judge`` with a runaway rule about the cast ran until killed, as ``ask`` did."""
from .programs import TALLY

CAST = ["787889", "--month", "戌", "--day", "乙巳"]


def test_why_stops_at_its_limit(folder, liuyao):
    path = folder({"kb/tally.dl": TALLY})
    code, _, err = liuyao("why", "tally(C, 100)", *CAST, "--kb", path, "--timeout", "0.5")
    assert code == 2 and err.startswith("liuyao: computing tally took longer than the limit of 0.5 s")


def test_judge_stops_at_its_limit(folder, liuyao):
    path = folder({"kb/tally.dl": TALLY, "kb/use.dl": "use_god_strong(C) <= tally(C, 100)\n"})
    code, _, err = liuyao("judge", *CAST, "--topic", "wealth", "--kb", path, "--timeout", "0.5")
    assert code == 2 and err.startswith("liuyao: computing tally took longer than the limit of 0.5 s")
