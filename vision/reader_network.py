"""The index reader's CNN: its layer widths, building it, and widening a trained one.

Widening keeps what the network computes: each new channel copies an old one (its filter and
batch-norm), and the layer after it shares that channel's outgoing weights among the copies.
So a wider reader starts from a trained narrow one instead of from scratch, which on two CPU
cores is the difference between hours and a day.
"""

from __future__ import annotations

from vision.index_reader import READER_CLASSES

NARROW_WIDTHS = (24, 48, 48, 96, 96, 160)   # sessions 1-3
DEFAULT_WIDTHS = (32, 64, 64, 128, 128, 256)  # session 4: widened from the narrow one
POOL_AFTER = (0, 2, 4)                      # a 2x2 max-pool follows these conv layers


def build_network(widths: tuple[int, ...] = DEFAULT_WIDTHS):
    """Six 3x3 conv layers (48 -> 24 -> 12 -> 6 px), global average, a linear classifier."""
    import torch.nn as nn

    layers, inputs = [], 3
    for position, outputs in enumerate(widths):
        layers += [nn.Conv2d(inputs, outputs, 3, padding=1, bias=False),
                   nn.BatchNorm2d(outputs), nn.ReLU(inplace=True)]
        if position in POOL_AFTER:
            layers.append(nn.MaxPool2d(2))
        inputs = outputs
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2),
               nn.Linear(inputs, len(READER_CLASSES))]
    return nn.Sequential(*layers)


def widths_of(state: dict) -> tuple[int, ...]:
    """The conv widths of saved weights (a state dict of `build_network`)."""
    return tuple(int(value.shape[0]) for key, value in state.items()
                 if key.endswith(".weight") and value.dim() == 4)


def widened(network, widths: tuple[int, ...], seed: int = 0, noise: float = 0.01):
    """A network of `widths` (each >= the old) computing what `network` computes, up to a
    little noise on the copied filters that lets the copies grow apart in training."""
    import torch
    import torch.nn as nn

    old_convs = [m for m in network if isinstance(m, nn.Conv2d)]
    old_norms = [m for m in network if isinstance(m, nn.BatchNorm2d)]
    old_linear = [m for m in network if isinstance(m, nn.Linear)][-1]
    old_widths = tuple(conv.out_channels for conv in old_convs)
    if len(widths) != len(old_widths) or any(
            new < old for new, old in zip(widths, old_widths, strict=True)):
        raise ValueError(f"cannot widen {old_widths} to {widths}: same number of layers, "
                         "each at least as wide")
    wider = build_network(widths)
    new_convs = [m for m in wider if isinstance(m, nn.Conv2d)]
    new_norms = [m for m in wider if isinstance(m, nn.BatchNorm2d)]
    new_linear = [m for m in wider if isinstance(m, nn.Linear)][-1]
    generator = torch.Generator().manual_seed(seed)
    source = torch.arange(3)               # which old input channel each new input copies
    with torch.no_grad():
        for old, new, old_norm, new_norm in zip(old_convs, new_convs, old_norms, new_norms,
                                                strict=True):
            extra = torch.randint(old.out_channels, (new.out_channels - old.out_channels,),
                                  generator=generator)
            copies = torch.cat([torch.arange(old.out_channels), extra])
            weight = old.weight[copies][:, source] / _copy_counts(source)[None, :, None, None]
            new.weight.copy_(weight * (1 + noise * torch.randn(weight.shape, generator=generator)))
            for name in ("weight", "bias", "running_mean", "running_var"):
                getattr(new_norm, name).copy_(getattr(old_norm, name)[copies])
            source = copies
        new_linear.weight.copy_(old_linear.weight[:, source] / _copy_counts(source)[None, :])
        new_linear.bias.copy_(old_linear.bias)
    return wider


def _copy_counts(source):
    """For each new channel, how many new channels copy the same old one."""
    import torch

    return torch.bincount(source)[source].float()
