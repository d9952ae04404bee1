"""Temporary: until tests/test_controller.py imports stack_reason from pyapp.games.gravity.table."""
from ..games.gravity.table import stack_reason as stack_reason
