"""The speed benchmarks, run as modules from the repository root: ``python -m benchmarks.bench_maths``."""
