"""``python -m posenc.lm`` prints the floors that ``posenc.lm.language``'s docstring states (about 1 s)."""

from posenc.lm.language import _summary

if __name__ == "__main__":
    print(_summary())
