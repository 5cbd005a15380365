"""The draw: a pure, reproducible function from check-ins to tables.

See /work/shared/design/draw-contract.md. No Django import anywhere below here.
"""

from .core import draw
from .errors import DrawError
from .fit import fit
from .sizes import TABLE_SIZES

__all__ = ["TABLE_SIZES", "DrawError", "draw", "fit"]
