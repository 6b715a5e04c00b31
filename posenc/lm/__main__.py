"""``python -m posenc.lm`` prints the floors that ``posenc.lm.language``'s docstring states (about 3 s)."""

from __future__ import annotations

import numpy as np

from posenc.lm.language import make_language


def summary(num_streams: int = 2000, seed: int = 1) -> str:
    """The numbers of the module's docstring, for the default language: ``python -m posenc.lm``."""
    language = make_language()
    streams = language.sample(num_streams, 1025, seed=seed)  # (streams, 1025)
    first = streams[:, :513]  # 512 predictions each, for the non-overlapping windows

    def floors(window: int) -> tuple[np.ndarray, np.ndarray]:  # per stream and window: (streams, 512 // W, W)
        windows = first[:, np.arange(0, 512, window)[:, None] + np.arange(window + 1)].reshape(-1, window + 1)
        return language.floor(windows).reshape(num_streams, -1, window), language.retrieval(windows)[1]

    def sliding(window: int) -> np.ndarray:  # the floor of tokens 513 .. 1024, each read by a window of W + 1 ending
        stride = window // 2  # there, as the sliding evaluation (stride W/2) counts it: (streams, 512)
        starts = np.arange(512 - stride, 1024 - window + 1, stride)  # windows whose counted tokens are 513 .. 1024
        windows = streams[:, starts[:, None] + np.arange(window + 1)].reshape(-1, window + 1)
        return language.floor(windows)[:, window - stride :].reshape(num_streams, -1)

    def shown(per_stream: np.ndarray, digits: int = 3) -> str:  # mean ± standard error, streams independent
        error = per_stream.std(ddof=1) / np.sqrt(len(per_stream))
        return f"{per_stream.mean():.{digits}f} ± {error:.{digits}f}"

    short, distance = floors(32)
    long, long_distance = floors(512)
    is_retrieval = language.retrieval(first)[0].reshape(num_streams, 1, 512)
    near, far = sliding(32), sliding(512)
    asks = language.retrieval(streams[:, 512:])[0]  # (streams, 512): is token 513 + p the answer to a QUERY
    lines = [
        f"first prediction of a window of 32: {shown(short[:, :, 0].mean(axis=1))} nats; "
        f"32nd: {shown(short[:, :, 31].mean(axis=1))}",
        f"non-overlapping, W = 32: {shown(short.mean(axis=(1, 2)))}; W = 512: {shown(long.mean(axis=(1, 2)))}; "
        f"difference, paired: {shown(short.mean(axis=(1, 2)) - long.mean(axis=(1, 2)), digits=4)}",
        f"sliding, tokens 513-1024, W = 32: {shown(near.mean(axis=1))}; W = 512: {shown(far.mean(axis=1))}; "
        f"difference, paired: {shown((near - far).mean(axis=1), digits=4)}, "
        f"of which at retrieval positions {shown(((near - far) * asks).mean(axis=1), digits=4)}",
    ]
    for window, losses, keys in ((32, short, distance), (512, long, long_distance)):
        retrieval = is_retrieval.reshape(losses.shape)
        keys = keys.reshape(losses.shape)[retrieval]
        far_back = f", more than 32 back at {(keys > 32).mean():.1%}" if window > 32 else ""
        lines.append(
            f"retrieval, W = {window}: {losses[retrieval].mean():.3f} nats, key out of view at "
            f"{(keys < 0).mean():.1%}{far_back}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary())
