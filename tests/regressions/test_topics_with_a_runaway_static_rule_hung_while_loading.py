"""Static predicates are computed at load, so even ``liuyao topics --kb …`` hung on a runaway
rule that depends on no cast. Loading runs under the limits too."""
from .programs import COUNT_UP


def test_loading_stops_at_the_limit_and_names_the_predicate(folder, liuyao):
    path = folder({"kb/count.dl": COUNT_UP})
    code, out, err = liuyao("topics", "--kb", path, "--timeout", "0.5")
    assert code == 2 and out == ""
    assert err.startswith("liuyao: computing count_up took longer than the limit of 0.5 s")
