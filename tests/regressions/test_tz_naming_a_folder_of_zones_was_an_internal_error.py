"""``--tz Asia`` ended in an internal error (IsADirectoryError): with the tzdata package, Asia is
a folder of zones. So did a zone name of 300 characters (File name too long)."""
import pytest

CAST = ["787889", "--at", "2024-10-08T04:00"]


@pytest.mark.parametrize("zone", ["Asia", "A" * 300, "Asia/../Asia", "tzdata.zi"])
def test_a_zone_that_is_no_zone_is_a_user_error(liuyao, zone):
    pytest.importorskip("tzdata")
    code, out, err = liuyao("chart", *CAST, "--tz", zone)
    assert code == 2 and out == "" and err.startswith("liuyao: unknown time zone ")
    assert len(err) < 300 and err.count("\n") == 1
