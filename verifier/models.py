# The verifier stores nothing: its core is pure functions (see verifier/gates.py).
