"""Confidential attributes: detect a sensitive condition and the terms that reveal it, and generalize them."""
