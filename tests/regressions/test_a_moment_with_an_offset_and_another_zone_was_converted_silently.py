"""``--at …+09:00 --tz UTC`` was converted to UTC's clock without a word. The conversion is
kept (an instant given in one zone, read on another's clock) and said on stderr. (The cast falls
3 s after 寒露 and on the hour, so the notes of those boundaries follow: tests/app/test_clock.py.)"""
CAST = ["787889", "--at", "2024-10-08T04:00+09:00"]


def test_the_conversion_is_said(liuyao):
    code, out, err = liuyao("chart", *CAST, "--tz", "UTC")
    assert code == 0 and out
    assert err.splitlines()[0] == ("liuyao: note: the moment 2024-10-08T04:00+09:00 is read on the clock of UTC: "
                                   "2024-10-07T19:00:00+00:00")


def test_nothing_is_said_when_the_offsets_agree(liuyao):
    assert "is read on the clock" not in liuyao("chart", *CAST, "--tz", "Asia/Seoul")[2]
    assert "is read on the clock" not in liuyao("chart", *CAST)[2]
