"""``liuyao why … --depth -1`` was accepted (and folded every sub-proof)."""


def test_a_negative_depth_is_refused(liuyao):
    code, out, err = liuyao("why", "clash('子', X)", "--depth", "-1")
    assert code == 2 and out == ""
    assert err.startswith("liuyao: argument --depth: '-1': give a whole number, 0 or more")


def test_depth_zero_is_allowed(liuyao):
    assert liuyao("why", "clash('子', X)", "--depth", "0")[0] == 0
