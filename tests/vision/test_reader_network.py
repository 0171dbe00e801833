import pytest
import torch

from vision.cli_train_reader import parse_args
from vision.reader_network import (
    DEFAULT_WIDTHS,
    NARROW_WIDTHS,
    build_network,
    widened,
    widths_of,
)

WIDER = (32, 64, 64, 128, 128, 256)


def trained_like(widths=NARROW_WIDTHS):
    """A network with random weights and batch-norm statistics, as training leaves them."""
    torch.manual_seed(3)
    network = build_network(widths)
    for module in network.modules():
        if isinstance(module, torch.nn.BatchNorm2d):
            module.running_mean.uniform_(-0.5, 0.5)
            module.running_var.uniform_(0.5, 2.0)
            module.weight.data.uniform_(0.5, 1.5)
            module.bias.data.uniform_(-0.2, 0.2)
    return network.eval()


def test_widening_without_noise_computes_what_the_narrow_network_computed():
    narrow = trained_like()
    wide = widened(narrow, WIDER, noise=0.0).eval()
    crops = torch.rand(8, 3, 48, 48)
    assert widths_of(wide.state_dict()) == WIDER
    assert torch.allclose(wide(crops), narrow(crops), atol=1e-4)


def test_widening_with_noise_keeps_the_readings_but_lets_copies_differ():
    narrow = trained_like()
    wide = widened(narrow, WIDER, noise=0.01, seed=1).eval()
    crops = torch.rand(8, 3, 48, 48)
    assert torch.equal(wide(crops).argmax(1), narrow(crops).argmax(1))
    filters = wide[0].weight.detach()
    nearest_old = torch.cdist(filters[24:].flatten(1), filters[:24].flatten(1)).min(1).values
    assert torch.all(nearest_old > 0)                                   # not exact twins
    assert torch.all(nearest_old < 0.05 * filters[:24].flatten(1).norm(dim=1).max())


def test_a_network_cannot_be_widened_to_fewer_channels():
    with pytest.raises(ValueError, match="cannot widen"):
        widened(trained_like(), (16, 48, 48, 96, 96, 160))


def test_widths_option_wants_six_positive_integers(capsys):
    assert parse_args(["--data", "d", "--widths", "32,64,64,128,128,256"]).widths == WIDER
    for bad in ("32,64", "a,b,c,d,e,f", "0,64,64,128,128,256"):
        with pytest.raises(SystemExit):
            parse_args(["--data", "d", "--widths", bad])
        assert "give 6 positive integers" in capsys.readouterr().err


def test_init_keeps_its_own_widths_unless_wider_ones_are_asked_for(tmp_path):
    from vision.cli_train_reader import starting_network

    saved = tmp_path / "narrow.pt"
    torch.save(trained_like().state_dict(), saved)
    kept = starting_network(parse_args(["--data", "d", "--init", str(saved)]))
    assert widths_of(kept.state_dict()) == NARROW_WIDTHS
    wide = starting_network(parse_args(["--data", "d", "--init", str(saved),
                                        "--widths", "32,64,64,128,128,256"]))
    assert widths_of(wide.state_dict()) == WIDER
    fresh = starting_network(parse_args(["--data", "d"]))
    assert widths_of(fresh.state_dict()) == DEFAULT_WIDTHS
