"""``python -m posenc.lm`` prints the floors that ``posenc.lm.language``'s docstring states (about 1 s)."""

from __future__ import annotations

import numpy as np

from posenc.lm.language import make_language


def summary(num_streams: int = 2000, seed: int = 1) -> str:
    """The numbers of the module's docstring, for the default language: ``python -m posenc.lm.language``."""
    language = make_language()
    streams = language.sample(num_streams, 513, seed=seed)  # (streams, 513): 512 predictions each

    def floors(window: int) -> tuple[np.ndarray, np.ndarray]:  # per stream and window: (streams, 512 // W, W)
        windows = streams[:, np.arange(0, 512, window)[:, None] + np.arange(window + 1)].reshape(-1, window + 1)
        return language.floor(windows).reshape(num_streams, -1, window), language.retrieval(windows)[1]

    def shown(per_stream: np.ndarray, digits: int = 3) -> str:  # mean ± standard error, streams independent
        error = per_stream.std(ddof=1) / np.sqrt(len(per_stream))
        return f"{per_stream.mean():.{digits}f} ± {error:.{digits}f}"

    short, distance = floors(32)
    long, long_distance = floors(512)
    is_retrieval = language.retrieval(streams)[0].reshape(num_streams, 1, 512)
    lines = [
        f"first prediction of a window of 32: {shown(short[:, :, 0].mean(axis=1))} nats; "
        f"32nd: {shown(short[:, :, 31].mean(axis=1))}",
        f"non-overlapping, W = 32: {shown(short.mean(axis=(1, 2)))}; W = 512: {shown(long.mean(axis=(1, 2)))}; "
        f"difference, paired: {shown(short.mean(axis=(1, 2)) - long.mean(axis=(1, 2)), digits=4)}",
    ]
    for window, losses, far in ((32, short, distance), (512, long, long_distance)):
        retrieval = is_retrieval.reshape(losses.shape)
        out_of_view = (far.reshape(losses.shape)[retrieval] < 0).mean()
        lines.append(
            f"retrieval, W = {window}: {losses[retrieval].mean():.3f} nats, key out of view at {out_of_view:.1%}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary())
